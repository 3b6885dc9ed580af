package ninjan

import (
	"math"

	"github.com/jankenarcade/janken/rulesets"
)

// Playout budgets per decision. They are counts, not times, so a bot's
// choice never depends on the machine it runs on. Medium makes a fixed
// number of playouts. Hard's budget is work: card plays simulated, so that
// a smaller table or a later round, whose playouts are shorter, gets more
// of them in the same time; the largest table's first decision (the
// longest playouts) gets hardWork / (5 × 9) of them.
const (
	mediumPlayouts = 200
	hardWork       = 2500 * MaxPlayers * Rounds
	maxPlayouts    = 10000
)

// search is determinized Monte Carlo search over the cards a seat cannot
// see. Each playout re-deals the unseen cards among the other hands, the
// others' face-down choices and the box, picks a root action by UCB1, then
// plays the game out with a fast policy for every seat. Before it chooses
// a secret card the hard bot first models the other seats (see model),
// and its playouts have them play what the model predicts as often as the
// table's level says. In the secret choice of a card the bot plays a
// mixed strategy, as information-set search does: an action drawn by how
// often the search played it (rulesets.Rand.BySquares), among those the
// search cannot tell from the best (finalists), so that it cannot be read
// and answered; in the open claims and placements it plays the action
// played most. Steady-state playouts allocate nothing: the state
// is a pointer-free value copied into a reused buffer.
type search struct {
	playouts int    // a fixed budget (medium), or 0
	work     int    // a budget of card plays per decision (hard), or 0
	smart    bool   // heuristic rollouts and an opponent model (hard); uniform cards otherwise (medium)
	pause    func() // called every pauseEvery playouts, if set (Bot.SetPause)

	visits [NumCards]int
	reward [NumCards]float64
	weight [NumCards]int // of the mixed strategy (finalists)
	world  State
	deal   deal
	model  model

	// seeAll, set only by the tests' all-seeing yardstick, is the true
	// game, whose hands replace the re-dealt ones (the others' secret
	// cards stay unchosen, back in their hands): how strong the bot would
	// be if it could infer every hand.
	seeAll *State
}

func newSearch(playouts, work int, smart bool) *search {
	return &search{playouts: playouts, work: work, smart: smart, model: newModel()}
}

// budget returns the number of playouts for a decision in v.
func (s *search) budget(v *View) int {
	if s.work == 0 {
		return s.playouts
	}
	return min(s.work/(v.Config.Players*max(Rounds-v.Round+1, 1)), maxPlayouts)
}

// choose returns the bot's pick of legal (at least two actions) for v's
// seat.
func (s *search) choose(v *View, rng *rulesets.Rand, legal []Action) Action {
	n := len(legal)
	clear(s.visits[:n])
	clear(s.reward[:n])
	playouts := s.budget(v)
	modelled := v.Phase == PhasePlay && s.smart
	if modelled {
		fit := playouts * modelShare / 100
		s.fitModel(v, rng, fit)
		playouts -= fit
	}
	for it := range playouts {
		if s.pause != nil && it%pauseEvery == pauseEvery-1 {
			s.pause()
		}
		k := s.pick(n, it)
		s.determinize(v, rng)
		if modelled {
			s.predict(rng)
		}
		s.world.apply(v.Seat, legal[k])
		s.reward[k] += s.rollout(v.Seat, rng)
		s.visits[k]++
	}
	return legal[s.final(v.Phase, n, rng)]
}

// final returns the index of the action to play after the playouts: the
// most visited (the better reward on a tie), except in the secret choice
// of a card (hard), where the bot mixes among the finalists.
func (s *search) final(phase Phase, n int, rng *rulesets.Rand) int {
	best := 0
	for k := 1; k < n; k++ {
		if s.visits[k] > s.visits[best] || s.visits[k] == s.visits[best] && s.reward[k] > s.reward[best] {
			best = k
		}
	}
	if phase != PhasePlay || !s.smart {
		return best
	}
	return rng.BySquares(s.finalists(n, best))
}

// finalists returns the weights of a mixed strategy that gives away as
// little as the search can tell: the visits of every action whose mean
// reward is within one standard error of best's, 0 for the others, so
// that a card the playouts found worse is never played to be unreadable.
// The standard error takes rewards as a coin's (they lie in [0, 1]), an
// upper bound that costs no sum of squares.
func (s *search) finalists(n, best int) []int {
	top := s.reward[best] / float64(s.visits[best])
	for k := range n {
		s.weight[k] = 0
		if s.visits[k] == 0 {
			continue
		}
		mean := s.reward[k] / float64(s.visits[k])
		se := math.Sqrt(top*(1-top)/float64(s.visits[best]) + mean*(1-mean)/float64(s.visits[k]))
		if mean >= top-se {
			s.weight[k] = s.visits[k]
		}
	}
	return s.weight[:n]
}

// pauseEvery is how many playouts a search makes between pauses: about
// 2 ms of WebAssembly.
const pauseEvery = 64

// explore is UCB1's exploration constant for rewards in [0, 1].
const explore = 0.7

// pick chooses the root action of playout it by UCB1, trying each once
// first.
func (s *search) pick(n, it int) int {
	if it < n {
		return it
	}
	logN := math.Log(float64(it))
	best, bestU := 0, -1.0
	for k := range n {
		u := s.reward[k]/float64(s.visits[k]) + explore*math.Sqrt(logN/float64(s.visits[k]))
		if u > bestU {
			best, bestU = k, u
		}
	}
	return best
}

