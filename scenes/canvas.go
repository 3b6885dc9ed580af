package scenes

import (
	"bytes"
	"image"
	"image/color"
	"math"
	"sync"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"github.com/jankenarcade/janken/assets"
)

// The logical screen: every scene lays itself out on a 1280×720 canvas,
// which the director scales to the window, keeping the aspect ratio.
const (
	ScreenWidth  = 1280
	ScreenHeight = 720
)

// Canvas is what a scene draws on: the target image and the transform from
// logical coordinates (0–1280 × 0–720) to its pixels. Drawing through the
// canvas keeps shapes and text sharp at any window size and device scale:
// text is rasterised at its size in pixels, never scaled as a bitmap.
//
// A Canvas is valid only during the Draw call it is given to.
type Canvas struct {
	dst   *ebiten.Image
	geo   ebiten.GeoM // logical → pixels
	scale float64     // pixels per logical pixel

	// ground is the colour the target is filled with before the first
	// thing is drawn on it, unless groundDue is false: the fill waits so
	// that a scene that covers the screen itself (Cover) spares it.
	ground    color.RGBA
	groundDue bool
	// smallest is where the smallest text drawn this frame is kept, in
	// logical pixels (0: none yet), if anywhere: see
	// Director.SmallestText.
	smallest *float64
	// shrink is how much smaller than the screen's this canvas's
	// logical pixels are (Inset's k; 0 stands for 1).
	shrink float64
	// said, if set, is told every line of text drawn and where (its
	// anchor, in logical pixels): see Director.RecordText.
	said func(line string, x, y float64)

	xf       vector.Path // a path after the transform, reused
	textOpts text.DrawOptions
	imgOpts  ebiten.DrawImageOptions
	triOpts  ebiten.DrawTrianglesOptions
	verts    [20]ebiten.Vertex // a nine-slice's and its centre's, reused
}

// reset points the canvas at dst, with logical (0, 0) at pixel (ox, oy)
// and scale pixels per logical pixel, to be filled with ground before
// anything is drawn on it (or by finish).
func (c *Canvas) reset(dst *ebiten.Image, scale, ox, oy float64, ground color.RGBA) {
	c.dst, c.scale, c.shrink = dst, scale, 0
	c.geo.Reset()
	c.geo.Scale(scale, scale)
	c.geo.Translate(ox, oy)
	c.ground, c.groundDue = ground, true
}

// Inset sets in to draw on c's target with its logical screen shrunk by
// k (0 < k ≤ 1) into the rectangle of c from (x, y), k·ScreenWidth wide
// and k·ScreenHeight high: a scene drawn on in leaves the rest of c
// clear (the replay viewer's table, under its controls). in keeps its
// own buffers, so a scene that insets every frame allocates nothing; it
// is valid as long as c is.
func (c *Canvas) Inset(in *Canvas, x, y, k float64) {
	c.target() // the ground goes under the inset, not over what c drew
	in.dst, in.scale, in.smallest = c.dst, c.scale*k, c.smallest
	in.shrink = k * c.shrinkOr1()
	in.said = c.said // positions stay in the inset's own logical pixels
	in.geo.Reset()
	in.geo.Scale(k, k)
	in.geo.Translate(x, y)
	in.geo.Concat(c.geo)
	in.groundDue = false
}

// shrinkOr1 returns the canvas's shrink, 1 if it is not inset.
func (c *Canvas) shrinkOr1() float64 {
	if c.shrink == 0 {
		return 1
	}
	return c.shrink
}

// target returns the image to draw on, filled with the ground first if
// nothing has been drawn on it yet.
func (c *Canvas) target() *ebiten.Image {
	if c.groundDue {
		c.groundDue = false
		c.dst.Fill(c.ground)
	}
	return c.dst
}

// finish fills the ground if nothing was drawn, so that no pixel of the
// last frame is left.
func (c *Canvas) finish() { c.target() }

// Cover says that the caller will now draw, through Image, an opaque
// layer over every pixel of the target (a backdrop, the felt). The
// director then leaves out the ground it would fill first: under a
// software renderer a pass over the whole screen is a good part of a
// frame. Cover after anything else is drawn changes nothing.
func (c *Canvas) Cover() { c.groundDue = false }

