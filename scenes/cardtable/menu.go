package cardtable

import (
	"slices"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/scenes"
)

// Buttons places a table's on-screen Rules and Menu buttons, which the
// runner draws and answers; the zero value puts them in the top right
// corner.
type Buttons struct {
	RulesX, MenuX, Y float64
}

// Their size.
const buttonW, buttonH = 110, 38

// place returns b, or the top right corner for the zero value.
func (b Buttons) place() Buttons {
	if b == (Buttons{}) {
		return Buttons{RulesX: scenes.ScreenWidth - 252, MenuX: scenes.ScreenWidth - 132, Y: 9}
	}
	return b
}

func inBox(x, y, bx, by, bw, bh float64) bool {
	return x >= bx && x < bx+bw && y >= by && y < by+bh
}

// menuClicked reports a click on the Menu button.
func (r *Runner[V, A, E, PV]) menuClicked(ctx *scenes.Context) bool {
	nav := ctx.Nav()
	b := r.cfg.Buttons.place()
	return nav.Click && inBox(nav.PointerX, nav.PointerY, b.MenuX, b.Y, buttonW, buttonH)
}

// rulesClicked reports a click on the Rules button.
func (r *Runner[V, A, E, PV]) rulesClicked(ctx *scenes.Context) bool {
	nav := ctx.Nav()
	b := r.cfg.Buttons.place()
	return nav.Click && inBox(nav.PointerX, nav.PointerY, b.RulesX, b.Y, buttonW, buttonH)
}

// menuAsked opens the pause menu on a human seat's Menu or Back, on Back
// from any device (Esc: a card table has no other use for it), or on the
// Menu button; and the rules on F1 or the Rules button. It reports
// whether it opened either.
func (r *Runner[V, A, E, PV]) menuAsked(ctx *scenes.Context, f *rulesets.Frame) bool {
	if r.rulesClicked(ctx) || r.rulesKey(ctx) {
		ctx.Push(r.cfg.Rules(), scenes.FadeQuick)
		return true
	}
	asked := r.menuClicked(ctx) || ctx.Nav().Back
	for seat := range r.seats {
		asked = asked || r.st.Humans.Sees(seat) && f.Pressed[seat]&(rulesets.ButtonBack|rulesets.ButtonMenu) != 0
	}
	if asked {
		ctx.Push(scenes.NewPause(r.d, r.cfg.Name+"-pause", r.cfg.Rules, func(ctx *scenes.Context) {
			r.quit = true // the table leaves when it is on top again
			ctx.Pop(scenes.FadeQuick)
		}), scenes.FadeQuick)
	}
	return asked
}

// rulesKey reports F1 pressed on this tick.
func (r *Runner[V, A, E, PV]) rulesKey(ctx *scenes.Context) bool {
	r.keys = ctx.Source().AppendJustPressedKeys(r.keys[:0])
	return slices.Contains(r.keys, ebiten.KeyF1)
}
