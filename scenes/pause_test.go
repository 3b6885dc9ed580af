package scenes

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
)

// TestPause: each way out of the pause menu, driven by keys over a table.
func TestPause(t *testing.T) {
	for _, tc := range []struct {
		name   string
		keys   []ebiten.Key
		top    string // the scene on top afterwards
		leaves int    // calls of leave
	}{
		{"Esc resumes", []ebiten.Key{ebiten.KeyEscape}, "table", 0},
		{"Resume resumes", []ebiten.Key{ebiten.KeyEnter}, "table", 0},
		{"Rules replaces the menu", []ebiten.Key{ebiten.KeyArrowDown, ebiten.KeyEnter}, "rules", 0},
		{"Leave leaves", []ebiten.Key{ebiten.KeyArrowDown, ebiten.KeyArrowDown, ebiten.KeyEnter}, "title", 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			table := &stubScene{name: "table"}
			d, s, _ := testDirector(t, Options{Start: func(d *Director) Scene { return NewTitle(d) }})
			d.Push(table, Transition{Kind: Cut})
			leaves := 0
			d.Push(NewPause(d, "pause", func() Scene { return NewRules(d, "Game") }, func(ctx *Context) {
				leaves++
				ctx.Pop(FadeQuick)
				ctx.Pop(FadeQuick)
			}), Transition{Kind: Cut})
			tick(t, d, s)
			if d.Top().Name() != "pause" {
				t.Fatalf("top %q, want the pause menu", d.Top().Name())
			}
			for _, k := range tc.keys {
				tick(t, d, s, input.KeyDown(k))
				tick(t, d, s, input.KeyUp(k))
				for d.Transitioning() {
					tick(t, d, s)
				}
			}
			if d.Top().Name() != tc.top || leaves != tc.leaves {
				t.Errorf("top %q, %d leaves; want %q, %d", d.Top().Name(), leaves, tc.top, tc.leaves)
			}
		})
	}
}
