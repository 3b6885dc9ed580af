package thatsmine

// The Hard bot's belief about the hidden hands. Every play card an
// opponent reveals was chosen from the hand it held then, so a re-deal of
// the unseen cards is likely in proportion to how likely the opponent's
// actual plays of this deal were, under the opponent model, from the hands
// that re-deal gives it (belief-weighted determinization). The re-deals
// are drawn by a Metropolis chain of card swaps whose stationary
// distribution is that belief; how often each opponent plays its
// strongest-looking card is learned from the deals it has finished, when
// all its cards of the deal have been shown.

// maxHand is the largest hand (three players).
const maxHand = 10

// playSeen is one opponent's revealed play card and the discard pile it
// was chosen against.
type playSeen struct {
	card    Card
	discard CardSet
}

// Strongest-card rates are percentages, clamped so that no re-deal is
// ever impossible: a model that is sure is a model that can be fooled.
const (
	minStrongest = 5
	maxStrongest = 95
)

// belief is what the bot remembers of the opponents' plays.
type belief struct {
	deal     int  // the deal the plays belong to
	complete bool // every round of the deal was seen
	plays    [MaxPlayers][maxHand]playSeen
	nPlays   [MaxPlayers]int
	// hits and tries count, over finished deals, the plays that were the
	// opponent's strongest-looking card out of those with a choice.
	hits, tries [MaxPlayers]int
}

// strongestRate returns the percentage of plays modelled as seat's
// strongest-looking card: prior is the rate before anything is learned
// (it counts as two plays).
func (bl *belief) strongestRate(seat, prior int) int {
	rate := (100*bl.hits[seat] + 2*prior) / (bl.tries[seat] + 2)
	return min(max(rate, minStrongest), maxStrongest)
}

// record adds the opponents' plays of a revealed round, chosen against
// discard, to the deal's history.
func (bl *belief) record(v *View, discard CardSet) {
	for seat := range v.Players {
		if seat != v.Seat && bl.nPlays[seat] < maxHand {
			bl.plays[seat][bl.nPlays[seat]] = playSeen{v.Last.Cards[seat], discard}
			bl.nPlays[seat]++
		}
	}
}

// newDeal learns from the finished deal's plays (when every one was seen,
// they are the opponent's whole hand) and starts deal.
func (bl *belief) newDeal(deal, players, handSize int) {
	if bl.complete {
		for seat := range players {
			if bl.nPlays[seat] == handSize {
				bl.learn(seat)
			}
		}
	}
	bl.deal, bl.complete = deal, true
	bl.nPlays = [MaxPlayers]int{}
}

// learn counts how often seat's plays of a whole deal were its
// strongest-looking card, replaying the hand it held.
func (bl *belief) learn(seat int) {
	var hand CardSet
	for _, p := range bl.plays[seat][:bl.nPlays[seat]] {
		hand |= p.card.set()
	}
	for _, p := range bl.plays[seat][:bl.nPlays[seat]] {
		if hand.Len() > 1 {
			bl.tries[seat]++
			if strongest(hand, AllCards&^hand&^p.discard) == p.card {
				bl.hits[seat]++
			}
		}
		hand &^= p.card.set()
	}
}

// likelihood returns how likely seat's plays of this deal were had it held
// hand (and the cards it played since each) when each was chosen, up to a
// factor common to every hand: a play is its strongest-looking card with
// rate percent, else any card of the hand.
func (bl *belief) likelihood(seat int, hand CardSet, rate int) float64 {
	l := 1.0
	for i := bl.nPlays[seat] - 1; i >= 0; i-- {
		p := bl.plays[seat][i]
		hand |= p.card.set()
		// P = rate/100·[strongest] + (100-rate)/100/|hand|; times 100·|hand|.
		f := 100 - rate
		if strongest(hand, AllCards&^hand&^p.discard) == p.card {
			f += rate * hand.Len()
		}
		l *= float64(f)
	}
	return l
}

// burnIn is how many swaps the chain proposes before its first re-deal.
const burnIn = 300

// startChain lays the unseen cards out uniformly and weighs the hands.
func (b *searchBot) startChain(v *View) {
	b.shuffleUnseen(v)
	for seat := range v.Players {
		if seat != v.Seat {
			k := b.run(v, seat)
			b.chainHands[seat] = NewCardSet(b.unseen[k*v.HandSize : (k+1)*v.HandSize]...)
			b.weight[seat] = b.belief.likelihood(seat, b.chainHands[seat], b.rate[seat])
		}
	}
	b.stepChain(v, burnIn)
}

// run returns the index of seat's run of cards in the chain's layout.
func (b *searchBot) run(v *View, seat int) int {
	if seat > v.Seat {
		return seat - 1
	}
	return seat
}

// holder returns the seat holding the chain's card at position i, or -1
// for the face-down pile.
func (b *searchBot) holder(v *View, i int) int {
	k := i / v.HandSize
	switch {
	case k >= v.Players-1:
		return -1
	case k >= v.Seat:
		return k + 1
	}
	return k
}

// stepChain proposes steps swaps of a card in an opponent's hand with any
// other unseen card, each accepted with the Metropolis rule for the
// belief: always when the new layout is likelier, else with the ratio of
// the likelihoods. The proposal is symmetric, so the chain's layouts come
// to follow the belief.
func (b *searchBot) stepChain(v *View, steps int) {
	held := (v.Players - 1) * v.HandSize
	for range steps {
		i, j := b.rng.IntN(held), b.rng.IntN(len(b.unseen))
		si, sj := b.holder(v, i), b.holder(v, j)
		if si == sj {
			continue
		}
		ci, cj := b.unseen[i], b.unseen[j]
		hi := b.chainHands[si]&^ci.set() | cj.set()
		wi := b.belief.likelihood(si, hi, b.rate[si])
		ratio := wi / b.weight[si]
		var hj CardSet
		var wj float64
		if sj >= 0 {
			hj = b.chainHands[sj]&^cj.set() | ci.set()
			wj = b.belief.likelihood(sj, hj, b.rate[sj])
			ratio *= wj / b.weight[sj]
		}
		if ratio < 1 && float64(b.rng.IntN(1<<30)) >= ratio*(1<<30) {
			continue
		}
		b.unseen[i], b.unseen[j] = cj, ci
		b.chainHands[si], b.weight[si] = hi, wi
		if sj >= 0 {
			b.chainHands[sj], b.weight[sj] = hj, wj
		}
	}
}
