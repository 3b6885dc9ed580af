package scenes

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
)

// startGate asks for a click or a key before the title. A browser gives
// the canvas keyboard focus and lets it play sound only after the player
// interacts with the page, so the web build opens with it (see
// Options.ClickToStart).
type startGate struct {
	d       *Director
	keys    []ebiten.Key
	pads    []ebiten.GamepadID
	buttons []ebiten.StandardGamepadButton
}

// Name implements Scene.
func (g *startGate) Name() string { return "start" }

// Overlay implements Overlay: the title shows, dimmed, behind the prompt.
func (g *startGate) Overlay() {}

// Update implements Scene: any click, tap, key or pad button lets the
// player in.
func (g *startGate) Update(ctx *Context) error {
	if g.pressed(ctx) {
		ctx.Pop(FadeQuick)
	}
	return nil
}

func (g *startGate) pressed(ctx *Context) bool {
	if ctx.Nav().Click {
		return true
	}
	src := ctx.Source()
	if g.keys = src.AppendJustPressedKeys(g.keys[:0]); len(g.keys) > 0 {
		return true
	}
	g.pads = src.AppendGamepadIDs(g.pads[:0])
	for _, id := range g.pads {
		if g.buttons = src.AppendJustPressedGamepadButtons(id, g.buttons[:0]); len(g.buttons) > 0 {
			return true
		}
	}
	return false
}

// Draw implements Scene.
func (g *startGate) Draw(c *Canvas) {
	pal := g.d.Palette()
	c.FillRect(0, 0, ScreenWidth, ScreenHeight, withAlpha(pal.BackdropDeep, 0.75))
	a := 1.0
	if !g.d.settings.ReducedMotion {
		a = 0.65 + 0.35*math.Sin(float64(g.d.tick)/20)
	}
	w := 560.0
	c.RoundRect((ScreenWidth-w)/2, ScreenHeight/2-50, w, 100, 50, withAlpha(pal.Accent, a))
	c.Text("Click or press any key to start", ScreenWidth/2, ScreenHeight/2,
		TextStyle{Size: 30, Bold: true, Color: pal.AccentText, Align: text.AlignCenter, VAlign: text.AlignCenter})
}
