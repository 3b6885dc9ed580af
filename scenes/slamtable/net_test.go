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
	"github.com/jankenarcade/janken/scenes/scenetest"
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
// of m, on the simulated network's clock, with zone at the local seat; the
// table is kept in *out.
func netDirector(t *testing.T, m netlobby.Match, n *netplay.MemNetwork, src *input.Script, zone int, out **NetTable) *scenes.Director {
	return scenes.New(scenes.Options{Source: src, Store: persist.At(t.TempDir()),
		Start: func(d *scenes.Director) scenes.Scene {
			nt, err := NewNetTable(d, m)
			if err != nil {
				t.Fatalf("NewNetTable: %v", err)
			}
			nt.clock = n.Now
			if err := nt.Bind(m.Index, input.Device{Kind: input.KeyZone, Index: zone}); err != nil {
				t.Fatal(err)
			}
			*out = nt
			return nt
		}})
}

// twoMachines is the network match: a host machine (seat 0, keyboard zone 2)
// and a client machine (seat 1, zone 3) on a simulated LAN with 30 ms each
// way and jitter. The client presses the correct gesture 20 ticks after it
// sees the first card flip; the host does nothing.
type twoMachines struct {
	t                  *testing.T
	n                  *netplay.MemNetwork
	cm                 netlobby.Match // the client's
	hostSrc, clientSrc *input.Script
	hd, cd             *scenes.Director
	host, client       *NetTable
	hostEvents         []slam.Event        // the host's settled events, in order
	hashes             [2]map[int64]uint64 // each machine's settled hashes by tick
	clientPress        int64               // the tick the client's press was scheduled for, or -1
	release, press     ebiten.Key          // a key the client's player lets go of, or presses, on the next tick
	cut                bool                // the client's machine went silent
	hostGone           bool                // the host's machine quit
	hostSessionEvents  []netplay.Event     // what the host's session reported
}

func newTwoMachines(t *testing.T) *twoMachines {
	g := &twoMachines{t: t, n: netplay.NewMemNetwork(netplay.LinkConfig{Delay: 30 * time.Millisecond, Jitter: 8 * time.Millisecond}, 3),
		hostSrc: new(input.Script), clientSrc: new(input.Script), hashes: [2]map[int64]uint64{{}, {}}, clientPress: -1}
	game, _ := json.Marshal(netSettings{PublicSeed: 42, Config: slam.DefaultConfig(2)})
	var hm netlobby.Match
	hm, g.cm = netMatches(g.n, game)
	g.hd = netDirector(t, hm, g.n, g.hostSrc, 2, &g.host)
	g.cd = netDirector(t, g.cm, g.n, g.clientSrc, 3, &g.client)
	return g
}

// record keeps the settled hash of machine i's last tick.
func (g *twoMachines) record(i int, nt *NetTable) {
	if tick, s := nt.sess.Settled(); tick >= 0 {
		g.hashes[i][tick] = s.Hash()
	}
}

// tick runs one tick of the match: the client's machine runs its tick
// (pressing as scripted) unless it went silent, the network's clock moves
// on, then the host's machine runs its tick.
func (g *twoMachines) tick() {
	g.t.Helper()
	if !g.cut {
		g.clientSrc.Advance()
		if g.release != 0 {
			g.clientSrc.Do(input.KeyUp(g.release))
			g.release = 0
		}
		if g.press != 0 {
			g.clientSrc.Do(input.KeyDown(g.press))
			g.press = 0
		}
		if s := &g.client.state; g.clientPress < 0 && s.Phase() == slam.PhaseRacing && s.Tick() == s.Card().FlipTick+20 {
			g.release = keyFor(3, s.Card().Correct)
			g.clientSrc.Do(input.KeyDown(g.release))
			g.clientPress = g.client.sess.Tick() + int64(g.client.sess.InputDelay())
		}
		if err := g.cd.Update(); err != nil {
			g.t.Fatal(err)
		}
		g.record(1, g.client)
	}
	g.n.Advance(netplay.TickDuration)
	if g.hostGone {
		return
	}
	g.hostSrc.Advance()
	if err := g.hd.Update(); err != nil {
		g.t.Fatal(err)
	}
	g.hostSessionEvents = append(g.hostSessionEvents, g.host.sess.Events()...)
	g.record(0, g.host)
	for _, se := range g.host.settled {
		g.hostEvents = append(g.hostEvents, se.e)
	}
}

// until runs ticks until done, failing after limit: the network is
// simulated, so the count of ticks is the same on any machine.
func (g *twoMachines) until(limit int, done func() bool) {
	g.t.Helper()
	for range limit {
		if done() {
			return
		}
		g.tick()
	}
	if !done() {
		g.t.Fatalf("not done after %d ticks", limit)
	}
}

// untilWon plays until half a second after the host settled the first
// won card.
func (g *twoMachines) untilWon() {
	g.t.Helper()
	g.until(900, func() bool {
		for _, e := range g.hostEvents {
			if e.Kind == slam.EventWon {
				return g.host.state.Tick() > e.Tick+30
			}
		}
		return false
	})
}

