package cardtable

import (
	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/scenes"
)

// Places puts what the runner draws on every table where the game's
// layout leaves room: the Rules and Menu buttons (at RulesX and MenuX,
// Y), the end of a network match's connection line (LineX, LineY), and
// the top left corner of the hold-to-peek button (PeekX, PeekY; see
// Status.PeekButton), clear of the hand. The zero value puts the buttons
// in the top right corner, the line in the bottom right one and the Peek
// button in the bottom left one.
type Places struct {
	RulesX, MenuX, Y float64
	LineX, LineY     float64
	PeekX, PeekY     float64
}

// Their size.
const buttonW, buttonH = 110, 38

// place returns p with the corners for its zero fields.
func (p Places) place() Places {
	if p.Y == 0 {
		p.RulesX, p.MenuX, p.Y = scenes.ScreenWidth-252, scenes.ScreenWidth-132, 9
	}
	if p.LineY == 0 {
		p.LineX, p.LineY = scenes.ScreenWidth-16, scenes.ScreenHeight-8
	}
	if p.PeekY == 0 {
		p.PeekX, p.PeekY = 16, scenes.ScreenHeight-16-PeekH
	}
	return p
}

func inBox(x, y, bx, by, bw, bh float64) bool {
	return x >= bx && x < bx+bw && y >= by && y < by+bh
}

// buttonHit returns where a button drawn at (x, y) answers clicks and
// taps: where it is drawn, and once the screen has been touched
// (Director.TouchSeen) scenes.TouchTarget tall, 44 CSS pixels on a phone,
// reaching down from the screen's top at most, where a finger finds it
// (the buttons sit at the top of every table, over nothing a player taps).
func buttonHit(x, y float64, touch bool) (hx, hy, hw, hh float64) {
	if !touch {
		return x, y, buttonW, buttonH
	}
	return x, max(0, y+buttonH/2-scenes.TouchTarget/2), buttonW, max(buttonH, scenes.TouchTarget)
}

// clicked reports a click or a tap on the button drawn at (x, y).
func (r *Runner[V, A, E, PV]) clicked(ctx *scenes.Context, x, y float64) bool {
	nav := ctx.Nav()
	hx, hy, hw, hh := buttonHit(x, y, r.d.TouchSeen())
	return nav.Click && inBox(nav.PointerX, nav.PointerY, hx, hy, hw, hh)
}

// menuClicked reports a click on the Menu button.
func (r *Runner[V, A, E, PV]) menuClicked(ctx *scenes.Context) bool {
	b := r.cfg.Places.place()
	return r.clicked(ctx, b.MenuX, b.Y)
}

// rulesClicked reports a click on the Rules button.
func (r *Runner[V, A, E, PV]) rulesClicked(ctx *scenes.Context) bool {
	b := r.cfg.Places.place()
	return r.clicked(ctx, b.RulesX, b.Y)
}

// menuAsked opens the pause menu on a human seat's Menu or Back, on Menu
// or Back from any device (a card table has no other use for Back), or on
// the Menu button; and the rules on the Rules action (F1) or the Rules
// button. It reports whether it opened either.
func (r *Runner[V, A, E, PV]) menuAsked(ctx *scenes.Context, f *rulesets.Frame) bool {
	if r.watching {
		return false // the replay viewer leaves on Back and Menu
	}
	if r.rulesClicked(ctx) || ctx.Nav().Rules {
		ctx.Push(r.cfg.Rules(), scenes.FadeQuick)
		return true
	}
	asked := r.menuClicked(ctx) || ctx.Nav().Back || ctx.Nav().Menu
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
