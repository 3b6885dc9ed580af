package thatsmine

import (
	"math"
	"math/bits"

	"github.com/jankenarcade/janken/rulesets"
)

// budget sets how hard a search bot thinks.
type budget struct {
	// samples is the number of determinizations per decision: re-deals of
	// the cards the seat cannot see, each with the opponents' choices
	// drawn from the opponent model.
	samples int
	// finalists is how many of the best candidates after the one-round
	// evaluation are played out further (0: none).
	finalists int
	// playouts is the number of playouts per finalist.
	playouts int
	// depth is how many rounds a playout runs after the decided one.
	depth int
	// learn makes the bot model each opponent's wagers on the wagers it
	// revealed, relative to the tokens it held; otherwise opponents wager
	// uniformly.
	learn bool
	// infer weights the re-deals by the opponents' plays of the deal and
	// learns how often each plays its strongest-looking card (belief.go);
	// otherwise the unseen cards are re-dealt uniformly.
	infer bool
	// chainSteps is how many card swaps the belief's chain proposes
	// between two re-deals (with infer).
	chainSteps int
	// strongest is the percentage of opponents' cards modelled as their
	// strongest-looking card (the rest uniform); with infer, the rate
	// before anything is learned.
	strongest int
	// mix is how far below the best mean, in wins, a finalist may score
	// and still be drawn (0: the best is always played).
	mix float64
	// handWeight values the strength kept in hand after a round, in
	// thousandths of a win per strength point (what saving a good card is
	// worth).
	handWeight int
}

var (
	mediumBudget = budget{samples: 60, strongest: 0, handWeight: 0}
	hardBudget   = budget{samples: 300, finalists: 8, playouts: 300, depth: 6, learn: true, infer: true, chainSteps: 8, strongest: 80, handWeight: 2, mix: 0.01}
)

// historyLen is how many revealed wagers per opponent the model keeps (at
// most 16: nearSeen holds them as bits).
const historyLen = 16

// wagerSeen is one revealed wager and the tokens held when it was chosen.
type wagerSeen struct{ wager, tokens int8 }

// searchBot is the Medium and Hard bot: determinized Monte Carlo search
// over the cards its seat cannot see. For each determinization it re-deals
// the unseen cards to the opponents' hands and the face-down pile, draws
// the opponents' choices from its opponent model, and scores every one of
// its own candidate actions against the same world (common random
// numbers). Values are wins when the round ends the game and otherwise a
// smooth estimate of the chance to win from the token counts, plus what
// the kept hand is worth. Medium plays the best mean; Hard plays the best
// few out further (refine) and mixes among those it cannot tell apart.
type searchBot struct {
	budget
	rng rulesets.Rand

	// The opponent model, built from the public reveals only.
	askedRound   int
	askedDeal    int
	askedDiscard CardSet
	askedTokens  [MaxPlayers]int
	seen         [MaxPlayers][historyLen]wagerSeen
	nSeen        [MaxPlayers]int
	// nearSeen holds, per seat and number of tokens, the wagers of seen
	// (as bits) chosen with the nearest number of tokens, for modelWager.
	nearSeen [MaxPlayers][maxTokens + 1]uint16
	belief   belief
	// rate is each opponent's strongest-card percentage for the decision.
	rate [MaxPlayers]int

	// The belief's chain (with infer): the unseen cards, each opponent's
	// run of them its hand (in seat order, the bot's own skipped), the
	// rest face down; hands and weights per seat.
	chain      bool
	chainHands [MaxPlayers]CardSet
	weight     [MaxPlayers]float64

	// growth values token counts for the decision's target.
	growth growth

	// seeAll, set only by the tests' all-seeing yardstick, returns the
	// true hands, which replace the re-dealt ones: how strong Hard would
	// be if its inference were perfect. (It returns them by value so that
	// no world escapes to the heap.)
	seeAll func() [MaxPlayers]CardSet

	// Buffers reused across decisions so that thinking allocates nothing
	// in steady state.
	cands  []Action
	totals []float64
	unseen []Card
}

func newSearchBot(rng rulesets.Rand, b budget) *searchBot {
	return &searchBot{budget: b, rng: rng}
}

// world is one determinization: every player's play card and wager for
// the round being decided (the bot's own filled in per candidate).
type world struct {
	hands  [MaxPlayers]CardSet
	play   [MaxPlayers]Card
	wager  [MaxPlayers]int
	tokens [MaxPlayers]int
}

