package scenes

import (
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
)

// Layer is a part of a screen that changes seldom (a deck's thickness, a
// table's chrome), drawn into an image of its own and copied onto the
// canvas each frame until its key changes: one image draw, pixel for
// pixel, in place of the many it holds. Under a software renderer every
// pixel drawn costs, and a stack of cards draws most of its pixels many
// times over. The zero Layer is ready to use; it must be used from the
// game's Draw only.
type Layer[K comparable] struct {
	img     *ebiten.Image
	key     K
	painted bool
	rect    image.Rectangle // the target's pixels the image covers
	scale   float64         // the canvas's scale it was painted at
	canvas  Canvas
	opts    ebiten.DrawImageOptions
}

// Draw draws on c the logical rectangle (x, y, w, h) of what paint
// draws, painting it again first if key, the rectangle or c's transform
// changed since it was last painted. paint draws in logical coordinates,
// as on c, and sees only that rectangle (whole pixels around it).
func (l *Layer[K]) Draw(c *Canvas, x, y, w, h float64, key K, paint func(c *Canvas)) {
	x0, y0 := c.geo.Apply(x, y)
	x1, y1 := c.geo.Apply(x+w, y+h)
	r := image.Rect(int(math.Floor(x0)), int(math.Floor(y0)), int(math.Ceil(x1)), int(math.Ceil(y1)))
	if r.Empty() {
		return
	}
	l.draw(c, r, key, color.RGBA{}, ebiten.Blend{}, paint)
}

// Cover draws the layer over the whole logical screen, opaque, as the
// ground (see Canvas.Cover): paint draws the bottom of a screen, the
// felt first. What it leaves uncovered shows the director's ground.
func (l *Layer[K]) Cover(c *Canvas, key K, paint func(c *Canvas)) {
	r := c.dst.Bounds()
	ground := c.ground
	c.Cover()
	// Opaque: no need to read what is under it.
	l.draw(c, r, key, ground, ebiten.BlendCopy, paint)
}

// draw draws the layer on the pixels r of c's target with blend, painted
// on ground afresh first if it is stale.
func (l *Layer[K]) draw(c *Canvas, r image.Rectangle, key K, ground color.RGBA, blend ebiten.Blend, paint func(c *Canvas)) {
	if !l.painted || l.key != key || l.rect != r || l.scale != c.scale {
		l.paint(c, r, ground, paint)
		l.key, l.painted = key, true
	}
	l.opts = ebiten.DrawImageOptions{Blend: blend}
	l.opts.GeoM.Translate(float64(r.Min.X), float64(r.Min.Y))
	c.target().DrawImage(l.img, &l.opts)
}

// paint paints the layer afresh for the pixels r of c's target.
func (l *Layer[K]) paint(c *Canvas, r image.Rectangle, ground color.RGBA, paint func(c *Canvas)) {
	if l.img != nil && l.img.Bounds().Size() != r.Size() {
		l.img.Deallocate()
		l.img = nil
	}
	if l.img == nil {
		l.img = ebiten.NewImage(r.Dx(), r.Dy())
	}
	ox, oy := c.geo.Element(0, 2)-float64(r.Min.X), c.geo.Element(1, 2)-float64(r.Min.Y)
	l.canvas.reset(l.img, c.scale, ox, oy, ground)
	l.canvas.smallest, l.canvas.said = c.smallest, c.said
	paint(&l.canvas)
	l.canvas.finish()
	l.rect, l.scale = r, c.scale
}
