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

// The pause button: a small round button on the felt below the top row of
// seats, halfway between the top-left touch zone and the top edge's middle
// one, so that a thumb aimed at a gesture cell never lands on it; a tap or
// a click opens the pause menu, as Esc and Start do. It is drawn small,
// pauseR in radius, but answers on a finger's square (scenes.TouchTarget,
// 44 CSS pixels on a phone held sideways).
const (
	pauseX, pauseY = 365.0, 153.0 // its centre
	pauseR         = 22.0
)

// pauseHit returns where the pause button answers taps and clicks, in
// logical pixels.
func pauseHit() image.Rectangle {
	const half = scenes.TouchTarget / 2
	return image.Rect(pauseX-half, pauseY-half, pauseX+half, pauseY+half)
}

// pauseTapped reports a tap or a click on the pause button of a local
// table (a network table leaves by its own prompt, a replay by its bar).
func (t *Table) pauseTapped(nav *scenes.Nav) bool {
	return t.pausable && nav.Click && image.Pt(int(nav.PointerX), int(nav.PointerY)).In(pauseHit())
}

// drawPauseButton draws the pause button while the game runs: a dim disc
// with the two bars of a pause sign.
func (t *Table) drawPauseButton(c *scenes.Canvas, pal *scenes.Palette) {
	if !t.pausable || t.state.Over() {
		return
	}
	c.Circle(pauseX, pauseY, pauseR, pal.Panel)
	c.StrokeRoundRect(pauseX-pauseR, pauseY-pauseR, 2*pauseR, 2*pauseR, pauseR, 2, pal.PanelEdge)
	const barW, barH, gap = 5.0, 18.0, 5.0
	c.RoundRect(pauseX-gap/2-barW, pauseY-barH/2, barW, barH, 1.5, pal.TextDim)
	c.RoundRect(pauseX+gap/2, pauseY-barH/2, barW, barH, 1.5, pal.TextDim)
}
