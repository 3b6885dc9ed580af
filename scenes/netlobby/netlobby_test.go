//go:build !js

package netlobby

import (
	"errors"
	"image"
	"image/color"
	"net/netip"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/netplay"
	"github.com/jankenarcade/janken/netplay/secure"
	"github.com/jankenarcade/janken/persist"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/scenetest"
)

// memLAN is a Network on a simulated LAN n, its announcements going to a
// discovery endpoint of n.
func memLAN(n *netplay.MemNetwork) *Network {
	disc := n.Endpoint()
	endpoint := func() (netplay.Transport, error) { return n.Endpoint(), nil }
	return &Network{Host: endpoint, Join: endpoint, Discovery: func() (netplay.Transport, error) { return keptOpen{disc}, nil },
		AnnounceTo: []netip.AddrPort{disc.LocalAddr()}}
}

// keptOpen is the simulated discovery port, which the lobby closes on
// leaving the join list and opens again on coming back, as it does the
// real one: closing it does nothing, so it hears announcements again.
type keptOpen struct{ netplay.Transport }

func (keptOpen) Close() error { return nil }

// sealed wraps tr with room's code as a lobby does, on clock.
func sealed(t *testing.T, tr netplay.Transport, room netplay.RoomCode, clock func() time.Duration) *secure.Conn {
	t.Helper()
	c, err := secure.Wrap(tr, secure.Config{Key: []byte(room.String()), Plain: netplay.IsAnnouncement, Clock: clock, Prefix: netplay.SealPrefix(room)})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

var slam = Config{Title: "Slam", Rules: "slam/1", MinPlayers: 2, MaxPlayers: 4, LocalSeats: 1, MaxLocalSeats: 3, PlayerName: "Ada", SitOut: true,
	Blurb: "Every press counts on the tick it was made, on every machine."}

// roomAbout is how the joiner's test room describes its game.
const roomAbout = "Mode: Last One Loses · Flip: winner flips"

func TestMain(m *testing.M) { scenetest.Main(m) }

// countIn counts the pixels of colour c in the rectangle r of img.
func countIn(img *image.RGBA, r image.Rectangle, c color.RGBA) int {
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if img.RGBAAt(x, y) == c {
				n++
			}
		}
	}
	return n
}

// TestHostShowsRoomAndJoiner: the host chooses two players on its couch
// and hosts; a friend joins. The host's lobby seats the friend beside the
// couch, and draws the room code large in the accent colour.
func TestHostShowsRoomAndJoiner(t *testing.T) {
	n := netplay.NewMemNetwork(netplay.LinkConfig{}, 1)
	src := new(input.Script)
	cfg := slam
	cfg.Net = memLAN(n)
	var host *Lobby
	d := scenes.New(scenes.Options{Source: src, Store: persist.At(t.TempDir()),
		Start: func(d *scenes.Director) scenes.Scene { host = New(d, cfg); return host }})
	friend := n.Endpoint()
	var join *netplay.Join
	var joined netplay.JoinResult
	// Two players on the host's couch: Down, Down to "Players on this
	// machine", Right, Up, Up, then Enter on "Host a game".
	keys := []ebiten.Key{ebiten.KeyDown, ebiten.KeyDown, ebiten.KeyRight, ebiten.KeyUp, ebiten.KeyUp, ebiten.KeyEnter}
	var held ebiten.Key
	ticks := scenetest.Until(t, d, 600, func(tick int) {
		src.Advance()
		switch {
		case held != 0:
			src.Do(input.KeyUp(held))
			held = 0
		case host.mode == modeChoose && len(keys) > 0:
			held, keys = keys[0], keys[1:]
			src.Do(input.KeyDown(held))
		case host.mode == modeHost && join == nil:
			join = netplay.NewJoin(sealed(t, friend, host.Room(), n.Now), host.HostAddr(), host.Room(), "slam/1", 1, "Bo", netplay.Ticket{})
		}
		if join != nil {
			joined = join.Update(n.Now())
		}
		n.Advance(netplay.TickDuration)
	}, func() bool { return joined.Done })
	t.Logf("the friend joined after %d ticks", ticks)
	scenetest.Run(t, d, 60, nil)
	if host.LocalSeats() != 2 {
		t.Errorf("the host's couch plays %d seats, want the 2 chosen", host.LocalSeats())
	}
	if joined.Refused != "" || joined.Seats != netplay.SeatsOf(2) {
		t.Fatalf("the friend's join: %+v, want seat 2 beside the host's couch", joined)
	}
	js := host.host.Joiners()
	if len(js) != 1 || js[0].Name != "Bo" || host.players() != 3 {
		t.Fatalf("joiners %+v", js)
	}
	if !host.Room().Valid() || host.menu.Items[0].Disabled {
		t.Errorf("room %v, start disabled %v", host.Room(), host.menu.Items[0].Disabled)
	}
	img := scenetest.Shoot(t, d, "netlobby-host")
	if n := countIn(img, image.Rect(leftX, 205, leftX+400, 315), d.Palette().Accent); n < 2000 {
		t.Errorf("room code area has %d accent pixels", n)
	}
}

