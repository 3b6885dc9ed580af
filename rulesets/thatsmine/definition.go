package thatsmine

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/jankenarcade/janken/rulesets"
)

// Definition describes That's Mine to the generic parts of the program.
func Definition() rulesets.Ruleset[*State, View, Action, Event] {
	return rulesets.Ruleset[*State, View, Action, Event]{
		Name:         "thatsmine",
		Title:        "That's Mine",
		MinSeats:     MinPlayers,
		MaxSeats:     MaxPlayers,
		New:          newFromJSON,
		Decode:       Decode,
		Encode:       func(s *State) ([]byte, error) { return json.Marshal(s) },
		Clone:        (*State).Clone,
		View:         (*State).View,
		DecodeAction: DecodeAction,
		BotNames:     BotNames(),
		NewBot:       NewBot,
	}
}

// newFromJSON starts a game from a JSON config such as {"target": 12};
// players comes from the caller.
func newFromJSON(players int, config []byte, seed uint64) (*State, error) {
	cfg := Config{Players: players}
	if len(bytes.TrimSpace(config)) > 0 {
		if err := rulesets.UnmarshalStrict(config, &cfg); err != nil {
			return nil, fmt.Errorf("thatsmine: config: %w", err)
		}
		if cfg.Players != players {
			return nil, fmt.Errorf("thatsmine: config says %d players, the game has %d", cfg.Players, players)
		}
	}
	return New(cfg, seed)
}
