package scenes

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
)

// TestAddedActionStaysOnThePanel: eight players' results with "Watch
// replay" added keep the menu on the panel and under the rows, and the
// action runs (before, "Back to title" ran off the panel's bottom).
func TestAddedActionStaysOnThePanel(t *testing.T) {
	ran := false
	src := new(input.Script)
	var r *Results
	d := galleryDirector(t, galleryShot{name: "results-action", open: func(d *Director) Scene {
		r = eightResults(d).AddAction("Watch replay", func(*Context) { ran = true })
		return r
	}})
	d.src = src
	for range 30 {
		if err := d.Update(); err != nil {
			t.Fatal(err)
		}
	}
	const panelBottom = 660 // Panel(c, pal, 240, 60, 800, 600)
	if bottom := r.menu.Y + r.menu.Height(); bottom > panelBottom {
		t.Errorf("the menu ends at %.0f, off the panel's bottom at %d", bottom, panelBottom)
	}
	if end := 180 + 8*min(60, r.rowsRoom()/8); end > r.menu.Y {
		t.Errorf("the rows end at %.0f, under the menu at %.0f", end, r.menu.Y)
	}
	if len(r.menu.Items) != 3 || r.menu.Items[1].Label != "Watch replay" {
		t.Fatalf("menu %+v, want Play again, Watch replay, Back to title", r.menu.Items)
	}
	r.menu.Cursor = 1
	src.Advance()
	src.Do(input.KeyDown(ebiten.KeyEnter))
	if err := d.Update(); err != nil {
		t.Fatal(err)
	}
	if !ran {
		t.Error("Enter on Watch replay does not run it")
	}
}
