//go:build !js

package wasm

import (
	"net/netip"
	"os"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/netplay"
	"github.com/jankenarcade/janken/persist"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/netlobby"
	"github.com/jankenarcade/janken/scenes/ninjantable"
	"github.com/jankenarcade/janken/scenes/slamtable"
)

// deskHost is the desktop game hosting a room "on this machine only"
// (127.0.0.1 at netplay.GamePort, announced to 127.0.0.1 alone), in the
// test's process, serving the web build and its /netplay WebSocket as the
// game does for browsers. Its director steps tick by tick as the test
// asks, reading keys from src.
type deskHost struct {
	t     *testing.T
	src   *input.Script
	d     *scenes.Director
	lobby *netlobby.Lobby
	match *netlobby.Match // the host's, once started
	next  ebiten.Key      // the key to press on the next tick, if any
	held  ebiten.Key      // the key pressed on the last tick, if any
}

// deskGame is a game a deskHost hosts: its network lobby, the row of the
// network menu that opens it, its table's scene name, and how a match of
// it opens, running on clock rather than the wall clock.
type deskGame struct {
	lobby func() netlobby.Config
	row   int
	scene string
	open  func(d *scenes.Director, m netlobby.Match, clock func() time.Duration) (scenes.Scene, error)
}

// The network menu's rows (Choose in package netlobby) are the games in
// the title's order.
var (
	deskNinjan = deskGame{lobby: ninjantable.Network, row: 1, scene: "ninjan",
		open: func(d *scenes.Director, m netlobby.Match, clock func() time.Duration) (scenes.Scene, error) {
			r, err := ninjantable.NewNetTable(d, m)
			if err != nil {
				return nil, err
			}
			r.Match().(interface{ RunOn(func() time.Duration) }).RunOn(clock)
			return r, nil
		}}
	deskSlam = deskGame{lobby: slamtable.Network, row: 3, scene: "slam",
		open: func(d *scenes.Director, m netlobby.Match, clock func() time.Duration) (scenes.Scene, error) {
			nt, err := slamtable.NewNetTable(d, m)
			if err != nil {
				return nil, err
			}
			nt.RunOn(clock)
			return nt, nil
		}}
)

// hostHere opens the desktop host of game on web and hosts a room on this
// machine only; the room and its sockets are closed when the test ends.
func hostHere(t *testing.T, web string, game deskGame) *deskHost {
	t.Helper()
	h := &deskHost{t: t, src: new(input.Script)}
	cfg := game.lobby()
	cfg.PlayerName, cfg.WebBuild = "Ada", os.DirFS(web)
	// The match runs on the host's ticks, not the wall clock, as the
	// lobby does (netlobby's now): the host waits for the page as the
	// test steps it, and a busy machine changes nothing.
	cfg.Start = func(ctx *scenes.Context, m netlobby.Match) error {
		h.match = &m
		s, err := game.open(ctx.Director(), m, func() time.Duration {
			return time.Duration(h.d.Tick()) * netplay.TickDuration
		})
		if err != nil {
			return err
		}
		ctx.Replace(s, scenes.FadeQuick)
		return nil
	}
	h.d = scenes.New(scenes.Options{Source: h.src, Store: persist.At(t.TempDir()),
		Start: func(d *scenes.Director) scenes.Scene { h.lobby = netlobby.New(d, cfg); return h.lobby }})
	t.Cleanup(h.close)
	// The first menu: Host a game, Join a game, Players on this machine,
	// Host on this machine only, Back. Enter is pressed only on the
	// fourth: "Host a game" would listen on the LAN and announce to it.
	const hereEntry = 3
	for range 20 {
		if h.lobby.Cursor() == hereEntry {
			break
		}
		h.press(ebiten.KeyArrowDown)
		h.step(2)
	}
	if h.lobby.Cursor() != hereEntry {
		t.Fatalf("the host's menu cursor is at %d, want %d (Host on this machine only)", h.lobby.Cursor(), hereEntry)
	}
	h.press(ebiten.KeyEnter)
	h.step(2)
	here := netip.AddrPortFrom(netip.AddrFrom4([4]byte{127, 0, 0, 1}), netplay.GamePort)
	if got := h.lobby.HostAddr(); got != here {
		t.Fatalf("the host listens at %v, want %v: is port %d on 127.0.0.1 taken (a game hosting on this machine)?", got, here, netplay.GamePort)
	}
	return h
}

