//go:build !js

package wasm

import (
	"context"
	"fmt"
	"net/http/httptest"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	chromiumtest "github.com/jankenarcade/janken/internal/chromium"
)

// A phone's screen in CSS pixels (an iPhone 14's), held sideways.
const phoneLong, phoneShort = 844, 390

// Slam's rows: the title's, its setup menu's that opens the lobby, and
// the lobby's Start game (its menu has no "Add player on" row).
const slamTitleRow, slamLobbySetupRow, slamStartRow = 3, 3, 2

// tap touches the page at (x, y) CSS pixels and lifts the finger once the
// game has seen the touch for two ticks.
func (p *page) tap(x, y float64) {
	p.t.Helper()
	touch := func(typ input.DispatchTouchEventType, points []*input.TouchPoint) {
		err := chromedp.Do(p.ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			_, err := cdp.Call(ctx, tg, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: typ, TouchPoints: points})
			return err
		}))
		if err != nil {
			p.t.Fatalf("touch %s at (%v, %v): %v", typ, x, y, err)
		}
	}
	before, _ := p.status()
	touch(input.DispatchTouchEventTypeTouchStart, []*input.TouchPoint{{X: x, Y: y}})
	p.waitFor("a touch held for two ticks", func() bool {
		st, _ := p.status()
		return st.Tick >= before.Tick+2
	})
	touch(input.DispatchTouchEventTypeTouchEnd, []*input.TouchPoint{})
}

// phone emulates a phone of w×h CSS pixels: mobile, with touch.
func phone(w, h int64) chromedp.Action[chromedp.Void] {
	orientation := chromedp.EmulateLandscape
	if h > w {
		orientation = chromedp.EmulatePortrait
	}
	return chromedp.EmulateViewport(w, h, chromedp.EmulateScale(1), chromedp.EmulateMobile, chromedp.EmulateTouch, orientation)
}

// turnShown reports whether the page asks to turn the phone sideways.
func (p *page) turnShown() bool {
	p.t.Helper()
	return p.eval(`getComputedStyle(document.getElementById("turn")).display`) != "none"
}

// TestBrowserPhone plays Slam on a phone held sideways, as a player
// would: tap to start, join the lobby with a tap in the screen's real
// top-left corner (in the bar beside the 16:9 picture, not on it), then
// play a card with taps there, on the rock cell. The page never asks a
// laptop or a phone held sideways to turn; it does ask a phone held
// upright. Screenshots of the title at 1280×720 and 960×540 and of the
// phone both ways are saved under artifacts/.
func TestBrowserPhone(t *testing.T) {
	chromium := chromiumtest.Path(t)
	res := webBuild(t)
	srv := httptest.NewServer(Handler(res.WebDir)) // listens on 127.0.0.1
	defer srv.Close()
	p, closePage := openPage(t, chromium, 1280, 720)
	defer closePage()
	ctx := p.ctx

	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 720), chromedp.Navigate(srv.URL+"/")); err != nil {
		t.Fatalf("navigate: %v", err)
	}
	p.waitFor("the click-to-start screen", func() bool { return p.eval(`String(window.jankenLoad.phase)`) == "ready" })
	if err := chromedp.Do(ctx, chromedp.MouseClickXY(640, 360)); err != nil {
		t.Fatalf("click to start: %v", err)
	}
	p.waitForScene("title")
	if p.turnShown() {
		t.Errorf("a laptop's page asks to turn the phone")
	}
	p.screenshot("web-title-1280x720.png")
	for _, size := range [][2]int64{{960, 540}} {
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(size[0], size[1])); err != nil {
			t.Fatalf("viewport: %v", err)
		}
		p.waitFrames(2)
		p.screenshot(fmt.Sprintf("web-title-%dx%d.png", size[0], size[1]))
	}

	if err := chromedp.Do(ctx, phone(phoneLong, phoneShort)); err != nil {
		t.Fatalf("phone viewport: %v", err)
	}
	p.waitFrames(2)
	if p.turnShown() {
		t.Errorf("a phone held sideways is asked to turn")
	}
	p.screenshot("web-phone-title-landscape.png")
	p.cursorTo(slamTitleRow)
	p.press("Enter")
	p.waitForScene("slam-setup")
	p.cursorTo(slamLobbySetupRow)
	p.press("Enter")
	p.waitForScene("lobby")
	t.Log("in the lobby")
	// The screen's real corner, in the bar left of the picture: the
	// picture is 693 pixels wide, centred.
	const cornerX, cornerY = 2, 2
	p.tap(cornerX, cornerY)
	p.cursorTo(lobbyAddAIRow)
	p.press("Space") // the menu keys sit at no seat
	p.waitFrames(2)
	p.screenshot("web-phone-lobby.png")
	p.cursorTo(slamStartRow)
	p.press("Space")
	p.waitForScene("slam")
	t.Log("at the Slam table")
	p.screenshot("web-phone-slam-landscape.png")
	for taps := 0; p.slamPresses() == 0; taps++ {
		if taps == 60 {
			t.Fatalf("60 taps in the corner played no card: %s", p.slamDetail())
		}
		p.tap(cornerX, cornerY)
		p.waitFrames(10)
	}
	t.Logf("the corner played a card: %s", p.slamDetail())

	if err := chromedp.Do(ctx, phone(phoneShort, phoneLong)); err != nil {
		t.Fatalf("phone viewport: %v", err)
	}
	p.waitFrames(2)
	if !p.turnShown() {
		t.Errorf("a phone held upright is not asked to turn sideways")
	}
	p.screenshot("web-phone-portrait.png")
}

// slamPresses returns the presses on a card up of the Slam table's first
// seat.
func (p *page) slamPresses() int {
	p.t.Helper()
	var n int
	if _, err := fmt.Sscanf(p.slamDetail(), "presses %d", &n); err != nil {
		p.t.Fatalf("Slam's detail %q: %v", p.slamDetail(), err)
	}
	return n
}

// slamDetail returns the Slam table's detail (scenes.Detailed): "presses
// 1 0 mistakes 0 0".
func (p *page) slamDetail() string {
	p.t.Helper()
	st, _ := p.status()
	if st.Scene != "slam" {
		p.t.Fatalf("scene %q, want the Slam table", st.Scene)
	}
	return st.Detail
}
