package scenes

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
)

// Box draws a node's box as a rounded rectangle, optionally outlined.
type Box struct {
	Fill      color.RGBA
	Radius    float64
	Edge      color.RGBA // zero: no outline
	EdgeWidth float64
}

// DrawNode implements Drawable.
func (b *Box) DrawNode(c *Canvas, n *Node, geo ebiten.GeoM, alpha float64) {
	geo.Concat(c.geo)
	c.roundRect(geo, 0, 0, n.W, n.H, b.Radius, 0, premultiplied(b.Fill, alpha))
	if b.Edge.A != 0 && b.EdgeWidth > 0 {
		lw := b.EdgeWidth
		c.roundRect(geo, -lw/2, -lw/2, n.W+lw, n.H+lw, b.Radius+lw/2, lw, premultiplied(b.Edge, alpha))
	}
}

// Label draws a line of text centred in the node's box. It turns and
// scales with the node; upright, it is rasterised at its size on screen.
type Label struct {
	Text  string
	Style TextStyle // Align and VAlign place it in the box
}

// DrawNode implements Drawable.
func (l *Label) DrawNode(c *Canvas, n *Node, geo ebiten.GeoM, alpha float64) {
	x := [...]float64{0, n.W / 2, n.W}[l.Style.Align]
	y := [...]float64{0, n.H / 2, n.H}[l.Style.VAlign]
	// The glyphs are rasterised at their final size in pixels (k) and
	// the rest of the transform is applied without that scale.
	full := geo
	full.Concat(c.geo)
	k := math.Hypot(full.Element(0, 0), full.Element(1, 0))
	if k == 0 {
		return
	}
	lx, ly := geo.Apply(x, y)
	c.noteText(l.Text, lx, ly, l.Style.Size)
	o := &c.textOpts
	*o = text.DrawOptions{}
	o.GeoM.Scale(1/k, 1/k)
	o.GeoM.Translate(x, y)
	o.GeoM.Concat(full)
	o.ColorScale.ScaleWithColor(l.Style.Color)
	o.ColorScale.ScaleAlpha(float32(alpha))
	o.PrimaryAlign, o.SecondaryAlign = l.Style.Align, l.Style.VAlign
	text.Draw(c.target(), l.Text, face(l.Style.Bold, l.Style.Size*k), o)
}
