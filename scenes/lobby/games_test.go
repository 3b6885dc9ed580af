package lobby_test

import (
	"math/bits"
	"slices"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/persist"
	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/cardtable"
	"github.com/jankenarcade/janken/scenes/elevensuitstable"
	"github.com/jankenarcade/janken/scenes/ninjantable"
	"github.com/jankenarcade/janken/scenes/scenetest"
	"github.com/jankenarcade/janken/scenes/slamtable"
	"github.com/jankenarcade/janken/scenes/thatsminetable"
)

// TestPlayVsComputerFromTheTitle plays each game against the computer as
// a newcomer would: from the title, Enter on the game, Enter on Play vs
// computer (where the game's menu puts the cursor). The table opens, no
// lobby on the way, with one human — on the keys that pressed Enter, or
// in Slam on the first four-key zone — and the game's AI players.
func TestPlayVsComputerFromTheTitle(t *testing.T) {
	games := []scenes.Entry{thatsminetable.Entry(), ninjantable.Entry(), elevensuitstable.Entry(), slamtable.Entry()}
	rightKeys, slamKeys := input.Device{Kind: input.KeyZone, Index: 1}, input.Device{Kind: input.KeyZone, Index: 2}
	for i, c := range []struct {
		bots int
		on   input.Device
	}{
		{3, rightKeys}, // That's Mine: 4 players
		{3, rightKeys}, // Ninjan: 4 players
		{1, rightKeys}, // Eleven Suits: the duel
		{1, slamKeys},  // Slam: one Easy bot
	} {
		g := games[i]
		t.Run(g.Name, func(t *testing.T) {
			keys := append(make([]ebiten.Key, i, i+2), ebiten.KeyEnter, ebiten.KeyEnter)
			for k := range i {
				keys[k] = ebiten.KeyArrowDown
			}
			d, src, path := walk(t, games, keys, g.Name)
			if want := []string{"title", g.Name + "-setup", g.Name}; !slices.Equal(path, want) {
				t.Errorf("scenes on the way %q, want %q", path, want)
			}
			r := d.Router()
			if r.Device(0) != c.on {
				t.Errorf("the player is on %v, want %v", r.Device(0), c.on)
			}
			for seat := 1; seat < rulesets.MaxSeats; seat++ {
				if dev := r.Device(seat); dev != input.NoDevice {
					t.Errorf("seat %d is bound to %v: a second human", seat, dev)
				}
			}
			switch top := d.Top().(type) {
			case interface{ Status() *cardtable.Status }:
				st := top.Status()
				if st.Humans != rulesets.Only(0) || bits.OnesCount16(uint16(st.Bots)) != c.bots || len(st.Names) != c.bots+1 {
					t.Errorf("humans %v, bots %v, names %q: want one human and %d bots", st.Humans, st.Bots, st.Names, c.bots)
				}
			case *slamtable.Table:
				if n := top.State().Seats(); n != c.bots+1 {
					t.Errorf("%d players, want one human and %d bots", n, c.bots)
				}
			default:
				t.Fatalf("top scene %T", top)
			}
			scenetest.Run(t, d, 90, func(int) { src.Advance() })
			scenetest.Shoot(t, d, "solo-"+g.Name)
		})
	}
}

// TestGameMenuRows: on Ninjan's menu, How to play opens the rules, Back
// returns to the menu, and Choose players opens the lobby.
func TestGameMenuRows(t *testing.T) {
	games := []scenes.Entry{ninjantable.Entry()}
	_, _, path := walk(t, games, []ebiten.Key{ebiten.KeyEnter, ebiten.KeyArrowDown, ebiten.KeyArrowDown, ebiten.KeyEnter,
		ebiten.KeyEscape, ebiten.KeyArrowUp, ebiten.KeyEnter}, "lobby")
	if want := []string{"title", "ninjan-setup", "rules", "ninjan-setup", "lobby"}; !slices.Equal(path, want) {
		t.Errorf("scenes on the way %q, want %q", path, want)
	}
}

// walk starts the program's title with games and taps keys, one whenever
// no transition runs, until the scene named last is on top and still. It
// returns the director, its input and the names of the scenes on top on
// the way; the game's menu is shot before the last key.
func walk(t *testing.T, games []scenes.Entry, keys []ebiten.Key, last string) (*scenes.Director, *input.Script, []string) {
	t.Helper()
	src := new(input.Script)
	d := scenes.New(scenes.Options{Games: games, Source: src, Store: persist.At(t.TempDir())})
	var path []string
	scenetest.Until(t, d, 120*(len(keys)+1), func(int) {
		src.Advance()
		if top := d.Top().Name(); len(path) == 0 || path[len(path)-1] != top {
			path = append(path, top)
		}
		if len(keys) == 1 && !d.Transitioning() {
			scenetest.Shoot(t, d, strings.ReplaceAll(t.Name(), "/", "-")+"-"+d.Top().Name())
		}
		if len(keys) > 0 && !d.Transitioning() {
			src.Do(input.KeyTap(keys[0])...)
			keys = keys[1:]
		}
	}, func() bool { return len(keys) == 0 && d.Top().Name() == last && !d.Transitioning() })
	return d, src, path
}