// Choose decides from v alone: the determinizations re-deal what v hides.
func (b *searchBot) Choose(v *View) Action {
	b.observe(v)
	b.cands = b.candidates(v, b.cands[:0])
	if len(b.cands) == 1 {
		return b.cands[0]
	}
	b.prepare(v)
	b.totals = b.totals[:0]
	for range b.cands {
		b.totals = append(b.totals, 0)
	}
	var w world
	for range b.samples {
		b.determinize(v, &w)
		for i, a := range b.cands {
			b.totals[i] += b.score(v, &w, a)
		}
	}
	if b.finalists > 1 {
		return b.cands[b.refine(v)]
	}
	best := 0
	for i := range b.cands {
		if b.totals[i] > b.totals[best] {
			best = i
		}
	}
	return b.cands[best]
}

// observe records the round revealed since the last decision: the
// opponents' wagers, with the tokens they held when they chose, and their
// play cards, with the discard pile they chose against.
func (b *searchBot) observe(v *View) {
	if v.Round == b.askedRound {
		return // asked again in the same round: nothing new
	}
	seen := v.Last.Round > 0 && v.Last.Round == b.askedRound
	if b.learn && seen {
		for seat := range v.Players {
			if seat == v.Seat || b.askedTokens[seat] == 0 {
				continue // a player without tokens tells nothing
			}
			b.seen[seat][b.nSeen[seat]%historyLen] = wagerSeen{int8(v.Last.Wagers[seat]), int8(b.askedTokens[seat])}
			b.nSeen[seat]++
		}
	}
	if b.infer {
		b.observePlays(v, seen)
	}
	b.askedRound, b.askedDeal, b.askedDiscard, b.askedTokens = v.Round, v.Deal, v.Discard, v.Tokens
}

// observePlays keeps the belief's history of the deal's plays: a round
// missed leaves it incomplete, a new deal starts it afresh.
func (b *searchBot) observePlays(v *View, seen bool) {
	bl := &b.belief
	switch {
	case seen && b.askedDeal == bl.deal && bl.complete:
		bl.record(v, b.askedDiscard)
	case !seen:
		bl.complete = false
	}
	if v.Deal != bl.deal {
		setup, _ := SetupFor(v.Players)
		bl.newDeal(v.Deal, v.Players, setup.HandSize)
		// A bot that joins in mid-deal missed its first plays.
		bl.complete = v.Discard == 0
	}
}

// prepare sets the opponent model for a decision and, when the history of
// the deal tells something, starts the belief's chain.
func (b *searchBot) prepare(v *View) {
	b.growth.set(v.Target)
	b.indexWagers(v.Players)
	b.chain = false
	for seat := range v.Players {
		b.rate[seat] = b.strongest
		if b.infer {
			b.rate[seat] = b.belief.strongestRate(seat, b.strongest)
			b.chain = b.chain || seat != v.Seat && b.belief.complete && b.belief.nPlays[seat] > 0
		}
	}
	if b.chain {
		b.startChain(v)
	}
}

// candidates lists the bot's legal actions.
func (b *searchBot) candidates(v *View, dst []Action) []Action {
	if v.Chosen[v.Seat] {
		return append(dst, v.Choice)
	}
	for h := v.Hand; h != 0; h &= h - 1 {
		for w := 0; w <= v.Tokens[v.Seat]; w++ {
			dst = append(dst, Action{Card: h.Lowest(), Wager: w})
		}
	}
	return dst
}

// determinize re-deals the unseen cards to the opponents — uniformly, or
// from the belief's chain — and draws their choices from the model.
func (b *searchBot) determinize(v *View, w *world) {
	if b.chain {
		b.stepChain(v, b.chainSteps)
	} else {
		b.shuffleUnseen(v)
	}
	w.tokens = v.Tokens
	next := 0
	for seat := range v.Players {
		if seat == v.Seat {
			w.hands[seat] = v.Hand
			continue
		}
		w.hands[seat] = NewCardSet(b.unseen[next : next+v.HandSize]...)
		next += v.HandSize
	}
	if b.seeAll != nil {
		w.hands = b.seeAll()
		w.hands[v.Seat] = v.Hand
	}
	for seat := range v.Players {
		if seat != v.Seat {
			w.play[seat] = b.modelCard(seat, w.hands[seat], v.Discard)
			w.wager[seat] = b.modelWager(seat, v.Tokens[seat])
		}
	}
}

// shuffleUnseen lays the unseen cards out in a uniformly random order.
func (b *searchBot) shuffleUnseen(v *View) {
	b.unseen = v.Unseen().Cards(b.unseen[:0])
	for i := len(b.unseen) - 1; i > 0; i-- {
		j := b.rng.IntN(i + 1)
		b.unseen[i], b.unseen[j] = b.unseen[j], b.unseen[i]
	}
}

