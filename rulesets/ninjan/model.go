package ninjan

import "github.com/jankenarcade/janken/rulesets"

// The hard bot's opponent model spends modelShare percent of a secret
// choice's playouts on the other seats.
const modelShare = 30

// The table's level is the weight, out of levelScale, of the belief that
// the other seats choose their secret card as the model does rather than
// at random: a Bayesian posterior between the two, started at an even
// chance and updated by every card the table reveals. It stays between
// levelMin and levelScale-levelMin, so that a player who changes style is
// followed, and a predicted player is still never certain.
const (
	levelScale = 1 << 10
	levelMin   = levelScale / 16
)

// model is the hard bot's picture of how the other seats choose their
// secret card: each plays like a reasonable bot would, one that searches
// from its own seat. For every other seat and every card it might hold,
// model keeps the mean reward that seat would expect from playing the
// card now, found by playouts dealt from that seat's point of view (the
// bot's own hand as unknown to it as the rest). It depends on no other
// bot's code, and it sees only the view.
type model struct {
	sum   [MaxPlayers][NumCards]float64
	n     [MaxPlayers][NumCards]int32
	seats [MaxPlayers]int8 // the modelled seats: those still to reveal a card
	nSeat int

	level int // the table's level (see levelScale)

	// The last fit's round and candidate cards, kept to score the cards
	// its seats played then, once they show.
	fitRound  int
	fitUnseen CardSet
}

// newModel returns a model without a fit, at an even level.
func newModel() model { return model{level: levelScale / 2} }

// fitModel spends playouts estimating, for every other seat still to
// reveal its card and every card it might hold, what playing that card
// now is worth to it.
func (s *search) fitModel(v *View, rng *rulesets.Rand, playouts int) {
	m := &s.model
	m.learn(v)
	m.fitRound, m.fitUnseen = v.Round, v.Unseen()
	m.nSeat = 0
	for o := 0; o < v.Config.Players; o++ {
		if o != v.Seat && !v.Played[o].Valid() && (v.HandSize[o] > 0 || v.Chosen[o]) {
			m.seats[m.nSeat] = int8(o)
			m.nSeat++
			clear(m.sum[o][:])
			clear(m.n[o][:])
		}
	}
	unseen := v.Unseen()
	cands := unseen.Len()
	if m.nSeat == 0 || cands == 0 {
		return
	}
	for it := range playouts {
		if s.pause != nil && it%pauseEvery == pauseEvery-1 {
			s.pause()
		}
		o := int(m.seats[it%m.nSeat])
		c := unseen.Nth((it / m.nSeat) % cands)
		s.dealFor(v, rng, o, c)
		s.world.apply(o, PlayCard(c))
		m.sum[o][c.Index()] += s.rollout(o, rng)
		m.n[o][c.Index()]++
	}
}

// dealFor fills s.world with a game as seat o might picture it when it
// holds c: every other hand, and every face-down card, dealt at random
// from the cards o cannot see.
func (s *search) dealFor(v *View, rng *rulesets.Rand, o int, c Card) {
	w := s.publicWorld(v, rng)
	s.deal.start((v.Unseen() | v.Hand).Without(c))
	for seat := 0; seat < v.Config.Players; seat++ {
		size := int(v.HandSize[seat])
		if seat == o {
			// o's hand before its choice: c and the rest.
			w.hands[o] = w.hands[o].With(c)
			if !v.Chosen[o] {
				size--
			}
		}
		for range size {
			w.hands[seat] = w.hands[seat].With(s.deal.draw(rng))
		}
		if seat != o && v.Chosen[seat] {
			w.played[seat] = s.deal.draw(rng)
		}
	}
	w.box = s.deal.rest()
}

// predict has each modelled seat of s.world choose its secret card from
// its dealt hand (a face-down card re-dealt to it goes back into the
// hand): with the table's level for chance the card the model values
// most, else a card at random, the two kinds of player level weighs.
func (s *search) predict(rng *rulesets.Rand) {
	w, m := &s.world, &s.model
	for _, o := range m.seats[:m.nSeat] {
		if c := w.played[o]; c.Valid() {
			w.hands[o] = w.hands[o].With(c)
			w.played[o] = Card{}
		}
		h := w.hands[o]
		c := h.Nth(rng.IntN(h.Len()))
		if rng.IntN(levelScale) < m.level {
			c = m.best(int(o), h)
		}
		w.apply(int(o), PlayCard(c))
	}
}

