package cardtable

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/replay"
	"github.com/jankenarcade/janken/replay/library"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/privacy"
)

// TestLeavingKeepsTheReplay: a match left from the pause menu keeps its
// replay so far, marked as not over.
func TestLeavingKeepsTheReplay(t *testing.T) {
	f := newFixture(t, 3, privacy.HandOff, nil, nil)
	f.r.Record(replay.Header{Game: "toy", Rules: "toy/1"})
	f.until(400, func() bool { return f.game.round >= 1 })
	f.tick(input.KeyDown(ebiten.KeyEscape))
	f.until(60, func() bool { return f.d.Top().Name() == "toy-pause" && !f.d.Transitioning() })
	pause := f.d.Top().(*scenes.Pause)
	for pause.Cursor() != 2 { // Resume, Rules, Leave
		f.tick(input.KeyDown(ebiten.KeyDown))
	}
	f.tick(input.KeyDown(ebiten.KeyEnter))
	f.until(200, func() bool { return f.d.Top().Name() == "credits" })
	kept, err := library.At(f.d.Store().(library.Shelf)).List()
	if err != nil || len(kept) != 1 {
		t.Fatalf("kept %+v, %v", kept, err)
	}
	h := kept[0].Header
	if h.Game != "toy" || h.Result.Over || h.Viewer != replay.WholeGame || !h.SeedKnown || len(h.Seats) != 2 || h.Seats[0].Kind != replay.Bot {
		t.Errorf("header %+v", h)
	}
	r, saved := f.r.Replay()
	if saved != "" || r == nil || len(r.Steps) < 2 || r.Checkpoints[0].At != 0 {
		t.Errorf("replay %+v, %q", r, saved)
	}
}
