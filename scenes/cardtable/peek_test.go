package cardtable

import (
	"testing"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/privacy"
	"github.com/jankenarcade/janken/scenes/scenetest"
)

// touchScreen is the touch screen as a seat's device.
var touchScreen = input.Device{Kind: input.Touch}

// TestPeekButtonPlace: the Peek button is at least 44 CSS pixels each
// way on a phone held sideways, on the screen, and clear of the Rules and
// Menu buttons' touch hit areas, in its default place and in each card
// table's.
func TestPeekButtonPlace(t *testing.T) {
	const css = float64(phoneH) / scenes.ScreenHeight
	if css*PeekW < 44 || css*PeekH < 44 {
		t.Fatalf("the Peek button is %.1f×%.1f CSS px, want ≥ 44", css*PeekW, css*PeekH)
	}
	p := Places{}.place()
	if p.PeekX < 0 || p.PeekY < 0 || p.PeekX+PeekW > scenes.ScreenWidth || p.PeekY+PeekH > scenes.ScreenHeight {
		t.Errorf("the Peek button at %v,%v leaves the screen", p.PeekX, p.PeekY)
	}
	for _, x := range []float64{p.RulesX, p.MenuX} {
		bx, by, bw, bh := buttonHit(x, p.Y, true)
		if p.PeekX < bx+bw && bx < p.PeekX+PeekW && p.PeekY < by+bh && by < p.PeekY+PeekH {
			t.Errorf("the Peek button at %v,%v overlaps the button at %v,%v", p.PeekX, p.PeekY, bx, by)
		}
	}
}

// TestPeekButtonHolds: in Peek mode, a player on the touch screen and one
// on the keys. The table offers the Peek button; while a finger holds it
// the touch seat's hand is shown, and only that seat's; once the finger
// lifts nobody's is; a tap beside the button shows nothing.
func TestPeekButtonHolds(t *testing.T) {
	f := newFixture(t, 3, privacy.Peek, &touchScreen, &rightKeys)
	f.d.Layout(phoneW, phoneH)
	f.tick()
	if !f.r.Status().PeekButton {
		t.Fatal("no Peek button for the touch seat")
	}
	p := Places{}.place()
	// drawn returns the viewers of the views drawn on a frame, and the
	// seats the gate let the screen show since the last call.
	drawn := func(name string) ([]int, rulesets.Audience) {
		t.Helper()
		f.table.drawn = f.table.drawn[:0]
		scenetest.ShootSize(t, f.d, name, phoneW, phoneH)
		shown := f.r.Gate().Shown()
		f.r.Gate().ResetShown()
		return f.table.drawn, shown
	}
	f.r.Gate().ResetShown()
	touch := func(x, y float64, ticks int) {
		sx, sy := f.d.ToScreen(x, y)
		f.src.Do(input.TouchDown(1, sx, sy))
		for range ticks {
			if err := f.d.Update(); err != nil {
				t.Fatal(err)
			}
			f.src.Advance()
		}
	}

	touch(p.PeekX+PeekW/2, p.PeekY+PeekH/2, 10)
	if v := f.r.Gate().Viewer(); v != 0 {
		t.Errorf("holding the Peek button, the gate shows seat %d, want the touch seat 0", v)
	}
	views, shown := drawn("cardtable-peek-held")
	if len(views) != 1 || views[0] != 0 || shown != rulesets.Only(0) {
		t.Errorf("holding the Peek button, the views drawn were %v and the gate showed %v; want seat 0's alone", views, shown)
	}
	f.tick(input.TouchUp(1))
	f.r.Gate().ResetShown()
	f.tick()
	if v := f.r.Gate().Viewer(); v != privacy.NoViewer {
		t.Errorf("once the finger lifts the gate shows seat %d", v)
	}
	views, shown = drawn("cardtable-peek-released")
	if len(views) != 1 || views[0] != -1 || shown != 0 {
		t.Errorf("released, the views drawn were %v and the gate showed %v; want the public view alone", views, shown)
	}

	touch(p.PeekX+PeekW+20, p.PeekY+PeekH/2, 10) // beside the button
	if v := f.r.Gate().Viewer(); v != privacy.NoViewer {
		t.Errorf("a finger beside the Peek button shows seat %d", v)
	}
	f.tick(input.TouchUp(1))
	scenetest.Shoot(t, f.d, "cardtable-peek-button")
}

// TestNoPeekButtonWithoutTouchSeat: the keyboard's two zones in Peek mode,
// and a lone touch player (whose hand always shows), get no Peek button.
func TestNoPeekButtonWithoutTouchSeat(t *testing.T) {
	for _, devices := range [][]*input.Device{{&leftKeys, &rightKeys}, {&touchScreen, nil}} {
		f := newFixture(t, 3, privacy.Peek, devices...)
		f.tick()
		if f.r.Status().PeekButton {
			t.Errorf("seats on %v get a Peek button", devices)
		}
	}
}