// Image returns the target image, for drawing with Ebitengine directly;
// combine with GeoM.
func (c *Canvas) Image() *ebiten.Image { return c.target() }

// GeoM returns the transform from logical coordinates to the target's
// pixels.
func (c *Canvas) GeoM() ebiten.GeoM { return c.geo }

// Scale returns the pixels per logical pixel.
func (c *Canvas) Scale() float64 { return c.scale }

// FillRect fills an axis-aligned rectangle, its edges on whole pixels. It
// stretches a white pixel rather than filling a vector path: Ebitengine's
// vector package keeps a stencil texture as large as the largest path it
// ever filled and clears all of it for every fill after, so one
// full-screen rectangle would slow every later shape.
func (c *Canvas) FillRect(x, y, w, h float64, clr color.RGBA) {
	var geo ebiten.GeoM
	geo.Scale(w, h)
	geo.Translate(x, y)
	geo.Concat(c.geo)
	c.imgOpts.GeoM = geo
	c.imgOpts.ColorScale.Reset()
	c.imgOpts.ColorScale.ScaleWithColor(clr)
	c.imgOpts.Filter = ebiten.FilterNearest
	c.target().DrawImage(whitePixel(), &c.imgOpts)
}

// RoundRect fills a rectangle with corners of radius r.
func (c *Canvas) RoundRect(x, y, w, h, r float64, clr color.RGBA) {
	c.roundRect(c.geo, x, y, w, h, r, 0, premultiplied(clr, 1))
}

// StrokeRoundRect outlines a rounded rectangle with a line of width lw,
// centred on its edge.
func (c *Canvas) StrokeRoundRect(x, y, w, h, r, lw float64, clr color.RGBA) {
	c.roundRect(c.geo, x-lw/2, y-lw/2, w+lw, h+lw, r+lw/2, lw, premultiplied(clr, 1))
}

// Circle fills a circle.
func (c *Canvas) Circle(cx, cy, r float64, clr color.RGBA) {
	c.roundRect(c.geo, cx-r, cy-r, 2*r, 2*r, r, 0, premultiplied(clr, 1))
}

// Path fills a path given in local coordinates transformed by local (then
// by the canvas). It is an anti-aliased vector fill, which costs a
// stencil pass each call: the shapes above are far cheaper.
func (c *Canvas) Path(p *vector.Path, local ebiten.GeoM, clr color.RGBA) {
	local.Concat(c.geo)
	c.fill(p, local, clr)
}

func (c *Canvas) fill(p *vector.Path, geo ebiten.GeoM, clr color.RGBA) {
	c.xf.Reset()
	c.xf.AddPath(p, &vector.AddPathOptions{GeoM: geo})
	var opts vector.DrawPathOptions
	opts.AntiAlias = true
	opts.ColorScale.ScaleWithColor(clr)
	vector.FillPath(c.target(), &c.xf, nil, &opts)
}

// TextStyle says how to set a line of text.
type TextStyle struct {
	Size  float64 // logical pixels
	Bold  bool
	Color color.RGBA
	// Align places the text's start, centre or end at x; VAlign its
	// top, middle or bottom at y.
	Align, VAlign text.Align
}

// face returns the font at size logical pixels rendered at scale. Pixel
// sizes are rounded to quarter pixels so that resizing the window does not
// create a face per size.
func face(bold bool, size float64) text.Face {
	size = math.Max(1, math.Round(size*4)/4)
	if bold {
		return assets.BoldFace(size)
	}
	return assets.Face(size)
}

// TableTextMax is the size, in logical pixels, that a table's small text
// grows to at most with the interface scale: beyond it a table's
// panels, sized for 1280×720, would overflow.
const TableTextMax = 26.0

// TableText returns st as a table sets its text at interface scale k:
// text smaller than TableTextMax grows with k as the menus' does, but no
// further than TableTextMax (or its own size); any text shrinks with a
// scale below 1.
func TableText(st TextStyle, k float64) TextStyle {
	st.Size = min(st.Size*k, max(st.Size, TableTextMax))
	return st
}

