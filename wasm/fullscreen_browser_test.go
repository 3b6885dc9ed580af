//go:build !js

package wasm

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// refusingEmbed is a host's page whose iframe may not go fullscreen. A
// host on another origin (itch.io's page) refuses it unless its iframe
// says allow="fullscreen"; a frame of the same origin may by default, so
// this one refuses it in words, and stays readable by the test.
var refusingEmbed = fmt.Sprintf(embedPage, "/", ` allow="fullscreen 'none'"`)

// TestBrowserFullscreenRefused asks for fullscreen (F11) in a host's
// iframe that does not allow it: the refusal must not surface as an
// uncaught promise rejection in the console; the page says it in a few
// words, and the game carries on and still answers keys.
func TestBrowserFullscreenRefused(t *testing.T) {
	mux := http.NewServeMux()
	mux.Handle("/", Handler(webBuild(t).WebDir))
	mux.HandleFunc("/refusing-embed.html", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = io.WriteString(w, refusingEmbed)
	})
	srv := httptest.NewServer(mux) // listens on 127.0.0.1
	defer srv.Close()
	p := newPage(t, 1280, 720, "")
	var mu sync.Mutex
	var uncaught []string
	err := chromedp.Listen(p.ctx, func(ev any) {
		if e, ok := ev.(*runtime.EventExceptionThrown); ok {
			mu.Lock()
			defer mu.Unlock()
			d := e.ExceptionDetails
			msg := d.Text
			if d.Exception != nil {
				msg += " " + d.Exception.Description
			}
			uncaught = append(uncaught, msg)
		}
	})
	if err != nil {
		t.Fatalf("listen: %v", err)
	}
	refusals := func() int {
		mu.Lock()
		defer mu.Unlock()
		return len(uncaught)
	}
	p.navigate(srv.URL + "/refusing-embed.html")
	p.waitFor("the click-to-start screen in the iframe", func() bool {
		return p.inGame(`(window.jankenLoad || {}).phase`) == "ready"
	})
	p.clickToStart(480, 310)
	p.waitFor("the title, settled", func() bool {
		st := p.inGame(`String(globalThis.jankenStatus || "")`)
		return strings.Contains(st, `"scene":"title"`) && strings.Contains(st, `"transitioning":false`)
	})
	if got := p.inGame(`String(document.fullscreenEnabled)`); got != "false" {
		t.Fatalf("the host's iframe allows fullscreen (%s): the test needs one that refuses", got)
	}

	key := func(k string) {
		t.Helper()
		if err := chromedp.Do(p.ctx, chromedp.KeyEvent(k)); err != nil {
			t.Fatalf("key %q: %v", k, err)
		}
	}
	key(kb.F11)
	p.waitFor("the page to say fullscreen was refused, or an uncaught rejection", func() bool {
		return p.inGame(`document.getElementById("toast").hidden`) == "false" || refusals() > 0
	})
	said := p.inGame(`document.getElementById("toast").textContent`)
	t.Logf("the page says: %q", said)
	if !strings.Contains(said, "fullscreen") {
		t.Errorf("the notice %q does not say what was refused", said)
	}
	p.screenshot("web-fullscreen-refused.png")

	// The game carries on: a key still moves the menu.
	before := p.inGame(`JSON.parse(globalThis.jankenStatus).cursor`)
	key(kb.ArrowDown)
	p.waitFor("the menu to answer a key", func() bool {
		return p.inGame(`JSON.parse(globalThis.jankenStatus).cursor`) != before
	})
	if got := p.inGame(`String(document.fullscreenElement)`); got != "null" {
		t.Errorf("fullscreen element %s in a frame that refuses it", got)
	}
	mu.Lock()
	defer mu.Unlock()
	for _, u := range uncaught {
		t.Errorf("uncaught in the console: %s", u)
	}
}
