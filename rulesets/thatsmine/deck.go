package thatsmine

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/jankenarcade/janken/rulesets"
)

// Card is one of the 36 cards, by its number 1 to 36. The zero Card is no
// card. A card's symbol follows from its number (the project's deck table).
type Card uint8

// NumCards is the size of the deck.
const NumCards = 36

// Rock, Paper and Scissors in short, for the deck table below.
const (
	cr = rulesets.Rock
	cp = rulesets.Paper
	cs = rulesets.Scissors
)

// deckSymbols is the project's deck [H], indexed by card number:
//
//	Rock      1 5 7 11 15 16 20 23 27 28 33 36
//	Paper     2 6 9 10 14 17 21 22 26 30 31 34
//	Scissors  3 4 8 12 13 18 19 24 25 29 32 35
var deckSymbols = [NumCards + 1]rulesets.Symbol{
	rulesets.NoSymbol,
	cr, cp, cs, cs, cr, cp, cr, cs, cp, cp, // 1–10
	cr, cs, cs, cp, cr, cr, cp, cs, cs, cr, // 11–20
	cp, cp, cr, cs, cs, cp, cr, cr, cs, cp, // 21–30
	cp, cs, cr, cp, cs, cr, // 31–36
}

// Valid reports whether c is one of the 36 cards.
func (c Card) Valid() bool { return c >= 1 && c <= NumCards }

// Symbol returns the card's symbol (NoSymbol for an invalid card).
func (c Card) Symbol() rulesets.Symbol {
	if !c.Valid() {
		return rulesets.NoSymbol
	}
	return deckSymbols[c]
}

// String names the card as on the table: "Paper 26".
func (c Card) String() string {
	if !c.Valid() {
		return fmt.Sprintf("card(%d)", uint8(c))
	}
	name := c.Symbol().String()
	return strings.ToUpper(name[:1]) + name[1:] + " " + fmt.Sprint(uint8(c))
}

// set returns the one-card set {c}.
func (c Card) set() CardSet { return 1 << c }

// CardSet is a set of cards, bit n standing for card n. A hand is a set:
// the order of cards in a hand carries no information.
type CardSet uint64

// AllCards is the whole deck.
const AllCards CardSet = (1<<(NumCards+1) - 1) &^ 1

// Has reports whether c is in the set.
func (s CardSet) Has(c Card) bool { return c.Valid() && s&c.set() != 0 }

// Len returns the number of cards in the set.
func (s CardSet) Len() int { return bits.OnesCount64(uint64(s)) }

// Cards appends the cards of the set to dst in increasing number.
func (s CardSet) Cards(dst []Card) []Card {
	for s != 0 {
		c := Card(bits.TrailingZeros64(uint64(s)))
		dst = append(dst, c)
		s &= s - 1
	}
	return dst
}

// Lowest returns the lowest-numbered card in the set (0 if empty).
func (s CardSet) Lowest() Card {
	if s == 0 {
		return 0
	}
	return Card(bits.TrailingZeros64(uint64(s)))
}

// Highest returns the highest-numbered card in the set (0 if empty).
func (s CardSet) Highest() Card {
	if s == 0 {
		return 0
	}
	return Card(63 - bits.LeadingZeros64(uint64(s)))
}

// nth returns the i-th lowest card of the set (0-based); i < s.Len().
func (s CardSet) nth(i int) Card {
	for ; i > 0; i-- {
		s &= s - 1
	}
	return s.Lowest()
}

// OfSymbol returns the cards of the set that show sym.
func (s CardSet) OfSymbol(sym rulesets.Symbol) CardSet {
	if !sym.Valid() {
		return 0
	}
	return s & symbolCards[sym]
}

// symbolCards holds, per symbol, the set of its twelve cards.
var symbolCards = func() [4]CardSet {
	var m [4]CardSet
	for c := Card(1); c <= NumCards; c++ {
		m[c.Symbol()] |= c.set()
	}
	return m
}()

// above returns the cards numbered higher than c.
func above(c Card) CardSet { return AllCards &^ (c.set()<<1 - 1) }

// NewCardSet returns the set of the given cards.
func NewCardSet(cards ...Card) CardSet {
	var s CardSet
	for _, c := range cards {
		if c.Valid() {
			s |= c.set()
		}
	}
	return s
}

// shuffledDeck returns the 36 cards in an order drawn from rng, a
// Fisher–Yates shuffle: the game deals from it, and a bot's playout
// redeals the same way.
func shuffledDeck(rng *rulesets.Rand) [NumCards]Card {
	var deck [NumCards]Card
	for i := range deck {
		deck[i] = Card(i + 1)
	}
	for i := NumCards - 1; i > 0; i-- {
		j := rng.IntN(i + 1)
		deck[i], deck[j] = deck[j], deck[i]
	}
	return deck
}
