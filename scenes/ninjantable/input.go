package ninjantable

import (
	"github.com/jankenarcade/janken/assets"
	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/rulesets/ninjan"
	"github.com/jankenarcade/janken/scenes"
)

// humanInput reads the human seats' choices: Left and Right move a seat's
// cursor over its options (cards, piles or throws) and Confirm takes the
// highlighted one; the mouse or a touch points and clicks or taps.
func (t *Table) humanInput(ctx *scenes.Context, f *rulesets.Frame) {
	nav := ctx.Nav()
	t.hover = -1
	switch t.game.Phase() {
	case ninjan.PhaseClaim, ninjan.PhasePlace:
		seat := t.game.Resolving()
		if !t.isHuman(seat) {
			return
		}
		t.legal = t.game.Legal(seat, t.legal[:0])
		if p := pileHit(nav.PointerX, nav.PointerY); p >= 0 {
			if k := pileChoice(t.legal, p); k >= 0 {
				t.hover = k
				if nav.PointerMoved {
					t.cursor[seat] = k
				}
				if nav.Click {
					t.choose(ctx, seat, k)
					return
				}
			}
		}
		t.keys(ctx, seat, f.Pressed[seat])
	case ninjan.PhasePlay, ninjan.PhaseDecider:
		shown := t.shownSeat()
		for _, seat := range t.owe {
			if !t.isHuman(seat) || !t.mayAct(seat) {
				continue
			}
			t.legal = t.game.Legal(seat, t.legal[:0])
			if seat == shown {
				if k := t.optionAt(nav.PointerX, nav.PointerY); k >= 0 {
					t.hover = k
					if nav.PointerMoved {
						t.cursor[seat] = k
					}
					if nav.Click {
						t.choose(ctx, seat, k)
						return
					}
				}
			}
			if t.keys(ctx, seat, f.Pressed[seat]) {
				return
			}
		}
	}
}

// keys moves seat's cursor or confirms its choice; it reports whether an
// action was taken.
func (t *Table) keys(ctx *scenes.Context, seat int, b rulesets.Buttons) bool {
	n := len(t.legal)
	if n == 0 {
		return false
	}
	c := &t.cursor[seat]
	*c = min(max(*c, 0), n-1)
	switch {
	case b.Has(rulesets.ButtonLeft):
		*c = (*c + n - 1) % n
		ctx.Play(assets.Click)
	case b.Has(rulesets.ButtonRight):
		*c = (*c + 1) % n
		ctx.Play(assets.Click)
	case b.Has(rulesets.ButtonConfirm):
		t.choose(ctx, seat, *c)
		return true
	}
	return false
}

// choose applies option k of t.legal for seat.
func (t *Table) choose(ctx *scenes.Context, seat, k int) {
	if k < 0 || k >= len(t.legal) {
		return
	}
	t.apply(ctx, seat, t.legal[k])
	t.cursor[seat] = 0
}

// pileChoice returns the index in legal of the action naming pile p, or
// -1 when p is not a choice.
func pileChoice(legal []ninjan.Action, p int) int {
	for k, a := range legal {
		if (a.Kind == ninjan.Claim || a.Kind == ninjan.Place) && int(a.Pile) == p {
			return k
		}
	}
	return -1
}

// optionAt returns the option under the pointer among t.legal (a hand card
// or a throw button), or -1.
func (t *Table) optionAt(px, py float64) int {
	n := len(t.legal)
	for k := n - 1; k >= 0; k-- {
		a := t.legal[k]
		switch a.Kind {
		case ninjan.Play:
			x, y := handPos(k, n)
			if cardHit(px, py, x, y, 1) {
				return k
			}
		case ninjan.Throw:
			x, y, w, h := throwBox(k)
			if inBox(px, py, x, y, w, h) {
				return k
			}
		}
	}
	return -1
}
