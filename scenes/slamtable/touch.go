package slamtable

import (
	"image"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/lobby"
	"github.com/jankenarcade/janken/sprites"
)

// drawTouchZones outlines the gesture cells of the seats that play by
// touch.
func (t *Table) drawTouchZones(c *scenes.Canvas, pal *scenes.Palette) {
	for seat := range t.seats.Seats {
		for i, cell := range t.touchCells(seat) {
			x, y := float64(cell.Min.X), float64(cell.Min.Y)
			w, h := float64(cell.Dx()), float64(cell.Dy())
			c.StrokeRoundRect(x+3, y+3, w-6, h-6, 10, 2, pal.Seats[seat])
			drawSprite(c, t.atlas.Gesture(handOf(input.Gestures[i])), x+w/2, y+h/2, w/sprites.HandSize*0.7, 0, 0.7)
		}
	}
}

// touchCells returns where seat's gesture cells are on the logical
// screen, in the order of input.Gestures, or nil if it plays on no touch
// zone. The zones are laid out as the lobby laid them out for the router
// (lobby.ScreenTouchAreas): the game's most seats, a zone each.
func (t *Table) touchCells(seat int) []image.Rectangle {
	st := t.seats.Seats[seat]
	if st.Kind != lobby.Human || st.Device.Kind != input.TouchZone || st.Device.Index >= rulesets.MaxSeats {
		return nil
	}
	return touchLayout[st.Device.Index].Cells[:]
}

// touchLayout is where the touch zones are on the logical screen.
var touchLayout = input.SlamTouchAreas(rulesets.MaxSeats, scenes.ScreenWidth, scenes.ScreenHeight)

// layTouchAreas lays the router's touch areas out again, as the lobby
// did (lobby.ScreenTouchAreas), whenever the window has changed size
// since, so that the cells on the picture's edges keep reaching the
// screen's real corners (a phone's browser bar that hides, a window
// resized). A table with no seat on a touch zone leaves the router alone.
func (t *Table) layTouchAreas() {
	touch := false
	for seat := range t.seats.Seats {
		touch = touch || t.touchCells(seat) != nil
	}
	var corner image.Point
	corner.X, corner.Y = t.d.ToScreen(scenes.ScreenWidth, scenes.ScreenHeight)
	if !touch || corner == t.touchLaidFor {
		return
	}
	t.touchLaidFor = corner
	t.router.SetTouchAreas(lobby.ScreenTouchAreas(t.d, rulesets.MaxSeats))
}
