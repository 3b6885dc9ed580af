package sprites

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/jankenarcade/janken/assets"
	"github.com/jankenarcade/janken/rulesets"
)

// canvas starts a sprite of logical size w×h.
func (b *Painter) canvas(w, h float64) *canvas {
	return newCanvas(int(w*detail), int(h*detail))
}

// finish uploads a painted canvas, draws its labels and returns the
// sprite of logical size w×h.
func (b *Painter) finish(c *canvas, w, h float64) Sprite {
	if !b.upload {
		return Sprite{w: w, h: h}
	}
	img := ebiten.NewImageFromImageWithOptions(c.img, &ebiten.NewImageFromImageOptions{PreserveBounds: true})
	for _, l := range c.labels {
		face := assets.Face(l.size)
		if l.bold {
			face = assets.BoldFace(l.size)
		}
		op := &text.DrawOptions{}
		op.GeoM.Rotate(l.rotation)
		op.GeoM.Translate(l.x, l.y)
		op.ColorScale.ScaleWithColor(l.c)
		op.PrimaryAlign = text.AlignCenter
		op.SecondaryAlign = text.AlignCenter
		text.Draw(img, l.text, face, op)
	}
	b.images = append(b.images, img)
	return Sprite{img: img, w: w, h: h}
}

// cardBlank starts a card: a rounded body in fill with a thin edge.
func (b *Painter) cardBlank(fill, edge color.RGBA) *canvas {
	c := b.canvas(CardWidth, CardHeight)
	b.pen.at(0, 0, detail, 0)
	b.pen.rrect(0.5, 0.5, CardWidth-1, CardHeight-1, 9)
	b.pen.fill(c, edge)
	b.pen.rrect(2, 2, CardWidth-4, CardHeight-4, 7.5)
	b.pen.fill(c, fill)
	return c
}

// stamp paints a patterned shape: outline adds the silhouette (with the
// pen set up by stamp; holes wound the other way), which is filled with
// sw.Fill, covered in sw.Pattern in sw.Shade, and outlined in ink when
// lineWidth > 0. (x,y) is the centre in logical pixels and r the
// half-size.
func (b *Painter) stamp(dst *canvas, x, y, r float64, sw Swatch, ink color.RGBA, lineWidth float64, outline func(*pen)) {
	p := &b.pen
	p.at(x*detail, y*detail, r*detail, b.turn)
	outline(p)
	p.clipTo(dst, &b.clip)
	p.poly(-1.2, -1.2, 1.2, -1.2, 1.2, 1.2, -1.2, 1.2)
	p.fill(dst, sw.Fill)
	b.pattern(dst, sw.Pattern, -1.2, -1.2, 2.4, 2.4, 0.5, sw.Shade)
	p.unclip()
	if lineWidth > 0 {
		outline(p)
		p.stroke(dst, ink, lineWidth)
	}
}

// symbol stamps symbol sym in swatch sw with its inner details.
func (b *Painter) symbol(dst *canvas, sym rulesets.Symbol, x, y, r float64, sw Swatch) {
	b.stamp(dst, x, y, r, sw, b.p.Ink, 0.07, func(p *pen) {
		p.symbolOutline(sym)
		p.symbolHoles(sym)
	})
	b.pen.at(x*detail, y*detail, r*detail, b.turn)
	b.symbolDetails(dst, sym)
}