// TableTextFit is TableText made smaller, if need be, so that s set in
// it fits in room logical pixels, but never smaller than st: where a
// table has no room to spare, its text keeps its size at 100%.
func TableTextFit(st TextStyle, k float64, s string, room float64) TextStyle {
	return TableText(st, k).Fit(s, max(room, TextWidth(s, st)))
}

// Fit returns st, made smaller if need be so that s set in it is at most
// width logical pixels wide.
func (st TextStyle) Fit(s string, width float64) TextStyle {
	if w := TextWidth(s, st); w > width && width > 0 {
		st.Size = math.Floor(st.Size*width/w*4) / 4
		// Advances are not quite proportional to the size: step down
		// until it fits.
		for st.Size > 1 && TextWidth(s, st) > width {
			st.Size -= 0.25
		}
	}
	return st
}

// noteText notes that s is drawn at logical (x, y) in size: it passes s
// on to said, and keeps size as the smallest text of the frame if it is.
func (c *Canvas) noteText(s string, x, y, size float64) {
	if c.said != nil {
		c.said(s, x, y)
	}
	size *= c.shrinkOr1()
	if c.smallest != nil && size > 0 && (*c.smallest == 0 || size < *c.smallest) {
		*c.smallest = size
	}
}

// Text draws one line of s with its anchor at logical (x, y).
func (c *Canvas) Text(s string, x, y float64, st TextStyle) {
	c.noteText(s, x, y, st.Size)
	px, py := c.geo.Apply(x, y)
	o := &c.textOpts
	*o = text.DrawOptions{}
	o.GeoM.Translate(math.Round(px), math.Round(py))
	o.ColorScale.ScaleWithColor(st.Color)
	o.PrimaryAlign, o.SecondaryAlign = st.Align, st.VAlign
	text.Draw(c.target(), s, face(st.Bold, st.Size*c.scale), o)
}

// TextWidth returns the advance of s set in st, in logical pixels.
func TextWidth(s string, st TextStyle) float64 {
	return text.Advance(s, face(st.Bold, st.Size))
}

// DrawImage draws img transformed by local (image pixels → logical), then
// by the canvas, with alpha.
func (c *Canvas) DrawImage(img *ebiten.Image, local ebiten.GeoM, alpha float64) {
	o := &c.imgOpts
	*o = ebiten.DrawImageOptions{}
	o.GeoM = local
	o.GeoM.Concat(c.geo)
	o.ColorScale.ScaleAlpha(float32(alpha))
	o.Filter = ebiten.FilterLinear
	if onWholePixels(o.GeoM) {
		// The same pixels, for half the work of a software renderer.
		o.Filter = ebiten.FilterNearest
	}
	c.target().DrawImage(img, o)
}

// onWholePixels reports whether geo moves an image by whole pixels and
// neither scales nor turns it, so that every pixel lands on one texel.
func onWholePixels(geo ebiten.GeoM) bool {
	a, b, c, d, tx, ty := geo.Element(0, 0), geo.Element(0, 1), geo.Element(1, 0), geo.Element(1, 1), geo.Element(0, 2), geo.Element(1, 2)
	return a == 1 && d == 1 && b == 0 && c == 0 && tx == math.Trunc(tx) && ty == math.Trunc(ty)
}

// whitePixel returns a white image for drawing shapes with DrawTriangles:
// the centre of a 3×3 white image, so that filtering never reaches an
// edge. Its pixels are written, not filled: an image drawn into leaves
// Ebitengine's atlas, and draws from it no longer batch with the rest.
func whitePixel() *ebiten.Image {
	whiteOnce.Do(func() {
		img := ebiten.NewImage(3, 3)
		img.WritePixels(bytes.Repeat([]byte{0xff}, 4*3*3))
		whiteSub = img.SubImage(image.Rect(1, 1, 2, 2)).(*ebiten.Image)
	})
	return whiteSub
}

var (
	whiteOnce sync.Once
	whiteSub  *ebiten.Image
)