// joinerRoom is a joiner's lobby and a room announced on its simulated
// LAN by a bare netplay host: Cy's table, seats 2 and 3 open.
type joinerRoom struct {
	t       *testing.T
	n       *netplay.MemNetwork
	src     *input.Script
	d       *scenes.Director
	joiner  *Lobby
	host    *netplay.LobbyHost
	addr    netip.AddrPort // the room's
	started *Match
	held    ebiten.Key
	welcome []byte // the room's settings for a joiner before the start
}

func newJoinerRoom(t *testing.T) *joinerRoom {
	r := &joinerRoom{t: t, n: netplay.NewMemNetwork(netplay.LinkConfig{}, 2), src: new(input.Script)}
	net := memLAN(r.n)
	roomTr := r.n.Endpoint()
	r.addr = roomTr.LocalAddr()
	r.host = netplay.NewLobbyHost(sealed(t, roomTr, roomCode, r.n.Now), roomCode, "slam/1", "Cy's table", netplay.SeatsOf(2, 3), func(netplay.Joiner) []byte { return r.welcome })
	r.host.AnnounceTo = net.AnnounceTo
	r.host.About = roomAbout
	r.host.SeatsPerMachine = 2 // the joiner's couch of two
	cfg := slam
	cfg.Net, cfg.LocalSeats, cfg.PlayerName, cfg.Options = net, 2, "Dee", slamOptions
	cfg.Start = func(ctx *scenes.Context, m Match) error {
		r.started = &m
		return m.Transport.Close()
	}
	r.d = scenes.New(scenes.Options{Source: r.src, Store: persist.At(t.TempDir()),
		Start: func(d *scenes.Director) scenes.Scene { r.joiner = New(d, cfg); return r.joiner }})
	return r
}

// roomCode is the code of the joiner's test room, which its host would
// show on its screen.
const roomCode = netplay.RoomCode(4242)

// until plays the menus as a person would, at most limit ticks, until
// done: Down to "Join a game", Enter, then, if code is set, Enter on the
// room once it is listed, code typed and Enter.
func (r *joinerRoom) until(limit int, code string, done func() bool) {
	r.t.Helper()
	scenetest.Until(r.t, r.d, limit, func(int) {
		r.src.Advance()
		r.host.Update(r.n.Now())
		join := code != ""
		listed := r.joiner.mode == modeJoin && len(r.joiner.rooms) > 0
		typing := join && r.joiner.mode == modeType
		switch {
		case r.held != 0:
			r.src.Do(input.KeyUp(r.held))
			r.held = 0
		case r.joiner.mode == modeChoose && r.joiner.menu.Cursor == 0:
			r.held = ebiten.KeyDown
		case r.joiner.mode == modeChoose && r.joiner.menu.Cursor == 1,
			join && listed && r.joiner.menu.Cursor == 0,
			typing && len(r.joiner.typed) == len(code):
			r.held = ebiten.KeyEnter
		case typing:
			r.src.Type(string(code[len(r.joiner.typed)]))
		}
		if r.held != 0 {
			r.src.Do(input.KeyDown(r.held))
		}
		r.n.Advance(netplay.TickDuration)
	}, done)
}

