package elevensuits

import (
	"fmt"

	"github.com/jankenarcade/janken/rulesets"
)

// Definition describes Eleven Suits to the generic parts of the program.
func Definition() rulesets.Ruleset[*State, View, Action, Event] {
	return rulesets.Ruleset[*State, View, Action, Event]{
		Name:     "elevensuits",
		Title:    "Eleven Suits",
		MinSeats: 2,
		MaxSeats: MaxPlayers,
		New:      newFromJSON,
		Decode:   Decode,
		Encode:   func(s *State) ([]byte, error) { return s.MarshalJSON() },
		Clone:    (*State).Clone,
		View:     (*State).View,
		DecodeAction: func(data []byte) (Action, error) {
			var a Action
			err := a.UnmarshalJSON(data)
			return a, err
		},
		BotNames: BotNames[:],
		NewBot: func(name string, seat int, seed uint64) (rulesets.Bot[View, Action], error) {
			b, err := NewBot(name, seat, seed)
			if err != nil {
				return nil, err // not a nil *Bot in a non-nil interface
			}
			return b, nil
		},
	}
}

// newFromJSON starts a game for players seats from a JSON Config.
func newFromJSON(players int, config []byte, seed uint64) (*State, error) {
	var cfg Config
	if len(config) > 0 {
		if err := rulesets.UnmarshalStrict(config, &cfg); err != nil {
			return nil, fmt.Errorf("elevensuits: config: %w", err)
		}
	}
	if cfg.Players != 0 && cfg.Players != players {
		return nil, fmt.Errorf("elevensuits: config says %d players, the table has %d", cfg.Players, players)
	}
	cfg.Players = players
	return New(cfg, seed)
}
