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

// Motif is the shape printed on a suit's card backs. Every suit has its own,
// so suits can be told apart without colour.
type Motif uint8

// The motifs, one per suit.
const (
	MotifSnowflake Motif = iota // six spokes
	MotifSun                    // disc with rays
	MotifRings                  // concentric rings
	MotifZigzag                 // stacked chevrons
	MotifSpiral                 // a spiral
	MotifCog                    // a toothed wheel
	MotifStar                   // a four-pointed star
	MotifTent                   // a triangle on a bar
	MotifLattice                // a diamond lattice
	MotifBlocks                 // circle over square
	MotifDots                   // halftone dots
)

// Suit describes one of the eleven suits: its name, what it stands for, and
// how its card backs look. The names and designs are the program's own.
type Suit struct {
	Key      string   // lower-case name used in JSON: "tundra"
	Name     string   // as on screen: "Tundra"
	Letter   byte     // one-letter mark for tiny cards and logs
	Category Category // geography, epoch, culture or movement
	RGB      [3]uint8 // the back's main colour
	Motif    Motif
}

// Suits lists the suits in deal order: a game with n suits uses the first
// n. The order puts the most distinct colours and motifs first, so small
// games are the easiest to read.
var Suits = [NumSuits]Suit{
	{"tundra", "Tundra", 'T', Geography, [3]uint8{0x6f, 0xb4, 0xe6}, MotifSnowflake},
	{"savanna", "Savanna", 'S', Geography, [3]uint8{0xe0, 0xa5, 0x2e}, MotifSun},
	{"bauhaus", "Bauhaus", 'B', Movement, [3]uint8{0xd8, 0x3a, 0x3a}, MotifBlocks},
	{"nomad", "Nomad", 'N', Culture, [3]uint8{0x46, 0x4f, 0xb0}, MotifTent},
	{"bronze", "Bronze Age", 'Z', Epoch, [3]uint8{0x9a, 0x6a, 0x38}, MotifSpiral},
	{"atoll", "Atoll", 'A', Geography, [3]uint8{0x1f, 0x9e, 0x8a}, MotifRings},
	{"carnival", "Carnival", 'C', Culture, [3]uint8{0xc2, 0x37, 0x8a}, MotifLattice},
	{"steam", "Steam Age", 'M', Epoch, [3]uint8{0x6b, 0x78, 0x86}, MotifCog},
	{"popart", "Pop Art", 'P', Movement, [3]uint8{0xee, 0xd6, 0x2c}, MotifDots},
	{"canyon", "Canyon", 'K', Geography, [3]uint8{0xb8, 0x4a, 0x26}, MotifZigzag},
	{"space", "Space Age", 'X', Epoch, [3]uint8{0x5e, 0x2c, 0x8c}, MotifStar},
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
func (c Card) MarshalText() ([]byte, error) {
	if c != NoCard && !c.Valid() {
		return nil, fmt.Errorf("elevensuits: invalid card %d", int8(c))
	}
	return []byte(c.String()), nil
}

// UnmarshalText reads "suit-symbol" (for example "atoll-paper"; "stone" is
// accepted for rock) or "none".
func (c *Card) UnmarshalText(b []byte) error {
	v, err := ParseCard(string(b))
	if err != nil {
		return err
	}
	*c = v
	return nil
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
