//go:build !js

package slamtable

import (
	"encoding/json"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/netplay"
	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/rulesets/slam"
	"github.com/jankenarcade/janken/scenes/netlobby"
	"github.com/jankenarcade/janken/scenes/scenetest"
)

// loopbackNetwork is a lobby Network of real UDP sockets on 127.0.0.1,
// without discovery: joiners type the host's address.
func loopbackNetwork(t *testing.T) *netlobby.Network {
	listen := func() (netplay.Transport, error) {
		u, err := netplay.ListenUDP("127.0.0.1:0")
		if err == nil {
			t.Cleanup(func() { u.Close() })
		}
		return u, err
	}
	return &netlobby.Network{Host: listen, Join: listen}
}

// loopbackPause lets the sockets' reader goroutines deliver what was
// sent; a packet that takes longer is merely late, and rolled back over,
// as on a real network.
func loopbackPause() {
	runtime.Gosched()
	time.Sleep(200 * time.Microsecond)
}

// plan presses keys on the machine's coming ticks, one every other tick.
func (m *optMachine) plan(keys ...ebiten.Key) {
	for i, k := range keys {
		m.keys[m.tick+2+2*i] = k
	}
}

// TestNetAISeatsMatch plays Slam over real sockets on 127.0.0.1 through
// Slam's own network lobby: the host adds two AI seats with "Add AI", a
// friend joins by typing the room code and the host's address, and the
// host starts; a reflex bot plays each machine's own seat through its
// keyboard zone, to the end of the game. The host's bots take seats 2
// and 3, and their presses reach the friend's machine as the host's
// input: both machines settle the same states and events all game long,
// the AI seats among the presses, and both name them.
func TestNetAISeatsMatch(t *testing.T) {
	var now time.Duration // both machines' clock: ticks, never the wall's
	clock := func() time.Duration { return now }
	net := loopbackNetwork(t)
	dir := t.TempDir()
	// The host: Enter hosts; Down to "Add AI" (Start, Mode, Flip, If a
	// friend drops, Add AI); Enter, Enter: two AI seats, Players 2 and 3.
	host := newOptMachine(dir, clock, net, 0, 2, map[int]ebiten.Key{10: ebiten.KeyEnter,
		14: ebiten.KeyDown, 16: ebiten.KeyDown, 18: ebiten.KeyDown, 20: ebiten.KeyDown, 22: ebiten.KeyEnter, 26: ebiten.KeyEnter})
	friend := newOptMachine(dir, clock, net, 3, 3, map[int]ebiten.Key{})
	until := func(limit int, done func() bool) {
		t.Helper()
		runPair(t, host, friend, limit, func() {}, func() {
			now += netplay.TickDuration
			loopbackPause()
		}, done)
	}
	until(60, func() bool { return host.tick >= 30 && host.lobby.Room().Valid() })
	// The friend: Down, Enter: "Join a game", which opens the code's
	// field on a network without discovery; the code and address the
	// host's screen shows, and Enter.
	friend.plan(ebiten.KeyDown, ebiten.KeyEnter)
	friend.typed[friend.tick+6] = host.lobby.Room().String() + " " + host.lobby.HostAddr().String()
	friend.keys[friend.tick+8] = ebiten.KeyEnter
	until(600, func() bool { return friend.lobby.JoinedOptions() != nil })
	// Up to Start (a Kick entry now stands at Add AI's place) and Enter.
	host.plan(ebiten.KeyUp, ebiten.KeyUp, ebiten.KeyUp, ebiten.KeyUp, ebiten.KeyEnter)
	until(60, func() bool { return host.table != nil && friend.table != nil })
	if m := host.table.match; m.Bots != netplay.SeatsOf(1, 2) || m.Seats != netplay.SeatsOf(0, 1, 2) {
		t.Fatalf("the host plays %08b, its bots %08b; want seats 1–3, the bots 2 and 3", m.Seats, m.Bots)
	}
	if m := friend.table.match; m.Seats != netplay.SeatsOf(3) || m.Bots != 0 {
		t.Fatalf("the friend plays %08b, its bots %08b; want seat 4 alone", m.Seats, m.Bots)
	}
	until(600, func() bool { return host.table.state.Tick() > 400 })
	scenetest.Shoot(t, host.d, "slam-net-ai-host")
	scenetest.Shoot(t, friend.d, "slam-net-ai-friend")
	until(40000, func() bool { return host.results && friend.results })
	if err := host.after(); err != nil {
		t.Fatal(err)
	}

	common := sameHashes(t, host.hashes, friend.hashes)
	// The ends are the first settled states seen over, which may be a few
	// ticks apart (a machine settles several at once), and a state's tick
	// goes on after the end: what must agree is the game's outcome; the
	// ticks both settled agree hash for hash (sameHashes).
	if host.end == nil || friend.end == nil || host.end.Config().Players != 4 ||
		!slices.Equal(host.end.Scores(nil), friend.end.Scores(nil)) || !slices.Equal(host.end.Winners(nil), friend.end.Winners(nil)) {
		t.Fatalf("the game ended on host %v, friend %v, not the same 4-player game", host.end != nil, friend.end != nil)
	}
	if common < 1000 || !slices.Equal(host.events, friend.events) {
		t.Errorf("%d ticks settled on both; %d settled events on the host, %d on the friend's machine, the same: %v",
			common, len(host.events), len(friend.events), slices.Equal(host.events, friend.events))
	}
	var presses, won [4]int
	for _, e := range host.events {
		switch e.Kind {
		case slam.EventPress:
			presses[e.Seat]++
		case slam.EventWon:
			won[e.Seat]++
		}
	}
	for seat := range presses {
		if presses[seat] < 10 {
			t.Errorf("Player %d pressed %d times in the game (presses by seat %v)", seat+1, presses[seat], presses)
		}
	}
	if won[1]+won[2] == 0 {
		t.Errorf("the AI seats won no card (won by seat %v)", won)
	}
	for name, m := range map[string]*optMachine{"host": host, "friend": friend} {
		if got := m.table.seatName(1); got != "Player 2 (medium bot)" {
			t.Errorf("the %s names seat 2 %q", name, got)
		}
	}
}

