package input

import (
	"image"

	"github.com/jankenarcade/janken/rulesets"
)

// TouchArea is one player's patch of a shared touch screen in Slam: four
// cells, one per gesture, in a corner or on an edge of the screen.
type TouchArea struct {
	Area image.Rectangle
	// Cells are the gestures' cells, in the order of Gestures.
	Cells [4]image.Rectangle
}

// Gestures lists Slam's four gesture actions in the order of
// TouchArea.Cells and of a keyboard zone's keys.
var Gestures = [4]rulesets.Button{rulesets.ButtonRock, rulesets.ButtonPaper, rulesets.ButtonScissors, rulesets.ButtonClap}

// SlamTouchAreas lays out n touch zones (1 to 8) on a w×h screen: the four
// corners first, then the middles of the top, bottom, left and right edges,
// so that players sitting around a tablet each have a patch near them and
// the middle stays free for the cards.
func SlamTouchAreas(n, w, h int) []TouchArea {
	n = min(max(n, 0), rulesets.MaxSeats)
	side := min(w, h) / 4
	if n > 4 {
		side = min(side, w/5, h/5) // three zones on an edge must not overlap
	}
	origins := [rulesets.MaxSeats]image.Point{
		{0, 0}, {w - side, 0}, {0, h - side}, {w - side, h - side},
		{(w - side) / 2, 0}, {(w - side) / 2, h - side}, {0, (h - side) / 2}, {w - side, (h - side) / 2},
	}
	zones := make([]TouchArea, n)
	for i := range zones {
		o := origins[i]
		half := side / 2
		zones[i].Area = image.Rect(o.X, o.Y, o.X+side, o.Y+side)
		for c := range zones[i].Cells {
			x, y := o.X+c%2*half, o.Y+c/2*half
			zones[i].Cells[c] = image.Rect(x, y, x+half, y+half)
		}
	}
	return zones
}

// gestureAt returns the gesture whose cell holds p, if any.
func (z *TouchArea) gestureAt(p image.Point) rulesets.Button {
	for c, r := range z.Cells {
		if p.In(r) {
			return Gestures[c]
		}
	}
	return 0
}
