package cardtable

import (
	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/privacy"
)

// Places puts what the runner draws on every table where the game's
// layout leaves room: the Rules and Menu buttons (at RulesX and MenuX,
// Y), the end of a network match's connection line (LineX, LineY), and
// the top left corner of the hold-to-peek button (PeekX, PeekY; see
// Status.PeekButton), clear of the hand, and the box of Peek mode's
// banner (see Status.PeekHint), its top left corner and width (HintX,
// HintY, HintW; privacy.HintH tall), clear of the hand and of every
// button. The zero value puts the buttons in the top right corner, the
// line in the bottom right one, the Peek button in the bottom left one
// and the banner at the bottom in the middle.
type Places struct {
	RulesX, MenuX, Y    float64
	LineX, LineY        float64
	PeekX, PeekY        float64
	HintX, HintY, HintW float64
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
	if p.HintW == 0 {
		p.HintX, p.HintY, p.HintW = 296, scenes.ScreenHeight-24-privacy.HintH, 688
	}
	return p
}

// Box is a rectangle on the logical screen: its top left corner and size.
type Box struct{ X, Y, W, H float64 }

// Overlaps reports whether b and o share some of their inside.
func (b Box) Overlaps(o Box) bool {
	return b.X < o.X+o.W && o.X < b.X+b.W && b.Y < o.Y+o.H && o.Y < b.Y+b.H
}

// Buttons returns where the buttons the runner draws over the table are
// now, as drawn: Rules and Menu (Menu alone in a network match, neither
// in a replay) and the Peek button while the table offers it. A table's
// layout keeps clear of them.
func (r *chrome) Buttons() []Box {
	var boxes []Box
	if !r.watching {
		b := r.places.place()
		if r.net == nil {
			boxes = append(boxes, Box{b.RulesX, b.Y, buttonW, buttonH})
		}
		boxes = append(boxes, Box{b.MenuX, b.Y, buttonW, buttonH})
	}
	if r.st.PeekButton {
		x, y, w, h := r.PeekBox()
		boxes = append(boxes, Box{x, y, w, h})
	}
	return boxes
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
func (r *chrome) clicked(ctx *scenes.Context, x, y float64) bool {
	nav := ctx.Nav()
	hx, hy, hw, hh := buttonHit(x, y, r.d.TouchSeen())
	return nav.Click && inBox(nav.PointerX, nav.PointerY, hx, hy, hw, hh)
}

// menuClicked reports a click on the Menu button.
func (r *chrome) menuClicked(ctx *scenes.Context) bool {
	b := r.places.place()
	return r.clicked(ctx, b.MenuX, b.Y)
}

// rulesClicked reports a click on the Rules button.
func (r *chrome) rulesClicked(ctx *scenes.Context) bool {
	b := r.places.place()
	return r.clicked(ctx, b.RulesX, b.Y)
}

// menuAsked opens the pause menu on a human seat's Menu or Back, on Menu
// or Back from any device (a card table has no other use for Back), or on
// the Menu button; and the rules on the Rules action (F1) or the Rules
// button. It reports whether it opened either.
func (r *chrome) menuAsked(ctx *scenes.Context, f *rulesets.Frame) bool {
	if r.watching {
		return false // the replay viewer leaves on Back and Menu
	}
	if r.rulesClicked(ctx) || ctx.Nav().Rules {
		ctx.Push(r.rules(), scenes.FadeQuick)
		return true
	}
	asked := r.menuClicked(ctx) || ctx.Nav().Back || ctx.Nav().Menu
	for seat := range r.seats {
		asked = asked || r.st.Humans.Sees(seat) && f.Pressed[seat]&(rulesets.ButtonBack|rulesets.ButtonMenu) != 0
	}
	if asked {
		ctx.Push(scenes.NewPause(r.d, r.name+"-pause", r.rules, func(ctx *scenes.Context) {
			r.quit = true // the table leaves when it is on top again
			ctx.Pop(scenes.FadeQuick)
		}), scenes.FadeQuick)
	}
	return asked
}
