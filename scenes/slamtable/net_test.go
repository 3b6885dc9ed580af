package slamtable

import (
	"encoding/json"
	"strings"
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
	"github.com/jankenarcade/janken/scenes/privacy/screenshot"
)

// The network match: a host machine (seat 0, keyboard zone 2) and a
// client machine (seat 1, zone 3) on a simulated LAN with 30 ms each way
// and jitter. The client presses the correct gesture 20 ticks after it
// sees the first card flip; the host does nothing. Then the client's
// machine goes silent and the host hands its seat to a bot.
var (
	netHostShot, netClientShot, netDropShot *screenshot.Shot
	netHost, netClient                      *NetTable
	netHostEvents                           []slam.Event             // the host's settled events, in order
	netHashes                               [2]map[int64]uint64      // each machine's settled hashes by tick
	netClientPress                          int64               = -1 // the tick the client's press was scheduled for
	netAllocs                               float64                  // allocations of one warm tick of both machines
	netErr                                  error
)

// netMatches returns the host's and the client's side of one match on
// network n.
func netMatches(n *netplay.MemNetwork, game []byte) (host, client netlobby.Match) {
	he, ce := n.Endpoint(), n.Endpoint()
	const room = netplay.RoomCode(4242)
	settings, _ := json.Marshal(map[string]any{
		"peers": []map[string]any{{"seats": 1}, {"addr": ce.LocalAddr().String(), "seats": 2}},
		"game":  json.RawMessage(game), "bots": true})
	host = netlobby.Match{Transport: he, Room: room, Host: true, Seats: netplay.SeatsOf(0),
		Joiners:  []netplay.Joiner{{Addr: ce.LocalAddr(), Name: "Bo", Index: 1, Seats: netplay.SeatsOf(1)}},
		Settings: settings, HostAddr: he.LocalAddr(), Game: game, OnDrop: netplay.BotSeats}
	client = netlobby.Match{Transport: ce, Room: room, Index: 1, Seats: netplay.SeatsOf(1),
		Settings: settings, HostAddr: he.LocalAddr(), Game: game, OnDrop: netplay.BotSeats}
	return host, client
}

// netDirector makes a director whose first scene is the network table
// of m, on the simulated network's clock, with zone at the local seat.
func netDirector(dir string, m netlobby.Match, n *netplay.MemNetwork, src *input.Script, zone int, out **NetTable) *scenes.Director {
	return scenes.New(scenes.Options{Source: src, Store: persist.At(dir),
		Start: func(d *scenes.Director) scenes.Scene {
			nt, err := NewNetTable(d, m)
			if err != nil {
				netErr = err
				return scenes.NewTitle(d)
			}
			nt.clock = n.Now
			seat := m.Index
			if err := nt.Bind(seat, input.Device{Kind: input.KeyZone, Index: zone}); err != nil {
				netErr = err
			}
			*out = nt
			return nt
		}})
}