// TestJoinListShowsTheRoomsGame: a room found on the network is listed
// with its game as its host has set it, drawn beside the list in the
// accent colour while the room is highlighted.
func TestJoinListShowsTheRoomsGame(t *testing.T) {
	r := newJoinerRoom(t)
	r.until(600, "", func() bool { return r.joiner.mode == modeJoin && len(r.joiner.rooms) > 0 })
	scenetest.Run(t, r.d, 10, func(int) { r.host.Update(r.n.Now()); r.n.Advance(netplay.TickDuration) })
	rooms := r.joiner.rooms
	if len(rooms) != 1 || rooms[0].Host != "Cy's table" || rooms[0].About != roomAbout || r.joiner.menu.Cursor != 0 {
		t.Fatalf("rooms listed %+v, cursor %d; want Cy's table with %q, highlighted", rooms, r.joiner.menu.Cursor, roomAbout)
	}
	img := scenetest.Shoot(t, r.d, "netlobby-rooms")
	about := image.Rect(rightX, menuY-60, rightX+440, menuY+10) // its two lines
	if n := countIn(img, about, r.d.Palette().Accent); n < 300 {
		t.Errorf("the highlighted room's game is drawn with %d accent pixels", n)
	}
}

// TestAttack_HostileRoomTextIsNotShown: a room's announcement and its
// host's settings name options a joiner draws. A hostile room's name
// options with control and bidirectional characters, options this game
// does not have, and enough of them to run down the screen: the joiner
// shows only the options its game has, each with one of its values, on
// the join list, on the waiting screen and in the match it starts.
func TestAttack_HostileRoomTextIsNotShown(t *testing.T) {
	r := newJoinerRoom(t)
	r.host.About = "Mode: Last One Loses · Prize: visit evil.example · Flip: winner flips\u202e · Flip\x07: automatic" +
		strings.Repeat(" · Mode: Classic", 8)
	told := `[{"label":"Mode","value":"Classic"},{"label":"Mode","value":"Last One Loses"},` +
		`{"label":"Prize","value":"visit evil.example"},{"label":"Flip","value":"winner flips\u202e"},` +
		`{"label":"Flip\u0007","value":"automatic"},{"label":"Flip","value":"Automatic"}]`
	r.welcome = []byte(`{"peers":[],"options":` + told + `}`)
	r.until(600, "", func() bool { return r.joiner.mode == modeJoin && len(r.joiner.rooms) > 0 })
	scenetest.Run(t, r.d, 10, func(int) { r.host.Update(r.n.Now()); r.n.Advance(netplay.TickDuration) })
	// The announcement's bidirectional mark is gone on arrival
	// (netplay's cleanText), which leaves a value Flip has.
	want := []Chosen{{"Mode", "Last One Loses"}, {"Flip", "winner flips"}}
	if got := aboutOptions(r.joiner.cfg.Options, r.joiner.rooms[0].About); !slices.Equal(got, want) {
		t.Errorf("the join list shows the room's options %+v, want %+v", got, want)
	}
	img := scenetest.Shoot(t, r.d, "netlobby-hostile-room")
	pal := r.d.Palette()
	if n := countIn(img, image.Rect(rightX, joinMenuY-10, rightX+440, joinMenuY+62), pal.Accent); n < 300 {
		t.Errorf("the room's two real options are drawn with %d accent pixels", n)
	}
	if n := countIn(img, image.Rect(rightX, joinMenuY+62, 1280, 720), pal.Accent); n != 0 {
		t.Errorf("%d accent pixels below the room's two real options", n)
	}

	r.until(600, roomCode.String(), func() bool { return r.joiner.joined.Done })
	scenetest.Run(t, r.d, 10, func(int) { r.host.Update(r.n.Now()); r.n.Advance(netplay.TickDuration) })
	want = []Chosen{{"Mode", "Classic"}}
	if got := r.joiner.JoinedOptions(); !slices.Equal(got, want) {
		t.Errorf("the waiting screen shows the options %+v, want %+v", got, want)
	}
	r.host.Start(func(netplay.Joiner) []byte {
		return []byte(`{"peers":[{"seats":3},{"seats":12}],"options":` + told + `}`)
	})
	r.until(600, "", func() bool { return r.started != nil })
	if got := r.started.Options; !slices.Equal(got, want) {
		t.Errorf("the match started with the options %+v, want %+v", got, want)
	}
}

