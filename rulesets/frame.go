package rulesets

import "strings"

// MaxSeats is the most seats any ruleset has (Slam, with eight).
const MaxSeats = 8

// Button is one per-seat action a device can produce. Buttons is a set of
// them. Menus and turn-based tables use the navigation buttons, Menu (the
// pause key, through which a player leaves) and Rules; Slam uses the four
// gestures.
type Button uint16

// Buttons is a set of Button values.
type Buttons = Button

// The per-seat actions.
const (
	ButtonUp Button = 1 << iota
	ButtonDown
	ButtonLeft
	ButtonRight
	ButtonConfirm
	ButtonBack
	ButtonPeek
	ButtonMenu
	ButtonRock
	ButtonPaper
	ButtonScissors
	ButtonClap
	ButtonRules

	// Gestures is the set of Slam's four gesture buttons.
	Gestures = ButtonRock | ButtonPaper | ButtonScissors | ButtonClap
)

var buttonNames = [...]string{"up", "down", "left", "right", "confirm", "back", "peek", "menu", "rock", "paper", "scissors", "clap", "rules"}

// Has reports whether every button of o is in b.
func (b Button) Has(o Button) bool { return b&o == o && o != 0 }

// String lists the buttons in the set, joined by "+".
func (b Button) String() string {
	if b == 0 {
		return "none"
	}
	var parts []string
	for i, name := range buttonNames {
		if b&(1<<i) != 0 {
			parts = append(parts, name)
		}
	}
	return strings.Join(parts, "+")
}

// ParseButton parses one button name as written by String.
func ParseButton(name string) (Button, bool) {
	for i, n := range buttonNames {
		if n == name {
			return 1 << i, true
		}
	}
	return 0, false
}

// GestureSymbol returns the symbol of a single gesture button (NoSymbol for
// Clap or anything else).
func (b Button) GestureSymbol() Symbol {
	switch b {
	case ButtonRock:
		return Rock
	case ButtonPaper:
		return Paper
	case ButtonScissors:
		return Scissors
	}
	return NoSymbol
}

// Frame is one tick of input for every seat: the buttons that became
// pressed on this tick and those held down. A frame has no order inside
// it: which device was polled first can never matter to a ruleset.
type Frame struct {
	Tick    int64
	Pressed [MaxSeats]Buttons
	Held    [MaxSeats]Buttons
	// Deal is an opaque per-tick value only the host peer may set (0: none);
	// the session carries peer 0's Deal to every peer for that tick.
	Deal uint32
}
