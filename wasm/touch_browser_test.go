//go:build !js

package wasm

import (
	"fmt"
	"math"
	"testing"

	"github.com/chromedp/chromedp"
)

// toCSS returns where logical (x, y) of the game's 1280×720 picture is
// on a page of w×h CSS pixels (at a device scale of 1), fitted and
// centred as the game's director does.
func toCSS(w, h int64, x, y float64) (float64, float64) {
	scale := math.Min(float64(w)/1280, float64(h)/720)
	ox, oy := math.Floor((float64(w)-1280*scale)/2), math.Floor((float64(h)-720*scale)/2)
	return x*scale + ox, y*scale + oy
}

// The title's touch-sized rows, in logical pixels: the hit area of row i
// starts at titleRowsTop+i*titleRowPitch. Slam's setup has the same
// pitch, its first row's hit area at 246.
const titleRowsTop, titleRowPitch = 224, 82

// TestBrowserPhoneStartsTouchSized opens the game on a phone held
// sideways, with touch emulation: before any tap, the title's rows are
// already at least 44 CSS pixels tall (the page told the game that the
// pointer is coarse). Then it taps its way to a Slam table. Screenshots
// of the title and the table, in touch-only mode, are saved at
// 1280×720, 960×540 and the phone both ways (upright, the page asks to
// turn it): web-touch-*.png.
func TestBrowserPhoneStartsTouchSized(t *testing.T) {
	p := newPage(t, phoneLong, phoneShort, "")
	if err := chromedp.Do(p.ctx, phone(phoneLong, phoneShort)); err != nil {
		t.Fatalf("phone viewport: %v", err)
	}
	p.navigate(serveGame(t) + "/")
	p.waitFor("the click-to-start screen", func() bool { return p.phase() == "ready" })
	if got := p.eval(`String(window.jankenCoarsePointer)`); got != "true" {
		t.Fatalf("the phone's page says jankenCoarsePointer %s, want true", got)
	}
	p.clickToStart(phoneLong/2, phoneShort/2)
	p.waitForScene("title")
	st, _ := p.status()
	var rows float64
	if _, err := fmt.Sscanf(st.Detail, "rows %g", &rows); err != nil {
		t.Fatalf("the title's detail %q: %v", st.Detail, err)
	}
	_, top := toCSS(phoneLong, phoneShort, 0, 0)
	_, bottom := toCSS(phoneLong, phoneShort, 0, rows)
	if css := bottom - top; css < 44 {
		t.Errorf("the first screen's rows are %.1f CSS pixels tall (%g logical), want at least 44", css, rows)
	} else {
		t.Logf("the first screen's rows are %.1f CSS pixels tall", css)
	}
	p.shootSizes("title")

	x, y := toCSS(phoneLong, phoneShort, 96+100, titleRowsTop+slamTitleRow*titleRowPitch+titleRowPitch/2)
	p.tapOpens(x, y, "slam-setup")
	x, y = toCSS(phoneLong, phoneShort, 390+100, 250-4+2*titleRowPitch+titleRowPitch/2) // Play vs computer
	p.tapOpens(x, y, "slam")
	p.waitFrames(30)
	p.shootSizes("slam")
}

// shootSizes saves screenshots of the page as web-touch-NAME-WxH.png at
// 1280×720 and 960×540 (touch screens of a laptop's sizes) and on the
// phone both ways, and leaves it on the phone held sideways.
func (p *page) shootSizes(name string) {
	p.t.Helper()
	for _, size := range [][2]int64{{1280, 720}, {960, 540}, {phoneShort, phoneLong}, {phoneLong, phoneShort}} {
		if err := chromedp.Do(p.ctx, phone(size[0], size[1])); err != nil {
			p.t.Fatalf("viewport %v: %v", size, err)
		}
		p.waitFrames(3)
		p.screenshot(fmt.Sprintf("web-touch-%s-%dx%d.png", name, size[0], size[1]))
	}
}

// tapOpens taps (x, y) and waits for scene, failing after 120 frames
// without it.
func (p *page) tapOpens(x, y float64, scene string) {
	p.t.Helper()
	p.tap(x, y)
	for range 40 {
		if st, _ := p.status(); st.Scene == scene && !st.Transitioning {
			return
		}
		p.waitFrames(3)
	}
	p.t.Fatalf("a tap at (%.0f, %.0f) did not open %s: status %s, paused %s, focus %s", x, y, scene,
		p.eval(`String(globalThis.jankenStatus)`), p.eval(`String(document.getElementById("paused").hidden)`),
		p.eval(`String(document.activeElement && document.activeElement.tagName)`))
}