// TestNetClientPressReachesHost: the client's press, made on the client's
// machine, wins the first card in the host's settled state, at the tick
// the client scheduled it for.
func TestNetClientPressReachesHost(t *testing.T) {
	g := newTwoMachines(t)
	g.untilWon()
	if g.clientPress < 0 {
		t.Fatal("the client never saw a card flip")
	}
	var press, win *slam.Event
	for i, e := range g.hostEvents {
		switch {
		case e.Kind == slam.EventPress && press == nil:
			press = &g.hostEvents[i]
		case e.Kind == slam.EventWon && win == nil:
			win = &g.hostEvents[i]
		}
	}
	if press == nil || win == nil {
		t.Fatalf("the host settled no press and win: %+v", g.hostEvents)
	}
	if press.Seat != 1 || press.Result != slam.ResultCorrect || press.Tick != g.clientPress {
		t.Errorf("host's first press %+v, want seat 1's correct press on tick %d", *press, g.clientPress)
	}
	if win.Seat != 1 || g.host.state.Won(1) != 1 {
		t.Errorf("host: %+v, seat 1 won %d cards", *win, g.host.state.Won(1))
	}
}

// TestNetSameHashes: both machines settle every tick on the same state.
func TestNetSameHashes(t *testing.T) {
	g := newTwoMachines(t)
	g.untilWon()
	common := 0
	for tick, h := range g.hashes[0] {
		if c, ok := g.hashes[1][tick]; ok {
			common++
			if c != h {
				t.Errorf("tick %d: host hash %x, client %x", tick, h, c)
			}
		}
	}
	if g.host.shell.Gone || g.client.shell.Gone {
		t.Errorf("a session failed: %q %q", g.host.shell.Notice, g.client.shell.Notice)
	}
	if common < 50 {
		t.Errorf("only %d ticks settled on both machines", common)
	}
	if st := g.host.sess.Stats(); st.Counter.PacketsRecv == 0 {
		t.Errorf("host stats %+v", st)
	}
}

// TestNetConnectionShown: the table shows each peer's ping and the
// session's rollbacks, and after the client's machine went silent, that
// a bot plays for it: in passing, in a pill where the connection's line
// was, not on a panel over the cards, since the game goes on.
func TestNetConnectionShown(t *testing.T) {
	g := newTwoMachines(t)
	g.untilWon()
	ping := g.host.sess.Peer(1).Ping
	g.cm.Transport.(*netplay.MemEndpoint).Cut(true)
	g.cut = true
	g.until(20*60, func() bool { return g.host.sess.Peer(1).Dropped && g.host.state.Tick()%60 == 0 })
	line := g.host.connection()
	if !strings.Contains(line, "Player 2 gone") || !strings.Contains(line, "rollbacks") {
		t.Errorf("host's connection line %q", line)
	}
	if ping < 50*time.Millisecond || ping > 90*time.Millisecond {
		t.Errorf("host's ping to the client %v, want about 60 ms", ping)
	}
	if want := "Player 2 left: a bot plays for them."; g.host.shell.Passing != want || g.host.shell.Notice != "" {
		t.Errorf("news in passing %q and notice %q, want %q and none", g.host.shell.Passing, g.host.shell.Notice, want)
	}
	img := scenetest.Shoot(t, g.hd, "slam-net-dropped")
	pal := g.hd.Palette()
	if got := img.RGBAAt(260, 320); near(got, pal.Panel) { // where the shell's panel would be
		t.Errorf("a notice panel over the felt: pixel %v", got)
	}
	if got := img.RGBAAt(scenes.ScreenWidth-20, netStatsY-8); !near(got, pal.Accent) {
		t.Errorf("pixel %v at the end of the connection's line, want the pill's %v", got, pal.Accent)
	}
}

// TestNetTickAllocations measures what one warm tick of both machines
// (directors, routers, sessions, tables and the simulated network)
// allocates: the packets the in-memory network queues, not the tables.
func TestNetTickAllocations(t *testing.T) {
	g := newTwoMachines(t)
	g.untilWon()
	for range 20 {
		g.tick()
	}
	allocs := testing.AllocsPerRun(200, func() {
		if err := g.hd.Update(); err != nil {
			t.Fatal(err)
		}
		if err := g.cd.Update(); err != nil {
			t.Fatal(err)
		}
		g.n.Advance(netplay.TickDuration)
	})
	t.Logf("one tick of both machines: %.1f allocations", allocs)
	if allocs > 3 {
		t.Errorf("one tick of both machines allocates %.1f times", allocs)
	}
}

// TestNetHostLostMidMatch: once the host's machine, which alone deals the
// cards, has gone silent for the timeout, a client says the match is over
// instead of waiting for a card that can never flip.
func TestNetHostLostMidMatch(t *testing.T) {
	g := newTwoMachines(t)
	g.until(600, func() bool { return g.client.sess.Tick() > 120 })
	g.host.match.Transport.(*netplay.MemEndpoint).Cut(true)
	g.until(20*60, func() bool { return g.client.shell.Gone })
	if !strings.Contains(g.client.shell.Notice, "only it could deal the cards") {
		t.Errorf("client's notice %q", g.client.shell.Notice)
	}
	if g.host.shell.Gone {
		t.Errorf("the host's match ended too: %q", g.host.shell.Notice)
	}
}

