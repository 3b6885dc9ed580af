package slam

import (
	"fmt"

	"github.com/jankenarcade/janken/rulesets"
)

// Colour is one of the three colours printed on the cards. Every colour
// also has a pattern of its own on screen, so the game never relies on
// colour alone.
type Colour uint8

// The colours, in the rulebook's order.
const (
	Red Colour = iota
	Yellow
	Blue
)

var colourNames = [...]string{"red", "yellow", "blue"}

// String returns "red", "yellow" or "blue".
func (c Colour) String() string { return rulesets.EnumName(colourNames[:], c, "colour") }

// DeckSize is the number of cards in the program's deck: every front
// colouring (6) with every back (3 symbols × 3 colours) exactly once.
const DeckSize = 54

// NoCard marks an empty card slot.
const NoCard Card = 255

// Card is one card of the deck, 0..53. Its front colouring is Card/9 and
// its back is Card%9 (symbol, then colour).
type Card uint8

// frontColourings lists the 6 ways to colour Rock, Paper and Scissors.
var frontColourings = [6][3]Colour{
	{Red, Yellow, Blue}, {Red, Blue, Yellow},
	{Yellow, Red, Blue}, {Yellow, Blue, Red},
	{Blue, Red, Yellow}, {Blue, Yellow, Red},
}

// NewCard returns the card whose front colours Rock, Paper and Scissors
// with rock, paper and scissors, and whose back shows back in colour c. ok
// is false if the front does not use each colour once or back is not a
// symbol.
func NewCard(rock, paper, scissors Colour, back rulesets.Symbol, c Colour) (card Card, ok bool) {
	if !back.Valid() || c > Blue {
		return NoCard, false
	}
	for i, f := range frontColourings {
		if f == [3]Colour{rock, paper, scissors} {
			return Card(i*9 + int(back-rulesets.Rock)*3 + int(c)), true
		}
	}
	return NoCard, false
}

// Valid reports whether c is one of the 54 cards.
func (c Card) Valid() bool { return c < DeckSize }

// FrontColour returns the colour of symbol s on the card's front.
func (c Card) FrontColour(s rulesets.Symbol) Colour {
	return frontColourings[c/9][s-rulesets.Rock]
}

// FrontSymbol returns the symbol drawn in colour col on the card's front.
func (c Card) FrontSymbol(col Colour) rulesets.Symbol {
	f := &frontColourings[c/9]
	for i, fc := range f {
		if fc == col {
			return rulesets.Rock + rulesets.Symbol(i)
		}
	}
	return rulesets.NoSymbol
}

// Back is what the back of a card shows: one symbol in one colour, 0..8
// (the symbol, then the colour). It is all anyone can see of the deck's
// top card.
type Back uint8

// NoBack marks no card to show the back of.
const NoBack Back = 255

// Back returns what the card's back shows.
func (c Card) Back() Back { return Back(c % 9) }

// Symbol returns the one symbol on the back.
func (b Back) Symbol() rulesets.Symbol { return rulesets.Rock + rulesets.Symbol(b/3) }

// Colour returns the colour of the symbol on the back.
func (b Back) Colour() Colour { return Colour(b % 3) }

// Correct returns the one correct action when front lies flipped and back
// is the back of the next card on the deck: find the front symbol F in
// the back's colour; if it equals the back's symbol B, that is a snap and
// the answer is ButtonClap, otherwise the gesture of whichever of B and F
// wins.
func Correct(front Card, back Back) rulesets.Button {
	b := back.Symbol()
	f := front.FrontSymbol(back.Colour())
	switch {
	case f == b:
		return rulesets.ButtonClap
	case b.Beats(f):
		return gestureOf(b)
	}
	return gestureOf(f)
}

// gestureOf returns the gesture button of a symbol.
func gestureOf(s rulesets.Symbol) rulesets.Button {
	switch s {
	case rulesets.Rock:
		return rulesets.ButtonRock
	case rulesets.Paper:
		return rulesets.ButtonPaper
	case rulesets.Scissors:
		return rulesets.ButtonScissors
	}
	return 0
}

