package ninjan

import (
	"encoding/json"
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"github.com/jankenarcade/janken/rulesets"
)

// Card is one of the 48 cards: a value from -6 to -1 or 1 to 10 and a suit.
// The zero Card is no card (no card has value 0), so an empty slot needs no
// extra flag.
type Card struct {
	Value int8
	Suit  rulesets.Symbol
}

// NumCards is the size of the deck: 16 values in each of three suits.
const NumCards = 48

// valuesPerSuit lists the 16 values of a suit in index order.
var valuesPerSuit = [16]int8{-6, -5, -4, -3, -2, -1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10}

// Valid reports whether c is one of the 48 cards.
func (c Card) Valid() bool {
	return c.Suit.Valid() && c.Value >= -6 && c.Value <= 10 && c.Value != 0
}

// Index returns the card's position 0..47 in the deck order (Rock -6 first,
// Scissors 10 last). It is only meaningful for a valid card.
func (c Card) Index() int {
	v := int(c.Value) + 6 // -6..-1 → 0..5, 1..10 → 7..16
	if c.Value > 0 {
		v--
	}
	return (int(c.Suit)-1)*16 + v
}

// CardAt returns the card with deck index i (0..47).
func CardAt(i int) Card {
	return Card{Value: valuesPerSuit[i%16], Suit: rulesets.Symbol(i/16 + 1)}
}

// suitLetters maps a suit to its one-letter code in the text form.
var suitLetters = [...]byte{'?', 'R', 'P', 'S'}

// String returns the text form: the value then the suit letter, as in
// "7R", "-3P" or "10S". The zero Card is "".
func (c Card) String() string {
	if c == (Card{}) {
		return ""
	}
	if !c.Valid() {
		return fmt.Sprintf("card(%d,%d)", c.Value, c.Suit)
	}
	return strconv.Itoa(int(c.Value)) + string(suitLetters[c.Suit])
}

// ParseCard reads the text form written by String. The suit letter may be
// lower case, and "St" is not needed: R is Rock (Stone), P Paper, S Scissors.
func ParseCard(s string) (Card, error) {
	s = strings.TrimSpace(s)
	if len(s) < 2 {
		return Card{}, fmt.Errorf("ninjan: card %q: want a value and a suit letter, as in \"7R\"", s)
	}
	var suit rulesets.Symbol
	switch s[len(s)-1] {
	case 'R', 'r':
		suit = rulesets.Rock
	case 'P', 'p':
		suit = rulesets.Paper
	case 'S', 's':
		suit = rulesets.Scissors
	default:
		return Card{}, fmt.Errorf("ninjan: card %q: suit letter must be R, P or S", s)
	}
	v, err := strconv.Atoi(s[:len(s)-1])
	if err != nil {
		return Card{}, fmt.Errorf("ninjan: card %q: bad value: %w", s, err)
	}
	c := Card{Value: int8(v), Suit: suit}
	if v < -6 || v > 10 || v == 0 || !c.Valid() {
		return Card{}, fmt.Errorf("ninjan: card %q: value must be -6..-1 or 1..10", s)
	}
	return c, nil
}

// MarshalText writes the text form. The zero Card, an empty slot (as in a
// View's Played), is written "".
func (c Card) MarshalText() ([]byte, error) { return c.AppendText([]byte{}) }

// AppendText appends the text form MarshalText writes to b.
func (c Card) AppendText(b []byte) ([]byte, error) {
	if c == (Card{}) {
		return b, nil
	}
	if !c.Valid() {
		return b, fmt.Errorf("ninjan: cannot encode invalid card %d/%d", c.Value, c.Suit)
	}
	return append(strconv.AppendInt(b, int64(c.Value), 10), suitLetters[c.Suit]), nil
}

// UnmarshalText reads the text form; "" is the zero Card, no card.
func (c *Card) UnmarshalText(b []byte) error {
	if len(b) == 0 {
		*c = Card{}
		return nil
	}
	return rulesets.UnmarshalTextWith(c, b, ParseCard)
}

// CardSet is a set of cards, one bit per deck index. Hands, score areas and
// the unused cards are sets: their order carries no meaning in the game.
type CardSet uint64

// AllCards is the whole deck.
const AllCards CardSet = 1<<NumCards - 1

// Has reports whether c is in the set.
func (s CardSet) Has(c Card) bool { return c.Valid() && s&(1<<c.Index()) != 0 }

// With returns the set plus c.
func (s CardSet) With(c Card) CardSet { return s | 1<<c.Index() }

// Without returns the set minus c.
func (s CardSet) Without(c Card) CardSet { return s &^ (1 << c.Index()) }

// Len returns the number of cards in the set.
func (s CardSet) Len() int { return bits.OnesCount64(uint64(s)) }

// Cards appends the cards of the set to dst in deck order.
func (s CardSet) Cards(dst []Card) []Card {
	for s != 0 {
		i := bits.TrailingZeros64(uint64(s))
		dst = append(dst, CardAt(i))
		s &= s - 1
	}
	return dst
}

// Nth returns the n-th card of the set in deck order (0-based); n must be
// less than Len.
func (s CardSet) Nth(n int) Card {
	for ; n > 0; n-- {
		s &= s - 1
	}
	return CardAt(bits.TrailingZeros64(uint64(s)))
}

// Points returns the sum of the values of the cards in the set.
func (s CardSet) Points() int {
	p := 0
	for s != 0 {
		i := bits.TrailingZeros64(uint64(s))
		p += int(valuesPerSuit[i%16])
		s &= s - 1
	}
	return p
}

// MarshalJSON writes the set as a list of cards in deck order.
func (s CardSet) MarshalJSON() ([]byte, error) {
	return json.Marshal(s.Cards(make([]Card, 0, s.Len())))
}

// UnmarshalJSON reads a list of cards; a card listed twice is an error.
func (s *CardSet) UnmarshalJSON(data []byte) error {
	var cards []Card
	if err := json.Unmarshal(data, &cards); err != nil {
		return err
	}
	set, err := setOf(cards)
	if err != nil {
		return err
	}
	*s = set
	return nil
}

// setOf returns the cards as a set, rejecting duplicates.
func setOf(cards []Card) (CardSet, error) {
	var set CardSet
	for _, c := range cards {
		if !c.Valid() {
			return 0, fmt.Errorf("ninjan: %q is not a card", c.String())
		}
		if set.Has(c) {
			return 0, fmt.Errorf("ninjan: card %v listed twice", c)
		}
		set = set.With(c)
	}
	return set, nil
}