// TestJoinListSaysWhyARoomIsClosed: a room whose host runs other rules
// is listed greyed out, with a word on why: the title of the network game
// it is (the player picked the wrong one), another version of this game,
// or a game this build does not have. The rules' own text, a stranger's,
// is not shown.
func TestJoinListSaysWhyARoomIsClosed(t *testing.T) {
	r := newJoinerRoom(t)
	var others []*netplay.LobbyHost
	for _, o := range []struct{ rules, host string }{{"ninjan/1", "Ann"}, {"slam/0", "WWWWWWWWWWWWWWWW"}, {"chess/9", "Di"}} {
		h := netplay.NewLobbyHost(sealed(t, r.n.Endpoint(), roomCode, r.n.Now), roomCode, o.rules, o.host,
			netplay.SeatsOf(1, 2, 3), func(netplay.Joiner) []byte { return nil })
		h.AnnounceTo = r.host.AnnounceTo
		others = append(others, h)
	}
	r.until(600, "", func() bool { return r.joiner.mode == modeJoin })
	r.until(60, "", func() bool { return r.held == 0 }) // Enter let go
	r.joiner.others = []Config{slam, {Title: "Ninjan", Rules: "ninjan/1"}}
	scenetest.Until(t, r.d, 600, func(int) {
		for _, h := range append(others, r.host) {
			h.Update(r.n.Now())
		}
		r.n.Advance(netplay.TickDuration)
	}, func() bool { return len(r.joiner.rooms) == 4 && r.joiner.mode == modeJoin })
	want := map[string]bool{ // label: whether it can be picked
		"Cy's table  (2 open)":                         true,
		"Ann  (3 open) · Ninjan":                       false,
		"WWWWWWWWWWWWWWWW  (3 open) · another version": false,
		"Di  (3 open) · another game":                  false,
	}
	for _, it := range r.joiner.menu.Items[:4] {
		if can, ok := want[it.Label]; !ok || can == it.Disabled {
			t.Errorf("room %q, disabled %v; want one of %v", it.Label, it.Disabled, want)
		}
	}
	// The longest name a host may have, with the word on why, stays on
	// its entry, clear of the highlighted room's game beside the list.
	img := scenetest.Shoot(t, r.d, "netlobby-rooms-closed")
	x, y, w, h, _ := r.joiner.menu.ItemRect(2)
	if n := countBright(img, image.Rect(int(x+w)+4, int(y), rightX+440, int(y+h))); n != 0 {
		t.Errorf("%d pixels of text right of the entry %q", n, r.joiner.menu.Items[2].Label)
	}
}

// countBright counts the pixels of r in img bright enough to be text
// (the backdrop's shapes behind the panel are dim).
func countBright(img *image.RGBA, r image.Rectangle) int {
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if c := img.RGBAAt(x, y); int(c.R)+int(c.G)+int(c.B) > 240 {
				n++
			}
		}
	}
	return n
}

