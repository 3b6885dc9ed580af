package elevensuits

import (
	"fmt"
	"strings"

	"github.com/jankenarcade/janken/rulesets"
)

// NumSuits is the number of suits in the box; each holds a Rock, a Paper
// and Scissors.
const NumSuits = 11

// NumCards is the number of cards in the box.
const NumCards = 3 * NumSuits

// Category is what a suit stands for.
type Category uint8

// The four kinds of suit.
const (
	Geography Category = iota
	Epoch
	Culture
	Movement
)

func (c Category) String() string {
	return [...]string{"geography", "epoch", "culture", "movement"}[c]
}

// Suit names one of the eleven suits and what it stands for. The names
// are the program's own; each suit's colour, emblem and pattern live with
// the card art (package sprites draws suit i with the same name), so that
// palettes for colour-blind players can change colours without touching
// the rules.
type Suit struct {
	Key      string   // lower-case name used in JSON: "tundra"
	Name     string   // as on screen: "Tundra"
	Category Category // geography, epoch, culture or movement
}

// Suits lists the suits in deal order: a game with n suits uses the first
// n.
var Suits = [NumSuits]Suit{
	{"savanna", "Savanna", Geography},
	{"tundra", "Tundra", Geography},
	{"reef", "Reef", Geography},
	{"gothic", "Gothic", Epoch},
	{"deco", "Deco", Movement},
	{"steppe", "Steppe", Geography},
	{"jungle", "Jungle", Geography},
	{"bazaar", "Bazaar", Culture},
	{"harbour", "Harbour", Culture},
	{"baroque", "Baroque", Movement},
	{"frontier", "Frontier", Epoch},
}

// Card is one card: suit*3 + symbol-1. NoCard (-1) stands for an unknown
// or absent card.
type Card int8

// NoCard is the absent or unknown card.
const NoCard Card = -1

// MakeCard returns the card of suit with symbol.
func MakeCard(suit int, s rulesets.Symbol) Card { return Card(suit*3 + int(s) - 1) }

// Suit returns the card's suit index (-1 for NoCard).
func (c Card) Suit() int {
	if c < 0 {
		return -1
	}
	return int(c) / 3
}

// Symbol returns the card's symbol (NoSymbol for NoCard).
func (c Card) Symbol() rulesets.Symbol {
	if c < 0 {
		return rulesets.NoSymbol
	}
	return rulesets.Symbol(c%3 + 1)
}

// Valid reports whether c is one of the box's 33 cards.
func (c Card) Valid() bool { return c >= 0 && c < NumCards }

// String returns "tundra-rock", or "none" for NoCard.
func (c Card) String() string {
	if !c.Valid() {
		return "none"
	}
	return Suits[c.Suit()].Key + "-" + c.Symbol().String()
}

// MarshalText writes the card as "suit-symbol".
func (c Card) MarshalText() ([]byte, error) { return c.AppendText(nil) }

// AppendText appends the name MarshalText writes to b: "suit-symbol", or
// "none" for NoCard.
func (c Card) AppendText(b []byte) ([]byte, error) {
	if c != NoCard && !c.Valid() {
		return b, fmt.Errorf("elevensuits: invalid card %d", int8(c))
	}
	if c == NoCard {
		return append(b, "none"...), nil
	}
	return append(append(append(b, Suits[c.Suit()].Key...), '-'), c.Symbol().String()...), nil
}

// UnmarshalText reads "suit-symbol" (for example "reef-paper"; "stone" is
// accepted for rock) or "none".
func (c *Card) UnmarshalText(b []byte) error {
	return rulesets.UnmarshalTextWith(c, b, ParseCard)
}

// ParseCard parses a card name as written by String.
func ParseCard(name string) (Card, error) {
	if name == "none" {
		return NoCard, nil
	}
	suit, sym, ok := strings.Cut(name, "-")
	if !ok {
		return NoCard, fmt.Errorf("elevensuits: card %q: want suit-symbol, like \"tundra-rock\"", name)
	}
	si := SuitIndex(suit)
	if si < 0 {
		return NoCard, fmt.Errorf("elevensuits: card %q: unknown suit %q", name, suit)
	}
	s, err := rulesets.ParseSymbol(sym)
	if err != nil || !s.Valid() {
		return NoCard, fmt.Errorf("elevensuits: card %q: unknown symbol %q", name, sym)
	}
	return MakeCard(si, s), nil
}

// SuitIndex returns the index of the suit with key, or -1.
func SuitIndex(key string) int {
	for i, s := range Suits {
		if s.Key == key {
			return i
		}
	}
	return -1
}