// press holds k down on the next tick, and lifts it on the one after.
func (h *deskHost) press(k ebiten.Key) { h.next = k }

// step runs the host's game n ticks.
func (h *deskHost) step(n int) {
	h.t.Helper()
	for range n {
		h.src.Advance()
		switch {
		case h.held != 0:
			h.src.Do(input.KeyUp(h.held))
			h.held = 0
		case h.next != 0:
			h.src.Do(input.KeyDown(h.next))
			h.held, h.next = h.next, 0
		}
		if err := h.d.Update(); err != nil {
			h.t.Fatalf("the host's tick %d: %v", h.d.Tick(), err)
		}
	}
}

// follow runs the host's game until it has run as many ticks since
// hostFrom as the page's game has run from pageFrom to pageTick: the two
// games keep the same time, however fast either runs, so that neither
// sees the other fall silent.
func (h *deskHost) follow(hostFrom, pageFrom, pageTick int64) {
	h.t.Helper()
	if n := (pageTick - pageFrom) - (h.d.Tick() - hostFrom); n > 0 {
		h.step(int(n))
	}
}

// close releases the room's sockets: the match's, once started, else the
// lobby's.
func (h *deskHost) close() {
	if h.match != nil {
		h.match.Transport.Close()
		return
	}
	h.lobby.Leave(nil)
}

// "Play over network" is the title's row after the four games.
const networkTitleRow = 4

// The Choose menu's rows (Choose in package netlobby): its hit areas
// start at 236, one a TouchTarget.
const chooseRowsTop = 236

// The first menu of the lobby of a page a desktop host served: "Join the
// host's room" is its first row, whose hit area starts at 296.
const joinRowTop = 296

// The keypad (keypad.go in package netlobby): rows of keys a TouchTarget
// tall from padTop, across padW from padX; the room's letters ten to a
// row, then Back, Delete and Join.
const padX, padW, padTop = 140, 1000, 328

// keyCentre returns the centre of the keypad's key labelled label, in
// logical pixels.
func keyCentre(t *testing.T, label string) (x, y float64) {
	t.Helper()
	const row = 10 // letters a row
	if label == "Join" {
		w := float64(padW / 3)
		return padX + (padW-3*w)/2 + 2*w + w/2, padTop + 2*scenes.TouchTarget + scenes.TouchTarget/2
	}
	for i := range len(netplay.RoomLetters) {
		if netplay.RoomLetters[i:i+1] == label {
			w := float64(padW / row)
			return padX + float64(i%row)*w + w/2, padTop + float64(i/row)*scenes.TouchTarget + scenes.TouchTarget/2
		}
	}
	t.Fatalf("no key %q on the keypad", label)
	return 0, 0
}

// joinTicks bounds, in the page's ticks, how long the host may take to
// seat the page's player and both games to open the table: the joiner
// gives up after five seconds without an answer.
const joinTicks = 10 * scenes.TPS

// TestBrowserPhoneJoinsDesktopHost: a phone held sideways opens the page
// a desktop host serves (the host runs in this process, hosting Ninjan on
// 127.0.0.1 only), taps through the title to network play and Ninjan,
// types the room code on the lobby's keypad with taps, and joins; the
// host seats it, starts, and both open the table. Screenshots of the
// phone on the keypad, joined and at the table: web-join-*.png.
func TestBrowserPhoneJoinsDesktopHost(t *testing.T) {
	j := joinTable(t, deskNinjan, "", true)
	t.Logf("room %s joined by taps; both machines at the Ninjan table", j.code)
}

// joined is a phone's page at a table a desktop host serves it.
type joined struct {
	h        *deskHost
	p        *page
	code     string // the room's
	hostFrom int64  // the host's tick when the page tapped Join
	joinAt   int64  // and the page's
}

