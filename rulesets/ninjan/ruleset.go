package ninjan

import (
	"encoding/json"
	"fmt"

	"github.com/jankenarcade/janken/rulesets"
)

// configJSON is the ruleset's JSON config: every field optional.
type configJSON struct {
	TieBreak *TieBreak `json:"tieBreak,omitempty"`
}

// Definition describes Ninjan to the generic parts of the program.
func Definition() rulesets.Ruleset[*State, View, Action, Event] {
	return rulesets.Ruleset[*State, View, Action, Event]{
		Name:     "ninjan",
		Title:    "Ninjan",
		MinSeats: MinPlayers,
		MaxSeats: MaxPlayers,
		New: func(players int, config []byte, seed uint64) (*State, error) {
			cfg := Config{Players: players}
			if len(config) > 0 {
				var c configJSON
				if err := rulesets.UnmarshalStrict(config, &c); err != nil {
					return nil, fmt.Errorf("ninjan: config: %w", err)
				}
				if c.TieBreak != nil {
					cfg.TieBreak = *c.TieBreak
				}
			}
			return New(cfg, seed)
		},
		Decode: Decode,
		Encode: func(g *State) ([]byte, error) { return json.Marshal(g) },
		Clone:  (*State).Clone,
		View:   (*State).View,
		DecodeAction: func(data []byte) (Action, error) {
			var a Action
			err := a.UnmarshalJSON(data)
			return a, err
		},
		BotNames: BotNames,
		NewBot: func(name string, seat int, seed uint64) (rulesets.Bot[View, Action], error) {
			b, err := NewBot(name, seat, seed)
			if err != nil {
				return nil, err
			}
			return b, nil
		},
	}
}
