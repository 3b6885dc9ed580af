package thatsminetable

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/jankenarcade/janken/rulesets"
	tm "github.com/jankenarcade/janken/rulesets/thatsmine"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/cardtable"
	"github.com/jankenarcade/janken/scenes/netlobby"
	"github.com/jankenarcade/janken/scenes/nettable"
)

// RulesVersion is the version of the rules a network match checks.
const RulesVersion = "thatsmine/1"

// netRules is That's Mine as a hidden-hand network game: the host deals
// from the match's secret as the couch does.
var netRules = nettable.Rules[*tm.State, tm.Action, tm.Event, tm.View]{
	New: func(players int, _ json.RawMessage, secret uint64) (*tm.State, error) {
		return tm.New(tm.Config{Players: players}, rulesets.DeriveSeed(secret, "deal", -1))
	},
	View:         (*tm.State).View,
	Audience:     func(e tm.Event) rulesets.Audience { return e.Audience },
	DecodeAction: tm.Definition().DecodeAction,
	ViewOf:       func(v *tm.View) (int, int) { return v.Seat, v.Players },
}

// netGame is a network match of That's Mine, as the runner plays it.
type netGame = cardtable.Net[*tm.State, tm.View, tm.Action, tm.Event, *tm.View]

// NetTable is the That's Mine table of a network match: the runner, with
// the network's whole game on the host and the host's views of its seats
// on a client.
type NetTable struct {
	*Runner
	net   *netGame
	table *table
}

// NewNetTable starts the match m from the network lobby; the table owns
// m.Transport from now on.
func NewNetTable(d *scenes.Director, m netlobby.Match) (*NetTable, error) {
	return openNet(d, m, nil)
}

// openNet is NewNetTable; wrap, if set, wraps the match the runner plays
// (tests record what the table asked of it).
func openNet(d *scenes.Director, m netlobby.Match, wrap func(cardtable.Match[tm.View, tm.Action, tm.Event]) cardtable.Match[tm.View, tm.Action, tm.Event]) (*NetTable, error) {
	n, seating, err := cardtable.OpenNet[*tm.State, tm.View, tm.Action, tm.Event, *tm.View](d, m, netRules)
	if err != nil {
		return nil, fmt.Errorf("thatsminetable: %w", err)
	}
	var match cardtable.Match[tm.View, tm.Action, tm.Event] = n
	if wrap != nil {
		match = wrap(match)
	}
	t := newTable(d, seating)
	cfg := t.config(match, seating, n.Secret())
	cfg.Net = n
	r, err := cardtable.New[tm.View, tm.Action, tm.Event, *tm.View](d, cfg)
	if err != nil {
		n.Close()
		return nil, fmt.Errorf("thatsminetable: %w", err)
	}
	r.Record(replayHeader)
	return &NetTable{Runner: r, net: n, table: t}, nil
}

// RunOn runs the network on clock instead of the wall clock (tests).
func (nt *NetTable) RunOn(clock func() time.Duration) { nt.net.RunOn(clock) }

// Where the connection line ends: bottom right of the table, left of the
// log.
const netStatsX, netStatsY = 975, 712