// TestListedRoomAsksForItsCode: the rooms on the join list show no code;
// picking one asks for the code its host's screen shows. A wrong code
// gets no answer and, after a few seconds, the join list tells the
// player to check the code; the right code joins.
func TestListedRoomAsksForItsCode(t *testing.T) {
	r := newJoinerRoom(t)
	r.until(600, "", func() bool { return r.joiner.mode == modeJoin && len(r.joiner.rooms) > 0 })
	for _, it := range r.joiner.menu.Items {
		if strings.Contains(it.Label, roomCode.String()) {
			t.Errorf("the join list shows the room's code: %q", it.Label)
		}
	}
	wrong := netplay.RoomCode(4243).String()
	r.until(60, wrong[:2], func() bool { return r.joiner.mode == modeType && len(r.joiner.typed) == 2 })
	if r.joiner.picked.Addr != r.addr {
		t.Fatalf("typing the code of %v, want the room picked at %v", r.joiner.picked.Addr, r.addr)
	}
	img := scenetest.Shoot(t, r.d, "netlobby-code-prompt")
	if n := countIn(img, image.Rect(leftX+20, 250, leftX+300, 320), r.d.Palette().Accent); n < 300 {
		t.Errorf("the typed letters are drawn with %d accent pixels", n)
	}
	r.until(60, wrong, func() bool { return r.joiner.mode == modeWaiting })
	r.until(int(answerWait/netplay.TickDuration)+60, "", func() bool { return r.joiner.mode != modeWaiting })
	if r.joiner.mode != modeJoin || !strings.Contains(r.joiner.err, "check the room code") || len(r.host.Joiners()) != 0 {
		t.Fatalf("after a wrong code: mode %d, %q, joiners %+v; want the list telling to check the code", r.joiner.mode, r.joiner.err, r.host.Joiners())
	}
	r.until(600, roomCode.String(), func() bool { return r.joiner.joined.Done })
	if r.joiner.joined.Refused != "" || len(r.host.Joiners()) != 1 || r.joiner.target != (destination{roomCode, r.addr}) {
		t.Errorf("after the right code: %+v, joiners %+v, asked %+v", r.joiner.joined, r.host.Joiners(), r.joiner.target)
	}
}

// TestJoinerFindsRoomAndStarts: the joiner joins the room it found, and
// when the host starts, its lobby starts the match it was given.
func TestJoinerFindsRoomAndStarts(t *testing.T) {
	r := newJoinerRoom(t)
	r.until(600, roomCode.String(), func() bool { return len(r.host.Joiners()) == 1 })
	r.host.Start(func(j netplay.Joiner) []byte {
		m := Match{Host: true, Seats: netplay.SeatsOf(0, 1), Joiners: r.host.Joiners(), Game: []byte(`{"rules":{"mode":"classic"}}`), OnDrop: netplay.BotSeats}
		if err := m.writeSettings(); err != nil {
			t.Fatal(err)
		}
		return m.Settings
	})
	r.until(600, "", func() bool { return r.started != nil })
	started := r.started
	if started.Host || started.Index != 1 || started.Seats != netplay.SeatsOf(2, 3) || started.Room != roomCode {
		t.Errorf("match %+v", *started)
	}
	peers, err := started.Peers(r.addr)
	if err != nil {
		t.Fatal(err)
	}
	if string(started.Game) != `{"rules":{"mode":"classic"}}` || started.OnDrop != netplay.BotSeats || started.HostAddr != r.addr {
		t.Errorf("the joiner's game %s, drop policy %v, host %v", started.Game, started.OnDrop, started.HostAddr)
	}
	want := []netplay.PeerConfig{{Addr: r.addr, Seats: netplay.SeatsOf(0, 1)}, {Seats: netplay.SeatsOf(2, 3)}}
	if !slices.Equal(peers, want) {
		t.Errorf("peers %+v, want %+v", peers, want)
	}
}

