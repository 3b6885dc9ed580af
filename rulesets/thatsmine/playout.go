package thatsmine

import "math"

// maxFinalists bounds budget.finalists.
const maxFinalists = 12

// refine plays out the best candidates of the one-round evaluation
// further: a UCB1 bandit over the finalists (a determinized Monte Carlo
// tree search of depth one at the root), each playout on a fresh
// determinization running several rounds, the opponents playing by the
// model and the bot by a fast policy, so that what a card is worth later
// and what the coming rounds will cost count, and ending in the token
// estimate. It returns the index of the candidate to play (mix).
func (b *searchBot) refine(v *View) int {
	var final [maxFinalists]int
	k := min(b.finalists, len(b.cands), maxFinalists)
	for i := range k {
		// Selection of the k best first-stage totals, in order.
		best := -1
		for c := range b.cands {
			taken := false
			for _, f := range final[:i] {
				taken = taken || f == c
			}
			if !taken && (best < 0 || b.totals[c] > b.totals[best]) {
				best = c
			}
		}
		final[i] = best
	}
	var sum [maxFinalists]float64
	var n [maxFinalists]int
	var w world
	total := k * b.playouts
	for t := range total {
		i := t
		if t >= k {
			i = ucb1(sum[:k], n[:k], t)
		}
		b.determinize(v, &w)
		sum[i] += b.playout(v, &w, b.cands[final[i]])
		n[i]++
	}
	return final[b.mix(sum[:k], n[:k])]
}

// mix returns the finalist to play: one drawn, in proportion to the square
// of the playouts the bandit gave it, from those whose mean is within
// budget.mix of the best. That is a mixed strategy, as information-set
// search plays in a game of secret choices, so that the bot cannot be read
// and answered; but only among candidates the search cannot tell apart, so
// that it costs no strength. Squaring favours the candidates the bandit
// trusted.
func (b *searchBot) mix(sum []float64, n []int) int {
	best := 0
	for i := range sum {
		if sum[i]/float64(n[i]) > sum[best]/float64(n[best]) {
			best = i
		}
	}
	floor := sum[best]/float64(n[best]) - b.budget.mix
	var near [maxFinalists]int // n, less the finalists below the floor
	for i := range sum {
		if sum[i]/float64(n[i]) >= floor {
			near[i] = n[i]
		}
	}
	return b.rng.BySquares(near[:len(n)])
}

// ucb1 picks the arm with the best upper confidence bound.
func ucb1(sum []float64, n []int, t int) int {
	const explore = 0.35 // values live in [0, 1]; ties of chance are small
	best, bestBound := 0, math.Inf(-1)
	logT := math.Log(float64(t))
	for i := range sum {
		bound := sum[i]/float64(n[i]) + explore*math.Sqrt(logT/float64(n[i]))
		if bound > bestBound {
			best, bestBound = i, bound
		}
	}
	return best
}

// rollout is the light state a playout runs on.
type rollout struct {
	players, target, handSize int
	hands                     [MaxPlayers]CardSet
	discard                   CardSet
	tokens                    [MaxPlayers]int
	supply                    int
	play                      [MaxPlayers]Card
	wager                     [MaxPlayers]int
}

// playout plays a in world w, then up to budget.depth more rounds, and
// returns the value for the bot's seat.
func (b *searchBot) playout(v *View, w *world, a Action) float64 {
	setup, _ := SetupFor(v.Players)
	r := rollout{players: v.Players, target: v.Target, handSize: setup.HandSize,
		hands: w.hands, discard: v.Discard, tokens: v.Tokens, supply: v.Supply,
		play: w.play, wager: w.wager}
	me := v.Seat
	r.play[me], r.wager[me] = a.Card, a.Wager
	for depth := 0; ; depth++ {
		if winner, over := b.playRound(&r); over {
			return endValue(&r, me, winner)
		}
		if depth == b.depth {
			return b.growth.winChance(&r.tokens, r.players, me)
		}
		if r.hands[0] == 0 {
			b.redeal(&r)
		}
		if r.supply == 0 {
			return endValue(&r, me, -1)
		}
		r.supply--
		for seat := range r.players {
			if seat == me {
				r.play[seat] = b.rolloutCard(r.hands[seat], r.discard)
				r.wager[seat] = rolloutWager(r.play[seat], r.hands[seat], r.discard, r.tokens[seat])
			} else {
				r.play[seat] = b.modelCard(seat, r.hands[seat], r.discard)
				r.wager[seat] = b.modelWager(seat, r.tokens[seat])
			}
		}
	}
}

// playRound resolves the chosen plays (the kitty's token already taken
// from the supply) and reports a winner at the target.
func (b *searchBot) playRound(r *rollout) (winner int, over bool) {
	survivor, pot := resolveFast(r.players, &r.play, &r.wager)
	for seat := range r.players {
		r.tokens[seat] -= r.wager[seat]
		r.hands[seat] &^= r.play[seat].set()
		r.discard |= r.play[seat].set()
	}
	r.tokens[survivor] += pot + 1
	return survivor, r.tokens[survivor] >= r.target
}

// redeal shuffles all 36 cards into new hands.
func (b *searchBot) redeal(r *rollout) {
	deck := shuffledDeck(&b.rng)
	for seat := range r.players {
		r.hands[seat] = NewCardSet(deck[seat*r.handSize : (seat+1)*r.handSize]...)
	}
	r.discard = 0
}

// endValue values a finished playout: 1 for a sole win, a share of a tie.
func endValue(r *rollout, me, winner int) float64 {
	if winner >= 0 {
		if winner == me {
			return 1
		}
		return 0
	}
	most, ties := 0, 0
	for seat := range r.players {
		most = max(most, r.tokens[seat])
	}
	for seat := range r.players {
		if r.tokens[seat] == most {
			ties++
		}
	}
	if r.tokens[me] != most {
		return 0
	}
	return 1 / float64(ties)
}

// rolloutCard is the bot's own card in its playouts (the opponents play
// by the model, modelCard): the strongest-looking card half the time, any
// card otherwise.
func (b *searchBot) rolloutCard(hand, discard CardSet) Card {
	if b.rng.IntN(2) == 0 {
		return strongest(hand, AllCards&^hand&^discard)
	}
	return hand.nth(b.rng.IntN(hand.Len()))
}

// rolloutWager stakes up to half the tokens in proportion to how strong
// the card looks.
func rolloutWager(c Card, hand, discard CardSet, tokens int) int {
	others := AllCards &^ hand &^ c.set() &^ discard
	if others == 0 {
		return 0
	}
	return tokens * strength(c, others) / (2 * others.Len())
}
