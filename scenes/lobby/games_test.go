package lobby_test

import (
	"math/bits"
	"slices"
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
			src := new(input.Script)
			d := scenes.New(scenes.Options{Games: games, Source: src, Store: persist.At(t.TempDir())})
			keys := append(make([]ebiten.Key, i, i+2), ebiten.KeyEnter, ebiten.KeyEnter)
			for k := range i {
				keys[k] = ebiten.KeyArrowDown
			}
			var path []string
			scenetest.Until(t, d, 600, func(int) {
				src.Advance()
				if top := d.Top().Name(); len(path) == 0 || path[len(path)-1] != top {
					path = append(path, top)
				}
				if len(keys) == 1 && !d.Transitioning() { // the game's menu, before Enter on Play vs computer
					scenetest.Shoot(t, d, "solo-"+g.Name+"-menu")
				}
				if len(keys) > 0 && !d.Transitioning() {
					src.Do(input.KeyTap(keys[0])...)
					keys = keys[1:]
				}
			}, func() bool { return d.Top().Name() == g.Name && !d.Transitioning() })
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