// TestChooserShowsGames: the game menu lists the games and Back, and
// the highlighted game's blurb.
func TestChooserShowsGames(t *testing.T) {
	d := scenes.New(scenes.Options{Source: new(input.Script), Store: persist.At(t.TempDir()),
		Start: func(d *scenes.Director) scenes.Scene {
			return Choose(d, slam, Config{Title: "Ninjan", Blurb: "The host's machine deals and judges."})
		}})
	scenetest.Run(t, d, 2, nil)
	c := d.Top().(*Chooser)
	if len(c.menu.Items) != 3 || c.menu.Items[0].Label != "Slam" || c.menu.Items[2].Label != "Back" {
		t.Errorf("menu %+v", c.menu.Items)
	}
	if len(c.lines) == 0 {
		t.Error("no blurb for the highlighted game")
	}
}

func TestParseTyped(t *testing.T) {
	picked := netip.MustParseAddrPort("10.0.0.5:7300")
	tests := []struct {
		typed    string
		picked   netip.AddrPort // the room picked from the list, if any
		pageHost bool
		want     destination
		ok       bool
	}{
		{"KXQM", picked, false, destination{mustCode("KXQM"), picked}, true},
		{"KXQM10.0.0.9", picked, false, destination{}, false},
		{"KX", picked, false, destination{}, false},
		{"KXQM192.168.1.20", netip.AddrPort{}, false, destination{mustCode("KXQM"), netip.MustParseAddrPort("192.168.1.20:7300")}, true},
		{"KXQM10.0.0.9:9000", netip.AddrPort{}, false, destination{mustCode("KXQM"), netip.MustParseAddrPort("10.0.0.9:9000")}, true},
		{"KXQM", netip.AddrPort{}, true, destination{code: mustCode("KXQM")}, true},
		{"KXQM", netip.AddrPort{}, false, destination{}, false},
		{"KX", netip.AddrPort{}, false, destination{}, false},
		{"AEIO", netip.AddrPort{}, false, destination{}, false},
		{"KXQM1.2.3", netip.AddrPort{}, false, destination{}, false},
	}
	for _, tt := range tests {
		got, err := parseTyped(tt.typed, tt.picked, tt.pageHost)
		if (err == nil) != tt.ok || got != tt.want {
			t.Errorf("parseTyped(%q, %v, %v) = %+v, %v", tt.typed, tt.picked, tt.pageHost, got, err)
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

// TestOptionsShots: the host of a game with options, its couch of two on
// seats of eight, chooses Last One Loses, which its game refuses at
// Start: the host's screen shows every entry of its menu and draws the
// refusal; the friend who joined was told the options and shows them in
// the accent colour.
func TestOptionsShots(t *testing.T) {
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
	var host, joiner *Lobby
	dir := t.TempDir()
	hd := scenes.New(scenes.Options{Source: hostSrc, Store: persist.At(dir),
		Start: func(d *scenes.Director) scenes.Scene { host = New(d, cfg); return host }})
	jd := scenes.New(scenes.Options{Source: new(input.Script), Store: persist.At(dir),
		Start: func(d *scenes.Director) scenes.Scene { joiner = New(d, cfg); return joiner }})
	// Enter hosts; Down, Right sets Last One Loses; the joiner joins;
	// Up, Enter: Start.
	keys := map[int]ebiten.Key{2: ebiten.KeyEnter, 6: ebiten.KeyDown, 10: ebiten.KeyRight, 80: ebiten.KeyUp, 84: ebiten.KeyEnter}
	scenetest.Run(t, hd, 91, func(tick int) {
		hostSrc.Advance()
		if k, ok := keys[tick]; ok {
			hostSrc.Do(input.KeyDown(k))
		} else if k, ok := keys[tick-1]; ok {
			hostSrc.Do(input.KeyUp(k))
		}
		if tick == 4 {
			joiner.joinRoom(destination{host.Room(), host.HostAddr()})
		}
		if err := jd.Update(); err != nil {
			t.Fatal(err)
		}
		n.Advance(netplay.TickDuration)
	})
	if host.mode != modeHost || host.err != "Cannot start: this game has no Last One Loses" {
		t.Errorf("host mode %d, error %q", host.mode, host.err)
	}
	// The joiner's Kick entry makes the menu scroll: what it shows stays
	// inside the panel.
	for i, it := range host.menu.Items {
		if _, y, _, h, shown := host.menu.ItemRect(i); shown && y+h > panelY+panelH || !shown && i < 4 {
			t.Errorf("entry %q: shown %v, bottom %v", it.Label, shown, y+h)
		}
	}
	pal := hd.Palette()
	img := scenetest.Shoot(t, hd, "netlobby-options-host")
	refusal := image.Rect(leftX, panelY+panelH-45, leftX+600, panelY+panelH-10)
	if n := countIn(img, refusal, pal.Notice); n < 300 {
		t.Errorf("the refusal is drawn with %d pixels of the notice colour", n)
	}

	scenetest.Run(t, hd, 2, func(int) {
		if err := jd.Update(); err != nil {
			t.Fatal(err)
		}
		n.Advance(netplay.TickDuration)
	})
	if want := []Chosen{{"Mode", "Last One Loses"}, {"Flip", "automatic"}}; !slices.Equal(joiner.JoinedOptions(), want) {
		t.Errorf("the joiner was told %+v, want %+v", joiner.JoinedOptions(), want)
	}
	img = scenetest.Shoot(t, jd, "netlobby-options-join")
	if n := countIn(img, image.Rect(leftX, 250, leftX+700, 285), pal.Accent); n < 300 {
		t.Errorf("the options the joiner was told are drawn with %d accent pixels", n)
	}
}

// TestRoomCodeReadsTypedCharacters: an AZERTY typist presses the key
// where QWERTY has Q and Z, which types "a" and "w" on their layout; the
// code field takes the letters typed, not the key positions.
func TestRoomCodeReadsTypedCharacters(t *testing.T) {
	r := newJoinerRoom(t)
	r.until(600, "", func() bool { return r.joiner.mode == modeJoin })
	r.joiner.typeCode(netplay.Room{})
	presses := []struct {
		key  ebiten.Key
		char string
	}{{ebiten.KeyQ, "a"}, {ebiten.KeyZ, "w"}, {ebiten.KeyDigit7, "è"}, {ebiten.KeyShiftLeft, ""}, {ebiten.KeyDigit1, "1"}}
	scenetest.Run(t, r.d, 2*len(presses), func(tick int) {
		r.src.Advance()
		p := presses[tick/2]
		if tick%2 == 1 {
			r.src.Do(input.KeyUp(p.key))
			return
		}
		r.src.Do(input.KeyDown(p.key))
		r.src.Type(p.char)
	})
	if r.joiner.typed != "AW1" {
		t.Errorf("typed %q, want %q as the keyboard's layout typed it", r.joiner.typed, "AW1")
	}
}

func TestAppendTyped(t *testing.T) {
	for _, tc := range []struct {
		typed, chars string
		limit        int
		want         string
	}{
		{"", "kxqm", 4, "KXQM"},
		{"KX", "qm 192", 4, "KXQM"},
		{"KXQM", "192.168.1.20:7300", maxTyped, "KXQM192.168.1.20:7300"},
		{"", "é-ü/ \t", maxTyped, ""},
	} {
		if got := appendTyped(tc.typed, []rune(tc.chars), tc.limit); got != tc.want {
			t.Errorf("appendTyped(%q, %q, %d) = %q, want %q", tc.typed, tc.chars, tc.limit, got, tc.want)
		}
	}
}
