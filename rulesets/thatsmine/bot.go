package thatsmine

import (
	"fmt"

	"github.com/jankenarcade/janken/rulesets"
)

// BotNames lists the bots in increasing strength, baselines first.
func BotNames() []string { return []string{"random", "greedy", "easy", "medium", "hard"} }

// NewBot makes the named bot for seat. Each bot draws from its own
// generator, derived from seed and seat (so that bots given one seed
// still differ), and reads only the view of the seat it plays.
func NewBot(name string, seat int, seed uint64) (rulesets.Bot[View, Action], error) {
	rng := rulesets.Derive(seed, 0x7a3+uint64(seat))
	switch name {
	case "random":
		return &randomBot{rng: rng}, nil
	case "greedy":
		return greedyBot{}, nil
	case "easy":
		return &easyBot{rng: rng}, nil
	case "medium":
		return newSearchBot(rng, mediumBudget), nil
	case "hard":
		return newSearchBot(rng, hardBudget), nil
	}
	return nil, fmt.Errorf("thatsmine: no bot %q (bots: %v)", name, BotNames())
}

// randomBot picks a legal action uniformly: a uniform card and a uniform
// wager are a uniform pair.
type randomBot struct{ rng rulesets.Rand }

func (b *randomBot) Choose(v *View) Action {
	return Action{Card: v.Hand.nth(b.rng.IntN(v.Hand.Len())), Wager: b.rng.IntN(v.Tokens[v.Seat] + 1)}
}

// greedyBot plays its strongest-looking card and wagers half its tokens
// (rounded down). A card looks strong by how many of the cards it cannot
// see it would beat one on one.
type greedyBot struct{}

func (greedyBot) Choose(v *View) Action {
	return Action{Card: strongest(v.Hand, v.Unseen()), Wager: v.Tokens[v.Seat] / 2}
}

// strength counts the cards of others that c beats one on one: those of
// the symbol it beats, and higher cards of its own symbol.
func strength(c Card, others CardSet) int { return (others & beaten[c]).Len() }

// beaten holds, per card, the cards it beats one on one (the bots'
// strength is a count of them, asked millions of times a decision).
var beaten = func() [NumCards + 1]CardSet {
	var m [NumCards + 1]CardSet
	for c := Card(1); c <= NumCards; c++ {
		sym := c.Symbol()
		m[c] = AllCards.OfSymbol(sym.Victim()) | AllCards.OfSymbol(sym)&above(c)
	}
	return m
}()

// strongest returns the card of hand with the greatest strength against
// others (the lowest number on a tie).
func strongest(hand, others CardSet) Card {
	best, bestScore := Card(0), -1
	for h := hand; h != 0; h &= h - 1 {
		c := h.Lowest()
		if sc := strength(c, others); sc > bestScore {
			best, bestScore = c, sc
		}
	}
	return best
}

// easyBot plays like a casual player: usually its strongest-looking card
// but not always, and wagers on a hunch — sometimes too much on a weak
// card, sometimes nothing on a strong one.
type easyBot struct{ rng rulesets.Rand }

func (b *easyBot) Choose(v *View) Action {
	tokens := v.Tokens[v.Seat]
	card := strongest(v.Hand, v.Unseen())
	if b.rng.IntN(3) == 0 {
		card = v.Hand.nth(b.rng.IntN(v.Hand.Len()))
	}
	wager := 0
	switch b.rng.IntN(4) {
	case 0: // a hunch
		wager = b.rng.IntN(tokens + 1)
	case 1, 2: // a cautious stake
		wager = min(tokens, 1+b.rng.IntN(2))
	}
	return Action{Card: card, Wager: wager}
}