// Letters used by the card notation.
const (
	colourLetters = "RYB" // red, yellow, blue
	symbolLetters = "RPS" // rock, paper, scissors
)

// String writes the card as "FFF/CS": the colour letters (R, Y, B) of the
// front's Rock, Paper and Scissors, a slash, then the back's colour letter
// and symbol letter (R, P, S). "YBR/YS" is yellow Rock, blue Paper and red
// Scissors on the front over a yellow Scissors back.
func (c Card) String() string {
	if !c.Valid() {
		return "none"
	}
	var b [6]byte
	for i, s := range rulesets.Symbols {
		b[i] = colourLetters[c.FrontColour(s)]
	}
	b[3] = '/'
	b[4], b[5] = c.Back().letters()
	return string(b[:])
}

// Valid reports whether b is one of the 9 backs.
func (b Back) Valid() bool { return b < 9 }

func (b Back) letters() (colour, symbol byte) {
	return colourLetters[b.Colour()], symbolLetters[b.Symbol()-rulesets.Rock]
}

// String writes the back as a card's notation does after its slash: the
// colour letter, then the symbol letter ("YS" is a yellow Scissors).
func (b Back) String() string {
	if !b.Valid() {
		return "none"
	}
	c, s := b.letters()
	return string([]byte{c, s})
}

// ParseBack reads the notation written by String.
func ParseBack(s string) (Back, error) {
	if len(s) == 2 {
		col, okc := letterIndex(colourLetters, s[0])
		sym, oks := letterIndex(symbolLetters, s[1])
		if okc && oks {
			return Back(sym*3 + col), nil
		}
	}
	return NoBack, fmt.Errorf("slam: back %q: want CS such as \"YS\"", s)
}

// MarshalText writes the back notation.
func (b Back) MarshalText() ([]byte, error) {
	if !b.Valid() {
		return nil, fmt.Errorf("slam: invalid back %d", uint8(b))
	}
	return []byte(b.String()), nil
}

// UnmarshalText reads the back notation.
func (b *Back) UnmarshalText(text []byte) error {
	return rulesets.UnmarshalTextWith(b, text, ParseBack)
}

// ParseCard reads the notation written by String.
func ParseCard(s string) (Card, error) {
	if len(s) != 6 || s[3] != '/' {
		return NoCard, fmt.Errorf("slam: card %q: want FFF/CS such as \"YBR/YS\"", s)
	}
	var front [3]Colour
	for i := range front {
		c, ok := letterIndex(colourLetters, s[i])
		if !ok {
			return NoCard, fmt.Errorf("slam: card %q: front colour %q is not R, Y or B", s, s[i])
		}
		front[i] = Colour(c)
	}
	col, ok := letterIndex(colourLetters, s[4])
	if !ok {
		return NoCard, fmt.Errorf("slam: card %q: back colour %q is not R, Y or B", s, s[4])
	}
	sym, ok := letterIndex(symbolLetters, s[5])
	if !ok {
		return NoCard, fmt.Errorf("slam: card %q: back symbol %q is not R, P or S", s, s[5])
	}
	c, ok := NewCard(front[0], front[1], front[2], rulesets.Rock+rulesets.Symbol(sym), Colour(col))
	if !ok {
		return NoCard, fmt.Errorf("slam: card %q: the front must use each colour once", s)
	}
	return c, nil
}

func letterIndex(letters string, b byte) (int, bool) {
	for i := 0; i < len(letters); i++ {
		if letters[i] == b || letters[i]|0x20 == b {
			return i, true
		}
	}
	return 0, false
}

// MarshalText writes the card notation.
func (c Card) MarshalText() ([]byte, error) {
	if !c.Valid() {
		return nil, fmt.Errorf("slam: invalid card %d", uint8(c))
	}
	return []byte(c.String()), nil
}

// UnmarshalText reads the card notation.
func (c *Card) UnmarshalText(b []byte) error {
	return rulesets.UnmarshalTextWith(c, b, ParseCard)
}