// joinTable opens a phone-sized page, with script run before the page's
// own (none if ""), in a browser run with opts, on the web build a
// desktop host serves, has it join the host's room of game by taps, and
// starts the match: both machines at the table. With shots it saves
// screenshots of the keypad, the joined page and the table
// (web-join-*.png).
func joinTable(t *testing.T, game deskGame, script string, shots bool, opts ...chromedp.ExecAllocatorOption) *joined {
	t.Helper()
	h := hostHere(t, hostBuild(t).WebDir, game)
	code := h.lobby.Room().String()
	p := newPage(t, phoneLong, phoneShort, script, opts...)
	if err := chromedp.Do(p.ctx, phone(phoneLong, phoneShort)); err != nil {
		t.Fatalf("phone viewport: %v", err)
	}
	shoot := func(name string) {
		if shots {
			p.screenshot(name)
		}
	}
	p.navigate("http://" + h.lobby.HostAddr().String() + "/")
	p.waitFor("the click-to-start screen", func() bool { return p.phase() == "ready" })
	p.clickToStart(phoneLong/2, phoneShort/2)
	p.waitForScene("title")

	// tapRow taps row of a menu of touch-sized rows whose hit areas start
	// at (left, top), a little right of its left edge.
	tapRow := func(left, top float64, row int, scene string) {
		t.Helper()
		cx, cy := toCSS(phoneLong, phoneShort, left+100, top+float64(row)*scenes.TouchTarget+scenes.TouchTarget/2)
		p.tapOpens(cx, cy, scene)
	}
	tapRow(96, titleRowsTop, networkTitleRow, "netplay")
	tapRow(140, chooseRowsTop, game.row, "netlobby")
	tapRow(140, joinRowTop, 0, "netlobby") // "Join the host's room": the keypad
	tapKey := func(label string) {
		t.Helper()
		x, y := keyCentre(t, label)
		p.tap(toCSS(phoneLong, phoneShort, x, y))
	}
	for _, c := range code {
		tapKey(string(c))
	}
	p.waitFrames(3)
	shoot("web-join-keypad.png")

	j := &joined{h: h, p: p, code: code, hostFrom: h.d.Tick(), joinAt: p.tick()}
	tapKey("Join")
	j.within("joiner seated by the host", func(status) bool { return len(h.lobby.Joiners()) > 0 })
	seats := h.lobby.Joiners()
	if len(seats) != 1 || seats[0].Seats != netplay.SeatsOf(1) || !seats[0].HostOnly {
		t.Fatalf("the host seats %+v, want one browser on seat 1", seats)
	}
	t.Logf("the host seated %q on seat 1 from %v", seats[0].Name, seats[0].Addr)
	seated := p.tick()
	j.within("the joined page's next ticks", func(st status) bool { return st.Tick > seated+10 })
	shoot("web-join-joined.png")

	h.press(ebiten.KeyEnter) // Start, the host's first entry
	j.within("the table on both machines", func(st status) bool {
		return h.match != nil && h.d.Top().Name() == game.scene && st.Scene == game.scene && !st.Transitioning
	})
	if js := h.match.Joiners; len(js) != 1 || js[0].Seats != netplay.SeatsOf(1) {
		t.Errorf("the host's match has joiners %+v, want the browser on seat 1", js)
	}
	atTable := p.tick()
	j.within("the table's first moments", func(st status) bool { return st.Tick > atTable+30 })
	shoot("web-join-table.png")
	return j
}

// within waits until cond holds for the page's status, the host's game
// following the page's tick for tick meanwhile, and fails the test if
// the page has run joinTicks since it tapped Join without it.
func (j *joined) within(what string, cond func(page status) bool) {
	j.p.t.Helper()
	j.p.waitFor(what, func() bool {
		st, _ := j.p.status()
		j.h.follow(j.hostFrom, j.joinAt, st.Tick)
		if st.Tick > j.joinAt+joinTicks {
			j.p.t.Fatalf("%d ticks after tapping Join, still no %s (page status %+v)", joinTicks, what, st)
		}
		return cond(st)
	})
}

// tick returns the page's game's tick.
func (p *page) tick() int64 {
	p.t.Helper()
	st, _ := p.status()
	return st.Tick
}
