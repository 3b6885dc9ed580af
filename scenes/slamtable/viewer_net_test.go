//go:build !js

package slamtable

import (
	"encoding/binary"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/netplay"
	"github.com/jankenarcade/janken/persist"
	"github.com/jankenarcade/janken/replay"
	"github.com/jankenarcade/janken/rulesets/slam"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/netlobby"
)

// udpMachine is one machine of a network match on real UDP sockets on
// 127.0.0.1: its director, its table, and a player who presses the
// correct gesture react ticks after each flip it sees.
type udpMachine struct {
	src     *input.Script
	d       *scenes.Director
	nt      *NetTable
	zone    int
	react   int64
	release ebiten.Key
	settled map[int64]uint64 // the settled state's hash after each tick seen
}

// tick runs one tick of the machine.
func (m *udpMachine) tick(t *testing.T) {
	m.src.Advance()
	if m.release != 0 {
		m.src.Do(input.KeyUp(m.release))
		m.release = 0
	}
	if s := &m.nt.state; s.Phase() == slam.PhaseRacing && s.Tick() == s.Card().FlipTick+m.react {
		m.release = keyFor(m.zone, s.Card().Correct)
		m.src.Do(input.KeyDown(m.release))
	}
	if err := m.d.Update(); err != nil {
		t.Fatal(err)
	}
	if tick, s := m.nt.sess.Settled(); tick >= 0 {
		m.settled[tick] = s.Hash()
	}
}

