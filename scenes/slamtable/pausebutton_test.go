package slamtable

import (
	"image"
	"testing"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/persist"
	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/rulesets/slam"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/lobby"
	"github.com/jankenarcade/janken/scenes/scenetest"
)

// TestPauseButtonClearsTheCells: at 1280×720 and on a phone held
// sideways, the pause button answers on at least 44 CSS pixels each way
// and on none of the pixels of any seat's touch zone, as the lobby lays
// them out for the screen (cells that reach into the bars included).
func TestPauseButtonClearsTheCells(t *testing.T) {
	d := scenes.New(scenes.Options{Source: new(input.Script), Store: persist.At(t.TempDir()),
		Start: func(d *scenes.Director) scenes.Scene { return scenes.NewCredits(d) }})
	for _, size := range []image.Point{{scenes.ScreenWidth, scenes.ScreenHeight}, {phoneW, phoneH}} {
		d.Layout(size.X, size.Y)
		hit := pauseHit()
		var button image.Rectangle
		button.Min.X, button.Min.Y = d.ToScreen(float64(hit.Min.X), float64(hit.Min.Y))
		button.Max.X, button.Max.Y = d.ToScreen(float64(hit.Max.X), float64(hit.Max.Y))
		css := float64(phoneH) / float64(size.Y) // the screen as a phone's CSS pixels
		if w, h := float64(button.Dx())*css, float64(button.Dy())*css; w < 44 || h < 44 {
			t.Errorf("%v: the pause button answers on %.1f×%.1f phone CSS pixels, want at least 44×44", size, w, h)
		}
		for seat, a := range lobby.ScreenTouchAreas(d, rulesets.MaxSeats) {
			if a.Area.Overlaps(button) {
				t.Errorf("%v: the pause button's %v overlaps seat %d's touch zone %v", size, button, seat, a.Area)
			}
		}
	}
}

// TestTapPausesAndLeaves plays local Slam as a phone does, one player on
// the first touch corner against a bot, on a phone held sideways: a tap
// on a gesture cell plays and pauses nothing, a tap on the pause button's
// edge opens the pause menu, and a tap on its Leave returns to the title
// (before, only Esc or a pad's Start paused: a phone could not leave).
// It keeps janken-slam-pause-button-844x390.png for a person to look at.
func TestTapPausesAndLeaves(t *testing.T) {
	src := new(input.Script)
	router := input.NewRouter()
	dev := input.Device{Kind: input.TouchZone}
	seats := lobby.Seating{Router: router, Seats: []lobby.Seat{{Kind: lobby.Human, Device: dev}, {Kind: lobby.Bot, Bot: "easy"}}}
	var table *Table
	d := scenes.New(scenes.Options{Source: src, Store: persist.At(t.TempDir()),
		Start: func(d *scenes.Director) scenes.Scene { return scenes.NewTitle(d) }})
	scenetest.ShootSize(t, d, "slam-pause-title-844x390", phoneW, phoneH) // lays d out at the phone's size
	router.SetTouchAreas(lobby.ScreenTouchAreas(d, rulesets.MaxSeats))
	if err := router.Bind(0, dev); err != nil {
		t.Fatal(err)
	}
	table = NewTable(d, seats, slam.DefaultConfig(2), 3)
	d.Push(table, scenes.Transition{Kind: scenes.Cut})
	tap := func(x, y float64) {
		t.Helper()
		sx, sy := d.ToScreen(x, y)
		scenetest.Run(t, d, 1, func(int) { src.Advance(); src.Do(input.TouchDown(1, sx, sy)) })
		scenetest.Run(t, d, 1, func(int) { src.Advance(); src.Do(input.TouchUp(1)) })
	}
	until := func(name string) {
		t.Helper()
		scenetest.Until(t, d, 120, func(int) { src.Advance() }, func() bool { return d.Top().Name() == name && !d.Transitioning() })
	}
	until("slam")
	scenetest.Until(t, d, 2000, func(int) { src.Advance() }, func() bool { return table.State().Phase() == slam.PhaseRacing })
	scenetest.ShootSize(t, d, "slam-pause-button-844x390", phoneW, phoneH)

	cell := touchLayout[0].Cells[0] // Rock
	tap(float64(cell.Min.X+cell.Max.X)/2, float64(cell.Min.Y+cell.Max.Y)/2)
	if p := table.State().Card().Presses[0]; p.Result == slam.ResultNone || p.Buttons != rulesets.ButtonRock {
		t.Fatalf("a tap on the Rock cell pressed %v (%v), want Rock", p.Buttons, p.Result)
	}
	if d.Top() != table {
		t.Fatalf("a tap on a gesture cell opened %q", d.Top().Name())
	}

	hit := pauseHit()
	tap(float64(hit.Min.X)+1, float64(hit.Max.Y)-2) // the hit area's corner, far outside the drawn disc
	until("slam-pause")
	pause := d.Top().(*scenes.Pause)
	x, y, w, h, _ := pause.ItemRect(2) // Leave
	tap(x+w/2, y+h/2)
	until("title")
}
