package cardtable

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/privacy"
)

// A phone held sideways, in CSS pixels (an iPhone 14's screen).
const phoneW, phoneH = 844, 390

// TestButtonTouchTargets checks the Rules and Menu buttons' hit areas at
// each height the tables put them (the corner's, Eleven Suits' top bar,
// That's Mine's log): with a mouse they answer where they are drawn; once
// the screen is touched each is at least 44 CSS pixels each way on a
// phone held sideways, holds the drawn button, starts on the screen, and
// the two do not overlap.
func TestButtonTouchTargets(t *testing.T) {
	const css = float64(phoneH) / scenes.ScreenHeight
	for _, y := range []float64{Places{}.place().Y, 1, 19} {
		p := Places{RulesX: scenes.ScreenWidth - 252, MenuX: scenes.ScreenWidth - 132, Y: y}
		if x, hy, w, h := buttonHit(p.MenuX, y, false); x != p.MenuX || hy != y || w != buttonW || h != buttonH {
			t.Errorf("y %v: a mouse's hit area is %v,%v %v×%v, want the drawn button", y, x, hy, w, h)
		}
		rx, _, rw, _ := buttonHit(p.RulesX, y, true)
		mx, my, mw, mh := buttonHit(p.MenuX, y, true)
		if css*mw < 44 || css*mh < 44 {
			t.Errorf("y %v: a touch hit area is %.1f×%.1f CSS px, want ≥ 44", y, css*mw, css*mh)
		}
		if my < 0 || my > y || my+mh < y+buttonH || mx > p.MenuX || mx+mw < p.MenuX+buttonW {
			t.Errorf("y %v: the touch hit area %v,%v %v×%v does not hold the drawn button or leaves the screen", y, mx, my, mw, mh)
		}
		if rx+rw > mx {
			t.Errorf("y %v: the Rules hit area ends at %v, past the Menu one's start %v", y, rx+rw, mx)
		}
	}
}

// TestButtonTaps clicks and taps the Rules and Menu buttons of a table on
// a phone held sideways: a click on a drawn button opens what it names, a
// click below it nothing; a tap just above the bottom of its touch hit
// area, well below where it is drawn, opens it (Rules the rules, Menu the
// pause menu).
func TestButtonTaps(t *testing.T) {
	b := Places{}.place()
	_, hy, _, hh := buttonHit(b.MenuX, b.Y, true)
	for _, tc := range []struct {
		name  string
		x, y  float64
		touch bool
		want  string // the scene on top after
	}{
		{"click on Rules", b.RulesX, b.Y + buttonH/2, false, "rules"},
		{"click on Menu", b.MenuX, b.Y + buttonH/2, false, "toy-pause"},
		{"click below Menu", b.MenuX, hy + hh - 2, false, "toy"},
		{"tap below Rules", b.RulesX, hy + hh - 2, true, "rules"},
		{"tap below Menu", b.MenuX, hy + hh - 2, true, "toy-pause"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t, 3, privacy.Peek, &rightKeys, nil)
			f.d.Layout(phoneW, phoneH)
			sx, sy := f.d.ToScreen(tc.x+buttonW/2, tc.y)
			if tc.touch {
				f.tick(input.TouchDown(1, sx, sy))
			} else {
				f.tick(input.MouseMove(sx, sy), input.MouseDown(ebiten.MouseButtonLeft))
			}
			f.until(60, func() bool { return f.d.Top().Name() == tc.want && !f.d.Transitioning() })
			for range 20 {
				f.tick()
			}
			if got := f.d.Top().Name(); got != tc.want {
				t.Errorf("top %q, want %q", got, tc.want)
			}
		})
	}
}