// TestNetSeatingBots: the host's bot seats are seated as bots of the
// match's level on every machine, and a match whose bots sit at another
// machine's seats (on the host) or at this machine's (on a joiner) opens
// no table.
func TestNetSeatingBots(t *testing.T) {
	m := netlobby.Match{Host: true, Seats: netplay.SeatsOf(0, 1), Bots: netplay.SeatsOf(1), BotLevel: "easy"}
	seating, err := netSeating(nil, 2, m)
	if err != nil {
		t.Fatal(err)
	}
	if got := seating.Seats[1]; got.Bot != "easy" || got.Kind == seating.Seats[0].Kind {
		t.Errorf("seat 2 is %+v, want the easy bot", got)
	}
	m.Bots = netplay.SeatsOf(2)
	if _, err := netSeating(nil, 3, m); err == nil {
		t.Error("bots at a seat the host does not play were seated")
	}
	joiner := netlobby.Match{Seats: netplay.SeatsOf(1), AI: netplay.SeatsOf(2), BotLevel: "hard"}
	if seating, err := netSeating(nil, 3, joiner); err != nil || seating.Seats[2].Bot != "hard" || seating.Seats[1].Bot != "" {
		t.Errorf("a joiner seats %+v (%v), want the host's hard bot at seat 3 alone", seating.Seats, err)
	}
	joiner.AI = netplay.SeatsOf(1)
	if _, err := netSeating(nil, 3, joiner); err == nil {
		t.Error("the host's bots were seated at the joiner's own seat")
	}
}

// TestNetBotSeatTakesNoDevice: on a host whose bot plays seat 2, a
// second keyboard's gestures find no seat to take: the newcomer is not
// seated at the bot's place, nor may anything bind it there.
func TestNetBotSeatTakesNoDevice(t *testing.T) {
	n := netplay.NewMemNetwork(netplay.LinkConfig{}, 3)
	he, ce := n.Endpoint(), n.Endpoint()
	game, _ := json.Marshal(netSettings{PublicSeed: 42, Config: slam.DefaultConfig(3)})
	m := netlobby.Match{Transport: he, Room: 4242, Host: true, Seats: netplay.SeatsOf(0, 1), Bots: netplay.SeatsOf(1), BotLevel: "easy",
		Joiners:  []netplay.Joiner{{Addr: ce.LocalAddr(), Name: "Bo", Index: 1, Seats: netplay.SeatsOf(2)}},
		HostAddr: he.LocalAddr(), Game: game, OnDrop: netplay.BotSeats, Secret: 7}
	src := new(input.Script)
	var nt *NetTable
	d := netDirector(t, m, n, src, 2, &nt)
	scenetest.Run(t, d, 40, func(tick int) {
		src.Advance()
		if k := keyFor(3, rulesets.ButtonRock); tick%4 == 0 {
			src.Do(input.KeyDown(k))
		} else {
			src.Do(input.KeyUp(k))
		}
		n.Advance(netplay.TickDuration)
	})
	if got := nt.router.Device(1); got != input.NoDevice {
		t.Errorf("the bot's seat is played with %v", got)
	}
	if err := nt.Bind(1, input.Device{Kind: input.KeyZone, Index: 3}); err == nil {
		t.Error("a keyboard was bound to the bot's seat")
	}
}
