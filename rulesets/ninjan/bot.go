package ninjan

import (
	"fmt"

	"github.com/jankenarcade/janken/rulesets"
)

// BotNames lists the bots in increasing strength, the two measuring
// baselines first.
var BotNames = []string{"random", "greedy", "easy", "medium", "hard"}

// Bot plays one seat from that seat's View only. Each bot draws from its
// own generator, never the game's.
type Bot struct {
	name   string
	rng    rulesets.Rand
	search *search // medium and hard
	buf    []Action
}

// NewBot returns the named bot for seat, its generator derived from seed
// and seat (so that bots given one seed still differ).
func NewBot(name string, seat int, seed uint64) (*Bot, error) {
	b := &Bot{name: name, rng: rulesets.Derive(seed, 0x6e696e6a616e+uint64(seat))}
	switch name {
	case "random", "greedy", "easy":
	case "medium":
		b.search = newSearch(mediumPlayouts, 0, false)
	case "hard":
		b.search = newSearch(0, hardWork, true)
	default:
		return nil, fmt.Errorf("ninjan: no bot %q (bots: %v)", name, BotNames)
	}
	return b, nil
}

// Name returns the bot's name.
func (b *Bot) Name() string { return b.name }

// SetPause has the bot call pause every couple of milliseconds while it
// searches. In a browser, where a bot thinking on a goroutine holds the
// page's only thread, a table passes a short sleep so that the page draws
// its frames meanwhile. The bot's choices do not depend on it.
func (b *Bot) SetPause(pause func()) {
	if b.search != nil {
		b.search.pause = pause
	}
}

// Choose returns the bot's action for the view's seat, which must owe
// one.
func (b *Bot) Choose(v *View) Action {
	if v.Phase == PhaseDecider {
		// The rules have AI seats throw at random from the game's
		// generator; the random bot picks among all four throws.
		if b.name == "random" {
			return ThrowSymbol(rulesets.Symbol(b.rng.IntN(4)))
		}
		return ThrowSymbol(rulesets.NoSymbol)
	}
	b.buf = v.Legal(b.buf[:0])
	if len(b.buf) == 1 {
		return b.buf[0]
	}
	switch b.name {
	case "random":
		return b.buf[b.rng.IntN(len(b.buf))]
	case "greedy":
		return greedyAction(v, &b.rng)
	case "easy":
		return easyAction(v, &b.rng)
	}
	return b.search.choose(v, &b.rng, b.buf)
}

// Legal appends the viewer's legal actions now (as State.Legal would).
func (v *View) Legal(dst []Action) []Action {
	seat := v.Seat
	if seat < 0 || seat >= v.Config.Players || v.Pending&(1<<seat) != 0 {
		return dst
	}
	switch v.Phase {
	case PhasePlay:
		if !v.Chosen[seat] {
			for h := v.Hand; h != 0; h &= h - 1 {
				dst = append(dst, PlayCard(h.Nth(0)))
			}
		}
	case PhaseClaim, PhasePlace:
		if v.Resolving() != seat {
			return dst
		}
		beaten := beatenPiles(&v.Piles, v.Played[seat].Suit)
		for p := range NumPiles {
			if v.Phase == PhasePlace {
				dst = append(dst, PlaceOn(p))
			} else if beaten&(1<<p) != 0 {
				dst = append(dst, ClaimPile(p))
			}
		}
	case PhaseDecider:
		if v.Contenders&(1<<seat) != 0 && !v.Thrown[seat] {
			for _, sym := range rulesets.Symbols {
				dst = append(dst, ThrowSymbol(sym))
			}
			dst = append(dst, ThrowSymbol(rulesets.NoSymbol))
		}
	}
	return dst
}

// bestPile returns, among the piles in mask, the one worth the most points
// (the leftmost on a tie).
func bestPile(piles *[NumPiles]Pile, mask uint8) int {
	best, bestPts := -1, 0
	for p := range piles {
		if mask&(1<<p) != 0 {
			if pts := piles[p].Points(); best < 0 || pts > bestPts {
				best, bestPts = p, pts
			}
		}
	}
	return best
}

// worstPile returns the pile worth the fewest points: the one where a
// placed card gives away least.
func worstPile(piles *[NumPiles]Pile) int {
	worst, worstPts := 0, piles[0].Points()
	for p := 1; p < NumPiles; p++ {
		if pts := piles[p].Points(); pts < worstPts {
			worst, worstPts = p, pts
		}
	}
	return worst
}

// greedyAction is the one-ply baseline: a random card, then always the
// pile worth the most points; a card that beats nothing goes on the pile
// worth the least.
func greedyAction(v *View, rng *rulesets.Rand) Action {
	switch v.Phase {
	case PhasePlay:
		return PlayCard(v.Hand.Nth(rng.IntN(v.Hand.Len())))
	case PhaseClaim:
		return ClaimPile(bestPile(&v.Piles, beatenPiles(&v.Piles, v.Played[v.Seat].Suit)))
	}
	return PlaceOn(worstPile(&v.Piles))
}

// easyAction plays like a casual player: it looks at the piles as they are
// now and picks the card that would take the richest one, but a third of
// the time it plays on a whim, it forgets that other cards resolve first,
// and now and then it grabs the nearer pile instead of the richer.
func easyAction(v *View, rng *rulesets.Rand) Action {
	switch v.Phase {
	case PhasePlay:
		if rng.IntN(3) == 0 {
			return PlayCard(v.Hand.Nth(rng.IntN(v.Hand.Len())))
		}
		return PlayCard(naiveCard(&v.Piles, v.Hand))
	case PhaseClaim:
		beaten := beatenPiles(&v.Piles, v.Played[v.Seat].Suit)
		if rng.IntN(5) == 0 {
			return ClaimPile(lowestBit(beaten))
		}
		return ClaimPile(bestPile(&v.Piles, beaten))
	}
	if rng.IntN(4) == 0 {
		return PlaceOn(rng.IntN(NumPiles))
	}
	return PlaceOn(worstPile(&v.Piles))
}

func lowestBit(m uint8) int {
	for p := range NumPiles {
		if m&(1<<p) != 0 {
			return p
		}
	}
	return 0
}

// naiveCard returns the card of hand that would claim the most points if it
// resolved against the piles as they are now, less its own value (a card
// spent is a card not scored later); on a tie, the card of the first suit
// in index order (Rock, Paper, Scissors). A card's gain is its suit's
// (twice the richest pile the suit beats) less its value, so only each
// suit's lowest card can be the best: three candidates, not a whole hand
// (playouts spend much of their time here).
func naiveCard(piles *[NumPiles]Pile, hand CardSet) Card {
	var topped [4]uint8 // the piles by their top card's suit
	for p := range piles {
		topped[piles[p].Top().Suit] |= 1 << p
	}
	var best Card
	bestGain := -1 << 30
	for i, suit := range rulesets.Symbols { // in index order, as ties want
		in := hand & (suitCards << (16 * i))
		if in == 0 {
			continue
		}
		c := in.Nth(0) // the suit's lowest card
		gain := -int(c.Value)
		if m := topped[suit.Victim()]; m != 0 {
			gain += 2 * piles[bestPile(piles, m)].Points()
		}
		if gain > bestGain {
			best, bestGain = c, gain
		}
	}
	return best
}

// suitCards is the set of the first suit's 16 cards; the others' are it
// shifted by 16 and 32 (Card.Index).
const suitCards CardSet = 1<<16 - 1
