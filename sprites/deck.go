package sprites

import (
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/rulesets"
)

// Deck is one game's cards as the game paints them. Each game defines its
// deck next to its table (a deck.go in the table's package) with the
// Painter's primitives, and numbers its sprites as it likes: That's
// Mine's card n is sprite n-1 and its back sprite 36. An Atlas paints the
// one deck its table shows, a sprite at a time; the table looks its cards
// up with Atlas.Card.
type Deck struct {
	Name string // as in code: "ninjan"
	// Size is how many sprites the deck has: faces, backs, chips …
	Size int
	// Paint paints sprite i of the deck, 0 ≤ i < Size: the one the game
	// looks up by i. An atlas calls it once for each i, in order.
	Paint func(p *Painter, i int) Sprite
}

// Painter paints sprites for an atlas: a Deck's Paint receives one. Its
// primitives work in logical pixels; each sprite is painted on the CPU
// and uploaded once finished.
type Painter struct {
	p      Palette
	upload bool // false paints on the CPU only (benchmarks)
	pen    pen
	clip   image.Alpha // a stamped shape's coverage
	turn   float64     // rotation of stamps, for upside-down card corners
	images []*ebiten.Image
}

// Palette returns the palette being painted.
func (b *Painter) Palette() *Palette { return &b.p }

// Card starts a card, CardWidth×CardHeight: a rounded body in fill with
// a thin edge.
func (b *Painter) Card(fill, edge color.RGBA) *Painting {
	return &Painting{b: b, c: b.cardBlank(fill, edge), w: CardWidth, h: CardHeight}
}

// Back paints a plain card back in fill: a diamond-patterned panel, a
// medallion and the game's title along the bottom. The medallion shows
// the three symbols, or what centre paints if it is not nil.
func (b *Painter) Back(fill color.RGBA, title string, centre func(c *Painting)) Sprite {
	c := b.Card(fill, b.p.Ink)
	light := mix(fill, white, 0.22)
	b.stamp(c.c, CardWidth/2, CardHeight/2, CardHeight/2, Swatch{Fill: fill, Shade: light, Pattern: PatternDiamonds}, b.p.Ink, 0, func(p *pen) {
		k := 2.0 / CardHeight
		p.rrect(-(CardWidth/2-7)*k, -(CardHeight/2-7)*k, (CardWidth-14)*k, (CardHeight-14)*k, 5*k)
	})
	b.pen.at(CardWidth/2*detail, CardHeight/2*detail, 30*detail, 0)
	b.pen.circle(0, 0, 1)
	b.pen.fill(c.c, fill)
	b.pen.circle(0, 0, 1)
	b.pen.stroke(c.c, b.p.Card, 0.07)
	if centre != nil {
		centre(c)
	} else {
		for i, sym := range rulesets.Symbols {
			a := -math.Pi/2 + 2*math.Pi*float64(i)/3
			b.symbol(c.c, sym, CardWidth/2+15*math.Cos(a), CardHeight/2+15*math.Sin(a), 10, b.p.SymbolInk[i])
		}
	}
	b.text(c.c, title, CardWidth/2, CardHeight-20, 9, true, b.p.Card)
	return c.Sprite()
}

// SuitBack paints the back of a card whose suit shows on its back: the
// suit's colour and pattern, its emblem large in the middle and its name.
func (b *Painter) SuitBack(sw Swatch) Sprite {
	c := b.Card(b.p.Card, b.p.CardEdge)
	b.stamp(c.c, CardWidth/2, CardHeight/2, CardHeight/2, sw, b.p.Ink, 0, func(p *pen) {
		k := 2.0 / CardHeight
		p.rrect(-(CardWidth/2-6)*k, -(CardHeight/2-6)*k, (CardWidth-12)*k, (CardHeight-12)*k, 5*k)
	})
	b.emblemOn(c.c, CardWidth/2, CardHeight/2-6, 24, sw)
	b.pen.at(0, 0, detail, 0)
	b.pen.rrect(CardWidth/2-34, CardHeight-34, 68, 18, 5)
	b.pen.fill(c.c, b.p.Card)
	b.text(c.c, sw.Name, CardWidth/2, CardHeight-25, 11, true, b.p.Ink)
	return c.Sprite()
}