func netShots(dir string) ([]*screenshot.Shot, error) {
	n := netplay.NewMemNetwork(netplay.LinkConfig{Delay: 30 * time.Millisecond, Jitter: 8 * time.Millisecond}, 3)
	game, _ := json.Marshal(netSettings{Seed: 42, Config: slam.DefaultConfig(2)})
	hm, cm := netMatches(n, game)
	hostSrc, clientSrc := new(input.Script), new(input.Script)
	hd := netDirector(dir, hm, n, hostSrc, 2, &netHost)
	cd := netDirector(dir, cm, n, clientSrc, 3, &netClient)
	netHashes = [2]map[int64]uint64{{}, {}}
	record := func(i int, nt *NetTable) {
		tick, s := nt.sess.Settled()
		if tick >= 0 {
			netHashes[i][tick] = s.Hash()
		}
	}
	var release ebiten.Key
	// Before each host tick: the client's machine runs its tick (pressing
	// as scripted), then the network's clock moves on one tick.
	clientTick := func() error {
		clientSrc.Advance()
		if release != 0 {
			clientSrc.Do(input.KeyUp(release))
			release = 0
		}
		if s := &netClient.state; netClientPress < 0 && s.Phase() == slam.PhaseRacing && s.Tick() == s.Card().FlipTick+20 {
			release = keyFor(3, s.Card().Correct)
			clientSrc.Do(input.KeyDown(release))
			netClientPress = netClient.sess.Tick() + int64(netClient.sess.InputDelay())
		}
		if err := cd.Update(); err != nil {
			return err
		}
		record(1, netClient)
		return nil
	}
	host := func(until func() bool) func(int) bool {
		return func(int) bool {
			if netErr != nil {
				return true
			}
			if netHost != nil {
				record(0, netHost)
				for _, se := range netHost.settled {
					netHostEvents = append(netHostEvents, se.e)
				}
			}
			hostSrc.Advance()
			if netClient != nil {
				if netErr = clientTick(); netErr != nil {
					return true
				}
			}
			n.Advance(netplay.TickDuration)
			return until()
		}
	}
	won := func() bool {
		for _, e := range netHostEvents {
			if e.Kind == slam.EventWon {
				return netHost.state.Tick() > e.Tick+30
			}
		}
		return netHost != nil && netHost.state.Tick() > 900
	}
	netHostShot = &screenshot.Shot{Name: "slam-net-host", Director: hd, Step: host(won)}
	// The client's screen a moment later: its director is driven by the
	// shot, the host's by hand.
	ticks := 0
	netClientShot = &screenshot.Shot{Name: "slam-net-client", Director: cd, Step: func(int) bool {
		hostSrc.Advance()
		if err := hd.Update(); err != nil {
			netErr = err
			return true
		}
		record(0, netHost)
		clientSrc.Advance()
		n.Advance(netplay.TickDuration)
		record(1, netClient)
		ticks++
		if ticks == 20 {
			// One tick of the match on both machines, once warm.
			netAllocs = testing.AllocsPerRun(200, func() {
				if err := hd.Update(); err != nil {
					netErr = err
				}
				if err := cd.Update(); err != nil {
					netErr = err
				}
				n.Advance(netplay.TickDuration)
			})
		}
		return ticks > 20
	}}
	// The client's machine goes silent: the host warns, then drops it
	// and a bot plays its seat.
	var cut bool
	netDropShot = &screenshot.Shot{Name: "slam-net-dropped", Director: hd, Step: host(func() bool {
		if !cut {
			cm.Transport.(*netplay.MemEndpoint).Cut(true)
			netClient, cut = nil, true
		}
		return netHost.sess.Peer(1).Dropped && netHost.state.Tick()%60 == 0
	})}
	return []*screenshot.Shot{netHostShot, netClientShot, netDropShot}, nil
}

// The lost host: a client whose host never answers while the machines
// measure their links. What its table showed after 70 ticks, and at the
// end, 7 s in.
var (
	lostTable                    *NetTable
	lostWaiting, lostFailedEarly bool
)

func hostLostShot(dir string) *screenshot.Shot {
	n := netplay.NewMemNetwork(netplay.LinkConfig{Delay: 30 * time.Millisecond}, 8)
	game, _ := json.Marshal(netSettings{Seed: 1, Config: slam.DefaultConfig(2)})
	_, cm := netMatches(n, game)
	src := new(input.Script)
	d := netDirector(dir, cm, n, src, 3, &lostTable)
	return &screenshot.Shot{Name: "slam-net-host-lost", Director: d, Step: func(tick int) bool {
		src.Advance()
		n.Advance(netplay.TickDuration)
		if tick == 70 && lostTable != nil {
			lostWaiting, lostFailedEarly = lostTable.waiting, lostTable.failed
		}
		return tick >= 7*60
	}}
}

// TestNetHostLostBeforeStart: the client measures its links, waiting;
// once the host has been silent for the timeout it says the host is gone
// and the match is over there (Enter leaves), never having begun.
func TestNetHostLostBeforeStart(t *testing.T) {
	nt := lostTable
	if nt == nil {
		t.Fatal("no table")
	}
	if !lostWaiting || lostFailedEarly {
		t.Errorf("after 70 ticks without a host: waiting %v, failed %v; want waiting", lostWaiting, lostFailedEarly)
	}
	if !nt.failed || !strings.Contains(nt.notice, "host's machine is gone before the match began") {
		t.Errorf("7 s later: failed %v, notice %q", nt.failed, nt.notice)
	}
	if nt.sess.Tick() != 0 {
		t.Errorf("the match ran to tick %d without its host", nt.sess.Tick())
	}
}

