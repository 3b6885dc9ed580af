package elevensuitstable

import (
	"time"

	"github.com/jankenarcade/janken/rulesets"
	es "github.com/jankenarcade/janken/rulesets/elevensuits"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/cardtable"
	"github.com/jankenarcade/janken/scenes/netlobby"
	"github.com/jankenarcade/janken/scenes/nettable"
)

// RulesVersion is the version of the rules a network match checks.
const RulesVersion = "elevensuits/1"

// netRules is Eleven Suits as a hidden-hand network game; the variant
// the host chose travels as the rules config (netSettings).
var netRules = nettable.Rules[*es.State, es.Action, es.Event, es.View]{
	New:          newNetGame,
	View:         (*es.State).View,
	Audience:     func(e es.Event) rulesets.Audience { return e.Audience },
	DecodeAction: es.Definition().DecodeAction,
	ViewOf:       func(v *es.View) (int, int) { return v.Seat, v.Config.Players },
}

// Net is Eleven Suits' network match as the runner plays it.
type Net = cardtable.Net[*es.State, es.View, es.Action, es.Event, *es.View]

// NetTable is the Eleven Suits table of a network match: the runner on
// the match's Net, which on the host runs the game under a netplay.Host
// and on a client sends its seats' actions and reads the views the host
// sends.
type NetTable struct {
	*Runner
	net   *Net
	table *table
}

// NewNetTable starts the match m from the network lobby; the table owns
// m.Transport from now on.
func NewNetTable(d *scenes.Director, m netlobby.Match) (*NetTable, error) {
	return openNet(d, m, func(n match) match { return n })
}

// openNet starts the match m, whose Net the table reads through watch's
// answer (tests record what the table asks of it).
func openNet(d *scenes.Director, m netlobby.Match, watch func(match) match) (*NetTable, error) {
	memory, err := matchMemoryAid(m.Game)
	if err != nil {
		return nil, err
	}
	n, seating, err := cardtable.OpenNet[*es.State, es.View, es.Action, es.Event, *es.View](d, m, netRules)
	if err != nil {
		return nil, err
	}
	g := watch(n)
	t := newTable(d, g, memory)
	r, err := open(d, t, g, seating, n.Secret(), n, nil)
	if err != nil {
		n.Close()
		return nil, err
	}
	var game *es.State // a client knows no config
	if h := n.Hosted(); h != nil {
		game = h.Game()
	}
	r.Record(replayHeader(game))
	return &NetTable{Runner: r, net: n, table: t}, nil
}

// RunOn runs the network on clock from now on instead of the wall clock:
// tests run a match on a simulated network's time.
func (nt *NetTable) RunOn(clock func() time.Duration) { nt.net.RunOn(clock) }