// symbolDetails draws facets, folds and the pivot over a stamped symbol.
func (b *Painter) symbolDetails(dst *canvas, sym rulesets.Symbol) {
	p, ink := &b.pen, b.p.Ink
	light := alpha(white, 0.55)
	switch sym {
	case rulesets.Rock:
		p.move(-0.58, -0.5)
		p.line(-0.22, -0.12)
		p.line(0.38, -0.72)
		p.move(-0.22, -0.12)
		p.line(-0.08, 0.52)
		p.move(0.3, 0.2)
		p.line(0.66, 0.32)
		p.stroke(dst, ink, 0.05)
		p.capsule(-0.52, -0.2, -0.3, -0.5, 0.07)
		p.fill(dst, light)
	case rulesets.Paper:
		p.tilted(paperTilt, 0.3, -0.86, 0.3, -0.5, 0.66, -0.5)
		p.fill(dst, white)
		p.tilted(paperTilt, 0.3, -0.86, 0.3, -0.5, 0.66, -0.5)
		p.stroke(dst, ink, 0.06)
		for i, l := range [...]float64{0.7, 0.95, 0.85, 0.6} {
			y := -0.25 + 0.3*float64(i)
			c, s := math.Cos(paperTilt), math.Sin(paperTilt)
			x0, x1 := -0.42, -0.42+l
			p.capsule(x0*c-y*s, x0*s+y*c, x1*c-y*s, x1*s+y*c, 0.035)
		}
		p.fill(dst, ink)
	case rulesets.Scissors:
		p.circle(-0.04, 0.12, 0.1)
		p.fill(dst, ink)
		p.circle(-0.06, 0.1, 0.035)
		p.fill(dst, light)
	}
}

// pattern covers the rectangle (x,y,w,h), in the pen's design units, with
// pattern pat in c at cell size cell (through the pen's clip).
func (b *Painter) pattern(dst *canvas, pat Pattern, x, y, w, h, cell float64, c color.RGBA) {
	p := &b.pen
	c = alpha(c, 0.75)
	switch pat {
	case PatternPlain:
		return
	case PatternStripes:
		for k := x - h; k < x+w; k += cell {
			p.poly(k+h, y, k+cell*0.45+h, y, k+cell*0.45, y+h, k, y+h)
		}
	case PatternBars:
		for k := y; k < y+h; k += cell {
			p.poly(x, k, x+w, k, x+w, k+cell*0.4, x, k+cell*0.4)
		}
	case PatternDots:
		for j, v := 0, y; v < y+h+cell; j, v = j+1, v+cell*0.6 {
			off := float64(j%2) * cell * 0.35
			for u := x + off; u < x+w+cell; u += cell * 0.7 {
				p.circle(u, v, cell*0.16)
			}
		}
	case PatternChevrons:
		for v := y; v < y+h+cell; v += cell * 0.7 {
			for u := x; u < x+w; u += cell {
				t := cell * 0.22
				p.poly(u, v, u+cell/2, v-cell/2, u+cell, v, u+cell, v+t, u+cell/2, v-cell/2+t, u, v+t)
			}
		}
	case PatternChecks:
		for j, v := 0, y; v < y+h; j, v = j+1, v+cell/2 {
			for i, u := 0, x; u < x+w; i, u = i+1, u+cell/2 {
				if (i+j)%2 == 0 {
					p.poly(u, v, u+cell/2, v, u+cell/2, v+cell/2, u, v+cell/2)
				}
			}
		}
	case PatternWaves:
		for v := y; v < y+h+cell; v += cell * 0.6 {
			p.wave(x, v, w, cell, cell*0.12)
		}
	case PatternGrid:
		for k := x; k < x+w; k += cell * 0.6 {
			p.poly(k, y, k+cell*0.1, y, k+cell*0.1, y+h, k, y+h)
		}
		for k := y; k < y+h; k += cell * 0.6 {
			p.poly(x, k, x+w, k, x+w, k+cell*0.1, x, k+cell*0.1)
		}
	case PatternRings:
		for j, v := 0, y; v < y+h+cell; j, v = j+1, v+cell*0.7 {
			off := float64(j%2) * cell * 0.4
			for u := x + off; u < x+w+cell; u += cell * 0.8 {
				p.ring(u, v, cell*0.28, cell*0.08)
			}
		}
	case PatternDiamonds:
		for j, v := 0, y; v < y+h+cell; j, v = j+1, v+cell*0.5 {
			off := float64(j%2) * cell * 0.5
			for u := x + off; u < x+w+cell; u += cell {
				d := cell * 0.28
				p.poly(u, v-d, u+d, v, u, v+d, u-d, v)
			}
		}
	case PatternZigzag:
		for v := y; v < y+h+cell; v += cell * 0.7 {
			for u := x; u < x+w; u += cell / 2 {
				t := cell * 0.16
				p.poly(u, v, u+cell/4, v-cell/4, u+cell/2, v, u+cell/2, v+t, u+cell/4, v-cell/4+t, u, v+t)
			}
		}
	case PatternBricks:
		for j, v := 0, y; v < y+h; j, v = j+1, v+cell*0.45 {
			p.poly(x, v, x+w, v, x+w, v+cell*0.08, x, v+cell*0.08)
			off := float64(j%2) * cell * 0.45
			for u := x + off; u < x+w; u += cell * 0.9 {
				p.poly(u, v, u+cell*0.08, v, u+cell*0.08, v+cell*0.45, u, v+cell*0.45)
			}
		}
	case PatternCrosshatch:
		for k := x - h; k < x+w; k += cell * 0.5 {
			p.poly(k+h, y, k+cell*0.1+h, y, k+cell*0.1, y+h, k, y+h)
			p.poly(k, y, k+cell*0.1, y, k+cell*0.1+h, y+h, k+h, y+h)
		}
	}
	p.fill(dst, c)
}