// TestNetClientPressReachesHost: the client's press, made on the client's
// machine, wins the first card in the host's settled state, at the tick
// the client scheduled it for.
func TestNetClientPressReachesHost(t *testing.T) {
	if netErr != nil {
		t.Fatal(netErr)
	}
	t.Logf("screenshots: %s %s", netHostShot.Path, netClientShot.Path)
	if netClientPress < 0 {
		t.Fatal("the client never saw a card flip")
	}
	var press, win *slam.Event
	for i, e := range netHostEvents {
		switch {
		case e.Kind == slam.EventPress && press == nil:
			press = &netHostEvents[i]
		case e.Kind == slam.EventWon && win == nil:
			win = &netHostEvents[i]
		}
	}
	if press == nil || win == nil {
		t.Fatalf("the host settled no press and win: %+v", netHostEvents)
	}
	if press.Seat != 1 || press.Result != slam.ResultCorrect || press.Tick != netClientPress {
		t.Errorf("host's first press %+v, want seat 1's correct press on tick %d", *press, netClientPress)
	}
	if win.Seat != 1 || netHost.state.Won(1) != 1 {
		t.Errorf("host: %+v, seat 1 won %d cards", *win, netHost.state.Won(1))
	}
}

// TestNetSameHashes: both machines settle every tick on the same state.
func TestNetSameHashes(t *testing.T) {
	common := 0
	for tick, h := range netHashes[0] {
		if c, ok := netHashes[1][tick]; ok {
			common++
			if c != h {
				t.Errorf("tick %d: host hash %x, client %x", tick, h, c)
			}
		}
	}
	if netHost.failed || netClient != nil && netClient.failed {
		t.Errorf("a session failed: %q", netHost.notice)
	}
	if common < 50 {
		t.Errorf("only %d ticks settled on both machines", common)
	}
	if st := netHost.sess.Stats(); st.Counter.PacketsRecv == 0 {
		t.Errorf("host stats %+v", st)
	}
}

// TestNetConnectionShown: the table shows each peer's ping and the
// session's rollbacks, and after the client's machine went silent, that
// a bot plays for it.
func TestNetConnectionShown(t *testing.T) {
	line := netHost.connection()
	ping := netHost.sess.Peer(1).Ping
	if !strings.Contains(line, "Player 2 gone") || !strings.Contains(line, "rollbacks") {
		t.Errorf("host's connection line %q", line)
	}
	t.Logf("screenshot: %s; host line %q", netDropShot.Path, line)
	if ping < 50*time.Millisecond || ping > 90*time.Millisecond {
		t.Errorf("host's ping to the client %v, want about 60 ms", ping)
	}
	if want := "Player 2 left: a bot plays for them."; netHost.notice != want {
		t.Errorf("notice %q, want %q", netHost.notice, want)
	}
	// The notice panel is drawn over the felt.
	pal := netDropShot.Director.Palette()
	if got := netDropShot.Image.RGBAAt(200, 260); !near(got, pal.Panel) {
		t.Errorf("notice panel pixel %v, want %v", got, pal.Panel)
	}
}

// TestNetTickAllocations reports what one warm tick of both machines
// (directors, routers, sessions, tables and the simulated network)
// allocates: the packets the in-memory network queues, not the tables.
func TestNetTickAllocations(t *testing.T) {
	t.Logf("one tick of both machines: %.1f allocations", netAllocs)
	if netAllocs > 3 {
		t.Errorf("one tick of both machines allocates %.1f times", netAllocs)
	}
}

// TestNetBotIsPure: the dropped seat's bot presses once per card, on the
// same tick whatever it was asked before, as rollback needs.
func TestNetBotIsPure(t *testing.T) {
	s, err := slam.New(slam.DefaultConfig(2), 9)
	if err != nil {
		t.Fatal(err)
	}
	presses := 0
	var first netplay.SeatInput
	for s.Card().Outcome == slam.OutcomeOpen && s.Tick() < 2000 {
		in := netBot(&s, 1)
		if again := netBot(&s, 1); again != in {
			t.Fatalf("tick %d: %+v then %+v", s.Tick(), in, again)
		}
		if in.Pressed != 0 {
			presses++
			first = in
		}
		f := rulesets.Frame{Tick: s.Tick()}
		f.Pressed[1] = in.Pressed
		s.Step(&f)
	}
	if presses != 1 || first.Pressed&rulesets.Gestures == 0 {
		t.Errorf("the bot pressed %d times (%+v) on the first card", presses, first)
	}
}
