package slam

import (
	"encoding/json"
	"fmt"

	"github.com/jankenarcade/janken/rulesets"
)

// Mode is the way cards are won.
type Mode uint8

const (
	// Classic: the first correct action wins the card; most cards wins.
	Classic Mode = iota
	// LastOneLoses: the last player to act correctly (or the first to
	// make a mistake) takes the card; fewest cards wins.
	LastOneLoses
)

var modeNames = [...]string{"classic", "last-one-loses"}

// String returns "classic" or "last-one-loses".
func (m Mode) String() string { return rulesets.EnumName(modeNames[:], m, "mode") }

// MarshalText writes the mode's name.
func (m Mode) MarshalText() ([]byte, error) {
	if int(m) >= len(modeNames) {
		return nil, fmt.Errorf("slam: invalid mode %d", uint8(m))
	}
	return []byte(modeNames[m]), nil
}

// UnmarshalText reads a mode's name.
func (m *Mode) UnmarshalText(b []byte) error {
	v, ok := rulesets.ParseEnum[Mode](modeNames[:], string(b))
	if !ok {
		return fmt.Errorf("slam: unknown mode %q (want classic or last-one-loses)", b)
	}
	*m = v
	return nil
}

// DeadHeat is how a tie on the same tick is settled.
type DeadHeat uint8

const (
	// DeadHeatSeeded draws the winner with the game's public seeded generator.
	DeadHeatSeeded DeadHeat = iota
	// DeadHeatVoid voids the card: it goes to the bottom of the deck as if
	// nobody had acted (Classic only; Last One Loses always draws).
	DeadHeatVoid
)

// MarshalText writes "seeded" or "void".
func (d DeadHeat) MarshalText() ([]byte, error) {
	switch d {
	case DeadHeatSeeded:
		return []byte("seeded"), nil
	case DeadHeatVoid:
		return []byte("void"), nil
	}
	return nil, fmt.Errorf("slam: invalid dead-heat rule %d", uint8(d))
}

// UnmarshalText reads "seeded" or "void".
func (d *DeadHeat) UnmarshalText(b []byte) error {
	switch string(b) {
	case "seeded":
		*d = DeadHeatSeeded
	case "void":
		*d = DeadHeatVoid
	default:
		return fmt.Errorf("slam: unknown dead-heat rule %q (want seeded or void)", b)
	}
	return nil
}

// Config holds the game's settings. Every program rule marked [H] in the
// rules is one of them; DefaultConfig gives the rules' defaults. All times
// are ticks of the 60 Hz loop.
type Config struct {
	Players int  `json:"players"` // 2..8
	Mode    Mode `json:"mode"`
	// WinnerFlips makes the flipper ask for the next card with any gesture
	// or Confirm, instead of the automatic flip; the dealer deals it on its
	// next input tick (at once in a local game).
	WinnerFlips bool `json:"winner_flips"`
	// FlipDelayMin and FlipDelayMax bound the dealer's secret pause
	// before the automatic flip (40 and 90).
	FlipDelayMin int `json:"flip_delay_min"`
	FlipDelayMax int `json:"flip_delay_max"`
	// FalseStarts makes a gesture while no card is up a mistake (true).
	FalseStarts bool `json:"false_starts"`
	// OneTry locks a player out after a mistake until the next flip
	// (true). Without it the player may try again on the same card.
	OneTry bool `json:"one_try"`
	// Mashing makes two or more different gestures on one tick a mistake
	// (true); without it such a tick is ignored.
	Mashing  bool     `json:"mashing"`
	DeadHeat DeadHeat `json:"dead_heat"`
	// Timeout is how long a card stays up unanswered (300 = 5 s).
	Timeout int `json:"timeout"`
	// Penalty is the number of won cards a mistake costs (2).
	Penalty int `json:"penalty"`
	// EndAt is the deck size that ends the game (1).
	EndAt int `json:"end_at"`
	// Decider settles a tie for the win with sudden-death rock-paper-
	// scissors (true); without it the tied players share the win.
	Decider bool `json:"decider"`
	// LateWindow is how long after a decision further presses still count
	// against the decided card, recorded for the photo finish (30 = 0.5 s):
	// a correct one is not penalised, a wrong one is a mistake. After it,
	// a press is a false start.
	LateWindow int `json:"late_window"`
	// FirstFlipper is the seat that flips first (0, Player 1).
	FirstFlipper int `json:"first_flipper"`
}

// DefaultConfig returns the rules' defaults for players seats.
func DefaultConfig(players int) Config {
	return Config{
		Players:      players,
		FlipDelayMin: 40,
		FlipDelayMax: 90,
		FalseStarts:  true,
		OneTry:       true,
		Mashing:      true,
		Timeout:      300,
		Penalty:      2,
		EndAt:        1,
		Decider:      true,
		LateWindow:   30,
	}
}

// ParseConfig reads a JSON config over the defaults for players seats:
// fields left out keep their default. Empty data means the defaults.
func ParseConfig(players int, data []byte) (Config, error) {
	c := DefaultConfig(players)
	if len(data) > 0 {
		if err := json.Unmarshal(data, &c); err != nil {
			return Config{}, fmt.Errorf("slam: config: %w", err)
		}
	}
	return c, c.Validate()
}

// Validate describes the first setting out of range.
func (c Config) Validate() error {
	switch {
	case c.Players < 2 || c.Players > rulesets.MaxSeats:
		return fmt.Errorf("slam: %d players (want 2 to %d)", c.Players, rulesets.MaxSeats)
	case c.Mode > LastOneLoses:
		return fmt.Errorf("slam: invalid mode %d", c.Mode)
	case c.FlipDelayMin < 1 || c.FlipDelayMax < c.FlipDelayMin || c.FlipDelayMax > 3600:
		return fmt.Errorf("slam: flip delay %d..%d ticks (want 1 <= min <= max <= 3600)", c.FlipDelayMin, c.FlipDelayMax)
	case c.DeadHeat > DeadHeatVoid:
		return fmt.Errorf("slam: invalid dead-heat rule %d", c.DeadHeat)
	case c.Timeout < 1 || c.Timeout > 36000:
		return fmt.Errorf("slam: timeout %d ticks (want 1..36000)", c.Timeout)
	case c.Penalty < 0 || c.Penalty > DeckSize:
		return fmt.Errorf("slam: penalty %d cards (want 0..%d)", c.Penalty, DeckSize)
	case c.EndAt < 1 || c.EndAt > DeckSize-2:
		return fmt.Errorf("slam: end at %d cards (want 1..%d)", c.EndAt, DeckSize-2)
	case c.LateWindow < 0 || c.LateWindow > 600:
		return fmt.Errorf("slam: late window %d ticks (want 0..600)", c.LateWindow)
	case c.FirstFlipper < 0 || c.FirstFlipper >= c.Players:
		return fmt.Errorf("slam: first flipper seat %d of %d players", c.FirstFlipper, c.Players)
	}
	return nil
}
