//go:build !js

package nettable_test

import (
	"encoding/json"
	"fmt"
	"runtime/debug"
	"testing"
	"time"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/netplay"
	"github.com/jankenarcade/janken/rulesets"
	es "github.com/jankenarcade/janken/rulesets/elevensuits"
	"github.com/jankenarcade/janken/rulesets/ninjan"
	tm "github.com/jankenarcade/janken/rulesets/thatsmine"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/elevensuitstable"
	"github.com/jankenarcade/janken/scenes/netlobby"
	"github.com/jankenarcade/janken/scenes/netlobby/netlobbytest"
	"github.com/jankenarcade/janken/scenes/ninjantable"
	"github.com/jankenarcade/janken/scenes/thatsminetable"
)

// lie is what a hostile host sends a client in place of the truth: well
// formed netplay messages, wrong inside.
type lie struct {
	name string
	// view returns what the host sends the client's seat, given the
	// honest views of its seat and of the host's own.
	view func(own, other []byte) []byte
	// event returns what the host sends for an event, given the honest
	// one.
	event func(honest []byte) []byte
	// ends: the client must end the match on its table.
	ends bool
}

var lies = []lie{
	{name: "a view that is not JSON", view: func([]byte, []byte) []byte { return []byte(`{"Seat":`) }, ends: true},
	{name: "a view of the host's seat", view: func(_, other []byte) []byte { return other }, ends: true},
	{name: "a view of every number 99", view: func(own, _ []byte) []byte { return mapNumbers(own, 99) }},
	{name: "a view of every number -1", view: func(own, _ []byte) []byte { return mapNumbers(own, -1) }},
	{name: "a view of every list emptied", view: func(own, _ []byte) []byte { return emptyLists(own) }},
	{name: "events that are not JSON", event: func([]byte) []byte { return []byte("not an event") }},
	{name: "events of every number 99", event: func(e []byte) []byte { return mapNumbers(e, 99) }},
}

// cardTable is a card game's network table.
type cardTable interface {
	netlobbytest.Table
	Fault() string
}

// TestAttack_HostileHostNeverEndsTheProgram: a hostile host sends a
// client's table views and events that pass netplay's checks but lie
// inside — not JSON, another seat's view, numbers and lists that no deal
// has. For each card game, the client's director — what ebiten.RunGame
// calls — neither returns an error nor panics while the client plays
// for ten seconds; a view it cannot take ends the match on the table,
// with a message.
func TestAttack_HostileHostNeverEndsTheProgram(t *testing.T) {
	for _, l := range lies {
		t.Run("thatsmine/"+l.name, func(t *testing.T) {
			g, err := tm.New(tm.Config{Players: 3}, 1)
			if err != nil {
				t.Fatal(err)
			}
			playHostile(t, l, 3, g, (*tm.State).View, tm.Definition().DecodeAction, thatsminetable.NewNetTable)
		})
		t.Run("ninjan/"+l.name, func(t *testing.T) {
			g, err := ninjan.New(ninjan.Config{Players: 2}, 1)
			if err != nil {
				t.Fatal(err)
			}
			playHostile(t, l, 2, g, (*ninjan.State).View, ninjan.Definition().DecodeAction, openNinjan)
		})
		t.Run("elevensuits/"+l.name, func(t *testing.T) {
			g, err := es.New(es.Config{Players: 2}, 1)
			if err != nil {
				t.Fatal(err)
			}
			playHostile(t, l, 2, g, (*es.State).View, es.Definition().DecodeAction, elevensuitstable.NewNetTable)
		})
	}
}

// wallClocked is a table that keeps the wall clock (Ninjan's exports no
// RunOn): the network's simulated time still orders every packet, and
// the ten seconds the test plays take less than one of the wall clock's,
// too short for any wall-clock timeout.
type wallClocked struct{ *ninjantable.Runner }

func (wallClocked) RunOn(func() time.Duration) {}

func openNinjan(d *scenes.Director, m netlobby.Match) (wallClocked, error) {
	r, err := ninjantable.NewNetTable(d, m)
	return wallClocked{r}, err
}

