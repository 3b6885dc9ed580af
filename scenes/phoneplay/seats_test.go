//go:build !js

package phoneplay_test

import (
	"fmt"
	"net/netip"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/netplay"
	"github.com/jankenarcade/janken/persist"
	"github.com/jankenarcade/janken/phone"
	"github.com/jankenarcade/janken/phone/phonetest"
	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/rulesets/ninjan"
	tm "github.com/jankenarcade/janken/rulesets/thatsmine"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/cardtable"
	"github.com/jankenarcade/janken/scenes/lobby"
	"github.com/jankenarcade/janken/scenes/netlobby"
	"github.com/jankenarcade/janken/scenes/nettable"
	"github.com/jankenarcade/janken/scenes/ninjantable"
	"github.com/jankenarcade/janken/scenes/phoneplay"
	"github.com/jankenarcade/janken/scenes/scenetest"
	"github.com/jankenarcade/janken/scenes/thatsminetable"
)

// fakePad is a phone page for tests whose phones are phonetest's, which
// never load it.
var fakePad = fstest.MapFS{phone.PadPage: {Data: []byte("<!doctype html>")}, phone.PadWasm: {Data: []byte("wasm")}, phone.PadExec: {Data: []byte("//")}}

// table is what the tests read of a card table: the runner's status and
// its match.
type table struct {
	scenes.Scene
	status func() *cardtable.Status
	match  any
}

func (t table) Status() *cardtable.Status { return t.status() }

// tableOf returns the table s, if it is Ninjan's or That's Mine's.
func tableOf(s scenes.Scene) (table, bool) {
	switch r := s.(type) {
	case *ninjantable.Runner:
		return table{r, r.Status, r.Match()}, true
	case *thatsminetable.NetTable:
		return table{r, r.Status, r.Match()}, true
	}
	return table{}, false
}

// tv is a couch lobby with Phones on a director stepped tick by tick, on
// a clock of its ticks (netplay.TickDuration each).
type tv struct {
	t   *testing.T
	d   *scenes.Director
	src *input.Script
	l   *lobby.Lobby
	// srv and room are the phones' server and room, once Phones is on.
	srv  netip.AddrPort
	room netplay.RoomCode
	// opened is the tick the table opened on.
	opened int64
}

func newTV(t *testing.T, cfg func(*tv) lobby.Config) *tv {
	v := &tv{t: t, src: new(input.Script)}
	v.d = scenes.New(scenes.Options{Source: v.src, Store: persist.At(t.TempDir()), Start: func(d *scenes.Director) scenes.Scene {
		v.l = lobby.New(d, cfg(v))
		return v.l
	}})
	return v
}

// press presses and lets go of key, a tick each.
func (v *tv) press(k ebiten.Key) {
	v.t.Helper()
	for _, e := range []input.Event{input.KeyDown(k), input.KeyUp(k)} {
		v.src.Do(e)
		v.tick(1)
		v.src.Advance()
	}
}

func (v *tv) tick(n int) {
	v.t.Helper()
	scenetest.Run(v.t, v.d, n, nil)
}

// row moves the lobby's cursor to its menu row.
func (v *tv) row(row int) {
	v.t.Helper()
	for range 12 {
		if v.l.Cursor() == row {
			return
		}
		v.press(ebiten.KeyArrowDown)
	}
	v.t.Fatalf("the menu's cursor never reached row %d", row)
}

// until ticks the TV (sleeping a little between ticks: the phones'
// packets cross a real loopback) until done holds.
func (v *tv) until(what string, done func() bool) {
	v.t.Helper()
	deadline := time.Now().Add(hang) // a guard against a hang, never a result
	for !done() {
		if time.Now().After(deadline) {
			v.t.Fatalf("never: %s", what)
		}
		v.tick(1)
		time.Sleep(2 * time.Millisecond)
	}
}

// now is the table's clock: the TV's ticks since it opened.
func (v *tv) now() time.Duration { return time.Duration(v.d.Tick()-v.opened) * netplay.TickDuration }

// phones returns the lobby's Phones of the game, which open: its table
// starts as phoneplay.Lobby's does, on the TV's clock from its first
// tick, its bots answering on the tick they are asked.
func phones[S scenes.Scene](v *tv, game string, open func(*scenes.Director, netlobby.Match) (S, error)) *lobby.Phones {
	return &lobby.Phones{Game: game, Pad: fakePad, Listen: listenHere, Start: func(ctx *scenes.Context, s lobby.Seating, host lobby.PhoneHost) error {
		t, err := phoneplay.Open(ctx.Director(), host.(*phone.Server), s, nil, open)
		if err != nil {
			return err
		}
		tab, ok := tableOf(t)
		if !ok {
			return fmt.Errorf("a %T", t)
		}
		v.opened = v.d.Tick()
		tab.match.(interface{ RunOn(func() time.Duration) }).RunOn(v.now)
		any(t).(interface{ ThinkInline() }).ThinkInline()
		ctx.Replace(t, scenes.Transition{})
		return nil
	}}
}

