package ninjantable

import (
	"github.com/jankenarcade/janken/assets"
	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/rulesets/ninjan"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/cardtable"
)

// Input implements cardtable.Table: Left and Right move the acting seat's
// cursor over its options (cards, piles or throws) and Confirm takes the
// highlighted one; the mouse or a touch points at an option and clicks or
// taps it — a pile always, a card or a throw only when the screen shows
// the seat's hand — or carries a hand card onto the centre of the table.
func (t *table) Input(ctx *scenes.Context, st *cardtable.Status, v *ninjan.View, legal []ninjan.Action, pressed rulesets.Buttons) (ninjan.Action, bool) {
	seat := v.Viewer()
	t.offer, t.offeredTo, t.offeredAt, t.hover = append(t.offer[:0], legal...), seat, st.Tick, -1
	nav := ctx.Nav()
	t.targets.setOut(legal, seat == st.Shown)
	picked, hover := t.targets.follow(nav, st.Tick)
	if picked >= 0 {
		return t.choose(seat, picked)
	}
	if hover >= 0 {
		t.hover = hover
		if nav.PointerMoved {
			t.cursor[seat] = hover
		}
	}
	return t.keys(ctx, seat, pressed)
}

// keys moves seat's cursor over t.offer or confirms its choice.
func (t *table) keys(ctx *scenes.Context, seat int, b rulesets.Buttons) (ninjan.Action, bool) {
	n := len(t.offer)
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
		return t.choose(seat, *c)
	}
	return ninjan.Action{}, false
}

// choose takes option k of t.offer for seat; the offer is spent.
func (t *table) choose(seat, k int) (ninjan.Action, bool) {
	a := t.offer[k]
	t.cursor[seat], t.offer, t.hover = 0, t.offer[:0], -1
	return a, true
}

// offered returns the options the acting seat is offered on this tick, or
// none, and the one highlighted.
func (t *table) offered(st *cardtable.Status) (offer []ninjan.Action, highlighted int) {
	seat := st.Acting
	if seat < 0 || seat != t.offeredTo || t.offeredAt != st.Tick || len(t.offer) == 0 {
		return nil, -1
	}
	k := t.cursor[seat]
	if t.hover >= 0 {
		k = t.hover
	}
	return t.offer, min(max(k, 0), len(t.offer)-1)
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
