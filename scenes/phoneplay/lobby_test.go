//go:build !js

package phoneplay_test

import (
	"net/netip"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/persist"
	"github.com/jankenarcade/janken/phone"
	"github.com/jankenarcade/janken/rulesets/ninjan"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/lobby"
	"github.com/jankenarcade/janken/scenes/ninjantable"
	"github.com/jankenarcade/janken/scenes/phoneplay"
	"github.com/jankenarcade/janken/scenes/scenetest"
)

// listenHere serves the phones on loopback, for tests.
func listenHere(cfg phone.Config) (lobby.PhoneHost, netip.Addr, error) {
	srv, err := phone.Listen("127.0.0.1:0", cfg)
	if err != nil {
		return nil, netip.Addr{}, err
	}
	return srv, netip.MustParseAddr("127.0.0.1"), nil
}

// TestCouchLobbyMixesPhonesKeysAndAI: in Ninjan's couch lobby a player
// joins on the keyboard and turns Phones on; the lobby shows the QR code
// and the address; two phones open it and take seats 2 and 3 with their
// names; an AI takes seat 4; the game starts with the phones as the TV's
// clients. The TV never shows a phone seat's hand nor hands the screen to
// one, and, with the phones' players watching, not the keyboard player's
// either unless they hold Peek.
func TestCouchLobbyMixesPhonesKeysAndAI(t *testing.T) {
	browser := newBrowser(t)
	src := new(input.Script)
	phones := phoneplay.Lobby("ninjan", ninjantable.NewNetTable, nil)
	phones.Pad, phones.Listen = padSite(t), listenHere
	var l *lobby.Lobby
	d := scenes.New(scenes.Options{Source: src, Store: persist.At(t.TempDir()), Start: func(d *scenes.Director) scenes.Scene {
		l = lobby.New(d, lobby.Config{Title: "Ninjan", MinPlayers: ninjan.MinPlayers, MaxPlayers: ninjan.MaxPlayers,
			Bots: []string{"easy", "medium", "hard"}, Phones: phones})
		return l
	}})
	press := func(k ebiten.Key) {
		for _, e := range []input.Event{input.KeyDown(k), input.KeyUp(k)} {
			src.Do(e)
			if err := d.Update(); err != nil {
				t.Fatal(err)
			}
			src.Advance()
		}
	}
	menu := func(row int) { // rows: Add AI, Add player on, Remove AI, Phones, If a phone drops, Start game
		for range 12 {
			if l.Cursor() == row {
				break
			}
			press(ebiten.KeyArrowDown)
		}
		if l.Cursor() != row {
			t.Fatalf("the menu's cursor never reached row %d", row)
		}
		press(ebiten.KeyEnter)
	}
	press(ebiten.KeyEnter) // the right keys join: Player 1
	menu(3)                // Phones
	url := l.PhoneURL()
	if url == "" {
		t.Fatalf("Phones did not open: %q", l.Message())
	}
	var hands []*handset
	for _, name := range []string{"Ann", "Bo"} {
		ph := openPhone(t, browser, strings.Replace(url, "/pad/#", "/pad/?transcript=1#", 1))
		ph.join(name)
		for !strings.Contains(ph.text("status"), "Waiting for the TV") {
			scenetest.Run(t, d, 1, nil)
			time.Sleep(5 * time.Millisecond)
		}
		hands = append(hands, ph)
		t.Logf("%s: %q; lobby: %q %+v", name, ph.text("heading"), l.Message(), l.Seats()[:4])
	}
	menu(0) // Add AI
	seats := l.Seats()
	if seats[0].Kind != lobby.Human || seats[1].Name != "Ann" || seats[2].Name != "Bo" || seats[1].Kind != lobby.Phone || seats[3].Kind != lobby.Bot {
		t.Fatalf("seats %+v: want keys, Ann's phone, Bo's phone, AI", seats[:4])
	}
	if !strings.Contains(hands[0].text("heading"), "Ann · Player 2") {
		t.Errorf("Ann's phone says %q", hands[0].text("heading"))
	}
	scenetest.Shoot(t, d, "lobby-phones")
	menu(5) // Start game
	scenetest.Run(t, d, 30, nil)
	table, ok := d.Top().(*ninjantable.Runner)
	if !ok {
		t.Fatalf("the lobby started %T (%q)", d.Top(), l.Message())
	}
	st := table.Status()
	if st.Humans.Sees(1) || st.Humans.Sees(2) || !st.Humans.Sees(0) || st.Bots.Sees(1) || st.Bots.Sees(2) {
		t.Errorf("the TV plays %b, its bots %b: the phones' seats are neither", st.Humans, st.Bots)
	}
	for tick := range 300 {
		scenetest.Run(t, d, 1, nil)
		if s := table.Status().Shown; s != -1 {
			t.Fatalf("tick %d: the TV shows seat %d's hand, while the phones' players watch it", tick, s)
		}
		time.Sleep(time.Millisecond)
	}
	for _, ph := range hands {
		ph.waitText("heading", "round 1 of 9")
	}
	scenetest.Shoot(t, d, "tv-phones")
	hands[0].shoot("phone-lobby-ann")
}
