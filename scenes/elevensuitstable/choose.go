package elevensuitstable

import (
	"slices"

	"github.com/jankenarcade/janken/assets"
	"github.com/jankenarcade/janken/rulesets"
	es "github.com/jankenarcade/janken/rulesets/elevensuits"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/cardtable"
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

// options lists the places on screen of the choices in legal, the
// legal actions of v's viewer, in their order (the naming grid's aside).
func (t *table) options(v *es.View, legal []es.Action, dst []option) []option {
	seat, guesses := v.Viewer(), 0
	for _, a := range legal {
		o := option{action: a}
		switch a.Kind {
		case es.Throw:
			x := throwX0 + float64(slices.Index(rulesets.Symbols[:], a.Symbol))*throwSpacing
			o.x, o.y, o.w, o.h = x-throwSize/2, throwY-throwSize/2, throwSize, throwSize
		case es.Attack, es.Defend:
			i := slices.IndexFunc(v.Hand(seat), func(sl es.Slot) bool { return sl.Card == a.Card })
			x, y, s := t.handPos(seat, i, v.HandLen[seat])
			o.x, o.y, o.w, o.h = x-50*s, y-70*s-20, 100*s, 140*s+20
		case es.Guess:
			o.x, o.y, o.w, o.h = guessX, guessY+float64(guesses)*(guessH+8), guessW, guessH
			guesses++
		case es.Peek:
			x, y, s := t.handPos(v.Attacker, int(a.Slot), v.HandLen[v.Attacker])
			o.x, o.y, o.w, o.h = x-50*s, y-70*s, 100*s, 140*s
		default:
			continue
		}
		dst = append(dst, o)
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

// Input implements cardtable.Table: the arrows move the cursor through
// the acting seat's choices, Confirm or a click makes one; in a guess the
// arrows move through the naming grid.
func (t *table) Input(ctx *scenes.Context, _ *cardtable.Status, v *es.View, legal []es.Action, p rulesets.Buttons) (es.Action, bool) {
	nav := ctx.Nav()
	if v.Phase == es.PhaseNaming {
		return t.gridInput(nav, v.Config.Suits, p)
	}
	t.choice = t.options(v, legal, t.choice[:0])
	n := len(t.choice)
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
		for i, o := range t.choice {
			if o.contains(nav.PointerX, nav.PointerY) {
				t.cursor = i
				if nav.Click {
					return t.chose(o.action)
				}
			}
		}
	}
	if p.Has(rulesets.ButtonConfirm) {
		return t.chose(t.choice[t.cursor].action)
	}
	return es.Action{}, false
}

// chose returns a, the cursor back on the first choice for the next.
func (t *table) chose(a es.Action) (es.Action, bool) {
	t.cursor = 0
	return a, true
}

// gridInput moves through the naming grid (suits across, symbols down)
// and names the card under the cursor.
func (t *table) gridInput(nav *scenes.Nav, suits int, p rulesets.Buttons) (es.Action, bool) {
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