// udpMatch starts a two-machine match on UDP sockets on 127.0.0.1, both
// machines on the fake clock *now.
func udpMatch(t *testing.T, now *time.Duration) (host, client *udpMachine) {
	var ends [2]*netplay.UDP
	for i := range ends {
		udp, err := netplay.ListenUDP("127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { udp.Close() })
		ends[i] = udp
	}
	game, _ := json.Marshal(netSettings{PublicSeed: 42, Config: slam.DefaultConfig(2)})
	const room = netplay.RoomCode(4243)
	settings, _ := json.Marshal(map[string]any{
		"peers": []map[string]any{{"seats": 1}, {"addr": ends[1].LocalAddr().String(), "seats": 2}},
		"game":  json.RawMessage(game), "bots": true})
	matches := [2]netlobby.Match{
		{Transport: ends[0], Room: room, Host: true, Seats: netplay.SeatsOf(0),
			Joiners:  []netplay.Joiner{{Addr: ends[1].LocalAddr(), Name: "Bo", Index: 1, Seats: netplay.SeatsOf(1)}},
			Settings: settings, HostAddr: ends[0].LocalAddr(), Game: game, OnDrop: netplay.BotSeats},
		{Transport: ends[1], Room: room, Index: 1, Seats: netplay.SeatsOf(1),
			Settings: settings, HostAddr: ends[0].LocalAddr(), Game: game, OnDrop: netplay.BotSeats},
	}
	machines := [2]*udpMachine{{zone: 2, react: 30}, {zone: 3, react: 20}}
	for i, m := range machines {
		m.src, m.settled = new(input.Script), map[int64]uint64{}
		m.d = scenes.New(scenes.Options{Source: m.src, Store: persist.At(t.TempDir()),
			Start: func(d *scenes.Director) scenes.Scene {
				nt, err := NewNetTable(d, matches[i])
				if err != nil {
					t.Fatalf("NewNetTable: %v", err)
				}
				nt.clock = func() time.Duration { return *now }
				if err := nt.Bind(i, input.Device{Kind: input.KeyZone, Index: m.zone}); err != nil {
					t.Fatal(err)
				}
				m.nt = nt
				return nt
			}})
	}
	return machines[0], machines[1]
}

// TestNetworkReplays plays a match between two machines over UDP on
// 127.0.0.1 and checks both machines' replays: each verifies offline
// after it is saved to a file and loaded, the two agree tick for tick,
// neither holds a seed nor an undealt card, and the viewer of the
// client's replay shows the state the client settled at every tick.
func TestNetworkReplays(t *testing.T) {
	var now time.Duration
	host, client := udpMatch(t, &now)
	for range 900 {
		client.tick(t)
		time.Sleep(time.Millisecond) // the packets cross the loopback
		now += netplay.TickDuration
		host.tick(t)
		time.Sleep(time.Millisecond)
	}
	reps := [2]*replay.Replay{host.nt.Replay(), client.nt.Replay()}
	for i, want := range []int{replay.WholeGame, 1} {
		h := &reps[i].Header
		if h.Viewer != want || h.SeedKnown || h.Seed != 0 || h.Rules != RulesVersion {
			t.Errorf("machine %d's header: viewer %d, seed %d (known %v), rules %q", i, h.Viewer, h.Seed, h.SeedKnown, h.Rules)
		}
		data, err := replay.Encode(reps[i])
		if err != nil {
			t.Fatal(err)
		}
		file := filepath.Join(t.TempDir(), "match.jrp")
		if err := os.WriteFile(file, data, 0o644); err != nil {
			t.Fatal(err)
		}
		if data, err = os.ReadFile(file); err != nil {
			t.Fatal(err)
		}
		if reps[i], err = replay.Decode(data); err != nil {
			t.Fatal(err)
		}
		if err := slam.ReplayGame(RulesVersion).Verify(reps[i]); err != nil {
			t.Fatalf("machine %d's replay: %v", i, err)
		}
	}
	if got := reps[1].Header.Seats; got[0].Kind != replay.Remote || got[1].Kind != replay.Human {
		t.Errorf("the client's seats: %+v", got)
	}
	hostRec, err := slam.Open(reps[0])
	if err != nil {
		t.Fatal(err)
	}
	clientRec, err := slam.Open(reps[1])
	if err != nil {
		t.Fatal(err)
	}
	common := min(hostRec.Ticks, clientRec.Ticks)
	before := func(steps []replay.Step) []replay.Step {
		return slices.DeleteFunc(slices.Clone(steps), func(s replay.Step) bool { return s.At >= common })
	}
	if !slices.EqualFunc(before(hostRec.Steps), before(clientRec.Steps), func(a, b replay.Step) bool {
		return a.At == b.At && a.Seat == b.Seat && slices.Equal(a.Data, b.Data)
	}) {
		t.Error("the host's and the client's replays differ")
	}
	fins, err := slam.Finishes(clientRec)
	if err != nil {
		t.Fatal(err)
	}
	if len(fins) < 2 {
		t.Fatalf("only %d cards flipped in %d ticks", len(fins), clientRec.Ticks)
	}
	checkDealsFlipped(t, clientRec, fins)
	v, err := NewWatcher(client.d, reps[1])
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for v.step() {
		if h, ok := client.settled[v.Tick()-1]; ok {
			checked++
			if v.state.Hash() != h {
				t.Fatalf("tick %d: the viewer's state differs from the one the client settled", v.Tick()-1)
			}
		}
	}
	t.Logf("%d ticks and %d flips recorded; the viewer checked at %d ticks", clientRec.Ticks, len(fins), checked)
}

// checkDealsFlipped checks that every deal in rec is the reveal of a back
// or a card that flipped: no undealt card is in the replay.
func checkDealsFlipped(t *testing.T, rec *slam.Recording, fins []slam.Finish) {
	t.Helper()
	flipped := map[uint32]bool{}
	for _, f := range fins {
		flipped[slam.FlipDeal(f.Record.Card, f.Record.Back)] = true
	}
	for _, s := range rec.Steps {
		if s.Seat != -1 {
			continue
		}
		deal, n := binary.Uvarint(s.Data)
		if n != len(s.Data) {
			t.Fatalf("tick %d: a bad deal % x", s.At, s.Data)
		}
		if deal&0xff != 0 && !flipped[uint32(deal)] {
			t.Errorf("tick %d: the replay holds a deal of a card that never flipped", s.At)
		}
	}
}
