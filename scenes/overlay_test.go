package scenes

import (
	"image/color"
	"testing"

	"github.com/jankenarcade/janken/internal/looptest"
)

// flatScene fills the screen with one colour.
type flatScene struct{ clr color.RGBA }

func (f *flatScene) Name() string          { return "flat" }
func (f *flatScene) Update(*Context) error { return nil }
func (f *flatScene) Draw(c *Canvas)        { c.FillRect(0, 0, ScreenWidth, ScreenHeight, f.clr) }

// TestOverlayPanelsAreOpaque draws the rules and the pause menu over a
// red and a green screen: inside their panels nothing of the screen under
// them may show (the rules' text was hard to read over a menu).
func TestOverlayPanelsAreOpaque(t *testing.T) {
	for _, o := range []struct {
		name string
		open func(d *Director) Scene
		x, y int // a point inside the panel, off its text
	}{
		{"rules", func(d *Director) Scene { return NewRules(d, "Game", RulesSection{Heading: "Goal", Text: "Win."}) }, rulesX + 20, rulesY + 300},
		{"pause", func(d *Director) Scene { return NewPause(d, "pause", nil, nil) }, 420, 480},
	} {
		var seen [2]color.RGBA
		for i, under := range []color.RGBA{{0xff, 0, 0, 0xff}, {0, 0xff, 0, 0xff}} {
			d, s, _ := testDirector(t, Options{Start: func(d *Director) Scene { return &flatScene{under} }})
			d.Push(o.open(d), Transition{Kind: Cut})
			tick(t, d, s)
			img := looptest.Capture(t, "overlay-"+o.name, ScreenWidth, ScreenHeight, d.Draw)
			seen[i] = img.RGBAAt(o.x, o.y)
		}
		if seen[0] != seen[1] {
			t.Errorf("%s: the panel at (%d, %d) is %v over red, %v over green", o.name, o.x, o.y, seen[0], seen[1])
		}
	}
}
