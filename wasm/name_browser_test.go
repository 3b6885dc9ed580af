//go:build !js

package wasm

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// The title's Settings row in the web build (after the four games, "Play
// over network" and "Replays"), and the settings screen's name row.
const settingsTitleRow, settingsNameRow = 6, 5

// TestBrowserPhoneTypesName types a name on a phone held sideways, with
// touch emulation, as a player would: a tap on Settings' name row gives
// the focus to Ebitengine's text area (a real phone raises its keyboard
// then), the keyboard's text comes in through it (CDP's Input.insertText,
// as a phone's keyboard inserts a word), the page shows no "Click to
// continue" meanwhile, and Done (Enter) saves the name, Cyrillic letters
// and all, in the page's storage. Screenshots of the name being typed and
// kept: web-name-typing.png, web-name-kept.png.
func TestBrowserPhoneTypesName(t *testing.T) {
	p := newPage(t, phoneLong, phoneShort, "")
	if err := chromedp.Do(p.ctx, phone(phoneLong, phoneShort)); err != nil {
		t.Fatalf("phone viewport: %v", err)
	}
	p.navigate(serveGame(t) + "/")
	p.waitFor("the click-to-start screen", func() bool { return p.phase() == "ready" })
	p.clickToStart(phoneLong/2, phoneShort/2)
	p.waitForScene("title")
	p.cursorTo(settingsTitleRow)
	p.press("Enter")
	p.waitForScene("settings")
	p.cursorTo(settingsNameRow) // the keys scroll the row into view

	st, _ := p.status()
	var x, y, w, h float64
	if _, err := fmt.Sscanf(st.Detail, "name %g %g %g %g", &x, &y, &w, &h); err != nil || w == 0 {
		t.Fatalf("the settings' detail %q: the name's row is not in view (%v)", st.Detail, err)
	}
	p.tap(toCSS(phoneLong, phoneShort, x+50, y+h/2))
	p.waitFor("the focus on Ebitengine's text area", func() bool {
		return p.eval(`String(document.activeElement && document.activeElement.id)`) == "ebitengine-textinput"
	})

	const name = "Мария"
	p.insertText(name)
	p.waitFor("the name in the text area", func() bool {
		return p.eval(`document.getElementById("ebitengine-textinput").value`) == name
	})
	p.waitFrames(3)
	if hidden := p.eval(`String(document.getElementById("paused").hidden)`); hidden != "true" {
		t.Errorf("while the name is typed the page shows Click to continue (hidden %s)", hidden)
	}
	p.screenshot("web-name-typing.png")

	p.pressEnterFocused()    // a phone keyboard's Done
	saved := func() string { // stored a byte a character (package persist)
		return p.eval(`(() => {
			const v = localStorage.getItem("janken-arcade/settings.json") || "";
			return new TextDecoder().decode(Uint8Array.from(v, (c) => c.charCodeAt(0)));
		})()`)
	}
	p.waitFor("the name saved", func() bool { return strings.Contains(saved(), `"playerName": "`+name+`"`) })
	p.waitFor("the focus back on the game", func() bool {
		return p.eval(`String(document.activeElement && document.activeElement.tagName)`) == "CANVAS"
	})
	p.waitFrames(3)
	p.screenshot("web-name-kept.png")
}

// insertText types text into the focused element as a phone's keyboard
// inserts a word (CDP's Input.insertText).
func (p *page) insertText(text string) {
	p.t.Helper()
	err := chromedp.Do(p.ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, input.InsertText, input.InsertTextParams{Text: text})
		return err
	}))
	if err != nil {
		p.t.Fatalf("insert %q: %v", text, err)
	}
}

// pressEnterFocused presses Enter on the focused element, as the browser
// sends a key there, and releases it two ticks later.
func (p *page) pressEnterFocused() {
	p.t.Helper()
	key := func(typ input.DispatchKeyEventType) {
		err := chromedp.Do(p.ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			_, err := cdp.Call(ctx, tg, input.DispatchKeyEvent, input.DispatchKeyEventParams{
				Type: typ, Key: "Enter", Code: "Enter", WindowsVirtualKeyCode: 13, NativeVirtualKeyCode: 13})
			return err
		}))
		if err != nil {
			p.t.Fatalf("Enter %s: %v", typ, err)
		}
	}
	before, _ := p.status()
	key(input.DispatchKeyEventTypeRawKeyDown)
	p.waitFor("Enter held for two ticks", func() bool {
		st, _ := p.status()
		return st.Tick >= before.Tick+2
	})
	key(input.DispatchKeyEventTypeKeyUp)
}
