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
			o.slot = slices.IndexFunc(v.Hand(seat), func(sl es.Slot) bool { return sl.Card == a.Card })
			x, y, s := t.handPos(seat, o.slot, v.HandLen[seat])
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

// option is one choice: its action and its box on screen (a hand card's
// box reaches up over the card raised under the cursor).
type option struct {
	action     es.Action
	slot       int // a hand card's place in the hand
	x, y, w, h float64
}

// fromHand reports whether the choice plays a card of the chooser's own
// hand: one a player may carry to the middle.
func (o option) fromHand() bool {
	return o.action.Kind == es.Attack || o.action.Kind == es.Defend
}

// gridCell returns the box of the naming grid's cell for suit and symbol
// index. The grid covers the guesser's own hand, leaving every opponent's
// hand and graveyard in sight.
func gridCell(suit, sym int) (x, y float64) {
	return gridX + float64(suit)*gridCellW, gridY + float64(sym)*gridCellH
}

// Input implements cardtable.Table: the arrows move the cursor through
// the acting seat's choices, Confirm or a click makes one, and a hand
// card carried to the middle of the table is played; in a guess the
// arrows move through the naming grid.
func (t *table) Input(ctx *scenes.Context, st *cardtable.Status, v *es.View, legal []es.Action, p rulesets.Buttons) (es.Action, bool) {
	nav := ctx.Nav()
	if v.Phase == es.PhaseNaming {
		t.drag.Cancel()
		return t.gridInput(nav, v.Config.Suits, p)
	}
	t.choice = t.options(v, legal, t.choice[:0])
	n := len(t.choice)
	if n == 0 {
		t.drag.Cancel()
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
	t.nodes.layout(t.choice)
	if a, ok := t.pointer(nav, st.Tick); ok {
		return a, true
	}
	if p.Has(rulesets.ButtonConfirm) {
		return t.chose(t.choice[t.cursor].action)
	}
	return es.Action{}, false
}

// pointer follows the pointer over the choices' nodes: hover moves the
// cursor, a press on a choice makes it, except on a hand card, which the
// pointer picks up: let go within scenes.DragSlop of where it was picked
// up (a click) or over the middle of the table, it is played; let go
// anywhere else, it goes back to the hand.
func (t *table) pointer(nav *scenes.Nav, tick int64) (es.Action, bool) {
	if t.dragTick != tick-1 {
		t.drag.Cancel() // left over from an earlier choice
	}
	t.dragTick = tick
	t.nodes.battle.Interactive = t.drag.Source != nil // it takes a carried card only
	t.drag.Update(t.nodes.root, nav)
	if t.drag.Source == nil {
		i := t.nodes.at(nav.PointerX, nav.PointerY)
		if i >= 0 && (nav.PointerMoved || nav.Click) {
			t.cursor = i
		}
		if i >= 0 && nav.Click { // pressed and let go within the tick
			return t.chose(t.choice[i].action)
		}
		return es.Action{}, false
	}
	i := t.nodes.carried(&t.drag, t.choice)
	if i < 0 { // a throw, a guess or a card to see: made on the press
		a := t.choice[t.drag.Source.ID].action
		t.drag.Cancel()
		return t.chose(a)
	}
	t.cursor = i
	if t.drag.Dropped && (!t.drag.Moved || t.drag.Target == t.nodes.battle) {
		return t.chose(t.choice[i].action)
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
	t.nodes.layoutGrid(suits)
	if cell := t.nodes.at(nav.PointerX, nav.PointerY); cell >= 0 && (nav.PointerMoved || nav.Click) {
		t.gridS, t.gridY = cell/3, cell%3
		if nav.Click {
			return name(), true
		}
	}
	if p.Has(rulesets.ButtonConfirm) {
		return name(), true
	}
	return es.Action{}, false
}
