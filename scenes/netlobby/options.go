package netlobby

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/jankenarcade/janken/netplay"
)

// Option is one game setting the host chooses on its lobby screen before
// starting (Slam's mode, Eleven Suits' suits): a menu entry the host
// cycles with Left and Right.
type Option struct {
	Label string // "Mode"
	// Values are what the host cycles through (at least one); index 0 is
	// the default.
	Values []string
}

// Chosen is an option as the host set it: what every machine of the match
// shows its players, joiners from the moment they join.
type Chosen struct {
	Label string `json:"label"`
	Value string `json:"value"`
}

// OptionsLine shows chosen options on one line:
// "Mode: Last One Loses · Flip: winner flips".
func OptionsLine(opts []Chosen) string {
	parts := make([]string, len(opts))
	for i, o := range opts {
		parts[i] = o.Label + ": " + o.Value
	}
	return strings.Join(parts, optionsSep)
}

// optionsSep separates the options in an OptionsLine.
const optionsSep = " · "

// knownOptions returns the options of told that opts has: each a label
// of opts with one of that option's values, in told's order, a label
// once. A host that runs the same rules sends no others. A hostile one
// could send any text a joiner would draw: control or bidirectional
// characters, letters no font here has, a line too long for the screen,
// or a made-up option ("Prize: ..."). None of it is shown.
func knownOptions(opts []Option, told []Chosen) []Chosen {
	var known []Chosen
	for _, c := range told {
		i := slices.IndexFunc(opts, func(o Option) bool { return o.Label == c.Label })
		if i < 0 || !slices.Contains(opts[i].Values, c.Value) ||
			slices.ContainsFunc(known, func(k Chosen) bool { return k.Label == c.Label }) {
			continue
		}
		known = append(known, c)
	}
	return known
}

// aboutOptions returns the options a room's announcement names
// (netplay.Room.About, an OptionsLine) that opts has (knownOptions).
func aboutOptions(opts []Option, about string) []Chosen {
	var told []Chosen
	for _, part := range strings.Split(about, optionsSep) {
		if label, value, ok := strings.Cut(part, ": "); ok {
			told = append(told, Chosen{Label: label, Value: value})
		}
	}
	return knownOptions(opts, told)
}

// chosenOptions names the value index chosen[i] of every option.
func chosenOptions(opts []Option, chosen []int) []Chosen {
	out := make([]Chosen, len(opts))
	for i, o := range opts {
		out[i] = Chosen{Label: o.Label, Value: o.Values[chosen[i]]}
	}
	return out
}

// failedMark starts what GameFailed returns: a byte no JSON text holds,
// so no game's settings are ever taken for a failure.
const failedMark = 0

// GameFailed returns what a Config.Game returns when the chosen options
// make no game (say, a variant that needs more players): the host's lobby
// shows err and starts nothing, so no joiner is told of a match.
func GameFailed(err error) []byte {
	return append([]byte{failedMark}, err.Error()...)
}

// gameError reports the failure of a Config.Game's result, if it is one:
// a GameFailed, or settings that are not JSON.
func gameError(game []byte) error {
	switch {
	case len(game) > 0 && game[0] == failedMark:
		return errors.New(string(game[1:]))
	case game != nil && !json.Valid(game):
		return errors.New("the game's settings are not JSON")
	}
	return nil
}

// PublicRules returns the Config.Game of a hidden-hand game whose options
// make the ruleset's JSON config: rules turns the number of players and
// the chosen value index of each option into it, which every machine is
// told ({"rules": …}) and the host's table deals with, from the match's
// Secret. An error from rules is shown on the host's lobby screen, and
// the match does not start. A game without options needs no Config.Game:
// its host deals the ruleset's default config.
func PublicRules(rules func(players int, chosen []int) (json.RawMessage, error)) func(netplay.SeatSet, []int) []byte {
	return func(players netplay.SeatSet, chosen []int) []byte {
		cfg, err := rules(players.Len(), chosen)
		if err != nil {
			return GameFailed(err)
		}
		data, err := json.Marshal(Game{Rules: cfg})
		if err != nil { // rules returned something that is not JSON
			return GameFailed(fmt.Errorf("the game's rules config: %w", err))
		}
		return data
	}
}

// Game is the public settings of a hidden-hand match, as the host's lobby
// sends them (Config.Game): the variant settings of a game that has some.
// It holds no secret: the deal follows from the host's Match.Secret,
// which never leaves the host.
type Game struct {
	Rules json.RawMessage `json:"rules,omitempty"`
}
