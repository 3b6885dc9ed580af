package slamtable

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/netplay"
	"github.com/jankenarcade/janken/persist"
	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/rulesets/slam"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/netlobby"
	"github.com/jankenarcade/janken/scenes/scenetest"
)

// couchMachine is one machine of a network match with a couch: its
// director, its keyboard and the presses it still has to make.
type couchMachine struct {
	d       *scenes.Director
	src     *input.Script
	table   *NetTable
	presses []couchPress
	release []ebiten.Key
	events  []slam.Event     // settled, in order
	hashes  map[int64]uint64 // settled hashes by tick
}

// couchPress is a press a couch player makes after the first flip: the
// correct gesture or, if !correct, a wrong one.
type couchPress struct {
	zone, after int64
	correct     bool
	done        bool
}

// prepare feeds the machine's keyboard for its next tick: it releases
// last tick's keys and presses the keys due on its predicted state.
func (m *couchMachine) prepare() {
	m.src.Advance()
	for _, k := range m.release {
		m.src.Do(input.KeyUp(k))
	}
	m.release = m.release[:0]
	s := &m.table.state
	for i := range m.presses {
		p := &m.presses[i]
		if p.done || s.Phase() != slam.PhaseRacing || s.Tick() != s.Card().FlipTick+p.after {
			continue
		}
		g := s.Card().Correct
		if !p.correct {
			g = wrongGesture(g)
		}
		k := keyFor(int(p.zone), g)
		m.src.Do(input.KeyDown(k))
		m.release = append(m.release, k)
		p.done = true
	}
}

// record keeps what the machine's last tick settled.
func (m *couchMachine) record() {
	for _, se := range m.table.settled {
		m.events = append(m.events, se.e)
	}
	if tick, s := m.table.sess.Settled(); tick >= 0 {
		m.hashes[tick] = s.Hash()
	}
}

// wrongGesture returns a gesture of Slam other than g.
func wrongGesture(g rulesets.Buttons) rulesets.Buttons {
	for _, o := range input.Gestures {
		if o != g && o != rulesets.ButtonClap {
			return o
		}
	}
	return rulesets.ButtonClap
}

// newCouchMachine starts the network table of m with each of its local
// seats, in order, bound to a keyboard zone of zones.
func newCouchMachine(dir string, m netlobby.Match, n *netplay.MemNetwork, zones []int, presses []couchPress) (*couchMachine, error) {
	cm := &couchMachine{src: new(input.Script), presses: presses, hashes: map[int64]uint64{}}
	var err error
	cm.d = scenes.New(scenes.Options{Source: cm.src, Store: persist.At(dir),
		Start: func(d *scenes.Director) scenes.Scene {
			cm.table, err = NewNetTable(d, m)
			if err != nil {
				return scenes.NewTitle(d)
			}
			cm.table.clock = n.Now
			i := 0
			for seat := range rulesets.MaxSeats {
				if m.Seats.Has(seat) && err == nil {
					err = cm.table.Bind(seat, input.Device{Kind: input.KeyZone, Index: zones[i]})
					i++
				}
			}
			return cm.table
		}})
	return cm, err
}