// determinize fills s.world with a game consistent with v: the unseen cards
// dealt at random to the other hands, the others' unrevealed choices and
// the box.
func (s *search) determinize(v *View, rng *rulesets.Rand) {
	w := s.publicWorld(v, rng)
	s.deal.start(v.Unseen())
	for seat := 0; seat < v.Config.Players; seat++ {
		w.played[seat] = v.Played[seat]
		if seat == v.Seat {
			w.hands[seat] = v.Hand
			continue
		}
		for range v.HandSize[seat] {
			w.hands[seat] = w.hands[seat].With(s.deal.draw(rng))
		}
		if v.Chosen[seat] && !v.Played[seat].Valid() {
			w.played[seat] = s.deal.draw(rng)
		}
	}
	w.box = s.deal.rest()
	if s.seeAll != nil {
		s.dealTrue(v)
	}
}

// deal is a shuffle made one card at a time, as a re-deal needs them (a
// Fisher–Yates shuffle stopped early): the cards not drawn go to the box,
// whose order does not matter.
type deal struct {
	cards [NumCards]Card
	n     int     // cards in the deal
	drawn int     // cards drawn so far, in cards[:drawn]
	set   CardSet // the deal's cards
	taken CardSet // the cards drawn
}

// start readies a deal of the cards of set.
func (d *deal) start(set CardSet) {
	d.n, d.drawn, d.set, d.taken = 0, 0, set, 0
	for u := set; u != 0; u &= u - 1 {
		d.cards[d.n] = u.Nth(0)
		d.n++
	}
}

// draw returns a card drawn at random from those not drawn yet.
func (d *deal) draw(rng *rulesets.Rand) Card {
	i := d.drawn
	j := i + rng.IntN(d.n-i)
	d.cards[i], d.cards[j] = d.cards[j], d.cards[i]
	d.drawn++
	d.taken = d.taken.With(d.cards[i])
	return d.cards[i]
}

// rest returns the cards not drawn, as a set.
func (d *deal) rest() CardSet { return d.set &^ d.taken }

// publicWorld resets s.world to what every seat sees of v: no hands, no
// face-down cards, no box.
func (s *search) publicWorld(v *View, rng *rulesets.Rand) *State {
	w := &s.world
	*w = State{
		cfg: v.Config, round: int8(v.Round - 1), phase: v.Phase,
		piles: v.Piles, taken: v.Taken, points: v.Points,
		order: v.Order, orderN: v.OrderN, next: v.Next,
		contenders: v.Contenders, winners: v.Won, quiet: true,
		rng: rulesets.NewRand(rng.Uint64()),
	}
	if v.Phase == PhaseDecider || v.Phase == PhaseOver {
		w.round = Rounds
	}
	return w
}

// dealTrue replaces the re-dealt hands and box of s.world by those of
// s.seeAll, the others' face-down cards put back in their hands.
func (s *search) dealTrue(v *View) {
	w, truth := &s.world, s.seeAll
	for seat := 0; seat < v.Config.Players; seat++ {
		if seat == v.Seat {
			continue
		}
		w.hands[seat], w.played[seat] = truth.hands[seat], v.Played[seat]
		if c := truth.played[seat]; c.Valid() && !v.Played[seat].Valid() {
			w.hands[seat] = w.hands[seat].With(c)
		}
	}
	w.box = truth.box
}

// rollout plays s.world to the end and returns seat's reward: 1 for a win
// (1/k for a k-way tie), nudged by the score margin so that among losing
// lines the closer one counts for more.
func (s *search) rollout(seat int, rng *rulesets.Rand) float64 {
	w := &s.world
	for w.phase != PhaseDecider && w.phase != PhaseOver {
		switch w.phase {
		case PhasePlay:
			for p := 0; p < w.cfg.Players && w.phase == PhasePlay; p++ {
				if w.played[p] == (Card{}) {
					w.apply(p, PlayCard(s.rolloutCard(p, rng)))
				}
			}
		case PhaseClaim:
			r := int(w.order[w.next])
			w.apply(r, ClaimPile(bestPile(&w.piles, w.beatenMask(w.played[r].Suit))))
		case PhasePlace:
			r := int(w.order[w.next])
			w.apply(r, PlaceOn(worstPile(&w.piles)))
		}
	}
	best := -1 << 15
	for p := 0; p < w.cfg.Players; p++ {
		if p != seat {
			best = max(best, int(w.points[p]))
		}
	}
	mine := int(w.points[seat])
	margin := float64(mine-best) / 100
	margin = max(-0.1, min(0.1, margin))
	switch {
	case mine > best:
		return 0.9 + margin
	case mine == best:
		top := w.topScorers()
		return 0.9 / float64(popcount3(top))
	}
	return 0.1 + margin
}

// rolloutCard picks seat's card in a playout: uniformly at random for the
// medium bot; for the hard bot, half the time the card that would claim the
// richest pile as the piles stand.
func (s *search) rolloutCard(seat int, rng *rulesets.Rand) Card {
	h := s.world.hands[seat]
	if s.smart && rng.IntN(2) == 0 {
		return naiveCard(&s.world.piles, h)
	}
	return h.Nth(rng.IntN(h.Len()))
}