// playHostile plays the client of seat 1 of game g against a host that
// tells it lie l, tapping Enter every other tick until the match ends on
// its table; any other client is silent.
func playHostile[G rulesets.Game[A, E], A comparable, E, V any, T cardTable](t *testing.T, l lie, players int, g G, view func(G, int) V,
	decode func([]byte) (A, error), open func(*scenes.Director, netlobby.Match) (T, error)) {
	n := netplay.NewMemNetwork(netplay.LinkConfig{}, 1)
	ms := netlobbytest.Matches(n, 77, 9, nil, players)
	honest := func(g G, seat int) []byte {
		b, err := json.Marshal(view(g, seat))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	var remotes []netplay.Remote
	for _, m := range ms[1:] {
		remotes = append(remotes, netplay.Remote{Addr: m.Transport.LocalAddr(), Seats: m.Seats})
	}
	cfg := netplay.HostConfig[G, A, E]{
		Room: ms[0].Room, Remotes: remotes,
		View: func(g G, seat int) ([]byte, error) {
			if l.view == nil {
				return honest(g, seat), nil
			}
			return l.view(honest(g, seat), honest(g, 0)), nil
		},
		Audience: func(E) rulesets.Audience { return rulesets.Everyone },
		EncodeEvent: func(e E) ([]byte, error) {
			b, err := json.Marshal(e)
			if err != nil || l.event == nil {
				return b, err
			}
			return l.event(b), nil
		},
		DecodeAction: decode,
	}
	host, err := netplay.NewHost(cfg, ms[0].Transport, g)
	if err != nil {
		t.Fatal(err)
	}
	var table T
	keys := netlobbytest.Tapper{Src: new(input.Script)}
	d := netlobbytest.Director(t.TempDir(), ms[1], n, keys.Src, open, &table, &err)
	if err != nil {
		t.Fatal(err)
	}
	for tick := range 600 {
		if err := host.Update(n.Now()); err != nil {
			t.Fatalf("tick %d: the hostile host: %v", tick, err)
		}
		// Enter plays the client's turns, and would leave the table
		// once the match has ended on it.
		if keys.Tick() && tick > 0 && table.Fault() == "" {
			keys.Enter()
		}
		if err := update(d); err != nil {
			t.Fatalf("tick %d: the client's director: %v", tick, err)
		}
		n.Advance(netplay.TickDuration)
	}
	if d.Top() != scenes.Scene(table) {
		t.Fatalf("the client's screen is %q, not its table", d.Top().Name())
	}
	if fault := table.Fault(); l.ends && fault == "" {
		t.Errorf("the client's table took %s and played on", l.name)
	} else {
		t.Logf("the client's table: fault %q", fault)
	}
}

// update runs one tick of d, a panic returned as an error.
func update(d *scenes.Director) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("panic: %v\n%s", p, debug.Stack())
		}
	}()
	return d.Update()
}

// mapNumbers returns JSON document doc with every number set to v.
func mapNumbers(doc []byte, v float64) []byte {
	return rewrite(doc, func(x any) any {
		if _, ok := x.(float64); ok {
			return v
		}
		return x
	})
}

// emptyLists returns JSON document doc with every list emptied.
func emptyLists(doc []byte) []byte {
	return rewrite(doc, func(x any) any {
		if _, ok := x.([]any); ok {
			return []any{}
		}
		return x
	})
}

// rewrite returns JSON document doc with every value x replaced by f(x),
// inside out.
func rewrite(doc []byte, f func(any) any) []byte {
	var x any
	if err := json.Unmarshal(doc, &x); err != nil {
		panic(err) // the honest document is JSON
	}
	out, err := json.Marshal(walk(x, f))
	if err != nil {
		panic(err)
	}
	return out
}

func walk(x any, f func(any) any) any {
	switch x := x.(type) {
	case []any:
		for i := range x {
			x[i] = walk(x[i], f)
		}
	case map[string]any:
		for k := range x {
			x[k] = walk(x[k], f)
		}
	}
	return f(x)
}
