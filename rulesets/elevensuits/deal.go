package elevensuits

import "github.com/jankenarcade/janken/rulesets"

// place names one card position of a State.
type place struct {
	where   int8 // placeHand, placeGrave, placeDeck, placeRemoved or placeAttack
	seat, i int8
	suit    int8 // the suit on the back, -1 if the seat cannot see it
	knownBy rulesets.Audience
}

const (
	placeHand int8 = iota
	placeGrave
	placeDeck
	placeRemoved
	placeAttack
)

func (s *State) cardAt(p place) *Card {
	switch p.where {
	case placeHand:
		return &s.hands[p.seat].c[p.i]
	case placeGrave:
		return &s.graves[p.seat].c[p.i]
	case placeDeck:
		return &s.deck.c[p.i]
	case placeRemoved:
		return &s.removed.c[p.i]
	}
	return &s.attack
}

// sampler re-deals what one seat cannot see: each sample is a whole State
// that agrees with the seat's View (its own cards, every suit it can see,
// every card it remembers) and places the rest uniformly at random. Search
// bots play their playouts on such samples, never on the real hidden
// cards.
type sampler struct {
	base    State // the known cards placed, NoCard in the holes
	holes   [NumCards]place
	nHoles  int
	missing [NumSuits][3]Card // cards of each suit not placed
	nMiss   [NumSuits]int8
	spare   [NumCards]Card
}

// init prepares samples of the positions consistent with v.
func (sm *sampler) init(v *View) {
	s := &sm.base
	*s = State{cfg: v.Config, phase: v.Phase, turn: int32(v.Turn), attacker: int8(max(v.Attacker, 0)),
		target: int8(v.Target), dir: int8(v.Dir), out: v.Out, attack: NoCard, events: s.events[:0]}
	s.named, s.nNamed = v.Named, int8(v.NamedLen)
	for p := range v.Config.Players {
		if v.Contenders[p] {
			s.contenders |= rulesets.Only(p)
		}
	}
	sm.nHoles = 0
	var placed uint64
	put := func(pl *pile, sl Slot, where int8, seat, i int) {
		pl.push(sl.Card)
		sm.note(sl, place{where: where, seat: int8(seat), i: int8(i), suit: sl.Suit, knownBy: sl.KnownBy}, &placed)
	}
	for p := range v.Config.Players {
		for i, sl := range v.Hand(p) {
			put(&s.hands[p], sl, placeHand, p, i)
		}
		for i, sl := range v.Grave(p) {
			put(&s.graves[p], sl, placeGrave, p, i)
		}
	}
	deck := v.DeckSlots()
	for i, sl := range deck {
		put(&s.deck, sl, placeDeck, 0, i)
	}
	for i, sl := range v.RemovedSlots() {
		put(&s.removed, sl, placeRemoved, 0, i)
	}
	if v.Attack.Suit >= 0 {
		s.attack = v.Attack.Card
		sm.note(v.Attack, place{where: placeAttack, suit: v.Attack.Suit, knownBy: v.Attack.KnownBy}, &placed)
	}
	s.fresh = 0
	if len(deck) > 0 && deck[0].KnownBy == 0 {
		s.fresh = 1
		for _, sl := range deck[1:] {
			if sl.Suit >= 0 {
				break
			}
			s.fresh++
		}
	}
	sm.nMiss = [NumSuits]int8{}
	for c := range Card(3 * v.Config.Suits) {
		if placed&(1<<c) == 0 {
			su := c.Suit()
			sm.missing[su][sm.nMiss[su]] = c
			sm.nMiss[su]++
		}
	}
}

// note records a known card's knowledge, or a hole to fill.
func (sm *sampler) note(sl Slot, p place, placed *uint64) {
	if sl.Card != NoCard {
		*placed |= 1 << sl.Card
		sm.base.known[sl.Card] = sl.KnownBy
		return
	}
	sm.holes[sm.nHoles] = p
	sm.nHoles++
}

// deal writes one random sample into dst, drawing from r.
func (sm *sampler) deal(dst *State, r *rulesets.Rand) {
	dst.CopyFrom(&sm.base)
	dst.ClearEvents()
	nSpare := 0
	for su := range sm.base.cfg.Suits {
		pool := sm.missing[su]
		n := int(sm.nMiss[su])
		for i := n - 1; i > 0; i-- {
			j := r.IntN(i + 1)
			pool[i], pool[j] = pool[j], pool[i]
		}
		for _, h := range sm.holes[:sm.nHoles] {
			if int(h.suit) == su {
				n--
				sm.fill(dst, h, pool[n])
			}
		}
		nSpare += copy(sm.spare[nSpare:], pool[:max(n, 0)])
	}
	for i := nSpare - 1; i > 0; i-- {
		j := r.IntN(i + 1)
		sm.spare[i], sm.spare[j] = sm.spare[j], sm.spare[i]
	}
	for _, h := range sm.holes[:sm.nHoles] {
		if h.suit < 0 {
			nSpare--
			sm.fill(dst, h, sm.spare[nSpare])
		}
	}
}

func (sm *sampler) fill(dst *State, h place, c Card) {
	*dst.cardAt(h) = c
	dst.known[c] = h.knownBy
}
