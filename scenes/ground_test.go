package scenes

import (
	"image"
	"image/color"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// drawScene is a scene that draws with a function.
type drawScene struct{ draw func(c *Canvas) }

func (s drawScene) Name() string          { return "draw" }
func (s drawScene) Update(*Context) error { return nil }
func (s drawScene) Draw(c *Canvas)        { s.draw(c) }

// TestGroundIsFilledUnlessCovered checks that the director fills the
// ground under a scene that leaves it uncovered, and no more: not under a
// scene that covers the screen itself, and outside the logical screen
// only the letterbox bars.
func TestGroundIsFilledUnlessCovered(t *testing.T) {
	stale := color.RGBA{0xff, 0, 0, 0xff}
	white := color.RGBA{0xff, 0xff, 0xff, 0xff}
	ground := paletteFor("").BackdropDeep
	for _, tc := range []struct {
		name string
		draw func(c *Canvas)
		w, h int
		want map[image.Point]color.RGBA
	}{
		{"nothing drawn", func(*Canvas) {}, 1280, 720,
			map[image.Point]color.RGBA{{640, 360}: ground}},
		{"a small rectangle", func(c *Canvas) { c.FillRect(0, 0, 10, 10, white) }, 1280, 720,
			map[image.Point]color.RGBA{{5, 5}: white, {640, 360}: ground}},
		{"covered", func(c *Canvas) { c.Cover() }, 1280, 720,
			map[image.Point]color.RGBA{{640, 360}: stale}},
		{"covered after a rectangle", func(c *Canvas) { c.FillRect(0, 0, 10, 10, white); c.Cover() }, 1280, 720,
			map[image.Point]color.RGBA{{640, 360}: ground}},
		{"letterboxed", func(c *Canvas) { c.Cover() }, 1600, 720,
			map[image.Point]color.RGBA{{10, 360}: letterbox, {1590, 360}: letterbox, {800, 360}: stale}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d, _, _ := testDirector(t, Options{Start: func(*Director) Scene { return drawScene{tc.draw} }})
			screen := ebiten.NewImage(tc.w, tc.h)
			defer screen.Deallocate()
			screen.Fill(stale)
			d.Draw(screen)
			for p, want := range tc.want {
				if got := screen.At(p.X, p.Y).(color.RGBA); got != want {
					t.Errorf("pixel %v = %v, want %v", p, got, want)
				}
			}
		})
	}
}
