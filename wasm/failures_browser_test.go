//go:build !js

package wasm

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	chromiumtest "github.com/jankenarcade/janken/internal/chromium"
)

// openGame opens the web build in a fresh headless Chromium of w×h CSS
// pixels, after running script in the page before any of its own (to
// break the browser the way a player's may be broken), and waits for the
// click-to-start screen.
func openGame(t *testing.T, w, h int, script string) *page {
	t.Helper()
	p := newPage(t, w, h, script)
	p.navigate(serveGame(t) + "/")
	p.waitFor("the click-to-start screen", func() bool { return p.phase() == "ready" })
	return p
}

// serveGame serves the web build on 127.0.0.1 and returns its base URL.
// Beside it are pages of host sites that embed it in an iframe:
// /embed.html as itch.io does, and /strict-embed.html as a stricter host
// that allows no fullscreen and sends the game's file under /encoded/ with
// Content-Encoding: gzip, so that the browser unpacks it on the way.
func serveGame(t *testing.T) string {
	t.Helper()
	game := Handler(webBuild(t).WebDir)
	mux := http.NewServeMux()
	mux.Handle("/", game)
	mux.Handle("/encoded/", http.StripPrefix("/encoded", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/"+WasmFile {
			w.Header().Set("Content-Encoding", "gzip")
		}
		game.ServeHTTP(w, r)
	})))
	for path, html := range map[string]string{
		"/embed.html":        fmt.Sprintf(embedPage, "/", ` allow="autoplay; fullscreen"`),
		"/strict-embed.html": fmt.Sprintf(embedPage, "/encoded/", ""),
	} {
		mux.HandleFunc(path, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			_, _ = io.WriteString(w, html)
		})
	}
	srv := httptest.NewServer(mux) // listens on 127.0.0.1
	t.Cleanup(srv.Close)
	return srv.URL
}

// newPage starts a fresh headless Chromium of w×h CSS pixels, with opts,
// that runs script, if not "", in every frame before the frame's own
// scripts.
func newPage(t *testing.T, w, h int, script string, opts ...chromedp.ExecAllocatorOption) *page {
	t.Helper()
	chromium := chromiumtest.Path(t)
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(),
		append(append(chromiumtest.Options(t, chromium), chromedp.WindowSize(w, h)), opts...)...)
	t.Cleanup(cancelAlloc)
	ctx, cancelCtx := chromedp.NewContext(alloc, chromedp.WithLogf(t.Logf))
	t.Cleanup(cancelCtx)
	ctx, cancelTimeout := context.WithTimeout(ctx, hang)
	t.Cleanup(cancelTimeout)
	p := &page{t: t, ctx: ctx}
	err := chromedp.Do(ctx, chromedp.EmulateViewport(int64(w), int64(h)), chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		if script == "" {
			return nil
		}
		_, err := cdp.Call(ctx, tg, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: script})
		return err
	}))
	if err != nil {
		t.Fatalf("start the browser: %v", err)
	}
	return p
}

// navigate opens url.
func (p *page) navigate(url string) {
	p.t.Helper()
	if err := chromedp.Do(p.ctx, chromedp.Navigate(url)); err != nil {
		p.t.Fatalf("open %s: %v", url, err)
	}
}

// phase is the loader's phase (window.jankenLoad.phase): loading, ready,
// starting, running or failed.
func (p *page) phase() string {
	p.t.Helper()
	return p.eval(`String((window.jankenLoad || {}).phase)`)
}

// clickToStart clicks the middle of the page.
func (p *page) clickToStart(x, y float64) {
	p.t.Helper()
	if err := chromedp.Do(p.ctx, chromedp.MouseClickXY(x, y)); err != nil {
		p.t.Fatalf("click to start: %v", err)
	}
}

// TestBrowserStorageBlocked starts the game in a browser that blocks
// storage for the site (reading localStorage throws a SecurityError): the
// game must start anyway, keep its settings in memory and say so.
func TestBrowserStorageBlocked(t *testing.T) {
	p := openGame(t, 1280, 720, `Object.defineProperty(window, "localStorage", {
		configurable: true,
		get() { throw new DOMException("The operation is insecure.", "SecurityError"); },
	});`)
	p.clickToStart(640, 360)
	p.waitFor("the title screen, drawn", func() bool {
		st, ok := p.status()
		return ok && st.Scene == "title" && st.Frames > 0 && p.phase() == "running"
	})
	raw := p.eval(`String(globalThis.jankenStatus)`)
	if !strings.Contains(raw, "Settings cannot be saved here") {
		t.Errorf("status %s: want the notice that settings are not kept", raw)
	}
	p.waitFrames(2)
	p.screenshot("web-storage-blocked.png")
}

// TestBrowserFatalErrorShown breaks the page under the running game (the
// status it publishes every tick is refused with an exception), so that
// the program dies: the page must say so in words, with the program's
// last message, instead of a frozen or black canvas.
func TestBrowserFatalErrorShown(t *testing.T) {
	p := openGame(t, 1280, 720, `Object.defineProperty(globalThis, "jankenStatus", {
		configurable: true,
		get() { return ""; },
		set(v) { throw new Error("test: the page refused the status"); },
	});`)
	p.clickToStart(640, 360)
	p.waitFor("the page to report the failure", func() bool { return p.phase() == "failed" })
	shown := p.eval(`(() => {
		const loader = document.getElementById("loader");
		const style = getComputedStyle(loader);
		return style.display + "|" + style.visibility + "|" + loader.innerText;
	})()`)
	t.Logf("page shows: %q", shown)
	for _, want := range []string{"flex|visible|", "The game stopped on an error", "Reload the page", "test: the page refused the status"} {
		if !strings.Contains(shown, want) {
			t.Errorf("page shows %q: want %q", shown, want)
		}
	}
	p.screenshot("web-fatal-error.png")
}