// The lobby's menu rows while phones may join.
const (
	rowAddAI = iota
	rowShare
	rowRemoveAI
	rowPhones
	rowPhoneDrop
	rowStart
)

// TestPhoneTableSeatsAndDrops seats, in a couch lobby with Phones on,
// players on the right and left keys, Bo on a phone, and AI players of
// two levels; the game starts as the TV's network match. On the table
// each keyboard seat answers its own keys only, each AI plays at the
// level it was given, and the TV names Bo wherever it names his seat.
// Bo's phone never speaks again: by the host's choice in the lobby, a
// bot takes his seat on the tick the 5 s run out, or his seat waits; a
// phone that comes back with his token takes it up again, and the TV's
// host lets a bot play for him when the phone goes once more.
func TestPhoneTableSeatsAndDrops(t *testing.T) {
	bots := []string{"easy", "medium", "hard"}
	for _, tc := range []struct {
		name string
		cfg  func(v *tv) lobby.Config
		wait bool
	}{
		{"ninjan-bot-after-5s", func(v *tv) lobby.Config {
			return lobby.Config{Title: "Ninjan", MinPlayers: ninjan.MinPlayers, MaxPlayers: ninjan.MaxPlayers, Bots: bots,
				Phones: phones(v, "ninjan", ninjantable.NewNetTable)}
		}, false},
		{"thatsmine-wait", func(v *tv) lobby.Config {
			return lobby.Config{Title: "That's Mine", MinPlayers: tm.MinPlayers, MaxPlayers: tm.MaxPlayers, Bots: bots,
				Phones: phones(v, "thatsmine", thatsminetable.NewNetTable)}
		}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := newTV(t, tc.cfg)
			tab, bo, boPhone := v.seatEveryone(tc.wait)
			st := tab.Status()
			want := []string{"Player 1", "Player 2", "Bo", "Player 4 (easy bot)", "Player 5 (hard bot)"}
			if strings.Join(st.Names, ", ") != strings.Join(want, ", ") {
				t.Errorf("the TV names the seats %q, want %q", st.Names, want)
			}
			if st.Who[2] != "Bo" || st.WhoList(rulesets.Audience(0b101).Sees) != "Player 1 and Bo" {
				t.Errorf("the TV's lines name seat 3 %q and seats 1 and 3 %q", st.Who[2], st.WhoList(rulesets.Audience(0b101).Sees))
			}
			for seat, key := range []string{"Enter", "E"} {
				if got := st.KeyName(seat, rulesets.ButtonConfirm); got != key {
					t.Errorf("Player %d confirms with %q on the table, want %q (their own keys)", seat+1, got, key)
				}
			}
			if st.Humans != rulesets.Only(0)|rulesets.Only(1) || st.Bots != rulesets.Only(3)|rulesets.Only(4) {
				t.Errorf("the TV's humans %05b and bots %05b", st.Humans, st.Bots)
			}
			if !tc.wait {
				v.botAfter5s(tab)
				return
			}
			v.waitForBo(tab, bo, boPhone)
		})
	}
}

// seatEveryone seats the right keys, the left keys, Bo's phone, an easy
// and a hard AI, chooses what becomes of a phone that drops, starts the
// game and returns its table, Bo's first answer and his phone.
func (v *tv) seatEveryone(wait bool) (table, phone.Answer, *phonetest.Handset) {
	t := v.t
	t.Helper()
	v.press(ebiten.KeyEnter) // the right keys: Player 1
	v.press(ebiten.KeyE)     // the left keys: Player 2
	v.row(rowPhones)
	v.press(ebiten.KeyEnter)
	url := v.l.PhoneURL()
	if url == "" {
		t.Fatalf("Phones did not open: %q", v.l.Message())
	}
	v.srv, v.room = roomOf(t, url)
	bo := phonetest.Dial(t, v.srv, v.room)
	bo.Claim(phone.Claim{Name: "Bo"})
	v.until("Bo's phone has a seat", func() bool { bo.Poll(); return len(bo.Answers) > 0 })
	if a := bo.Answers[0]; a.Refused != "" || a.Seat != 2 {
		t.Fatalf("Bo's phone was answered %+v, want seat 2", a)
	}
	v.row(rowAddAI)
	v.press(ebiten.KeyArrowLeft) // medium → easy
	v.press(ebiten.KeyEnter)
	v.press(ebiten.KeyArrowRight)
	v.press(ebiten.KeyArrowRight) // easy → hard
	v.press(ebiten.KeyEnter)
	if wait {
		v.row(rowPhoneDrop)
		v.press(ebiten.KeyEnter)
	}
	v.row(rowStart)
	v.press(ebiten.KeyEnter)
	v.tick(2)
	tab, ok := tableOf(v.d.Top())
	if !ok {
		t.Fatalf("the lobby started %T (%q)", v.d.Top(), v.l.Message())
	}
	return tab, bo.Answers[0], bo
}

