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
// the middle stays free for the cards. A zone is a square a quarter of the
// screen's height (or width, if narrower) whatever n is: three on an edge
// leave gaps between them, and on a phone in landscape (the 16:9 picture
// 390 CSS pixels tall) each cell is about 49 CSS pixels, over the 44 a
// finger needs.
func SlamTouchAreas(n, w, h int) []TouchArea {
	n = min(max(n, 0), rulesets.MaxSeats)
	side := min(w, h) / 4
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

// beyond is a coordinate past any screen's edge: cells on the picture's
// edge reach out to it.
const beyond = 1 << 24

// SlamScreenTouchAreas lays out n touch zones on a logical w×h screen,
// as SlamTouchAreas does, and maps them with toScreen (logical
// coordinates to screen pixels, where touches are reported). A screen of
// another shape than the picture shows bars beside or above it; the
// cells on the picture's edges reach across them to the screen's edges,
// so that a thumb in a real corner of a phone's screen presses the
// corner cell nearest to it: a touch outside the picture counts where its
// nearest point of the picture would.
func SlamScreenTouchAreas(n, w, h int, toScreen func(x, y float64) (int, int)) []TouchArea {
	areas := SlamTouchAreas(n, w, h)
	pic := screenRect(image.Rect(0, 0, w, h), toScreen)
	for i := range areas {
		a := &areas[i]
		a.Area = reachOut(screenRect(a.Area, toScreen), pic)
		for c := range a.Cells {
			a.Cells[c] = reachOut(screenRect(a.Cells[c], toScreen), pic)
		}
	}
	return areas
}

// screenRect maps the logical rectangle r to screen pixels.
func screenRect(r image.Rectangle, toScreen func(x, y float64) (int, int)) image.Rectangle {
	var s image.Rectangle
	s.Min.X, s.Min.Y = toScreen(float64(r.Min.X), float64(r.Min.Y))
	s.Max.X, s.Max.Y = toScreen(float64(r.Max.X), float64(r.Max.Y))
	return s
}

// reachOut stretches each side of r that lies on pic's edge out past the
// screen's.
func reachOut(r, pic image.Rectangle) image.Rectangle {
	if r.Min.X <= pic.Min.X {
		r.Min.X = -beyond
	}
	if r.Min.Y <= pic.Min.Y {
		r.Min.Y = -beyond
	}
	if r.Max.X >= pic.Max.X {
		r.Max.X = beyond
	}
	if r.Max.Y >= pic.Max.Y {
		r.Max.Y = beyond
	}
	return r
}