// modelCard draws seat's play card from hand: its strongest-looking card
// at the seat's modelled rate, any card otherwise.
func (b *searchBot) modelCard(seat int, hand, discard CardSet) Card {
	if b.rng.IntN(100) < b.rate[seat] {
		return strongest(hand, AllCards&^hand&^discard)
	}
	return hand.nth(b.rng.IntN(hand.Len()))
}

// modelWager draws seat's wager when it holds tokens: one of its revealed
// wagers chosen with the nearest number of tokens to hold (a stake depends
// on what a player holds: Greedy's half of 3 is 1, not 3/4 of 2), scaled
// to tokens; any wager before it has revealed one.
func (b *searchBot) modelWager(seat, tokens int) int {
	if tokens == 0 {
		return 0
	}
	near := b.nearSeen[seat][tokens]
	if near == 0 {
		return b.rng.IntN(tokens + 1)
	}
	for k := b.rng.IntN(bits.OnesCount16(near)); k > 0; k-- {
		near &= near - 1
	}
	s := b.seen[seat][bits.TrailingZeros16(near)]
	// Scale the seen wager to the tokens held now, rounding to nearest.
	w := (int(s.wager)*tokens*2 + int(s.tokens)) / (2 * int(s.tokens))
	return min(max(w, 0), tokens)
}

// indexWagers sets nearSeen from the wagers seen so far.
func (b *searchBot) indexWagers(players int) {
	for seat := range players {
		seen := b.seen[seat][:min(b.nSeen[seat], historyLen)]
		for tokens := range b.nearSeen[seat] {
			nearest, near := maxTokens+1, uint16(0)
			for i, s := range seen {
				switch d := max(int(s.tokens)-tokens, tokens-int(s.tokens)); {
				case d < nearest:
					nearest, near = d, 1<<i
				case d == nearest:
					near |= 1 << i
				}
			}
			b.nearSeen[seat][tokens] = near
		}
	}
}

// score plays candidate a in world w and values the result for the bot.
func (b *searchBot) score(v *View, w *world, a Action) float64 {
	me := v.Seat
	w.play[me], w.wager[me] = a.Card, a.Wager
	survivor, pot := resolveFast(v.Players, &w.play, &w.wager)
	tokens := w.tokens
	for seat := range v.Players {
		tokens[seat] -= w.wager[seat]
	}
	tokens[survivor] += pot + v.Kitty
	if tokens[survivor] >= v.Target {
		if survivor == me {
			return 1
		}
		return 0
	}
	value := b.growth.winChance(&tokens, v.Players, me)
	if b.handWeight > 0 {
		kept := v.Hand &^ a.Card.set()
		others := AllCards &^ v.Hand &^ v.Discard
		total := 0
		for h := kept; h != 0; h &= h - 1 {
			total += strength(h.Lowest(), others)
		}
		value += float64(total*b.handWeight) / 1000 / float64(v.Players)
	}
	return value
}

// resolveFast resolves a round's tiers and returns the survivor and the
// tokens wagered (the kitty's own token not included).
func resolveFast(players int, play *[MaxPlayers]Card, wager *[MaxPlayers]int) (survivor, pot int) {
	// The seats in increasing wager: the order the tiers reveal them.
	var order [MaxPlayers]int
	for seat := range players {
		pot += wager[seat]
		i := seat
		for ; i > 0 && wager[order[i-1]] > wager[seat]; i-- {
			order[i] = order[i-1]
		}
		order[i] = seat
	}
	var card Card
	for i := 0; i < players; {
		tier, cards := wager[order[i]], card.set()&^1
		for ; i < players && wager[order[i]] == tier; i++ {
			cards |= play[order[i]].set()
		}
		card = survivorOf(cards)
	}
	for seat := range players {
		if play[seat] == card {
			return seat, pot
		}
	}
	return -1, pot
}

// maxTokens bounds any player's tokens: the largest supply.
const maxTokens = 60

// growth holds, per token count, its weight in winChance's softmax:
// e^(steep·tokens/target), which grows steeply as a player nears the
// target.
type growth struct {
	target int
	weight [maxTokens + 1]float64
}

// set fills the weights for target, unless they are already for it.
func (g *growth) set(target int) {
	const steep = 4.0 // e-folds across the whole distance to the target
	if g.target == target {
		return
	}
	g.target = target
	for t := range g.weight {
		g.weight[t] = math.Exp(steep * float64(t) / float64(target))
	}
}

// winChance estimates the chance that me wins from the token counts: a
// softmax of the growth weights.
func (g *growth) winChance(tokens *[MaxPlayers]int, players, me int) float64 {
	sum := 0.0
	for seat := range players {
		sum += g.weight[tokens[seat]]
	}
	return g.weight[tokens[me]] / sum
}