// roomOf reads the phones' server and room from the page's address.
func roomOf(t *testing.T, url string) (netip.AddrPort, netplay.RoomCode) {
	t.Helper()
	rest, code, ok := strings.Cut(strings.TrimPrefix(url, "http://"), "/pad/#")
	addr, err := netip.ParseAddrPort(rest)
	room, rerr := netplay.ParseRoomCode(code)
	if !ok || err != nil || rerr != nil {
		t.Fatalf("the phone page's address %q: %v, %v", url, err, rerr)
	}
	return addr, room
}

// botAfter5s checks the default: the TV warns that Bo's phone is silent,
// and a bot takes his seat on the tick nettable.DropAfter runs out.
func (v *tv) botAfter5s(tab table) {
	t := v.t
	dropTick := v.opened + int64(nettable.DropAfter/netplay.TickDuration)
	warned := false
	for v.d.Tick() < dropTick-2 {
		v.tick(1)
		warned = warned || strings.Contains(notice(tab), "Bo: no word from their phone")
		if tab.Status().Bots.Sees(2) {
			t.Fatalf("a bot took Bo's seat at tick %d, before the 5 s (tick %d)", v.d.Tick(), dropTick)
		}
	}
	if !warned {
		t.Errorf("the TV never warned that Bo's phone was silent (it says %q)", notice(tab))
	}
	v.tick(4)
	st := tab.Status()
	if !st.Bots.Sees(2) || st.Names[2] != "Bo (medium bot)" {
		t.Fatalf("after the 5 s seat 3 is %q, bots %05b", st.Names[2], st.Bots)
	}
	if log := strings.Join(st.Lines(), "\n"); !strings.Contains(log, "Bo left: a bot plays for them.") {
		t.Errorf("the log does not say Bo left:\n%s", log)
	}
}

// waitForBo checks the host's other choice: Bo's seat waits, the TV says
// for whom; his phone comes back with its token and is told its seat's
// view again; when it goes once more, the host lets a bot play for him,
// and when the phone comes back after that it takes the seat back from
// the bot.
func (v *tv) waitForBo(tab table, bo phone.Answer, first *phonetest.Handset) {
	t := v.t
	first.Close()
	v.tick(int(2 * nettable.DropAfter / netplay.TickDuration))
	st := tab.Status()
	if st.Bots.Sees(2) {
		t.Fatal("a bot took Bo's seat, though the host chose to wait")
	}
	if n := notice(tab); !strings.Contains(n, "Waiting for Bo's phone") {
		t.Errorf("the TV says %q while it waits for Bo's phone", n)
	}
	scenetest.Shoot(t, v.d, "tv-waiting-for-bo")

	addr, room := v.srv, v.room
	back := phonetest.Dial(t, addr, room)
	back.Claim(phone.Claim{Token: bo.Token, Name: "Bo"})
	client := netplay.NewClient(back.Split, back.Host(), room, netplay.SeatsOf(2))
	views := 0
	v.until("Bo's phone is back and told its seat", func() bool {
		for _, u := range client.Update(v.now()) {
			if u.Seat == 2 && u.Refused == "" {
				views++
			}
		}
		return views > 0 && notice(tab) == ""
	})
	if a := back.Answers[len(back.Answers)-1]; a.Refused != "" || a.Seat != 2 || !a.Started {
		t.Fatalf("Bo's phone, back, was answered %+v", a)
	}
	back.Close()
	v.until("the TV waits for Bo's phone again", func() bool { return strings.Contains(notice(tab), "Waiting for Bo's phone") })
	v.press(ebiten.KeyEscape)
	scenetest.Shoot(t, v.d, "tv-let-a-bot-play-for-bo")
	if st.Bots.Sees(2) {
		t.Fatal("a bot took Bo's seat before the host chose it")
	}
	v.press(ebiten.KeyEnter)
	v.tick(1)
	if !st.Bots.Sees(2) || st.Names[2] != "Bo (medium bot)" {
		t.Fatalf("after the host's choice seat 3 is %q, bots %05b", st.Names[2], st.Bots)
	}
	again := phonetest.Dial(t, addr, room)
	again.Claim(phone.Claim{Token: bo.Token, Name: "Bo"})
	client = netplay.NewClient(again.Split, again.Host(), room, netplay.SeatsOf(2))
	views = 0
	v.until("Bo's phone takes his seat back from the bot", func() bool {
		for _, u := range client.Update(v.now()) {
			if u.Seat == 2 && u.Refused == "" {
				views++
			}
		}
		return views > 0 && !st.Bots.Sees(2)
	})
	if a := again.Answers[len(again.Answers)-1]; a.Refused != "" || a.Seat != 2 || !a.Started {
		t.Fatalf("Bo's phone, back after a bot took his seat, was answered %+v", a)
	}
	if st.Names[2] != "Bo" {
		t.Errorf("seat 3 is %q once Bo is back, want Bo", st.Names[2])
	}
	if log := strings.Join(st.Lines(), "\n"); !strings.Contains(log, "Bo came back to the table.") {
		t.Errorf("the log does not say Bo is back:\n%s", log)
	}
}

// notice is the TV's news of the connection.
func notice(tab table) string {
	n, ok := tab.match.(interface{ Notice() (string, bool) })
	if !ok {
		return ""
	}
	s, _ := n.Notice()
	return s
}
