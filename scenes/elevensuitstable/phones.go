package elevensuitstable

import (
	"encoding/json"
	"fmt"
)

// phoneSettings returns the settings of a match of players with phones
// (netlobby.Match.Game): the variant and memory aid chosen on this
// screen, as a network host tells them.
func (s *setup) phoneSettings(players int) ([]byte, error) {
	cfg, err := json.Marshal(playable(s.rules(), players))
	if err != nil {
		return nil, fmt.Errorf("elevensuitstable: the rules: %w", err)
	}
	return json.Marshal(struct {
		Rules netSettings `json:"rules"`
	}{netSettings{Config: cfg, MemoryAid: s.memory}})
}
