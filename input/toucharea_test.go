package input

import (
	"image"
	"math"
	"testing"

	"github.com/jankenarcade/janken/rulesets"
)

// fitTo returns the mapping of a logical w×h screen, fitted and centred,
// to a screen of sw×sh pixels, as the game's director does.
func fitTo(w, h, sw, sh int) func(x, y float64) (int, int) {
	scale := math.Min(float64(sw)/float64(w), float64(sh)/float64(h))
	ox, oy := math.Floor((float64(sw)-float64(w)*scale)/2), math.Floor((float64(sh)-float64(h)*scale)/2)
	return func(x, y float64) (int, int) {
		return int(math.Round(x*scale + ox)), int(math.Round(y*scale + oy))
	}
}

// TestSlamScreenTouchAreasReachTheScreensCorners: on a screen of another
// shape than the picture, a touch in the bars presses the cell of the
// picture nearest to it, so a phone's real corners are its corner pads;
// the middle of a bar, beside no cell, presses nothing.
func TestSlamScreenTouchAreasReachTheScreensCorners(t *testing.T) {
	none := rulesets.Buttons(0)
	tests := []struct {
		name          string
		zones, sw, sh int
		x, y          int
		seat          int // the zone (and seat) pressed, if want is not none
		want          rulesets.Buttons
	}{
		{"phone landscape, top-left corner", 4, 844, 390, 0, 0, 0, rulesets.ButtonRock},
		{"phone landscape, bottom-right corner", 4, 844, 390, 843, 389, 3, rulesets.ButtonClap},
		{"phone landscape, top-right corner", 4, 844, 390, 843, 0, 1, rulesets.ButtonPaper},
		{"phone landscape, left bar beside the lower cell", 4, 844, 390, 10, 80, 0, rulesets.ButtonScissors},
		{"phone landscape, middle of the left bar", 4, 844, 390, 5, 195, 0, none},
		{"phone landscape, middle of the screen", 4, 844, 390, 422, 195, 0, none},
		{"eight zones, left bar beside the middle zone", 8, 844, 390, 5, 180, 6, rulesets.ButtonRock},
		{"phone portrait, bottom-left corner", 4, 390, 844, 0, 843, 2, rulesets.ButtonScissors},
		{"phone portrait, top bar above the middle", 4, 390, 844, 195, 10, 0, none},
		{"same shape, bottom-left corner", 4, 1280, 720, 0, 719, 2, rulesets.ButtonScissors},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, s := NewRouter(), new(Script)
			r.SetTouchAreas(SlamScreenTouchAreas(tc.zones, 1280, 720, fitTo(1280, 720, tc.sw, tc.sh)))
			devs := make([]Device, tc.zones)
			for i := range devs {
				devs[i] = Device{TouchZone, i}
			}
			bindAll(t, r, devs...)
			s.Do(TouchDown(1, tc.x, tc.y))
			f := poll(t, r, s, 0)
			var want [rulesets.MaxSeats]rulesets.Buttons
			want[tc.seat] = tc.want
			if f.Pressed != want {
				t.Errorf("a touch at (%d, %d) on %d×%d pressed %v, want %v", tc.x, tc.y, tc.sw, tc.sh, f.Pressed, want)
			}
		})
	}
}

// TestSlamTouchCellsFitAFinger: with any number of zones, every gesture
// cell on a phone held sideways (844×390, the picture 390 pixels tall)
// is at least 44 pixels each way, no two zones overlap, and the cells of
// a zone stay inside it.
func TestSlamTouchCellsFitAFinger(t *testing.T) {
	const finger = 44
	for n := 1; n <= rulesets.MaxSeats; n++ {
		areas := SlamScreenTouchAreas(n, 1280, 720, fitTo(1280, 720, 844, 390))
		screen := image.Rect(0, 0, 844, 390)
		for i, a := range areas {
			for c, cell := range a.Cells {
				if on := cell.Intersect(screen); on.Dx() < finger || on.Dy() < finger {
					t.Errorf("%d zones: zone %d's cell %d is %d×%d on the phone's screen, want at least %d×%d",
						n, i, c, on.Dx(), on.Dy(), finger, finger)
				}
				if !cell.In(a.Area) {
					t.Errorf("%d zones: zone %d's cell %d %v is outside its area %v", n, i, c, cell, a.Area)
				}
			}
			for j, b := range areas[:i] {
				if a.Area.Overlaps(b.Area) {
					t.Errorf("%d zones: zones %d %v and %d %v overlap", n, j, b.Area, i, a.Area)
				}
			}
		}
	}
}
