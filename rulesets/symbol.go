package rulesets

import "fmt"

// Symbol is one of the three rock-paper-scissors symbols. The zero value is
// NoSymbol, so a zeroed card or press carries no symbol by accident.
type Symbol uint8

// The symbols. Rock is also called Stone.
const (
	NoSymbol Symbol = iota
	Rock
	Paper
	Scissors
)

// Symbols lists the three real symbols in a fixed order.
var Symbols = [3]Symbol{Rock, Paper, Scissors}

// Valid reports whether s is Rock, Paper or Scissors.
func (s Symbol) Valid() bool { return s >= Rock && s <= Scissors }

// Beats reports whether s beats o: Rock beats Scissors, Scissors beats Paper,
// Paper beats Rock. A symbol never beats itself, and NoSymbol beats nothing
// and loses to nothing.
func (s Symbol) Beats(o Symbol) bool {
	switch s {
	case Rock:
		return o == Scissors
	case Paper:
		return o == Rock
	case Scissors:
		return o == Paper
	}
	return false
}

// Beater returns the symbol that beats s (NoSymbol for NoSymbol).
func (s Symbol) Beater() Symbol {
	switch s {
	case Rock:
		return Paper
	case Paper:
		return Scissors
	case Scissors:
		return Rock
	}
	return NoSymbol
}

// Victim returns the symbol that s beats (NoSymbol for NoSymbol).
func (s Symbol) Victim() Symbol {
	switch s {
	case Rock:
		return Scissors
	case Paper:
		return Rock
	case Scissors:
		return Paper
	}
	return NoSymbol
}

// Compare returns +1 if s beats o, -1 if o beats s, and 0 otherwise.
func Compare(s, o Symbol) int {
	switch {
	case s.Beats(o):
		return 1
	case o.Beats(s):
		return -1
	}
	return 0
}

var symbolNames = [...]string{"none", "rock", "paper", "scissors"}

// String returns the lower-case name: "rock", "paper", "scissors" or "none".
func (s Symbol) String() string { return EnumName(symbolNames[:], s, "symbol") }

// MarshalText encodes s by name, for JSON positions that people write by hand.
func (s Symbol) MarshalText() ([]byte, error) { return s.AppendText(nil) }

// AppendText appends the name MarshalText writes to b.
func (s Symbol) AppendText(b []byte) ([]byte, error) {
	if int(s) >= len(symbolNames) {
		return b, fmt.Errorf("rulesets: invalid symbol %d", uint8(s))
	}
	return append(b, symbolNames[s]...), nil
}

// UnmarshalText decodes a symbol name; "stone" is accepted for Rock.
func (s *Symbol) UnmarshalText(b []byte) error {
	return UnmarshalTextWith(s, b, ParseSymbol)
}

// ParseSymbol parses "rock" (or "stone"), "paper", "scissors" or "none".
func ParseSymbol(name string) (Symbol, error) {
	switch name {
	case "rock", "stone", "Rock", "Stone":
		return Rock, nil
	case "paper", "Paper":
		return Paper, nil
	case "scissors", "Scissors":
		return Scissors, nil
	case "none", "":
		return NoSymbol, nil
	}
	return NoSymbol, fmt.Errorf("rulesets: unknown symbol %q (want rock, paper or scissors)", name)
}
