package elevensuitstable

import (
	"github.com/jankenarcade/janken/assets"
	"github.com/jankenarcade/janken/rulesets"
	es "github.com/jankenarcade/janken/rulesets/elevensuits"
	"github.com/jankenarcade/janken/scenes"
)

// Geometry of the choices a human makes.
const (
	throwY, throwSize     = 370.0, 120.0
	guessX, guessY        = 780.0, 560.0
	guessW, guessH        = 170.0, 44.0
	gridX, gridY          = 24.0, 500.0
	gridCellW, gridCellH  = 84.0, 70.0
	gridScale             = 0.42
	throwX0, throwSpacing = 330.0, 170.0
)

// options lists what seat may choose from in the current phase (the
// naming grid aside): each with its action and where it is on screen.
func (t *Table) options(seat int, dst []option) []option {
	v := t.game.View(seat)
	switch v.Phase {
	case es.PhaseOpening:
		for i, sym := range rulesets.Symbols {
			x := throwX0 + float64(i)*throwSpacing
			dst = append(dst, option{es.ThrowAction(sym), x - throwSize/2, throwY - throwSize/2, throwSize, throwSize})
		}
	case es.PhaseAttack, es.PhaseDefend:
		n := v.HandLen[seat]
		for i, sl := range v.Hand(seat) {
			x, y, s := t.handPos(seat, i, n)
			a := es.AttackAction(sl.Card)
			if v.Phase == es.PhaseDefend {
				a = es.DefendAction(sl.Card)
			}
			dst = append(dst, option{a, x - 50*s, y - 70*s - 20, 100 * s, 140*s + 20})
		}
		if v.Phase == es.PhaseAttack && v.Config.Advanced {
			y := guessY
			for p := range v.Config.Players {
				if p != seat && !v.Out[p] {
					dst = append(dst, option{es.GuessAction(p), guessX, y, guessW, guessH})
					y += guessH + 8
				}
			}
		}
	case es.PhasePenalty:
		g := v.Attacker
		n := v.HandLen[g]
		for i := range n {
			x, y, s := t.handPos(g, i, n)
			dst = append(dst, option{es.PeekAction(i), x - 50*s, y - 70*s, 100 * s, 140 * s})
		}
	}
	return dst
}

// option is one choice: its action and its box on screen.
type option struct {
	action     es.Action
	x, y, w, h float64
}

func (o option) contains(x, y float64) bool {
	return x >= o.x && x < o.x+o.w && y >= o.y && y < o.y+o.h
}

// gridCell returns the box of the naming grid's cell for suit and symbol
// index. The grid covers the guesser's own hand, leaving every opponent's
// hand and graveyard in sight.
func gridCell(suit, sym int) (x, y float64) {
	return gridX + float64(suit)*gridCellW, gridY + float64(sym)*gridCellH
}

// humanInput reads seat's frame and the pointer; it returns the action
// chosen on this tick, if any.
func (t *Table) humanInput(ctx *scenes.Context, seat int, f *rulesets.Frame) (es.Action, bool) {
	p := f.Pressed[seat]
	nav := ctx.Nav()
	if t.game.Phase() == es.PhaseNaming {
		return t.gridInput(nav, p)
	}
	t.opts2 = t.options(seat, t.opts2[:0])
	n := len(t.opts2)
	if n == 0 {
		return es.Action{}, false
	}
	switch {
	case p.Has(rulesets.ButtonLeft):
		t.cursor = (t.cursor + n - 1) % n
		ctx.Play(assets.Click)
	case p.Has(rulesets.ButtonRight):
		t.cursor = (t.cursor + 1) % n
		ctx.Play(assets.Click)
	}
	t.cursor = min(t.cursor, n-1)
	if nav.PointerMoved || nav.Click {
		for i, o := range t.opts2 {
			if o.contains(nav.PointerX, nav.PointerY) {
				t.cursor = i
				if nav.Click {
					return o.action, true
				}
			}
		}
	}
	if p.Has(rulesets.ButtonConfirm) {
		return t.opts2[t.cursor].action, true
	}
	return es.Action{}, false
}

// gridInput moves through the naming grid (suits across, symbols down)
// and names the card under the cursor.
func (t *Table) gridInput(nav *scenes.Nav, p rulesets.Buttons) (es.Action, bool) {
	suits := t.game.Config().Suits
	switch {
	case p.Has(rulesets.ButtonLeft):
		t.gridS = (t.gridS + suits - 1) % suits
	case p.Has(rulesets.ButtonRight):
		t.gridS = (t.gridS + 1) % suits
	case p.Has(rulesets.ButtonUp):
		t.gridY = (t.gridY + 2) % 3
	case p.Has(rulesets.ButtonDown):
		t.gridY = (t.gridY + 1) % 3
	}
	name := func() es.Action { return es.NameAction(es.MakeCard(t.gridS, rulesets.Symbols[t.gridY])) }
	if nav.PointerMoved || nav.Click {
		for s := range suits {
			for y := range 3 {
				x0, y0 := gridCell(s, y)
				if nav.PointerX >= x0 && nav.PointerX < x0+gridCellW && nav.PointerY >= y0 && nav.PointerY < y0+gridCellH {
					t.gridS, t.gridY = s, y
					if nav.Click {
						return name(), true
					}
				}
			}
		}
	}
	if p.Has(rulesets.ButtonConfirm) {
		return name(), true
	}
	return es.Action{}, false
}