// wave adds a band following a sine wave of wavelength cell.
func (p *pen) wave(x, y, w, cell, thick float64) {
	const steps = 12
	n := int(math.Ceil(w/cell)) * steps
	for i := 0; i <= n; i++ {
		u := x + float64(i)*cell/steps
		v := y + cell*0.15*math.Sin(2*math.Pi*float64(i)/steps)
		if i == 0 {
			p.move(u, v)
		} else {
			p.line(u, v)
		}
	}
	for i := n; i >= 0; i-- {
		u := x + float64(i)*cell/steps
		p.line(u, y+thick+cell*0.15*math.Sin(2*math.Pi*float64(i)/steps))
	}
	p.close()
}

// ring adds an annulus: a circle with a hole wound the other way.
func (p *pen) ring(cx, cy, r, t float64) {
	p.circle(cx, cy, r)
	p.circle(cx, cy, r-t)
	p.reverseLast()
}

// text writes s centred on (x,y) in logical pixels, turned with the
// builder's stamps.
func (b *Painter) text(dst *canvas, s string, x, y, size float64, bold bool, c color.RGBA) {
	dst.labels = append(dst.labels, label{text: s, x: x * detail, y: y * detail, size: size * detail, bold: bold, rotation: b.turn, c: c})
}

// corners writes the card's value in the top-left corner and, upside
// down, in the bottom-right one, with a small symbol under each.
// inset is the distance of the value's centre from the card's edges.
func (b *Painter) corners(c *canvas, label string, sym rulesets.Symbol, sw Swatch, ink color.RGBA, inset float64) {
	b.text(c, label, inset, inset, 20, true, ink)
	b.symbol(c, sym, inset, inset+19, 7, sw)
	b.turn = math.Pi
	b.text(c, label, CardWidth-inset, CardHeight-inset, 20, true, ink)
	b.symbol(c, sym, CardWidth-inset, CardHeight-inset-19, 7, sw)
	b.turn = 0
}

// band draws a frame of thickness t inside the rectangle, in swatch sw.
func (b *Painter) band(dst *canvas, x, y, w, h, t float64, sw Swatch) {
	b.stamp(dst, x+w/2, y+h/2, math.Max(w, h)/2, sw, b.p.Ink, 0, func(p *pen) {
		k := 2 / math.Max(w, h)
		p.rrect(-w*k/2, -h*k/2, w*k, h*k, 5*k)
		p.rrect(-w*k/2+t*k, -h*k/2+t*k, w*k-2*t*k, h*k-2*t*k, 3*k)
		p.reverseLast()
	})
}

// emblemOn draws sw's emblem in ink on a light disc, readable on any
// colour.
func (b *Painter) emblemOn(dst *canvas, x, y, r float64, sw Swatch) {
	b.pen.at(x*detail, y*detail, r*detail, 0)
	b.pen.circle(0, 0, 1.15)
	b.pen.fill(dst, b.p.Card)
	b.pen.circle(0, 0, 1.15)
	b.pen.stroke(dst, b.p.Ink, 0.12)
	b.pen.at(x*detail, y*detail, r*0.78*detail, 0)
	b.pen.emblem(sw.Shape)
	b.pen.fill(dst, b.p.Ink)
}

