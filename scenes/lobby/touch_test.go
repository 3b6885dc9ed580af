package lobby

import (
	"image"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/scenetest"
)

// phoneScale is how many CSS pixels a logical pixel takes on a phone in
// landscape (844×390): the 1280×720 picture shown 390 CSS pixels tall.
const phoneScale = float64(scenes.PhoneHeight) / scenes.ScreenHeight

// TestLobbyTouchTargets checks the lobby's buttons at a phone's scale once
// a player has tapped a seat: every menu row is at least 44 CSS pixels
// tall, rows do not overlap, the menu stays above the message line, and
// "Add AI" and its difficulty arrows are three targets at least 44 CSS
// pixels wide that do not overlap.
func TestLobbyTouchTargets(t *testing.T) {
	h := newHarness(t, ninjan)
	x, y := cardRect(0)
	h.tap(x+cardW/2, y+cardH/2)
	if got := h.lobby.Seats()[0]; got.Kind != Human || got.Device.Kind != input.Touch {
		t.Fatalf("seat 1 after a tap: %+v, want a touch player", got)
	}
	h.tick() // the tap that seats is not a menu choice: the menu lays out on the next tick
	m := &h.lobby.menu
	css := func(v float64) float64 { return v * phoneScale }
	bottom := 0.0
	for i, item := range m.Items {
		x, y, w, rh, shown := m.ItemRect(i)
		if !shown {
			t.Fatalf("row %q is scrolled away", item.Label)
		}
		if css(rh) < 44 || css(w) < 44 {
			t.Errorf("row %q is %.1f×%.1f CSS px, want ≥ 44 each way", item.Label, css(w), css(rh))
		}
		if y < bottom {
			t.Errorf("row %q overlaps the row above", item.Label)
		}
		bottom = y + rh
		if item.Label != "Add AI" {
			continue
		}
		dec, inc, ok := m.ArrowRects(i)
		if !ok {
			t.Fatal("Add AI has no difficulty arrows")
		}
		label := [4]float64{x, y, dec[0] - x, rh}
		for j, r := range [][4]float64{label, dec, inc} {
			if css(r[2]) < 44 {
				t.Errorf("Add AI target %d is %.1f CSS px wide, want ≥ 44", j, css(r[2]))
			}
		}
		if label[0]+label[2] > dec[0] || dec[0]+dec[2] > inc[0] {
			t.Errorf("Add AI targets overlap: label %v, decrease %v, increase %v", label, dec, inc)
		}
	}
	if limit := float64(scenes.ScreenHeight - 50); bottom > limit {
		t.Errorf("menu ends at %v, into the message line at %v", bottom, limit)
	}
}

// TestLobbyHidesKeyHintsOnTouch checks that once the screen is touched and
// no key pressed, the lobby speaks of taps and draws no keyboard legend;
// a key press brings both back.
func TestLobbyHidesKeyHintsOnTouch(t *testing.T) {
	h := newHarness(t, ninjan)
	legend := image.Rect(int(menuX), int(legendY), scenes.ScreenWidth-24, int(legendY)+120)
	keyCaps := func(name string) int {
		img := scenetest.Shoot(t, h.d, name)
		edge, n := h.d.Palette().PanelEdge, 0
		for y := legend.Min.Y; y < legend.Max.Y; y++ {
			for x := legend.Min.X; x < legend.Max.X; x++ {
				if img.RGBAAt(x, y) == edge {
					n++
				}
			}
		}
		return n
	}
	if n := keyCaps("lobby-keys"); n == 0 {
		t.Fatal("no key caps drawn before a touch: the test looks in the wrong place")
	}
	x, y := cardRect(1)
	h.tap(x+cardW/2, y+cardH/2)
	h.tick() // the menu lays out after the tick that seated
	if !h.d.TouchOnly() {
		t.Fatal("not TouchOnly after a tap")
	}
	if sub := h.lobby.subtitle(h.lobby.joinKeys()); strings.Contains(sub, "press") || !strings.Contains(sub, "tap") {
		t.Errorf("subtitle on touch %q: want taps, not presses", sub)
	}
	if n := keyCaps("lobby-touch"); n != 0 {
		t.Errorf("%d key-cap pixels drawn on a touch-only device, want none", n)
	}
	scenetest.ShootSize(t, h.d, "lobby-touch-phone", 844, 390)
	h.tick(input.KeyDown(ebiten.KeyArrowDown))
	if sub := h.lobby.subtitle(h.lobby.joinKeys()); !strings.Contains(sub, "press") {
		t.Errorf("subtitle after a key %q: want the keys back", sub)
	}
	if n := keyCaps("lobby-touch-keys"); n == 0 {
		t.Error("no key caps after a key press")
	}
}

// TestGameMenuAboutOnTouch checks that the line under Play vs computer
// names the arrow keys until the screen is touched, then the arrows to tap.
func TestGameMenuAboutOnTouch(t *testing.T) {
	var g *GameMenu
	h := startHarness(t, ninjan, func(d *scenes.Director, cfg Config) scenes.Scene {
		g = NewGameMenu(d, "ninjan", cfg, nil)
		return g
	})
	if about := g.about(); !strings.Contains(about, "← →") {
		t.Fatalf("about %q before a touch: want the arrow keys", about)
	}
	h.tap(5, 5)
	if about := g.about(); strings.Contains(about, "←") || !strings.Contains(about, "tap the arrows") {
		t.Errorf("about %q on a touch-only device: want the arrows to tap, no keys", about)
	}
}
