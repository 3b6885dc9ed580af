package elevensuits

import "github.com/jankenarcade/janken/rulesets"

// mind is what one seat knows of the table, in the compact form the
// one-ply policies read: the cards it can name, the suits it can see. It
// is built from a View (the bots' own seat, after their memory has done
// its work) or from a State for any seat (inside search playouts, where
// each simulated player acts on its own knowledge only).
type mind struct {
	seat    int
	suits   int
	players int
	knows   uint64 // bit c: the seat can name card c's place
	handN   [MaxPlayers]int8
	hand    [MaxPlayers][HandSize]Card // NoCard where the seat cannot name it
	suit    [MaxPlayers][HandSize]int8
	seenBy  [HandSize]rulesets.Audience // who knows each card of the seat's own hand
	attack  Card                        // the attacking card if known
	atSuit  int8                        // its suit, -1 if no attack
}

// fromState fills m with what seat knows in s (a perfect memory).
func (m *mind) fromState(s *State, seat int) {
	m.seat, m.suits, m.players, m.knows = seat, s.cfg.Suits, s.cfg.Players, 0
	for c, k := range s.known[:3*s.cfg.Suits] {
		if k.Sees(seat) {
			m.knows |= 1 << c
		}
	}
	for p := range s.cfg.Players {
		m.handN[p] = s.hands[p].n
		for i, c := range s.hands[p].cards() {
			m.suit[p][i] = int8(c.Suit())
			m.hand[p][i] = m.ifKnown(c)
			if p == seat {
				m.seenBy[i] = s.known[c]
			}
		}
	}
	m.attack, m.atSuit = NoCard, -1
	if s.attack != NoCard {
		m.attack, m.atSuit = m.ifKnown(s.attack), int8(s.attack.Suit())
	}
}

func (m *mind) ifKnown(c Card) Card {
	if m.knows&(1<<c) != 0 {
		return c
	}
	return NoCard
}

// fromView fills m from v, whose forgotten cards are already NoCard.
func (m *mind) fromView(v *View) {
	m.seat, m.suits, m.players, m.knows = v.Seat, v.Config.Suits, v.Config.Players, 0
	note := func(sl Slot) {
		if sl.Card != NoCard {
			m.knows |= 1 << sl.Card
		}
	}
	for p := range v.Config.Players {
		m.handN[p] = int8(v.HandLen[p])
		for i, sl := range v.Hand(p) {
			note(sl)
			m.hand[p][i], m.suit[p][i] = sl.Card, sl.Suit
			if p == v.Seat {
				m.seenBy[i] = sl.KnownBy
			}
		}
		for _, sl := range v.Grave(p) {
			note(sl)
		}
	}
	for _, sl := range v.DeckSlots() {
		note(sl)
	}
	note(v.Attack)
	m.attack, m.atSuit = v.Attack.Card, v.Attack.Suit
}

// odds returns, in sixths, how likely a card of suit whose place the seat
// cannot name is each symbol: the cards of that suit it cannot place are
// equally likely to be there.
func (m *mind) odds(suit int) (w [4]int) {
	n := 0
	for sym := 1; sym <= 3; sym++ {
		if m.knows&(1<<(3*suit+sym-1)) == 0 {
			w[sym] = 1
			n++
		}
	}
	if n == 0 { // an inconsistent memory: treat as even
		return [4]int{0, 2, 2, 2}
	}
	for sym := 1; sym <= 3; sym++ {
		w[sym] *= 6 / n
	}
	return w
}

// slotOdds is odds for a slot whose card may be known.
func (m *mind) slotOdds(c Card, suit int) [4]int {
	if c != NoCard {
		var w [4]int
		w[c.Symbol()] = 6
		return w
	}
	return m.odds(suit)
}

// handOdds returns the expected number of each symbol in seat p's hand, in
// sixths.
func (m *mind) handOdds(p int) (w [4]int) {
	for i := range int(m.handN[p]) {
		o := m.slotOdds(m.hand[p][i], int(m.suit[p][i]))
		for sym := 1; sym <= 3; sym++ {
			w[sym] += o[sym]
		}
	}
	return w
}

// edge is how much card symbol a gains against a distribution of answers:
// the weight it beats minus the weight that beats it.
func edge(a rulesets.Symbol, w [4]int) int { return w[a.Victim()] - w[a.Beater()] }

// greedyDefend returns the hand index that does best against the likeliest
// attacking symbols.
func (m *mind) greedyDefend() int {
	w := m.slotOdds(m.attack, int(m.atSuit))
	best, bestEdge := 0, -1<<30
	for i := range int(m.handN[m.seat]) {
		if e := edge(m.hand[m.seat][i].Symbol(), w); e > bestEdge {
			best, bestEdge = i, e
		}
	}
	return best
}

// greedyAttack returns the hand index that does best against the
// defender's likely answers, taken as a card from its hand at random.
// wary also avoids cards the defender is known to know.
func (m *mind) greedyAttack(def int, wary bool) int {
	w := m.handOdds(def)
	best, bestEdge := 0, -1<<30
	for i := range int(m.handN[m.seat]) {
		sym := m.hand[m.seat][i].Symbol()
		e := edge(sym, w)
		if wary && m.seenBy[i].Sees(def) && w[sym.Beater()] > 0 {
			e -= 6 * HandSize
		}
		if e > bestEdge {
			best, bestEdge = i, e
		}
	}
	return best
}
