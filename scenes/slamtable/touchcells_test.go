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

// A phone held sideways, in CSS pixels (an iPhone 14's screen).
const phoneW, phoneH = 844, 390

// TestEightTouchSeatsFitAPhone seats eight players on Slam's touch zones
// and shows the table on a phone held sideways: every seat's four cells,
// as drawn and as the router answers taps (the lobby's areas, reaching
// the screen's real corners), are at least 44 CSS pixels each way, and a
// tap in the middle of each drawn cell presses that seat's gesture and
// nothing else, once the table has laid its areas out again for the
// phone's screen. It keeps janken-slam-touch-8-844x390.png (and the table
// at 1280×720) for a person to look at.
func TestEightTouchSeatsFitAPhone(t *testing.T) {
	const finger = 44
	src := new(input.Script)
	router := input.NewRouter()
	router.SetTouchAreas(input.SlamTouchAreas(rulesets.MaxSeats, scenes.ScreenWidth, scenes.ScreenHeight)) // as a lobby on 1280×720 did
	seats := lobby.Seating{Router: router}
	for seat := range rulesets.MaxSeats {
		dev := input.Device{Kind: input.TouchZone, Index: seat}
		if err := router.Bind(seat, dev); err != nil {
			t.Fatal(err)
		}
		seats.Seats = append(seats.Seats, lobby.Seat{Kind: lobby.Human, Device: dev})
	}
	var table *Table
	d := scenes.New(scenes.Options{Source: src, Store: persist.At(t.TempDir()),
		Start: func(d *scenes.Director) scenes.Scene {
			table = NewTable(d, seats, slam.DefaultConfig(rulesets.MaxSeats), 5)
			return table
		}})
	scenetest.Until(t, d, 2000, func(int) { src.Advance() }, func() bool { return table.State().Phase() == slam.PhaseRacing })
	scenetest.Shoot(t, d, "slam-touch-8")
	scenetest.ShootSize(t, d, "slam-touch-8-844x390", phoneW, phoneH) // lays d out at the phone's size
	scenetest.Run(t, d, 1, func(int) { src.Advance() })               // the table lays its touch areas out again
	areas := lobby.ScreenTouchAreas(d, rulesets.MaxSeats)

	screen := image.Rect(0, 0, phoneW, phoneH)
	for seat := range rulesets.MaxSeats {
		for c, cell := range table.touchCells(seat) {
			x0, y0 := d.ToScreen(float64(cell.Min.X), float64(cell.Min.Y))
			x1, y1 := d.ToScreen(float64(cell.Max.X), float64(cell.Max.Y))
			if x1-x0 < finger || y1-y0 < finger {
				t.Errorf("seat %d's cell %d is drawn %d×%d CSS pixels, want at least %d×%d", seat, c, x1-x0, y1-y0, finger, finger)
			}
			answers := areas[seat].Cells[c].Intersect(screen)
			if answers.Dx() < finger || answers.Dy() < finger {
				t.Errorf("seat %d's cell %d answers taps on %d×%d CSS pixels, want at least %d×%d", seat, c, answers.Dx(), answers.Dy(), finger, finger)
			}
			src.Advance()
			src.Do(input.TouchDown(1, (x0+x1)/2, (y0+y1)/2))
			f, _ := router.Poll(src, 0)
			pressed := f.Pressed // the frame is the router's, until its next Poll
			src.Advance()
			src.Do(input.TouchUp(1))
			router.Poll(src, 1)
			var want [rulesets.MaxSeats]rulesets.Buttons
			want[seat] = input.Gestures[c]
			if pressed != want {
				t.Errorf("a tap in the middle of seat %d's cell %d pressed %v, want %v", seat, c, pressed, want)
			}
		}
	}
}