func (b *Painter) glow() Sprite {
	return b.halo(10, func(f float64) color.Color { return alpha(b.p.Highlight, 0.08+0.04*f) })
}

func (b *Painter) shadow() Sprite {
	return b.halo(8, func(float64) color.Color { return color.RGBA{0, 0, 0, 0x0c} })
}

// halo draws m rounded rectangles nested inward from a margin of m around
// a card, ring f (0 outermost) in ink(f): the layers add up to a soft edge
// that is densest at the card.
func (b *Painter) halo(m int, ink func(f float64) color.Color) Sprite {
	w, h := CardWidth+2*float64(m), CardHeight+2*float64(m)
	c := b.canvas(w, h)
	for i := 0; i < m; i++ {
		b.pen.at(0, 0, detail, 0)
		f := float64(i)
		b.pen.rrect(f, f, w-2*f, h-2*f, 9+float64(m)-f)
		b.pen.fill(c, ink(f))
	}
	return b.finish(c, w, h)
}

func (b *Painter) slot() Sprite {
	c := b.canvas(CardWidth, CardHeight)
	b.pen.at(0, 0, detail, 0)
	b.pen.rrect(2, 2, CardWidth-4, CardHeight-4, 8)
	b.pen.fill(c, color.RGBA{0, 0, 0, 0x30})
	b.pen.rrect(2, 2, CardWidth-4, CardHeight-4, 8)
	b.pen.stroke(c, alpha(b.p.Card, 0.55), 2)
	return b.finish(c, CardWidth, CardHeight)
}

func (b *Painter) symbolAlone(sym rulesets.Symbol) Sprite {
	c := b.canvas(SymbolSize, SymbolSize)
	b.symbol(c, sym, SymbolSize/2, SymbolSize/2, SymbolSize/2-3, b.p.SymbolInk[sym-rulesets.Rock])
	return b.finish(c, SymbolSize, SymbolSize)
}

func (b *Painter) token() Sprite {
	c := b.canvas(TokenSize, TokenSize)
	b.pen.at(TokenSize/2*detail, TokenSize/2*detail, TokenSize/2*detail, 0)
	b.pen.circle(0, 0.04, 0.96)
	b.pen.fill(c, b.p.GoldShade)
	b.pen.circle(0, -0.04, 0.9)
	b.pen.fill(c, b.p.Gold)
	b.pen.circle(0, -0.04, 0.68)
	b.pen.stroke(c, b.p.GoldShade, 0.07)
	b.pen.at(TokenSize/2*detail, (TokenSize/2-0.8)*detail, TokenSize/2*0.5*detail, 0)
	b.pen.starPoly(5, 1, 0.45)
	b.pen.fill(c, b.p.GoldShade)
	b.pen.at(TokenSize/2*detail, TokenSize/2*detail, TokenSize/2*detail, 0)
	b.pen.circle(0, 0.04, 0.96)
	b.pen.stroke(c, b.p.Ink, 0.06)
	return b.finish(c, TokenSize, TokenSize)
}

// badge draws a seat's disc: its colour, its emblem in ink on top.
func (b *Painter) badge(sw Swatch) Sprite {
	c := b.canvas(BadgeSize, BadgeSize)
	b.pen.at(BadgeSize/2*detail, BadgeSize/2*detail, BadgeSize/2*detail, 0)
	b.pen.circle(0, 0, 0.94)
	b.pen.fill(c, sw.Fill)
	b.pen.circle(0, 0, 0.94)
	b.pen.stroke(c, b.p.Ink, 0.1)
	b.pen.at(BadgeSize/2*detail, BadgeSize/2*detail, BadgeSize/2*0.52*detail, 0)
	b.pen.emblem(sw.Shape)
	b.pen.strokeKeep(c, b.p.Card, 0.25)
	b.pen.fill(c, b.p.Ink)
	return b.finish(c, BadgeSize, BadgeSize)
}
