//go:build !js

package phoneplay_test

import (
	"context"
	"encoding/base64"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	chromiumtest "github.com/jankenarcade/janken/internal/chromium"
	"github.com/jankenarcade/janken/phone"
)

// hang bounds how long a browser test waits for the page before it
// fails: a guard against a stuck browser, never what decides a result.
const hang = 3 * time.Minute

var (
	padOnce sync.Once
	padFS   fstest.MapFS
	padErr  error
)

// padSite builds the phone page once for the test binary and returns its
// files, held in memory so that the build's directory is removed at once
// (a package-wide build has no test whose cleanup could remove it).
func padSite(t *testing.T) fs.FS {
	t.Helper()
	padOnce.Do(func() { padFS, padErr = buildPad() })
	if padErr != nil {
		t.Fatal(padErr)
	}
	return padFS
}

func buildPad() (fstest.MapFS, error) {
	dir, err := os.MkdirTemp("", "janken-pad-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	if err := phone.BuildPad(dir); err != nil {
		return nil, err
	}
	files := fstest.MapFS{}
	site := os.DirFS(dir)
	err = fs.WalkDir(site, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(site, name)
		files[name] = &fstest.MapFile{Data: b, Mode: 0o644}
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("read the phone page: %w", err)
	}
	return files, nil
}

// newBrowser starts headless Chromium and returns its context.
func newBrowser(t *testing.T) context.Context {
	path := chromiumtest.Path(t)
	actx, cancel := chromedp.NewExecAllocator(context.Background(), chromiumtest.Options(t, path)...)
	t.Cleanup(cancel)
	ctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(cancel)
	if err := chromedp.Do(ctx); err != nil { // starts the browser
		t.Fatal(err)
	}
	return ctx
}

// handset is a phone: a tab of the browser with a phone's viewport
// (390×844 CSS px, portrait, mobile, touch) on the page.
type handset struct {
	t       *testing.T
	ctx     context.Context
	browser context.Context // the browser it is a tab of
	got     []byte          // the page's transcript so far
}

// openPhone opens url in a new tab made a phone.
func openPhone(t *testing.T, browser context.Context, url string) *handset {
	ctx, cancel := chromedp.NewContext(browser)
	t.Cleanup(cancel)
	ctx, cancel = context.WithTimeout(ctx, 2*hang) // outlasts the test's own waits, to report them
	t.Cleanup(cancel)
	h := &handset{t: t, ctx: ctx, browser: browser}
	h.run(chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2), chromedp.EmulatePortrait, chromedp.EmulateMobile, chromedp.EmulateTouch),
		chromedp.Navigate(url))
	return h
}

func (h *handset) run(actions ...chromedp.Action[chromedp.Void]) {
	h.t.Helper()
	if err := chromedp.Do(h.ctx, actions...); err != nil {
		h.t.Fatal(err)
	}
}

// eval returns the value of a JavaScript expression on the phone's page.
func eval[T any](h *handset, expr string) T {
	h.t.Helper()
	v, err := chromedp.Run(h.ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		h.t.Fatalf("%s: %v", expr, err)
	}
	return v
}

// tap touches the centre of the first element sel matches, as a finger
// does: a touch that starts and ends there.
func (h *handset) tap(sel string) {
	h.t.Helper()
	at := eval[[]float64](h, fmt.Sprintf(`(() => { const r = document.querySelector(%q).getBoundingClientRect(); return [r.x + r.width/2, r.y + r.height/2, r.width, r.height]; })()`, sel))
	if at[2] < 44 || at[3] < 44 {
		h.t.Errorf("%s is %.0f×%.0f CSS px: a finger needs 44×44", sel, at[2], at[3])
	}
	h.run(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, input.DispatchTouchEvent, input.DispatchTouchEventParams{
			Type: input.DispatchTouchEventTypeTouchStart, TouchPoints: []*input.TouchPoint{{X: at[0], Y: at[1]}}})
		if err != nil {
			return err
		}
		_, err = cdp.Call(ctx, tg, input.DispatchTouchEvent, input.DispatchTouchEventParams{
			Type: input.DispatchTouchEventTypeTouchEnd, TouchPoints: []*input.TouchPoint{}})
		return err
	}))
}

// state returns the page's summary (body's data-state): "seat 1 turn 9",
// "seat 1 wait", "seat 1 over"; "" before the game.
func (h *handset) state() string {
	return eval[string](h, `document.body.getAttribute("data-state") || ""`)
}

// text returns an element's text.
func (h *handset) text(id string) string {
	return eval[string](h, fmt.Sprintf(`document.getElementById(%q).textContent`, id))
}

// transcript returns every packet the page received, opened.
func (h *handset) transcript() []byte {
	b, err := base64.StdEncoding.DecodeString(eval[string](h, fmt.Sprintf(`padTranscript(%d)`, len(h.got))))
	if err != nil {
		h.t.Fatal(err)
	}
	h.got = append(h.got, b...)
	return h.got
}

// shoot saves the phone's screen as janken-NAME.png in the temporary
// directory, for a person to look at, and logs its path.
func (h *handset) shoot(name string) {
	h.t.Helper()
	png, err := chromedp.Run(h.ctx, chromedp.FullScreenshot(100))
	if err != nil {
		h.t.Fatal(err)
	}
	path := filepath.Join(os.TempDir(), "janken-"+name+".png")
	if err = os.WriteFile(path, png, 0o644); err != nil {
		h.t.Fatal(err)
	}
	h.t.Logf("the phone's screen: %s", path)
}

// join types name and taps Join.
func (h *handset) join(name string) {
	h.t.Helper()
	h.waitText("status", "join")
	h.run(chromedp.SetValue(chromedp.CSS("#name"), name))
	h.tap("#go")
}

// waitText waits until the element's text holds want.
func (h *handset) waitText(id, want string) {
	h.t.Helper()
	deadline := time.Now().Add(hang)
	for !strings.Contains(h.text(id), want) {
		if time.Now().After(deadline) {
			h.t.Fatalf("the phone's %s says %q, never %q", id, h.text(id), want)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
