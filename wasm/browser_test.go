//go:build !js

// The browser test drives Chromium from the host; chromedp does not build
// for js/wasm.

package wasm

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	chromiumtest "github.com/jankenarcade/janken/internal/chromium"
)

// status is the director's summary the game publishes every tick as JSON
// in globalThis.jankenStatus (scenes.Status).
type status struct {
	Scene         string `json:"scene"`
	Cursor        int    `json:"cursor"`
	Tick          int64  `json:"tick"`
	Frames        int64  `json:"frames"`
	Transitioning bool   `json:"transitioning"`
	Detail        string `json:"detail"`
}

type page struct {
	t   *testing.T
	ctx context.Context
}

func (p *page) eval(expr string) string {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[string](expr))
	if err != nil {
		p.t.Fatalf("evaluate %s: %v", expr, err)
	}
	return v
}

func (p *page) status() (status, bool) {
	p.t.Helper()
	raw := p.eval(`String(globalThis.jankenStatus || "")`)
	if raw == "" {
		return status{}, false
	}
	var st status
	if err := json.Unmarshal([]byte(raw), &st); err != nil {
		p.t.Fatalf("jankenStatus %q: %v", raw, err)
	}
	return st, true
}

// waitFor polls cond every 20 ms until it holds, failing the test only
// after hang: a busy machine may take long, only a stuck page takes that
// long.
func (p *page) waitFor(what string, cond func() bool) {
	p.t.Helper()
	deadline := time.Now().Add(hang)
	for !cond() {
		if time.Now().After(deadline) {
			p.t.Fatalf("nothing after %v waiting for %s (load state %s, status %s)", hang, what,
				p.eval(`JSON.stringify(window.jankenLoad || null)`), p.eval(`String(globalThis.jankenStatus || "")`))
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// waitFrames waits until the game has drawn n more frames.
func (p *page) waitFrames(n int64) {
	p.t.Helper()
	before, _ := p.status()
	p.waitFor(fmt.Sprintf("%d more frames", n), func() bool {
		st, _ := p.status()
		return st.Frames >= before.Frames+n
	})
}

// screenshot saves the page under artifacts/ and checks that it shows a
// picture, not a blank or single-colour page.
func (p *page) screenshot(name string) {
	p.t.Helper()
	shot, err := chromedp.Run(p.ctx, chromedp.CaptureScreenshot())
	if err != nil {
		p.t.Fatalf("screenshot: %v", err)
	}
	dir := filepath.Join(moduleDir, "artifacts")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		p.t.Fatal(err)
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, shot, 0o644); err != nil {
		p.t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(shot))
	if err != nil {
		p.t.Fatalf("screenshot %s: %v", path, err)
	}
	if n := distinctColours(img); n < 64 {
		p.t.Errorf("screenshot %s has only %d colours: the canvas looks blank", path, n)
	}
	p.t.Logf("saved %s", path)
}

// openPage starts a browser of its own (a fresh profile, a window of
// w×h and opts) and returns its tab, and a function that closes both.
func openPage(t *testing.T, chromium string, w, h int, opts ...chromedp.ExecAllocatorOption) (*page, func()) {
	t.Helper()
	opts = append(append(chromiumtest.Options(t, chromium), chromedp.WindowSize(w, h)), opts...)
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelCtx := chromedp.NewContext(alloc, chromedp.WithLogf(t.Logf))
	ctx, cancelTimeout := context.WithTimeout(ctx, hang)
	return &page{t: t, ctx: ctx}, func() { cancelTimeout(); cancelCtx(); cancelAlloc() }
}

func distinctColours(img image.Image) int {
	seen := map[uint32]bool{}
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y += 3 {
		for x := b.Min.X; x < b.Max.X; x += 3 {
			r, g, bl, _ := img.At(x, y).RGBA()
			seen[r>>8<<16|g>>8<<8|bl>>8] = true
		}
	}
	return len(seen)
}

// TestBrowser loads the web build in headless Chromium like a player
// would: wait for the download, click to start, watch the first frame,
// press keys, and check through jankenStatus that the game reacted.
func TestBrowser(t *testing.T) {
	chromium := chromiumtest.Path(t)
	res := webBuild(t)
	srv := httptest.NewServer(Handler(res.WebDir)) // listens on 127.0.0.1
	defer srv.Close()

	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), append(chromiumtest.Options(t, chromium),
		chromedp.Flag("autoplay-policy", "user-gesture-required"),
		chromedp.WindowSize(1280, 720),
	)...)
	defer cancelAlloc()
	ctx, cancelCtx := chromedp.NewContext(alloc, chromedp.WithLogf(t.Logf))
	defer cancelCtx()
	ctx, cancelTimeout := context.WithTimeout(ctx, hang)
	defer cancelTimeout()
	p := &page{t: t, ctx: ctx}

	start := time.Now()
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 720), chromedp.Navigate(srv.URL+"/")); err != nil {
		t.Fatalf("navigate: %v", err)
	}
	p.waitFor("the click-to-start screen", func() bool {
		return p.eval(`String((window.jankenLoad || {}).phase)`) == "ready"
	})
	ready := time.Since(start)
	// The bar counted every byte of the gzipped game, and only those.
	if loaded := p.eval(`String(window.jankenLoad.loaded) + "/" + String(window.jankenLoad.total)`); loaded != fmt.Sprintf("%d/%d", res.WasmGzip, res.WasmGzip) {
		t.Errorf("progress at ready: %s bytes, want %d/%d", loaded, res.WasmGzip, res.WasmGzip)
	}
	t.Logf("click-to-start screen after %v", ready.Round(time.Millisecond))
	p.screenshot("web-click-to-start.png")
	// The click starts the game inside its event handler; the game's
	// start-up may hold the page for a while, so the press and release
	// are sent without waiting on each other.
	clicked := time.Now()
	if err := chromedp.Do(ctx, chromedp.MouseClickXY(640, 360)); err != nil {
		t.Fatalf("click to start: %v", err)
	}
	t.Logf("click delivered after %v", time.Since(clicked).Round(time.Millisecond))
	var first status
	p.waitFor("the first frame", func() bool {
		st, ok := p.status()
		first = st
		return ok && st.Frames >= 1
	})
	t.Logf("page load to click-to-start: %v; click to first frame: %v; load to first frame: %v",
		ready.Round(time.Millisecond), time.Since(clicked).Round(time.Millisecond), time.Since(start).Round(time.Millisecond))
	t.Logf("game.wasm: %.2f MB raw, %.2f MB gzip", float64(res.WasmSize)/1e6, float64(res.WasmGzip)/1e6)
	if focused := p.eval(`String(document.activeElement && document.activeElement.tagName)`); focused != "CANVAS" {
		t.Errorf("after the click the focus is on %s, want the game's canvas", focused)
	}
	// Ebitengine's hidden text fields use the page's default font, which
	// costs the start no font look-up (index.html).
	fonts := `[document.getElementById("ebitengine-textinput"), document.body].map(e => {
		const s = getComputedStyle(e);
		return s.fontWeight + " " + s.fontSize + " " + s.fontFamily;
	}).join(" | ")`
	if f, b, _ := strings.Cut(p.eval(fonts), " | "); f != b {
		t.Errorf("the text field's font is %q, want the page's default %q", f, b)
	}

	// Let the opening transition finish, so that keys reach the menu.
	var before status
	p.waitFor("a settled first scene", func() bool {
		st, _ := p.status()
		before = st
		return !st.Transitioning && st.Tick > first.Tick+10
	})
	p.screenshot("web-first-scene.png")
	if before.Cursor < 0 {
		t.Fatalf("first scene %q has no menu cursor (status %+v)", before.Scene, before)
	}

	if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.ArrowDown)); err != nil {
		t.Fatalf("arrow down: %v", err)
	}
	var moved status
	p.waitFor("the menu cursor to move", func() bool {
		moved, _ = p.status()
		return moved.Cursor != before.Cursor || moved.Scene != before.Scene
	})
	if moved.Scene != before.Scene || moved.Cursor != before.Cursor+1 {
		t.Errorf("after arrow down: scene %q cursor %d, want scene %q cursor %d", moved.Scene, moved.Cursor, before.Scene, before.Cursor+1)
	}

	if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Enter)); err != nil {
		t.Fatalf("enter: %v", err)
	}
	var after status
	p.waitFor("Enter to open another scene", func() bool {
		after, _ = p.status()
		return after.Scene != moved.Scene && !after.Transitioning
	})
	t.Logf("scenes: %q (cursor %d) → down → cursor %d → enter → %q", before.Scene, before.Cursor, moved.Cursor, after.Scene)
	p.waitFrames(2)
	p.screenshot("web-after-keys.png")
	if after.Frames <= first.Frames {
		t.Errorf("frames did not advance: %d then %d", first.Frames, after.Frames)
	}

	p.press("Escape")
	p.waitForScene(before.Scene)
	p.networkHelpOnly()
}

// networkHelpOnly opens "Play over network" from the title, as a player on
// itch.io would, and checks that the itch.io bundle offers only the help
// and Back: no game to join (the cursor cannot leave Back), and Back
// returns to the title. Screenshot: web-itch-network.png.
func (p *page) networkHelpOnly() {
	p.t.Helper()
	p.cursorTo(networkTitleRow)
	p.press("Enter")
	p.waitForScene("netplay")
	p.waitFrames(3)
	p.screenshot("web-itch-network.png")
	p.press("ArrowDown")
	if st, _ := p.status(); st.Cursor != 0 {
		p.t.Errorf("the network menu's cursor moved to row %d: the itch.io bundle offers a game to join", st.Cursor)
	}
	p.press("Enter")
	p.waitForScene("title")
}
