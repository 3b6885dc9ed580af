package ninjantable

import (
	"encoding/json"

	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/rulesets/ninjan"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/cardtable"
	"github.com/jankenarcade/janken/scenes/netlobby"
	"github.com/jankenarcade/janken/scenes/nettable"
)

// RulesVersion is the version of the rules a network match checks.
const RulesVersion = "ninjan/1"

// netRules is Ninjan as a hidden-hand network game: the host deals from
// the match's secret as the couch does.
var netRules = nettable.Rules[*ninjan.State, ninjan.Action, ninjan.Event, ninjan.View]{
	New: func(players int, _ json.RawMessage, secret uint64) (*ninjan.State, error) {
		return ninjan.New(ninjan.Config{Players: players}, rulesets.DeriveSeed(secret, "deal", -1))
	},
	View:         (*ninjan.State).View,
	Audience:     func(e ninjan.Event) rulesets.Audience { return e.Audience },
	DecodeAction: ninjan.Definition().DecodeAction,
	ViewOf:       func(v *ninjan.View) (int, int) { return v.Seat, v.Config.Players },
}

// NewNetTable starts the match m from the network lobby: on the host the
// whole game, on a client its seats' views; the table owns m.Transport
// from now on.
func NewNetTable(d *scenes.Director, m netlobby.Match) (*Runner, error) {
	n, seating, err := cardtable.OpenNet[*ninjan.State, ninjan.View, ninjan.Action, ninjan.Event, *ninjan.View](d, m, netRules)
	if err != nil {
		return nil, err
	}
	r, _, err := open(d, n, seating, n.Secret(), n)
	if err != nil {
		n.Close()
		return nil, err
	}
	r.Record(replayHeader)
	return r, nil
}
