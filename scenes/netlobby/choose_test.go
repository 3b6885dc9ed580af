//go:build !js

package netlobby

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/persist"
	"github.com/jankenarcade/janken/scenes"
)

// TestTitleOpensNetworkPlay walks from the title with the keyboard: the
// entry "Play over network" (there only when Options.Network is set)
// opens the game menu, and a game opens its network lobby, which knows
// the menu's other games; Esc comes back. In a build without network play (the itch.io bundle) the entry
// opens Help, whose only row, Back, returns to the title.
func TestTitleOpensNetworkPlay(t *testing.T) {
	thatsMine := Config{Title: "That's Mine", Rules: "thatsmine/1", MinPlayers: 3, MaxPlayers: 6, LocalSeats: 1}
	for _, tt := range []struct {
		menu    string
		network func(d *scenes.Director) scenes.Scene
	}{
		{"none", nil},
		{"choose", func(d *scenes.Director) scenes.Scene { return Choose(d, slam, thatsMine) }},
		{"help", func(d *scenes.Director) scenes.Scene { return NewHelp(d) }},
	} {
		withNet := tt.network != nil
		src := new(input.Script)
		opts := scenes.Options{Source: src, Store: persist.At(t.TempDir()), Network: tt.network}
		d := scenes.New(opts)
		title, ok := d.Top().(*scenes.Title)
		if !ok {
			t.Fatalf("first scene %s", d.Top().Name())
		}
		tap := func(k ebiten.Key) {
			for _, e := range input.KeyTap(k) {
				src.Advance()
				src.Do(e)
				if err := d.Update(); err != nil {
					t.Fatal(err)
				}
			}
			for d.Transitioning() {
				src.Advance()
				d.Update()
			}
		}
		// Settings follows the games; with network play, the network entry
		// comes first. No games are registered here.
		tap(ebiten.KeyEnter)
		want := "settings"
		if withNet {
			want = "netplay"
		}
		if got := d.Top().Name(); got != want {
			t.Fatalf("network %v: the first entry opened %q, want %q", withNet, got, want)
		}
		if tt.menu == "help" {
			tap(ebiten.KeyArrowDown) // nowhere: Back is the only row
			if _, ok := d.Top().(*Help); !ok || d.Top().(*Help).Cursor() != 0 {
				t.Fatalf("the help's menu: top scene %T, want *Help with its cursor on Back", d.Top())
			}
			tap(ebiten.KeyEnter)
			if d.Top() != title {
				t.Errorf("Back from the help reached %s, want the title", d.Top().Name())
			}
			continue
		}
		if !withNet {
			continue
		}
		tap(ebiten.KeyArrowDown) // That's Mine
		tap(ebiten.KeyEnter)
		l, ok := d.Top().(*Lobby)
		if !ok || l.cfg.Title != "That's Mine" {
			t.Fatalf("top scene %s, want That's Mine's network lobby", d.Top().Name())
		}
		if got := l.otherGame(slam.Rules); got != slam.Title { // it knows the other games, to name their rooms
			t.Errorf("the lobby calls a room of %s's rules %q, want %q", slam.Title, got, slam.Title)
		}
		tap(ebiten.KeyEscape) // the lobby's Back
		tap(ebiten.KeyEscape) // the game menu's Back
		if d.Top() != title {
			t.Errorf("Esc twice from the lobby reached %s, want the title", d.Top().Name())
		}
	}
}
