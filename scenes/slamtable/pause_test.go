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

// TestEscPausesAndLeaves: Esc at a local Slam table opens the pause menu
// every table shares, and its Leave returns to the scene the table opened
// from (before, Esc only showed the rules and nothing left the table).
func TestEscPausesAndLeaves(t *testing.T) {
	src := new(input.Script)
	d := scenes.New(scenes.Options{Source: src, Store: persist.At(t.TempDir()),
		Start: func(d *scenes.Director) scenes.Scene { return scenes.NewCredits(d) }})
	seats := lobby.Seating{Router: input.NewRouter(), Seats: []lobby.Seat{{Kind: lobby.Bot, Bot: "easy"}, {Kind: lobby.Bot, Bot: "easy"}}}
	d.Push(NewTable(d, seats, slam.DefaultConfig(2), 1), scenes.Transition{Kind: scenes.Cut})
	step := func(events ...input.Event) {
		t.Helper()
		src.Do(events...)
		if err := d.Update(); err != nil {
			t.Fatal(err)
		}
		src.Advance()
		src.Do(input.Releases(events)...)
	}
	until := func(name string) {
		t.Helper()
		for range 120 {
			if d.Top().Name() == name && !d.Transitioning() {
				return
			}
			step()
		}
		t.Fatalf("top scene %q, want %q", d.Top().Name(), name)
	}
	until("slam")
	step(input.KeyDown(ebiten.KeyEscape))
	until("slam-pause")
	pause := d.Top().(*scenes.Pause)
	for pause.Cursor() != 2 { // Resume, Rules, Leave
		step(input.KeyDown(ebiten.KeyArrowDown))
	}
	step(input.KeyDown(ebiten.KeyEnter))
	until("credits")
}
