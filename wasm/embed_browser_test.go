//go:build !js

package wasm

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// embedPage is a host site's page, as itch.io's: taller than the window,
// with something else to click, and the game in a 960×540 iframe. Its
// verbs are the game's URL and the iframe's other attributes.
const embedPage = `<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>host</title></head>
<body style="margin:0; height:3000px; background:#223">
<button id="outside" style="height:40px">the host page</button>
<iframe id="game" src="%s" width="960" height="540" style="display:block; border:0"%s></iframe>
</body></html>`

// seenScript records, in the game's frame, every key press and wheel turn
// that reaches it, and whether something prevented its default once every
// listener has run. The record sits in sessionStorage, which survives the
// reload that Ctrl+R may cause.
const seenScript = `if (window !== window.top) {
	const note = (e) => setTimeout(() => {
		const seen = JSON.parse(sessionStorage.getItem("seen") || "[]");
		seen.push({type: e.type, key: e.key || "", ctrl: !!e.ctrlKey, prevented: e.defaultPrevented});
		sessionStorage.setItem("seen", JSON.stringify(seen));
	});
	window.addEventListener("keydown", note, true);
	window.addEventListener("wheel", note, {capture: true, passive: true});
}`

// seenEvent is one event seenScript recorded.
type seenEvent struct {
	Type      string `json:"type"`
	Key       string `json:"key"`
	Ctrl      bool   `json:"ctrl"`
	Prevented bool   `json:"prevented"`
}

// wheelParams are Input.dispatchMouseEvent's for a wheel turn: cdproto's
// own leave out a zero deltaX, which Chromium requires.
type wheelParams struct {
	Type   input.DispatchMouseEventType `json:"type"`
	X      float64                      `json:"x"`
	Y      float64                      `json:"y"`
	DeltaX float64                      `json:"deltaX"`
	DeltaY float64                      `json:"deltaY"`
}

var dispatchWheel = cdp.Command[wheelParams, cdp.Empty]{Method: input.CommandDispatchMouseEvent}

// inGame evaluates expr in the game's iframe.
func (p *page) inGame(expr string) string {
	p.t.Helper()
	return p.eval(`(() => { const w = document.getElementById("game").contentWindow; return String(w.eval(` + jsString(expr) + `)); })()`)
}

func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// waitSeen waits until the game's frame has recorded an event of type typ
// (and key, for key events), and returns it.
func (p *page) waitSeen(typ, key string) seenEvent {
	p.t.Helper()
	var found seenEvent
	p.waitFor(typ+" "+key+" in the game's frame", func() bool {
		var seen []seenEvent
		raw := p.inGame(`sessionStorage.getItem("seen") || "[]"`)
		if err := json.Unmarshal([]byte(raw), &seen); err != nil {
			p.t.Fatalf("recorded events %q: %v", raw, err)
		}
		for _, e := range seen {
			if e.Type == typ && strings.EqualFold(e.Key, key) {
				found = e
				return true
			}
		}
		return false
	})
	return found
}

// TestBrowserEmbedManners plays the game as itch.io embeds it, in an
// iframe of a longer page: the wheel must scroll the host's page, Ctrl+R
// must stay the browser's, and when the game loses the focus to the host
// page it must say "Click to continue", and a click must give it back.
func TestBrowserEmbedManners(t *testing.T) {
	p := newPage(t, 1280, 720, seenScript)
	p.navigate(serveGame(t) + "/embed.html")
	p.waitFor("the click-to-start screen in the iframe", func() bool {
		return p.inGame(`(window.jankenLoad || {}).phase`) == "ready"
	})
	p.clickToStart(480, 310)
	p.waitFor("the game running in the iframe", func() bool {
		return p.inGame(`(window.jankenLoad || {}).phase`) == "running"
	})
	if got := p.inGame(`document.activeElement.tagName`); got != "CANVAS" {
		t.Errorf("after the click the game's frame focuses %s, want its canvas", got)
	}
	p.screenshot("web-embed-running.png")

	// The host page takes the focus: the game says so, and a click gives
	// the keyboard back.
	p.eval(`(document.getElementById("outside").focus(), "ok")`)
	p.waitFor("Click to continue", func() bool { return p.inGame(`document.getElementById("paused").hidden`) == "false" })
	p.screenshot("web-embed-click-to-continue.png")
	p.clickToStart(480, 310)
	p.waitFor("the canvas to have the keyboard again", func() bool {
		return p.inGame(`document.activeElement.tagName + document.getElementById("paused").hidden`) == "CANVAStrue"
	})

	// The wheel over the game scrolls the host's page.
	err := chromedp.Do(p.ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, dispatchWheel, wheelParams{Type: input.DispatchMouseEventTypeMouseWheel, X: 480, Y: 310, DeltaY: 400})
		return err
	}))
	if err != nil {
		t.Fatalf("wheel: %v", err)
	}
	if e := p.waitSeen("wheel", ""); e.Prevented {
		t.Error("the game prevented the wheel: the host page cannot scroll")
	} else {
		p.waitFor("the host page to scroll", func() bool { return p.eval(`String(window.scrollY > 0)`) == "true" })
	}

	// Ctrl+R reaches the browser (reload), not the game.
	if err := chromedp.Do(p.ctx, chromedp.KeyEvent("r", chromedp.KeyModifiers(chromedp.ModifierCtrl))); err != nil {
		t.Fatalf("Ctrl+R: %v", err)
	}
	if e := p.waitSeen("keydown", "r"); !e.Ctrl || e.Prevented {
		t.Errorf("Ctrl+R in the game: %+v, want it pressed with Ctrl and its default (reload) left to the browser", e)
	}
}

// TestBrowserStrictHost plays the game on a host that sends
// game.wasm.gz with Content-Encoding: gzip, so that the page receives the
// game unpacked: the page must tell by the magic bytes and start it.
func TestBrowserStrictHost(t *testing.T) {
	p := newPage(t, 1280, 720, "")
	p.navigate(serveGame(t) + "/strict-embed.html")
	p.waitFor("the click-to-start screen in the iframe", func() bool {
		phase := p.inGame(`(window.jankenLoad || {}).phase`)
		return phase == "ready" || phase == "failed"
	})
	if phase := p.inGame(`window.jankenLoad.phase + " " + (window.jankenLoad.error || "")`); phase != "ready " {
		t.Fatalf("the game unpacked by the browser: %s, want ready", phase)
	}
	size := webBuild(t).WasmSize
	if got, want := p.inGame(`window.jankenLoad.loaded + "/" + window.jankenLoad.total`), fmt.Sprintf("%d/%d", size, size); got != want {
		t.Errorf("progress %s bytes, want %s: the bar counts the unpacked game", got, want)
	}
	p.clickToStart(480, 310)
	p.waitFor("the game running in the iframe", func() bool {
		return p.inGame(`(window.jankenLoad || {}).phase`) == "running"
	})
}