// TestNetHostLostBeforeStart: a client whose host never answers measures
// its links, waiting; once the host has been silent for the timeout it
// says the host is gone and the match is over there (Enter leaves), never
// having begun.
func TestNetHostLostBeforeStart(t *testing.T) {
	n := netplay.NewMemNetwork(netplay.LinkConfig{Delay: 30 * time.Millisecond}, 8)
	game, _ := json.Marshal(netSettings{PublicSeed: 1, Config: slam.DefaultConfig(2)})
	_, cm := netMatches(n, game)
	src := new(input.Script)
	var nt *NetTable
	d := netDirector(t, cm, n, src, 3, &nt)
	step := func(int) { src.Advance(); n.Advance(netplay.TickDuration) }
	scenetest.Run(t, d, 70, step)
	if !nt.waiting || nt.shell.Gone {
		t.Errorf("after 70 ticks without a host: waiting %v, failed %v; want waiting", nt.waiting, nt.shell.Gone)
	}
	scenetest.Run(t, d, 7*60-70, step)
	if !nt.shell.Gone || !strings.Contains(nt.shell.Notice, "host's machine is gone before the match began") {
		t.Errorf("7 s later: failed %v, notice %q", nt.shell.Gone, nt.shell.Notice)
	}
	if nt.sess.Tick() != 0 {
		t.Errorf("the match ran to tick %d without its host", nt.sess.Tick())
	}
}

// TestNetDesyncsEndTheMatchOnTheTable: a desync with a peer, and one
// between what this machine drew and the confirmed game, end the match
// with a message on the table (Enter leaves).
func TestNetDesyncsEndTheMatchOnTheTable(t *testing.T) {
	tests := []struct {
		ev   netplay.Event
		want string
	}{
		{netplay.Event{Kind: netplay.EventDesync, Peer: 1, Tick: 210, Path: "dump.json"}, "Out of step with Player 2 at tick 210"},
		{netplay.Event{Kind: netplay.EventDrawnDesync, Peer: 0, Tick: 220}, "drew tick 220 out of step"},
	}
	for _, tt := range tests {
		t.Run(tt.ev.Kind.String(), func(t *testing.T) {
			g := newTwoMachines(t)
			g.until(600, func() bool { return g.host.sess.Tick() > 60 })
			g.host.report(tt.ev)
			if !g.host.shell.Gone || !strings.Contains(g.host.shell.Notice, tt.want) {
				t.Errorf("after %v: ended %v, notice %q; want ended, %q", tt.ev.Kind, g.host.shell.Gone, g.host.shell.Notice, tt.want)
			}
		})
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

// TestNetLeavingTellsTheOthers: a machine whose player leaves mid-match
// (the leave prompt, or the window closing) tells the others at once: the
// host drops a leaving client's seat to a bot without first waiting on
// its silence, and a client whose host left says so and that the match is
// over. Before, both waited the session's timeout, the game held, saying
// there was no word from that machine.
func TestNetLeavingTellsTheOthers(t *testing.T) {
	t.Run("the client leaves from the prompt", func(t *testing.T) {
		g := newTwoMachines(t)
		g.until(600, func() bool { return g.host.sess.Tick() > 120 })
		// Esc opens the prompt, Enter leaves: the client's table, its
		// director's only scene, pops and the program would quit.
		g.press = ebiten.KeyEscape
		g.tick()
		g.release = ebiten.KeyEscape
		g.tick()
		if !g.client.shell.Leaving {
			t.Fatal("Esc did not open the leave prompt")
		}
		g.clientSrc.Advance()
		g.clientSrc.Do(input.KeyDown(ebiten.KeyEnter))
		g.cd.Update()
		g.cut = true
		if g.client.match.Transport != nil {
			t.Fatal("the client's table did not leave the match")
		}
		left := g.host.sess.Tick()
		g.until(30, func() bool { return g.host.shell.Passing == "Player 2 left: a bot plays for them." })
		g.until(120, func() bool { return g.host.sess.Tick() > left+100 })
		for _, ev := range g.hostSessionEvents {
			if ev.Kind == netplay.EventWarning || ev.Kind == netplay.EventTimeout {
				t.Errorf("the host waited on the client's silence: %v", ev.Kind)
			}
		}
	})
	t.Run("the host's window closes", func(t *testing.T) {
		g := newTwoMachines(t)
		g.until(600, func() bool { return g.client.sess.Tick() > 120 })
		g.host.Quit()
		g.hostGone = true
		g.until(30, func() bool { return g.client.shell.Gone })
		if g.client.shell.Notice != "The host left the match." {
			t.Errorf("the client says %q", g.client.shell.Notice)
		}
		scenetest.Shoot(t, g.cd, "slam-net-host-left")
	})
}
