package slamtable

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/persist"
	"github.com/jankenarcade/janken/rulesets/slam"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/lobby"
)

// TestSetupChoosesModeAndOpensLobby walks the setup menu with the keyboard:
// Last One Loses, winner flips, then the lobby for gestures.
func TestSetupChoosesModeAndOpensLobby(t *testing.T) {
	src := new(input.Script)
	var st *setup
	d := scenes.New(scenes.Options{Source: src, Store: persist.At(t.TempDir()),
		Start: func(d *scenes.Director) scenes.Scene { st = newSetup(d); st.menu.Cursor = itemMode; return st }})
	tap := func(k ebiten.Key) {
		for _, e := range input.KeyTap(k) {
			src.Advance()
			src.Do(e)
			if err := d.Update(); err != nil {
				t.Fatal(err)
			}
		}
	}
	tap(ebiten.KeyArrowRight) // Mode: Classic → Last One Loses
	tap(ebiten.KeyArrowDown)
	tap(ebiten.KeyArrowRight) // Flip: Automatic → Winner flips
	cfg := st.config(5)
	if cfg.Mode != slam.LastOneLoses || !cfg.WinnerFlips || cfg.Players != 5 || cfg.Validate() != nil {
		t.Fatalf("config %+v", cfg)
	}
	tap(ebiten.KeyArrowDown) // past Play vs computer
	tap(ebiten.KeyArrowDown)
	tap(ebiten.KeyEnter) // Choose players
	for i := 0; i < 40; i++ {
		src.Advance()
		d.Update()
	}
	if _, ok := d.Top().(*lobby.Lobby); !ok {
		t.Errorf("top scene %s, want the lobby", d.Top().Name())
	}
}