// best returns the card of hand the model values most for seat o (a card
// the model has no playout of counts as an even chance).
func (m *model) best(o int, hand CardSet) Card {
	var best Card
	bestV := -1.0
	for h := hand; h != 0; h &= h - 1 {
		c := h.Nth(0)
		if v := m.value(o, c); v > bestV {
			best, bestV = c, v
		}
	}
	return best
}

// learn updates the table's level by the cards the modelled seats played
// in the last fit's round, now shown in v: each card is as likely under a
// uniform pick wherever the model ranked it, and under the model's pick
// as rankLikelihood says for its rank.
func (m *model) learn(v *View) {
	if m.nSeat == 0 || v.Round <= m.fitRound {
		return
	}
	shown := m.fitUnseen &^ v.Unseen()
	if v.Round > m.fitRound+1 {
		shown = 0 // a round unseen: its cards cannot be told apart
	}
	for ; shown != 0; shown &= shown - 1 {
		w := int64(m.level) * rankLikelihood[m.rank(shown.Nth(0))]
		level := int(w * levelScale / (w + int64(levelScale-m.level)*likelihoodScale))
		m.level = max(levelMin, min(levelScale-levelMin, level))
	}
}

// rankLikelihood is the density, out of likelihoodScale, of the rank q
// (out of rankScale) of a card chosen as the model would choose:
// 2e^(2q)/(e²−1) for q in [0, 1], from 0.31 for the model's last card to
// 2.31 for its first. It is the shape a searching player's cards take:
// over 300 games of Hard against Medium, Medium's 2,095 cards fell in the
// model's ten deciles of rank, lowest first, 2.8, 3.2, 4.6, 5.1, 4.9,
// 9.1, 11.1, 17.1, 19.7 and 22.3% of the time. A random player's cards
// fall evenly, and each tells against the model by 0.16 nats on average,
// so that over one game's nine cards a random player's level falls from
// even to about a fifth. Integers, so that every platform learns the same
// level.
var rankLikelihood = [rankScale + 1]int64{
	321, 331, 341, 352, 363, 375, 387, 399, 412, 425, 438, 452, 466, 481, 496, 512,
	528, 545, 563, 580, 599, 618, 637, 658, 679, 700, 722, 745, 769, 793, 819, 845,
	871, 899, 928, 957, 987, 1019, 1051, 1084, 1119, 1154, 1191, 1229, 1268, 1308, 1350, 1392,
	1437, 1482, 1529, 1578, 1628, 1680, 1733, 1788, 1845, 1903, 1964, 2026, 2090, 2157, 2225, 2296,
	2369,
}

// likelihoodScale is rankLikelihood's density 1.
const likelihoodScale = 1024

// rankScale is the scale of rank's result.
const rankScale = 64

// rank returns where the last fit ranked c among its candidate cards, out
// of rankScale (0 the least valued, rankScale the most), averaged over
// the modelled seats, since the card's owner is not told.
func (m *model) rank(c Card) int64 {
	others := int64(m.fitUnseen.Len() - 1)
	if others <= 0 {
		return rankScale / 2
	}
	var total int64
	for _, o := range m.seats[:m.nSeat] {
		vc := m.value(int(o), c)
		var below int64 // counted twice, ties once
		for u := m.fitUnseen.Without(c); u != 0; u &= u - 1 {
			switch vu := m.value(int(o), u.Nth(0)); {
			case vu < vc:
				below += 2
			case vu == vc:
				below++
			}
		}
		total += below * rankScale / (2 * others)
	}
	return total / int64(m.nSeat)
}

// value returns the model's mean reward for seat o playing c now (an even
// chance for a card it has no playout of).
func (m *model) value(o int, c Card) float64 {
	if n := m.n[o][c.Index()]; n > 0 {
		return m.sum[o][c.Index()] / float64(n)
	}
	return 0.5
}
