package elevensuits

import "fmt"

// MaxPlayers is the largest table: the three-player variant.
const MaxPlayers = 3

// DefaultTurnLimit ends a game that has gone on for this many turns (see
// Config.TurnLimit).
const DefaultTurnLimit = 300

// Config holds every setting of a game. The zero value of each field means
// the default.
type Config struct {
	// Players is 2, or 3 for the three-player variant.
	Players int `json:"players"`
	// Suits is how many suits are in play: 5 to 11 with two players (7 by
	// default), 7 to 11 with three (9 by default). With TwoPiece it must be
	// 11 (or 0).
	Suits int `json:"suits,omitempty"`
	// OpenCasket lays graveyard cards face up.
	OpenCasket bool `json:"openCasket,omitempty"`
	// TwoPiece plays all 11 suits and removes one random card of each,
	// unseen, before the deal.
	TwoPiece bool `json:"twoPiece,omitempty"`
	// Advanced allows guessing to win instead of attacking.
	Advanced bool `json:"advanced,omitempty"`
	// TurnLimit [H] ends the game after this many turns (attacks and
	// guesses); the players with the fewest graveyard cards share the win.
	// Players who both hold only ties with the deck empty could otherwise
	// play forever. 0 means DefaultTurnLimit.
	TurnLimit int `json:"turnLimit,omitempty"`
}

// normalize fills in the defaults and checks the ranges.
func (c Config) normalize() (Config, error) {
	if c.Players == 0 {
		c.Players = 2
	}
	if c.Players != 2 && c.Players != 3 {
		return c, fmt.Errorf("elevensuits: %d players: the game is for 2 or 3", c.Players)
	}
	lo := 5 + 2*(c.Players-2)
	switch {
	case c.TwoPiece && c.Suits != 0 && c.Suits != NumSuits:
		return c, fmt.Errorf("elevensuits: 2-Piece Suit plays all %d suits, not %d", NumSuits, c.Suits)
	case c.TwoPiece:
		c.Suits = NumSuits
	case c.Suits == 0:
		c.Suits = lo + 2
	case c.Suits < lo || c.Suits > NumSuits:
		return c, fmt.Errorf("elevensuits: %d suits with %d players: want %d to %d", c.Suits, c.Players, lo, NumSuits)
	}
	if c.TurnLimit == 0 {
		c.TurnLimit = DefaultTurnLimit
	}
	if c.TurnLimit < 0 {
		return c, fmt.Errorf("elevensuits: turn limit %d is negative", c.TurnLimit)
	}
	return c, nil
}

// cardsInPlay is the number of cards of the suits in play (removed ones
// included).
func (c Config) cardsInPlay() int { return 3 * c.Suits }