// TestNetCouchSeats: every machine settles the presses of all three
// seats, two of them from one machine's couch, with the same results and
// the same states.
//
// The couch match: a host machine with two couch players (seats 0 and 1,
// zones 2 and 4) and a client with one (seat 2, zone 3). Seat 1 and seat
// 2 press a wrong gesture after the first flip, then seat 0 the correct
// one.
func TestNetCouchSeats(t *testing.T) {
	n := netplay.NewMemNetwork(netplay.LinkConfig{Delay: 30 * time.Millisecond, Jitter: 8 * time.Millisecond}, 5)
	game, _ := json.Marshal(netSettings{PublicSeed: 7, Config: slam.DefaultConfig(3)})
	he, ce := n.Endpoint(), n.Endpoint()
	const room = netplay.RoomCode(1717)
	hostSeats, clientSeats := netplay.SeatsOf(0)|netplay.SeatsOf(1), netplay.SeatsOf(2)
	settings, _ := json.Marshal(map[string]any{
		"peers": []map[string]any{{"seats": hostSeats}, {"addr": ce.LocalAddr().String(), "seats": clientSeats}},
		"game":  json.RawMessage(game), "bots": true})
	hm := netlobby.Match{Transport: he, Room: room, Host: true, Seats: hostSeats,
		Joiners:  []netplay.Joiner{{Addr: ce.LocalAddr(), Name: "Bo", Index: 1, Seats: clientSeats}},
		Settings: settings, HostAddr: he.LocalAddr(), Game: game, OnDrop: netplay.BotSeats}
	cm := netlobby.Match{Transport: ce, Room: room, Index: 1, Seats: clientSeats,
		Settings: settings, HostAddr: he.LocalAddr(), Game: game, OnDrop: netplay.BotSeats}
	dir := t.TempDir()
	host, err := newCouchMachine(dir, hm, n, []int{2, 4}, []couchPress{{zone: 4, after: 10}, {zone: 2, after: 40, correct: true}})
	if err != nil {
		t.Fatal(err)
	}
	client, err := newCouchMachine(dir, cm, n, []int{3}, []couchPress{{zone: 3, after: 14}})
	if err != nil {
		t.Fatal(err)
	}
	scenetest.Run(t, host.d, 601, func(tick int) {
		if tick > 0 {
			host.record()
		}
		host.prepare()
		client.prepare()
		if err := client.d.Update(); err != nil {
			t.Fatal(err)
		}
		client.record()
		n.Advance(netplay.TickDuration)
	})
	host.record()
	t.Logf("host's settled presses and wins: %v", pressesAndWins(host.events))
	if got := host.table.local; got != netplay.SeatsOf(0)|netplay.SeatsOf(1) {
		t.Fatalf("host's local seats %v", got)
	}
	want := map[int8]slam.Result{0: slam.ResultCorrect, 1: slam.ResultWrong, 2: slam.ResultWrong}
	var first [2]map[int8]slam.Event
	for i, m := range []*couchMachine{host, client} {
		if m.table.shell.Gone {
			t.Fatalf("a session failed: %q", m.table.shell.Notice)
		}
		got := map[int8]slam.Event{}
		first[i] = got
		for _, e := range m.events {
			if _, seen := got[e.Seat]; e.Kind == slam.EventPress && !seen {
				got[e.Seat] = e
			}
		}
		for seat, res := range want {
			if e, ok := got[seat]; !ok || e.Result != res {
				t.Errorf("machine %d: seat %d's first settled press %+v (found %v), want %v", m.table.match.Index, seat, e, ok, res)
			}
		}
	}
	for seat, e := range first[0] {
		if c := first[1][seat]; c != e {
			t.Errorf("seat %d's press: host settled %+v, client %+v", seat, e, c)
		}
	}
	for _, m := range []*couchMachine{host, client} {
		for _, p := range m.presses {
			if !p.done {
				t.Errorf("machine %d: press %+v never made", m.table.match.Index, p)
			}
		}
	}
	common := 0
	for tick, h := range host.hashes {
		if c, ok := client.hashes[tick]; ok {
			common++
			if c != h {
				t.Errorf("tick %d: host hash %x, client %x", tick, h, c)
			}
		}
	}
	// Each machine samples its latest settled tick once an update; after
	// the lead-in that measures the links they settle out of phase, so
	// about a third of the ~560 ticks are sampled on both.
	if common < 150 {
		t.Errorf("only %d ticks settled on both machines", common)
	}
	if host.table.state.Won(0) != 1 || client.table.state.Won(0) != 1 {
		t.Errorf("seat 0 won %d cards on the host, %d on the client; want 1", host.table.state.Won(0), client.table.state.Won(0))
	}
}

// pressesAndWins picks the presses and wins out of events, to log.
func pressesAndWins(events []slam.Event) []slam.Event {
	var out []slam.Event
	for _, e := range events {
		if e.Kind == slam.EventPress || e.Kind == slam.EventWon {
			out = append(out, e)
		}
	}
	return out
}