// Chip paints a swatch as a patterned disc with its emblem, EmblemSize
// across: a colour's mark in a legend.
func (b *Painter) Chip(sw Swatch) Sprite {
	c := b.canvas(EmblemSize, EmblemSize)
	b.stamp(c, EmblemSize/2, EmblemSize/2, EmblemSize/2-1, sw, b.p.Ink, 0.08,
		func(p *pen) { p.circle(0, 0, 0.95) })
	b.pen.at(EmblemSize/2*detail, EmblemSize/2*detail, EmblemSize/2*0.5*detail, 0)
	b.pen.emblem(sw.Shape)
	b.pen.strokeKeep(c, b.p.Card, 0.3)
	b.pen.fill(c, b.p.Ink)
	return b.finish(c, EmblemSize, EmblemSize)
}

// Painting is one sprite being painted. Coordinates are logical pixels
// from its top-left corner; Sprite finishes it.
type Painting struct {
	b    *Painter
	c    *canvas
	w, h float64
}

// Palette returns the palette being painted.
func (c *Painting) Palette() *Palette { return &c.b.p }

// Sprite finishes the painting: it uploads it, draws its text and returns
// the sprite. The painting must not be used after.
func (c *Painting) Sprite() Sprite { return c.b.finish(c.c, c.w, c.h) }

// Symbol stamps symbol sym centred at (x,y), r from its centre to its
// edge, in swatch sw with its inner details.
func (c *Painting) Symbol(sym rulesets.Symbol, x, y, r float64, sw Swatch) {
	c.b.symbol(c.c, sym, x, y, r, sw)
}

// Text writes s centred on (x,y) at size in col.
func (c *Painting) Text(s string, x, y, size float64, bold bool, col color.RGBA) {
	c.b.text(c.c, s, x, y, size, bold, col)
}

// Corners writes a card's label in its top-left corner and, upside down,
// in the bottom-right one, with symbol sym small under each in swatch sw.
// inset is the distance of the label's centre from the card's edges.
func (c *Painting) Corners(label string, sym rulesets.Symbol, sw Swatch, ink color.RGBA, inset float64) {
	c.b.corners(c.c, label, sym, sw, ink, inset)
}

// Band draws a frame of thickness t inside the rectangle (x,y,w,h), in
// swatch sw.
func (c *Painting) Band(x, y, w, h, t float64, sw Swatch) { c.b.band(c.c, x, y, w, h, t, sw) }

// Emblem draws sw's emblem in ink on a light disc of radius r centred at
// (x,y), readable on any colour.
func (c *Painting) Emblem(x, y, r float64, sw Swatch) { c.b.emblemOn(c.c, x, y, r, sw) }

// Stamp paints a patterned shape: outline adds its silhouette in design
// units, (0,0) at (x,y) and one unit r pixels, which is filled with
// sw.Fill, covered in sw.Pattern in sw.Shade and outlined in ink when
// lineWidth (in design units) is above zero.
func (c *Painting) Stamp(x, y, r float64, sw Swatch, ink color.RGBA, lineWidth float64, outline func(Pen)) {
	c.b.stamp(c.c, x, y, r, sw, ink, lineWidth, func(p *pen) { outline(Pen{p}) })
}

// Fill fills in col the shape outline adds in design units: (0,0) at
// (x,y), one unit r pixels, turned rot radians clockwise. Fill(0, 0, 1,
// 0, …) draws in logical pixels.
func (c *Painting) Fill(x, y, r, rot float64, col color.RGBA, outline func(Pen)) {
	c.b.pen.at(x*detail, y*detail, r*detail, rot)
	outline(Pen{&c.b.pen})
	c.b.pen.fill(c.c, col)
}

// Stroke draws in col, width design units wide, the lines of the shape
// outline adds, placed as for Fill.
func (c *Painting) Stroke(x, y, r, rot, width float64, col color.RGBA, outline func(Pen)) {
	c.b.pen.at(x*detail, y*detail, r*detail, rot)
	outline(Pen{&c.b.pen})
	c.b.pen.stroke(c.c, col, width)
}

// Pen adds outlines to a shape for Painting's Stamp, Fill and Stroke, in
// their design units.
type Pen struct{ p *pen }

// RoundRect adds a rectangle with corners rounded to radius r.
func (p Pen) RoundRect(x, y, w, h, r float64) { p.p.rrect(x, y, w, h, r) }

// Circle adds a circle.
func (p Pen) Circle(x, y, r float64) { p.p.circle(x, y, r) }

// Emblem adds shape s, filling the square from (-1,-1) to (1,1).
func (p Pen) Emblem(s Shape) { p.p.emblem(s) }

// Star adds a star of points points centred on (0,0), between radii
// outer and inner, its first point straight up.
func (p Pen) Star(points int, outer, inner float64) { p.p.starPoly(points, outer, inner) }
