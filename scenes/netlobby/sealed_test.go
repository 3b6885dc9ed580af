//go:build !js

package netlobby

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/netip"
	"runtime"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/netplay"
	"github.com/jankenarcade/janken/netplay/secure"
	"github.com/jankenarcade/janken/persist"
	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/rulesets/ninjan"
	slamrules "github.com/jankenarcade/janken/rulesets/slam"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/scenetest"
)

// wiretap is a loopback UDP transport that keeps a copy of every packet
// it sends or receives: the bytes on the wire, beneath the lobby's seal.
type wiretap struct {
	netplay.Transport
	wire *[][]byte
}

func (w wiretap) Send(to netip.AddrPort, p []byte) error {
	*w.wire = append(*w.wire, bytes.Clone(p))
	return w.Transport.Send(to, p)
}

func (w wiretap) Receive(buf []byte) (int, netip.AddrPort, bool) {
	n, from, ok := w.Transport.Receive(buf)
	if ok {
		*w.wire = append(*w.wire, bytes.Clone(buf[:n]))
	}
	return n, from, ok
}

// loopbackLAN is a Network of real UDP sockets on 127.0.0.1 whose host
// and joiner sockets are tapped into *wire; the host announces to a
// discovery socket on loopback (never the broadcast address).
func loopbackLAN(t *testing.T, wire *[][]byte) *Network {
	listen := func() (netplay.Transport, error) {
		u, err := netplay.ListenUDP("127.0.0.1:0")
		if err != nil {
			return nil, err
		}
		t.Cleanup(func() { u.Close() })
		return wiretap{u, wire}, nil
	}
	disc, err := netplay.ListenUDP("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { disc.Close() })
	return &Network{Host: listen, Join: listen, Discovery: func() (netplay.Transport, error) { return disc, nil },
		AnnounceTo: []netip.AddrPort{disc.LocalAddr()}}
}

// loopbackPause lets the sockets' reader goroutines deliver what was
// sent; a packet that takes longer is merely late, as on a real network.
func loopbackPause() {
	runtime.Gosched()
	time.Sleep(200 * time.Microsecond)
}

// joinerName is the joiner's player name: its hello carries it, and no
// announcement does, so it must never cross the wire in the clear.
const joinerName = "Bo the joiner"

// loopbackLobbies is a host's and a joiner's network lobby on loopback,
// each machine's Match kept once the host starts.
type loopbackLobbies struct {
	t              *testing.T
	wire           [][]byte
	hd, jd         *scenes.Director
	hsrc, jsrc     *input.Script
	host, joiner   *Lobby
	hostM, joinerM *Match
	tune           func(*Config) // if set, changes both lobbies' Config
}

func newLoopbackLobbies(t *testing.T, rules string) *loopbackLobbies {
	l := &loopbackLobbies{t: t}
	net := loopbackLAN(t, &l.wire)
	return l.open(rules, net, net)
}

// open makes the host's lobby on hostNet and the joiner's on joinNet.
func (l *loopbackLobbies) open(rules string, hostNet, joinNet *Network) *loopbackLobbies {
	l.hsrc, l.jsrc = new(input.Script), new(input.Script)
	cfg := Config{Title: "Test", Rules: rules, MinPlayers: 2, MaxPlayers: 2, LocalSeats: 1}
	if l.tune != nil {
		l.tune(&cfg)
	}
	dir := l.t.TempDir()
	open := func(name string, net *Network, src *input.Script, out **Lobby, m **Match) *scenes.Director {
		c := cfg
		c.PlayerName, c.Net = name, net
		c.Start = func(_ *scenes.Context, match Match) error { *m = &match; return nil }
		return scenes.New(scenes.Options{Source: src, Store: persist.At(dir),
			Start: func(d *scenes.Director) scenes.Scene { *out = New(d, c); return *out }})
	}
	l.hd = open("Ada", hostNet, l.hsrc, &l.host, &l.hostM)
	l.jd = open(joinerName, joinNet, l.jsrc, &l.joiner, &l.joinerM)
	return l
}

// tap presses k on src for this tick; the caller lifts it on the next.
func tap(src *input.Script, k ebiten.Key) ebiten.Key {
	src.Do(input.KeyDown(k))
	return k
}

// run steps both machines until done, at most limit ticks, the host and
// the joiner each pressing what next(lobby) returns (0 for nothing).
func (l *loopbackLobbies) run(limit int, next func(*Lobby) ebiten.Key, done func() bool) {
	l.t.Helper()
	var heldH, heldJ ebiten.Key
	scenetest.Until(l.t, l.hd, limit, func(int) {
		l.hsrc.Advance()
		l.jsrc.Advance()
		for _, m := range []struct {
			src  *input.Script
			held *ebiten.Key
			l    *Lobby
		}{{l.hsrc, &heldH, l.host}, {l.jsrc, &heldJ, l.joiner}} {
			if *m.held != 0 {
				m.src.Do(input.KeyUp(*m.held))
				*m.held = 0
			} else if k := next(m.l); k != 0 {
				*m.held = tap(m.src, k)
			}
		}
		if err := l.jd.Update(); err != nil {
			l.t.Fatal(err)
		}
		loopbackPause()
	}, done)
}

// joinerJoins is the joiner's next key as a person joins the room the
// host opened: "Join a game", the room discovery lists, the code the
// host's screen shows (typed in lower case) and Enter; 0 once waiting.
func (l *loopbackLobbies) joinerJoins(lb *Lobby) ebiten.Key {
	switch {
	case lb.mode == modeChoose && lb.menu.Cursor == 0:
		return ebiten.KeyDown
	case lb.mode == modeChoose:
		return ebiten.KeyEnter // Join a game
	case lb.mode == modeJoin && len(lb.rooms) > 0 && lb.err == "":
		return ebiten.KeyEnter
	case lb.mode == modeType && lb.typed == "":
		l.jsrc.Type(strings.ToLower(l.host.Room().String()))
	case lb.mode == modeType:
		return ebiten.KeyEnter
	}
	return 0
}

// seatJoiner plays both lobbies until the joiner waits in the host's
// room: the host hosts, the joiner joins it (joinerJoins) and is welcomed.
func (l *loopbackLobbies) seatJoiner() {
	l.t.Helper()
	l.run(1200, func(lb *Lobby) ebiten.Key {
		switch {
		case lb == l.host && lb.mode == modeChoose:
			return ebiten.KeyEnter // Host a game
		case lb == l.joiner:
			return l.joinerJoins(lb)
		}
		return 0
	}, func() bool { return l.host.mode == modeHost && l.host.players() == 2 && l.joiner.joined.Done })
}

// startMatch plays both lobbies as people would: the host hosts, the
// joiner opens the join list, picks the room once discovery lists it,
// types the code the host's screen shows and joins, and the host starts;
// it returns each machine's match.
func (l *loopbackLobbies) startMatch() (host, joiner *Match) {
	l.run(1200, func(lb *Lobby) ebiten.Key {
		switch {
		case lb == l.host && lb.mode == modeChoose:
			return ebiten.KeyEnter // Host a game
		case lb == l.host && lb.mode == modeHost && lb.players() == 2:
			return ebiten.KeyEnter // Start
		case lb == l.joiner && lb.mode == modeChoose && lb.menu.Cursor == 0:
			return ebiten.KeyDown
		case lb == l.joiner && lb.mode == modeChoose && lb.menu.Cursor == 1:
			return ebiten.KeyEnter // Join a game
		case lb == l.joiner && lb.mode == modeJoin && len(lb.rooms) > 0:
			return ebiten.KeyEnter // the room discovery heard
		case lb == l.joiner && lb.mode == modeType && len(lb.typed) < 4:
			l.jsrc.Type(strings.ToLower(l.host.Room().String())) // as read off the host's screen
			return 0
		case lb == l.joiner && lb.mode == modeType:
			return ebiten.KeyEnter
		}
		return 0
	}, func() bool { return l.hostM != nil && l.joinerM != nil })
	for _, m := range []*Match{l.hostM, l.joinerM} {
		if _, ok := unwrapped(m.Transport).(*secure.Conn); !ok {
			l.t.Fatalf("the match's transport is a %T, not sealed", unwrapped(m.Transport))
		}
		l.t.Cleanup(func() { m.Transport.Close() })
	}
	return l.hostM, l.joinerM
}

// unwrapped returns the transport tr passes on to, if it wraps one (the
// host's match reads the lobby's through LobbyHost.Handoff's, a joiner's
// through its Join's, which keeps the match's first packets).
func unwrapped(tr netplay.Transport) netplay.Transport {
	if w, ok := tr.(interface{ Unwrap() netplay.Transport }); ok {
		return w.Unwrap()
	}
	return tr
}

// checkWire fails the test if any packet but a room announcement crossed
// the wire readable, or the joiner's name did, or an announcement named
// the room or held its code, and unless at least minSealed sealed packets
// crossed.
func (l *loopbackLobbies) checkWire(minSealed int) {
	l.t.Helper()
	plain, sealed := 0, 0
	for _, p := range l.wire {
		if h, _, err := netplay.ParseHeader(p); err == nil {
			if h.Kind != netplay.KindAnnounce {
				l.t.Fatalf("a %d-byte packet of kind %v crossed the wire in the clear", len(p), h.Kind)
			}
			if code := l.host.Room().String(); h.Room != 0 || bytes.Contains(bytes.ToUpper(p), []byte(code)) {
				l.t.Fatalf("an announcement names room %d or spells the code %v: %q", h.Room, code, p)
			}
			plain++
			continue
		}
		if bytes.Contains(p, []byte(joinerName)) {
			l.t.Fatalf("the joiner's name crossed the wire in the clear: %q", p)
		}
		sealed++
	}
	if sealed < minSealed {
		l.t.Fatalf("only %d sealed packets crossed the wire (%d announcements)", sealed, plain)
	}
	l.t.Logf("%d sealed packets and %d plain announcements crossed the wire", sealed, plain)
}

// TestSealedSlamMatchThroughLobby: a host and a joiner meet through the
// real lobby on loopback UDP (the room found by discovery), and play a
// rollback Slam on the transports their matches hold: both settle the
// same states, and nothing but the room's announcement crossed the wire
// readable.
func TestSealedSlamMatchThroughLobby(t *testing.T) {
	l := newLoopbackLobbies(t, "slam/1")
	hostM, joinerM := l.startMatch()
	playSlam(t, hostM, joinerM)
	l.checkWire(100)
}

// playSlam plays 600 ticks of rollback Slam, a hard bot at each seat, on
// the matches' transports, and fails the test unless every machine
// settles the same states.
func playSlam(t *testing.T, matches ...*Match) {
	const seed, ticks = 5, 600
	var sessions []*netplay.Session[slamrules.State, *slamrules.State]
	var bots []slamrules.Bot
	settled := make([][]uint64, len(matches))
	for i, m := range matches {
		peers, err := m.Peers(m.HostAddr)
		if err != nil {
			t.Fatal(err)
		}
		initial, err := slamrules.New(slamrules.DefaultConfig(len(matches)), seed)
		if err != nil {
			t.Fatal(err)
		}
		cfg := netplay.Config[slamrules.State]{Room: m.Room, Peers: peers, Self: m.Index, DumpDir: t.TempDir(),
			OnSettled: func(f *rulesets.Frame, s *slamrules.State) { settled[i] = append(settled[i][:f.Tick], s.Hash()) }}
		s, err := netplay.NewSession[slamrules.State](cfg, m.Transport, initial)
		if err != nil {
			t.Fatal(err)
		}
		sessions, bots = append(sessions, s), append(bots, slamrules.NewBot(m.Index, slamrules.Hard, seed+uint64(i)))
	}
	least := func() int { return len(slices.MinFunc(settled, func(a, b []uint64) int { return len(a) - len(b) })) }
	var now time.Duration
	for step := 0; least() < ticks; step++ {
		if step == 20*ticks {
			t.Fatalf("the machines settled only %d ticks", least())
		}
		for i, s := range sessions {
			var f rulesets.Frame
			bots[i].Act(s.State(), &f)
			s.Update(now, &f)
			for _, ev := range s.Events() {
				if ev.Kind == netplay.EventDesync || ev.Kind == netplay.EventFault || ev.Kind == netplay.EventDropped {
					t.Fatalf("machine %d: %v at tick %d", i, ev.Kind, ev.Tick)
				}
			}
		}
		now += netplay.TickDuration
		loopbackPause()
	}
	for i := range settled[1:] {
		if !slices.Equal(settled[0][:ticks], settled[i+1][:ticks]) {
			t.Fatalf("machine %d settled other states than the host", i+1)
		}
	}
}

// seatPlayer plays the joiner's Ninjan seat from the views it receives.
type seatPlayer struct {
	seat  int
	bot   rulesets.Bot[ninjan.View, ninjan.Action]
	view  []byte // the latest view
	acted bool   // an action answers the latest view
}

func (p *seatPlayer) update(t *testing.T, c *netplay.Client, ups []netplay.SeatUpdate) {
	t.Helper()
	for _, u := range ups {
		if u.Refused != "" {
			t.Fatalf("seat %d: action refused: %s", p.seat, u.Refused)
		}
		if u.View != nil {
			p.view, p.acted = bytes.Clone(u.View), u.Unanswered > 0
		}
	}
	var v ninjan.View
	if p.acted || json.Unmarshal(p.view, &v) != nil || !slices.Contains(v.ToAct(nil), p.seat) {
		return
	}
	a, err := json.Marshal(p.bot.Choose(&v))
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Act(p.seat, a); err != nil {
		t.Fatal(err)
	}
	p.acted = true
}

// TestSealedCardMatchThroughLobby: a host and a joiner meet through the
// real lobby on loopback UDP and play a whole hosted Ninjan on their
// matches' transports, the host judging: the joiner ends with the host's
// last view of its seat, and nothing but the room's announcement crossed
// the wire readable.
func TestSealedCardMatchThroughLobby(t *testing.T) {
	l := newLoopbackLobbies(t, "ninjan/1")
	hostM, joinerM := l.startMatch()
	def := ninjan.Definition()
	g, err := def.New(2, nil, 7)
	if err != nil {
		t.Fatal(err)
	}
	view := func(g *ninjan.State, seat int) ([]byte, error) { return json.Marshal(def.View(g, seat)) }
	var remotes []netplay.Remote
	for _, j := range hostM.Joiners {
		remotes = append(remotes, netplay.Remote{Addr: j.Addr, Seats: j.Seats})
	}
	host, err := netplay.NewHost(netplay.HostConfig[*ninjan.State, ninjan.Action, ninjan.Event]{
		Room: hostM.Room, Remotes: remotes, View: view,
		Audience:     func(e ninjan.Event) rulesets.Audience { return e.Audience },
		EncodeEvent:  func(e ninjan.Event) ([]byte, error) { return json.Marshal(e) },
		DecodeAction: def.DecodeAction,
	}, hostM.Transport, g)
	if err != nil {
		t.Fatal(err)
	}
	client := netplay.NewClient(joinerM.Transport, joinerM.HostAddr, joinerM.Room, joinerM.Seats)
	hostBot, err := def.NewBot("easy", 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	joinerBot, err := def.NewBot("easy", 1, 2)
	if err != nil {
		t.Fatal(err)
	}
	player := &seatPlayer{seat: 1, bot: joinerBot}
	var now time.Duration
	caughtUp := func() bool { want, _ := view(g, 1); return bytes.Equal(player.view, want) }
	for step := 0; !g.Over() || !caughtUp(); step++ {
		if step == 20_000 {
			t.Fatalf("the hosted game did not finish: over %v", g.Over())
		}
		if slices.Contains(g.ToAct(nil), 0) {
			v := def.View(g, 0)
			if err := host.Apply(0, hostBot.Choose(&v)); err != nil {
				t.Fatal(err)
			}
		}
		if err := host.Update(now); err != nil {
			t.Fatal(err)
		}
		player.update(t, client, client.Update(now))
		now += netplay.TickDuration
		loopbackPause()
	}
	l.checkWire(100)
}

// TestAttack_WrongRoomCodeGetsNoAnswerAndIsTold: a joiner who types the
// host's address with another room's code gets no seat (the host's seal
// refuses its handshake) and, after a few seconds of no answer, its
// lobby says so and to check the code, back on the join list.
func TestAttack_WrongRoomCodeGetsNoAnswerAndIsTold(t *testing.T) {
	l := newLoopbackLobbies(t, "slam/1")
	l.run(120, func(lb *Lobby) ebiten.Key {
		if lb == l.host && lb.mode == modeChoose {
			return ebiten.KeyEnter
		}
		return 0
	}, func() bool { return l.host.mode == modeHost })
	wrong := l.host.Room() + 1
	if !wrong.Valid() {
		wrong = 1
	}
	l.joiner.startLooking()
	l.joiner.mode, l.joiner.typed = modeType, wrong.String()+l.host.HostAddr().String()
	l.joiner.submitTyped()
	if l.joiner.mode != modeWaiting {
		t.Fatalf("the typed room was not asked: %q", l.joiner.err)
	}
	l.run(int(answerWait/netplay.TickDuration)+60, func(*Lobby) ebiten.Key { return 0 },
		func() bool { return l.joiner.mode != modeWaiting })
	if l.joiner.mode != modeJoin || !strings.Contains(l.joiner.err, "check the room code") {
		t.Errorf("the joiner's lobby shows mode %d, %q; want the join list telling to check the code", l.joiner.mode, l.joiner.err)
	}
	if js := l.host.host.Joiners(); len(js) != 0 {
		t.Errorf("the host seated %+v", js)
	}
	conn := l.host.tr.(*secure.Conn)
	if d := conn.Stats().Dropped; d.Forged == 0 {
		t.Errorf("the host's seal counted no forged handshake: %+v", d)
	}
	l.checkWire(1) // the joiner's initiations
}

// browserTap is a wiretap on a browser's WebSocket, which reaches only the
// page's host.
type browserTap struct {
	wiretap
	ws *netplay.WebSocketClient
}

// Host is the page's host, as the WebSocketClient tells the lobby.
func (b browserTap) Host() netip.AddrPort { return b.ws.Host() }

// TestSealedBrowserJoinThroughLobby: a browser joins a desktop host's
// room over the WebSocket the host serves beside its web build, by the
// room's code alone as a browser does, and they play Slam: every byte on
// the browser's socket is sealed.
func TestSealedBrowserJoinThroughLobby(t *testing.T) {
	l := &loopbackLobbies{t: t}
	site := fstest.MapFS{"index.html": {Data: []byte("<title>Janken Arcade</title>")}}
	hostNet := &Network{Host: func() (netplay.Transport, error) { return listenHost("127.0.0.1:0", site) }}
	browserNet := &Network{JoinsPageHost: true, Join: func() (netplay.Transport, error) {
		ws, err := netplay.DialWebSocket(context.Background(), fmt.Sprintf("ws://%v/netplay", l.host.HostAddr()))
		if err != nil {
			return nil, err
		}
		return browserTap{wiretap{ws, &l.wire}, ws}, nil
	}}
	l.open("slam/1", hostNet, browserNet)
	l.run(120, func(lb *Lobby) ebiten.Key {
		if lb == l.host && lb.mode == modeChoose {
			return ebiten.KeyEnter
		}
		return 0
	}, func() bool { return l.host.mode == modeHost })
	if !l.host.web {
		t.Fatal("the host does not say it serves browsers")
	}
	l.joiner.startLooking()
	l.joiner.mode, l.joiner.typed = modeType, l.host.Room().String()
	l.joiner.submitTyped()
	if l.joiner.mode != modeWaiting {
		t.Fatalf("the typed room was not asked: %q", l.joiner.err)
	}
	hostM, browserM := l.startMatch()
	if len(hostM.Joiners) != 1 || !hostM.Joiners[0].HostOnly {
		t.Fatalf("the host's joiners %+v: want the browser, host-only", hostM.Joiners)
	}
	playSlam(t, hostM, browserM)
	l.checkWire(100)
}

// muted is a transport whose sends are lost while *mute is set.
type muted struct {
	netplay.Transport
	mute *bool
}

func (m muted) Send(to netip.AddrPort, p []byte) error {
	if *m.mute {
		return nil
	}
	return m.Transport.Send(to, p)
}

// TestJoinerWhoseStartIsLostStillStarts: every packet the host sends as
// it starts the match is lost, the joiner's start message with them. The
// start goes once, and the host's lobby stops with it; the joiner asks
// again with its hello, and the host's match transport (LobbyHost.Handoff's)
// tells it again. Once nothing answered, and the joiner waited for ever
// while the host's match took its seat over as a silent machine's.
func TestJoinerWhoseStartIsLostStillStarts(t *testing.T) {
	l := &loopbackLobbies{t: t}
	joinNet := loopbackLAN(t, &l.wire)
	hostNet := *joinNet
	mute := false
	hostNet.Host = func() (netplay.Transport, error) {
		tr, err := joinNet.Host()
		return muted{tr, &mute}, err
	}
	l.open("ninjan/1", &hostNet, joinNet)
	buf := make([]byte, netplay.MaxPacketSize)
	l.run(1200, func(lb *Lobby) ebiten.Key {
		switch {
		case lb == l.host && l.hostM != nil:
			// The host's match reads its transport, as its table would.
			mute = false
			for {
				if _, _, ok := l.hostM.Transport.Receive(buf); !ok {
					break
				}
			}
		case lb == l.host && lb.mode == modeChoose:
			return ebiten.KeyEnter // Host a game
		case lb == l.host && lb.mode == modeHost && lb.players() == 2:
			// Start, and lose what the host sends until the match has begun.
			mute = true
			return ebiten.KeyEnter
		case lb == l.joiner && l.joinerM == nil:
			return l.joinerJoins(lb)
		}
		return 0
	}, func() bool { return l.hostM != nil && l.joinerM != nil })
	if !slices.Equal(l.joinerM.Names, l.hostM.Names) {
		t.Errorf("the joiner's seat names %q, the host's %q", l.joinerM.Names, l.hostM.Names)
	}
	for _, m := range []*Match{l.hostM, l.joinerM} {
		m.Transport.Close()
	}
}
