package elevensuitstable

import (
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/jankenarcade/janken/rulesets"
	es "github.com/jankenarcade/janken/rulesets/elevensuits"
	"github.com/jankenarcade/janken/scenes/netlobby"
)

// The variants, as the setup screen and a network host's lobby name
// them; indexed by the setup's items (itemSuits … itemMemory), which are
// also the indices of netOptions.
var variantLabels = [...]string{
	itemSuits:    "Suits",
	itemOpen:     "Open Casket",
	itemTwo:      "2-Piece Suit",
	itemAdvanced: "Guess to win",
	itemMemory:   "Memory aid",
}

// defaultSuits names the number of suits the ruleset picks for the
// player count.
const defaultSuits = "7 (9 for three)"

// The number of suits a player may choose, beside the default.
const minSuits, maxSuits = 5, es.NumSuits

// netOptions are the variants a network match's host chooses in its
// lobby: the setup screen's, each value index 0 the default.
var netOptions = func() []netlobby.Option {
	offOn := []string{"off", "on"}
	// The values say what playable will deal, so that the line joiners
	// read is true whatever the player count.
	suits := []string{defaultSuits}
	for n := minSuits; n <= maxSuits; n++ {
		v := strconv.Itoa(n)
		if n < 7 {
			v += " (7 for three)"
		}
		suits = append(suits, v)
	}
	opts := make([]netlobby.Option, len(variantLabels))
	for i, label := range variantLabels {
		opts[i] = netlobby.Option{Label: label, Values: offOn}
	}
	opts[itemSuits].Values = suits
	opts[itemTwo].Values = []string{"off", "on (all 11 suits)"}
	return opts
}()

// netSettings is the rules config of a network match: the ruleset's own
// JSON config, and the memory aid, which the host turns on or off for
// every machine alike.
type netSettings struct {
	Config    json.RawMessage `json:"config,omitempty"`
	MemoryAid bool            `json:"memoryAid,omitempty"`
}

// netRulesConfig returns the rules config of a network match of players
// for the value index the host chose of each of netOptions.
func netRulesConfig(players int, chosen []int) (json.RawMessage, error) {
	if len(chosen) != len(netOptions) {
		return nil, fmt.Errorf("elevensuitstable: %d options chosen, want %d", len(chosen), len(netOptions))
	}
	for i, c := range chosen {
		if c < 0 || c >= len(netOptions[i].Values) {
			return nil, fmt.Errorf("elevensuitstable: option %q has no value %d", netOptions[i].Label, c)
		}
	}
	on := func(item int) bool { return chosen[item] == 1 }
	cfg := es.Config{OpenCasket: on(itemOpen), TwoPiece: on(itemTwo), Advanced: on(itemAdvanced)}
	if chosen[itemSuits] > 0 {
		cfg.Suits = minSuits + chosen[itemSuits] - 1
	}
	config, err := json.Marshal(playable(cfg, players))
	if err != nil {
		return nil, fmt.Errorf("elevensuitstable: the rules config: %w", err)
	}
	if _, err := es.Definition().New(players, config, 0); err != nil {
		return nil, err // the host's lobby says why it cannot start
	}
	return json.Marshal(netSettings{Config: config, MemoryAid: on(itemMemory)})
}

// playable returns cfg as a game of players deals it: 2-Piece Suit plays
// every suit, and three players need at least seven.
func playable(cfg es.Config, players int) es.Config {
	cfg.Players = players
	switch {
	case cfg.TwoPiece:
		cfg.Suits = 0
	case players == 3 && cfg.Suits > 0 && cfg.Suits < 7:
		cfg.Suits = 7
	}
	return cfg
}

// newNetGame deals the game of a network match from the rules config the
// host chose (empty: the defaults) and the match's secret, as the couch
// does.
func newNetGame(players int, config json.RawMessage, secret uint64) (*es.State, error) {
	var set netSettings
	if len(config) > 0 {
		if err := rulesets.UnmarshalStrict(config, &set); err != nil {
			return nil, fmt.Errorf("elevensuitstable: the match's rules: %w", err)
		}
	}
	return es.Definition().New(players, set.Config, rulesets.DeriveSeed(secret, "deal", -1))
}

// matchMemoryAid reads from a match's game settings ({"rules": …}, as
// netlobby.PublicRules writes them) whether the host
// turned the memory aid on.
func matchMemoryAid(game []byte) (bool, error) {
	if len(game) == 0 {
		return false, nil
	}
	var set struct {
		Rules netSettings `json:"rules"`
	}
	if err := json.Unmarshal(game, &set); err != nil {
		return false, fmt.Errorf("elevensuitstable: the match's settings: %w", err)
	}
	return set.Rules.MemoryAid, nil
}

// rulesLine names the variant being played, for the table to show:
// "9 suits · Open Casket · Guess to win".
func rulesLine(cfg es.Config) string {
	line := strconv.Itoa(cfg.Suits) + " suits"
	if cfg.TwoPiece {
		line += ", 2-Piece"
	}
	if cfg.OpenCasket {
		line += " · Open Casket"
	}
	if cfg.Advanced {
		line += " · Guess to win"
	}
	return line
}
