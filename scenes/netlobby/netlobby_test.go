//go:build !js

package netlobby

import (
	"errors"
	"fmt"
	"net/netip"
	"os"
	"slices"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/netplay"
	"github.com/jankenarcade/janken/persist"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/privacy/screenshot"
)

// loopback is a Network on 127.0.0.1 with ephemeral ports; announcements
// go to its discovery transport.
func loopback() (*Network, error) {
	disc, err := netplay.ListenUDP("127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	udp := func() (netplay.Transport, error) { return netplay.ListenUDP("127.0.0.1:0") }
	return &Network{Host: udp, Join: udp, Discovery: func() (netplay.Transport, error) { return disc, nil },
		AnnounceTo: []netip.AddrPort{disc.LocalAddr()}}, nil
}

var slam = Config{Title: "Slam", Rules: "slam/1", MinPlayers: 2, MaxPlayers: 4, LocalSeats: 1, MaxLocalSeats: 3, PlayerName: "Ada", SitOut: true,
	Blurb: "Every press counts on the tick it was made, on every machine."}

// roomAbout is how the joiner's test room describes its game.
const roomAbout = "Mode: Last One Loses · Flip: winner flips"

// The two rendered scenes: a host with one friend joined, and a joiner
// that found a room on the network and was started by its host.
var (
	hostShot, joinShot *screenshot.Shot // captured for a person to look at
	roomsShot          *screenshot.Shot // the joiner's list of rooms
	roomsListed        []netplay.Room   // what that list held
	chooseShot         *screenshot.Shot
	hostLobby          *Lobby
	joined             netplay.JoinResult
	started            *Match
	startedPeers       []netplay.PeerConfig
	peersErr           error
	hostAddr           netip.AddrPort
	shotTicks          [3]int // ticks each shot ran
)

func TestMain(m *testing.M) {
	if code, rerun := screenshot.EnsureDisplay(); rerun {
		os.Exit(code)
	}
	if err := render(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Exit(m.Run())
}

func render() error {
	dir, err := os.MkdirTemp("", "netlobby-test")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)

	// The host: Enter on "Host a game", then a friend joins from the test.
	hostNet, err := loopback()
	if err != nil {
		return err
	}
	src := new(input.Script)
	cfg := slam
	cfg.Net = hostNet
	d := scenes.New(scenes.Options{Source: src, Store: persist.At(dir),
		Start: func(d *scenes.Director) scenes.Scene { hostLobby = New(d, cfg); return hostLobby }})
	friend, err := netplay.ListenUDP("127.0.0.1:0")
	if err != nil {
		return err
	}
	defer friend.Close()
	var join *netplay.Join
	// Two players on the host's couch: Down, Down to "Players on this
	// machine", Right, Up, Up, then Enter on "Host a game".
	keys := []ebiten.Key{ebiten.KeyDown, ebiten.KeyDown, ebiten.KeyRight, ebiten.KeyUp, ebiten.KeyUp, ebiten.KeyEnter}
	var hostHeld ebiten.Key
	hostShot = &screenshot.Shot{Name: "netlobby-host", Director: d, Step: func(tick int) bool {
		shotTicks[0] = tick
		src.Advance()
		switch {
		case hostHeld != 0:
			src.Do(input.KeyUp(hostHeld))
			hostHeld = 0
		case hostLobby.mode == modeChoose && len(keys) > 0:
			hostHeld, keys = keys[0], keys[1:]
			src.Do(input.KeyDown(hostHeld))
		case hostLobby.mode == modeHost && join == nil:
			join = netplay.NewJoin(friend, hostLobby.HostAddr(), hostLobby.Room(), "slam/1", 1, "Bo")
		}
		if join != nil {
			joined = join.Update(time.Duration(tick) * netplay.TickDuration)
			if !joined.Done {
				time.Sleep(time.Millisecond) // let the loopback packets cross
			}
		}
		return joined.Done && tick > 60 || tick > 600
	}}

	// The joiner: a room announced on the network, Enter to join it,
	// and the host starts.
	joinNet, err := loopback()
	if err != nil {
		return err
	}
	roomTr, err := netplay.ListenUDP("127.0.0.1:0")
	if err != nil {
		return err
	}
	defer roomTr.Close()
	hostAddr = roomTr.LocalAddr()
	room := netplay.RoomCode(4242)
	host := netplay.NewLobbyHost(roomTr, room, "slam/1", "Cy's table", netplay.SeatsOf(2, 3), func(netplay.Joiner) []byte { return nil })
	host.AnnounceTo = joinNet.AnnounceTo
	host.About = roomAbout
	src2 := new(input.Script)
	cfg2 := slam
	cfg2.Net, cfg2.LocalSeats, cfg2.PlayerName = joinNet, 2, "Dee"
	cfg2.Start = func(ctx *scenes.Context, m Match) error {
		started = &m
		startedPeers, peersErr = m.Peers(hostAddr)
		m.Transport.Close()
		return nil
	}
	var joiner *Lobby
	d2 := scenes.New(scenes.Options{Source: src2, Store: persist.At(dir),
		Start: func(d *scenes.Director) scenes.Scene { joiner = New(d, cfg2); return joiner }})
	startAt := -1
	var held ebiten.Key
	// joinStep plays the menus as a person would: Down to "Join a game",
	// Enter, then (join) Enter on the room once it is listed; without
	// join it stops a moment after the room is listed.
	listedAt := -1
	joinStep := func(tick int, join bool) bool {
		shotTicks[1] = tick
		src2.Advance()
		host.Update(time.Duration(tick) * netplay.TickDuration)
		time.Sleep(time.Millisecond)
		listed := joiner.mode == modeJoin && len(joiner.rooms) > 0
		if !join && listed {
			if listedAt < 0 {
				listedAt = tick + 10
			}
			roomsListed = slices.Clone(joiner.rooms)
			return tick >= listedAt
		}
		switch {
		case held != 0:
			src2.Do(input.KeyUp(held))
			held = 0
		case joiner.mode == modeChoose && joiner.menu.Cursor == 0:
			held = ebiten.KeyDown
		case joiner.mode == modeChoose && joiner.menu.Cursor == 1,
			listed && joiner.menu.Cursor == 0:
			held = ebiten.KeyEnter
		}
		if held != 0 {
			src2.Do(input.KeyDown(held))
		}
		if startAt < 0 && len(host.Joiners()) == 1 {
			startAt = tick + 30 // the shot shows the joiner waiting
		}
		if tick == startAt {
			return true
		}
		return tick > 600
	}
	roomsShot = &screenshot.Shot{Name: "netlobby-rooms", Director: d2, Step: func(tick int) bool { return joinStep(tick, false) }}
	joinShot = &screenshot.Shot{Name: "netlobby-join", Director: d2, Step: func(tick int) bool { return joinStep(tick, true) }}
	// The host starts the match; the joiner's lobby hears it and starts.
	startShot := &screenshot.Shot{Name: "netlobby-started", Director: d2, Step: func(tick int) bool {
		shotTicks[2] = tick
		src2.Advance()
		if tick == 0 {
			host.Start(func(j netplay.Joiner) []byte {
				settings, err := matchSettings(netplay.SeatsOf(0, 1), host.Joiners(), []byte(`{"seed":7}`), nil, netplay.BotSeats)
				if err != nil {
					panic(err)
				}
				return settings
			})
		}
		host.Update(time.Duration(tick) * netplay.TickDuration)
		time.Sleep(time.Millisecond)
		return started != nil || tick > 600
	}}
	d3 := scenes.New(scenes.Options{Source: new(input.Script), Store: persist.At(dir),
		Start: func(d *scenes.Director) scenes.Scene {
			return Choose(d, slam, Config{Title: "Ninjan", Blurb: "The host's machine deals and judges."})
		}})
	chooseShot = &screenshot.Shot{Name: "netlobby-choose", Director: d3, Step: func(tick int) bool { return tick >= 2 }}
	if err := optionsShots(dir); err != nil {
		return err
	}
	return screenshot.Run(hostShot, roomsShot, joinShot, startShot, chooseShot, optionsHostShot, optionsJoinShot)
}

// The host of a game with options, its couch of two on seats of eight,
// Last One Loses chosen, which its game refuses at Start, and the friend
// who joined on its waiting screen.
var (
	optionsHostShot, optionsJoinShot *screenshot.Shot
	optionsHost, optionsJoiner       *Lobby
)

func optionsShots(dir string) error {
	n := netplay.NewMemNetwork(netplay.LinkConfig{}, 2)
	endpoint := func() (netplay.Transport, error) { return n.Endpoint(), nil }
	cfg := slam
	cfg.MaxPlayers, cfg.MaxLocalSeats, cfg.LocalSeats, cfg.Options = 8, 0, 2, slamOptions
	cfg.Game = func(_ netplay.SeatSet, chosen []int) []byte {
		if chosen[0] == 1 {
			return GameFailed(errors.New("this game has no Last One Loses"))
		}
		return []byte(`{}`)
	}
	cfg.Net = &Network{Host: endpoint, Join: endpoint, Addresses: func() []string { return []string{"192.168.1.20:7300", "10.0.0.7:7300"} }}
	hostSrc := new(input.Script)
	hd := scenes.New(scenes.Options{Source: hostSrc, Store: persist.At(dir),
		Start: func(d *scenes.Director) scenes.Scene { optionsHost = New(d, cfg); return optionsHost }})
	jd := scenes.New(scenes.Options{Source: new(input.Script), Store: persist.At(dir),
		Start: func(d *scenes.Director) scenes.Scene { optionsJoiner = New(d, cfg); return optionsJoiner }})
	// Enter hosts; Down, Right sets Last One Loses; the joiner joins;
	// Up, Enter: Start.
	keys := map[int]ebiten.Key{2: ebiten.KeyEnter, 6: ebiten.KeyDown, 10: ebiten.KeyRight, 80: ebiten.KeyUp, 84: ebiten.KeyEnter}
	step := func(tick int, other *scenes.Director) bool {
		hostSrc.Advance()
		if k, ok := keys[tick]; ok {
			hostSrc.Do(input.KeyDown(k))
		} else if k, ok := keys[tick-1]; ok {
			hostSrc.Do(input.KeyUp(k))
		}
		if tick == 4 {
			optionsJoiner.joinRoom(netplay.Room{Code: optionsHost.Room(), Addr: optionsHost.HostAddr()})
		}
		if err := other.Update(); err != nil {
			panic(err)
		}
		n.Advance(netplay.TickDuration)
		return tick >= 90
	}
	optionsHostShot = &screenshot.Shot{Name: "netlobby-options-host", Director: hd, Step: func(tick int) bool { return step(tick, jd) }}
	optionsJoinShot = &screenshot.Shot{Name: "netlobby-options-join", Director: jd, Step: func(tick int) bool {
		if err := hd.Update(); err != nil {
			panic(err)
		}
		n.Advance(netplay.TickDuration)
		return tick >= 2
	}}
	return nil
}

func TestHostShowsRoomAndJoiner(t *testing.T) {
	t.Logf("screenshot: %s (ticks per shot: %v)", hostShot.Path, shotTicks)
	if hostLobby.LocalSeats() != 2 {
		t.Errorf("the host's couch plays %d seats, want the 2 chosen", hostLobby.LocalSeats())
	}
	if !joined.Done || joined.Refused != "" || joined.Seats != netplay.SeatsOf(2) {
		t.Fatalf("the friend's join: %+v, want seat 2 beside the host's couch", joined)
	}
	js := hostLobby.host.Joiners()
	if len(js) != 1 || js[0].Name != "Bo" || hostLobby.players() != 3 {
		t.Fatalf("joiners %+v", js)
	}
	if !hostLobby.Room().Valid() || hostLobby.menu.Items[0].Disabled {
		t.Errorf("room %v, start disabled %v", hostLobby.Room(), hostLobby.menu.Items[0].Disabled)
	}
	// The room code is drawn large in the accent colour.
	pal := hostShot.Director.Palette()
	accent := 0
	for y := 205; y < 315; y++ {
		for x := leftX; x < leftX+400; x++ {
			if c := hostShot.Image.RGBAAt(x, y); c == pal.Accent {
				accent++
			}
		}
	}
	if accent < 2000 {
		t.Errorf("room code area has %d accent pixels", accent)
	}
}

func TestJoinerFindsRoomAndStarts(t *testing.T) {
	t.Logf("screenshot: %s", joinShot.Path)
	if started == nil {
		t.Fatal("the joiner never started")
	}
	if started.Host || started.Index != 1 || started.Seats != netplay.SeatsOf(2, 3) || started.Room != 4242 {
		t.Errorf("match %+v", *started)
	}
	if peersErr != nil {
		t.Fatal(peersErr)
	}
	if string(started.Game) != `{"seed":7}` || started.OnDrop != netplay.BotSeats || started.HostAddr != hostAddr {
		t.Errorf("the joiner's game %s, drop policy %v, host %v", started.Game, started.OnDrop, started.HostAddr)
	}
	want := []netplay.PeerConfig{{Addr: hostAddr, Seats: netplay.SeatsOf(0, 1)}, {Seats: netplay.SeatsOf(2, 3)}}
	if !slices.Equal(startedPeers, want) {
		t.Errorf("peers %+v, want %+v", startedPeers, want)
	}
}

// TestChooserShowsGames: the game menu lists the games and Back, and
// the highlighted game's blurb.
func TestChooserShowsGames(t *testing.T) {
	t.Logf("screenshot: %s", chooseShot.Path)
	c := chooseShot.Director.Top().(*Chooser)
	if len(c.menu.Items) != 3 || c.menu.Items[0].Label != "Slam" || c.menu.Items[2].Label != "Back" {
		t.Errorf("menu %+v", c.menu.Items)
	}
	if len(c.lines) == 0 {
		t.Error("no blurb for the highlighted game")
	}
}

func TestParseTyped(t *testing.T) {
	heard := []netplay.Room{{Code: 77, Addr: netip.MustParseAddrPort("10.0.0.5:7300")}}
	tests := []struct {
		typed    string
		pageHost bool
		want     netplay.Room
		ok       bool
	}{
		{netplay.RoomCode(77).String(), false, heard[0], true},
		{"KXQM192.168.1.20", false, netplay.Room{Code: mustCode("KXQM"), Addr: netip.MustParseAddrPort("192.168.1.20:7300")}, true},
		{"KXQM10.0.0.9:9000", false, netplay.Room{Code: mustCode("KXQM"), Addr: netip.MustParseAddrPort("10.0.0.9:9000")}, true},
		{"KXQM", true, netplay.Room{Code: mustCode("KXQM")}, true},
		{"KXQM", false, netplay.Room{}, false},
		{"KX", false, netplay.Room{}, false},
		{"AEIO", false, netplay.Room{}, false},
		{"KXQM1.2.3", false, netplay.Room{}, false},
	}
	for _, tt := range tests {
		got, err := parseTyped(tt.typed, heard, tt.pageHost)
		if (err == nil) != tt.ok || got != tt.want {
			t.Errorf("parseTyped(%q, %v) = %+v, %v", tt.typed, tt.pageHost, got, err)
		}
	}
}

func mustCode(s string) netplay.RoomCode {
	c, err := netplay.ParseRoomCode(s)
	if err != nil {
		panic(err)
	}
	return c
}

// TestOptionsShots: the host's screen shows every entry of its menu with
// the options as chosen and the game's refusal to start; the joiner was
// told the options.
func TestOptionsShots(t *testing.T) {
	t.Logf("screenshots: %s %s", optionsHostShot.Path, optionsJoinShot.Path)
	if optionsHost.mode != modeHost || optionsHost.err != "Cannot start: this game has no Last One Loses" {
		t.Errorf("host mode %d, error %q", optionsHost.mode, optionsHost.err)
	}
	for i, it := range optionsHost.menu.Items {
		if _, y, _, h, shown := optionsHost.menu.ItemRect(i); !shown || y+h > panelY+panelH {
			t.Errorf("entry %q: shown %v, bottom %v", it.Label, shown, y+h)
		}
	}
	if want := []Chosen{{"Mode", "Last One Loses"}, {"Flip", "automatic"}}; !slices.Equal(optionsJoiner.JoinedOptions(), want) {
		t.Errorf("the joiner was told %+v, want %+v", optionsJoiner.JoinedOptions(), want)
	}
}

// TestJoinListShowsTheRoomsGame: a room found on the network is listed
// with its game as its host has set it.
func TestJoinListShowsTheRoomsGame(t *testing.T) {
	if len(roomsListed) != 1 || roomsListed[0].Host != "Cy's table" || roomsListed[0].About != roomAbout {
		t.Errorf("rooms listed %+v, want Cy's table with %q", roomsListed, roomAbout)
	}
	t.Logf("screenshot: %s", roomsShot.Path)
}
