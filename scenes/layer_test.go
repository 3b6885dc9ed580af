package scenes

import (
	"image/color"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// TestLayerPaintsOnlyWhenStale checks that a layer is painted on its
// first draw and again only when its key or the canvas's scale changes,
// and that what it shows lands where it was drawn.
func TestLayerPaintsOnlyWhenStale(t *testing.T) {
	red := color.RGBA{0xff, 0, 0, 0xff}
	blue := color.RGBA{0, 0, 0xff, 0xff}
	target := ebiten.NewImage(400, 300)
	defer target.Deallocate()
	var c Canvas
	var l Layer[color.RGBA]
	paints := 0
	draw := func(scale float64, key color.RGBA) {
		c.reset(target, scale, 10, 20, color.RGBA{})
		l.Draw(&c, 50, 40, 30, 20, key, func(c *Canvas) {
			paints++
			c.FillRect(50, 40, 30, 20, key)
		})
		c.finish()
	}
	for _, step := range []struct {
		scale  float64
		key    color.RGBA
		paints int
	}{
		{1, red, 1}, {1, red, 1}, {1, blue, 2}, {1, blue, 2}, {2, blue, 3}, {2, blue, 3},
	} {
		draw(step.scale, step.key)
		if paints != step.paints {
			t.Fatalf("scale %g, key %v: painted %d times, want %d", step.scale, step.key, paints, step.paints)
		}
		// The rectangle's centre, in the target's pixels.
		x, y := int(10+65*step.scale), int(20+50*step.scale)
		if got := target.At(x, y).(color.RGBA); got != step.key {
			t.Errorf("scale %g: pixel (%d, %d) = %v, want %v", step.scale, x, y, got, step.key)
		}
		if got := target.At(x, int(20+35*step.scale)).(color.RGBA); got.A != 0 {
			t.Errorf("scale %g: above the layer's rectangle: %v, want nothing", step.scale, got)
		}
	}
}

// TestLayerCoverKeepsTheGround checks that a layer drawn with Cover,
// which takes the place of the director's ground, shows that ground
// wherever its painting leaves it uncovered.
func TestLayerCoverKeepsTheGround(t *testing.T) {
	d, _, _ := testDirector(t, Options{Start: func(*Director) Scene {
		var l Layer[int]
		return drawScene{func(c *Canvas) {
			l.Cover(c, 0, func(c *Canvas) { c.FillRect(0, 0, 10, 10, color.RGBA{0xff, 0xff, 0xff, 0xff}) })
		}}
	}})
	screen := ebiten.NewImage(ScreenWidth, ScreenHeight)
	defer screen.Deallocate()
	d.Draw(screen)
	// Uncovered by the layer's painting, the ground shows through it.
	if got, want := screen.At(640, 360).(color.RGBA), d.Palette().BackdropDeep; got != want {
		t.Errorf("outside what the layer painted: %v, want the ground %v", got, want)
	}
	if got := screen.At(5, 5).(color.RGBA); got != (color.RGBA{0xff, 0xff, 0xff, 0xff}) {
		t.Errorf("inside: %v, want white", got)
	}
}
