package replay

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/jankenarcade/janken/drawable"
	"github.com/jankenarcade/janken/rulesets"
)

// The longest texts a header may hold: what the game records, with room
// to spare.
const (
	// maxSeatName is a seat's name in bytes: a player's name (at most
	// 32 bytes, settings.MaxNameBytes) and a couch's number ("Ada 2"),
	// or "Player 8 (adaptive bot)".
	maxSeatName = 48
	// maxBotName is a bot's level: "adaptive".
	maxBotName = 16
	// maxLabel is the game's name, the rules version and the build.
	maxLabel = 64
)

// check says what in h no build records, if anything: more seats than a
// game has, a kind of seat it does not know, or a text too long or
// holding a character the game cannot draw on every machine (a seat's
// name or level: drawable.Chars; a label: printable ASCII). A replay
// can come from anywhere (a player opens a file picked or dropped on the
// page), and its names are drawn.
func (h *Header) check() error {
	if len(h.Seats) > rulesets.MaxSeats {
		return fmt.Errorf("%d seats, more than the %d a game has", len(h.Seats), rulesets.MaxSeats)
	}
	for _, l := range []struct{ what, text string }{{"game", h.Game}, {"rules", h.Rules}, {"build", h.Build}} {
		if len(l.text) > maxLabel || strings.ContainsFunc(l.text, func(r rune) bool { return r < ' ' || r > '~' }) {
			return fmt.Errorf("the %s %q is not %d printable ASCII characters at most", l.what, l.text, maxLabel)
		}
	}
	for i, s := range h.Seats {
		switch {
		case s.Kind != Human && s.Kind != Bot && s.Kind != Remote && s.Kind != Phone:
			return fmt.Errorf("seat %d is of kind %q", i+1, s.Kind)
		case !fits(s.Name, maxSeatName):
			return fmt.Errorf("seat %d's name %q is longer than %d bytes or holds a character the game cannot draw", i+1, s.Name, maxSeatName)
		case !fits(s.Bot, maxBotName):
			return fmt.Errorf("seat %d's bot level %q is longer than %d bytes or holds a character the game cannot draw", i+1, s.Bot, maxBotName)
		}
	}
	return nil
}

// fits reports whether s is at most max bytes of UTF-8 that every
// machine draws (drawable.Chars).
func fits(s string, max int) bool {
	return len(s) <= max && utf8.ValidString(s) && !strings.ContainsFunc(s, func(r rune) bool { return !drawable.Char(r) })
}
