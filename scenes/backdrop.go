package scenes

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"golang.org/x/image/vector"

	"github.com/jankenarcade/janken/rulesets"
)

// Backdrop is the animated background of the menus: a night gradient with
// rock, paper and scissors drifting upwards at three depths. It is drawn
// procedurally from the palette and stands still with reduced motion.
type Backdrop struct {
	t        float64 // ticks of animation
	verts    [6]ebiten.Vertex
	opts     ebiten.DrawTrianglesOptions
	floaters [24]floater
}

type floater struct {
	x, y0, size, speed, spin, phase, alpha float64
	sym                                    rulesets.Symbol
}

// NewBackdrop scatters the drifting symbols; the layout is the same on
// every run.
func NewBackdrop() *Backdrop {
	b := &Backdrop{}
	r := rulesets.NewRand(20260121)
	for i := range b.floaters {
		depth := float64(i%3+1) / 3 // 1/3 far … 1 near
		b.floaters[i] = floater{
			x:     float64(r.IntN(ScreenWidth)),
			y0:    float64(r.IntN(ScreenHeight + 200)),
			size:  30 + 60*depth,
			speed: 0.12 + 0.35*depth,
			spin:  (float64(r.IntN(200)) - 100) / 40000,
			phase: float64(r.IntN(628)) / 100,
			alpha: 0.05 + 0.10*depth,
			sym:   rulesets.Symbols[i%3],
		}
	}
	return b
}

// Update advances the animation by one tick (not at all with reduced
// motion).
func (b *Backdrop) Update(reducedMotion bool) {
	if !reducedMotion {
		b.t++
	}
}

// Draw draws the backdrop over the whole logical screen.
func (b *Backdrop) Draw(c *Canvas, pal *Palette) {
	b.drawGradient(c, pal)
	span := float64(ScreenHeight + 200)
	for i := range b.floaters {
		f := &b.floaters[i]
		y := math.Mod(f.y0-f.speed*b.t, span)
		if y < 0 {
			y += span
		}
		y -= 100
		x := f.x + 18*math.Sin(b.t/240+f.phase)
		DrawSymbol(c, f.sym, x, y, f.size, f.phase+f.spin*b.t, WithAlpha(pal.Symbol(f.sym), f.alpha))
	}
}

// drawGradient draws the vertical gradient as two quads with vertex
// colours: smooth at any size, and no texture to filter.
func (b *Backdrop) drawGradient(c *Canvas, pal *Palette) {
	top, mid, bottom := pal.Backdrop, mix(pal.Backdrop, pal.BackdropDeep, 0.55), pal.BackdropDeep
	g := c.GeoM()
	ys := [3]float64{0, ScreenHeight * 0.45, ScreenHeight}
	cols := [3]color.RGBA{top, mid, bottom}
	for i := range 3 {
		for j, x := range [2]float64{0, ScreenWidth} {
			px, py := g.Apply(x, ys[i])
			v := &b.verts[2*i+j]
			v.DstX, v.DstY = float32(px), float32(py)
			v.SrcX, v.SrcY = 1.5, 1.5
			col := cols[i]
			v.ColorR, v.ColorG, v.ColorB, v.ColorA = float32(col.R)/255, float32(col.G)/255, float32(col.B)/255, 1
		}
	}
	indices := [...]uint16{0, 1, 2, 1, 3, 2, 2, 3, 4, 3, 5, 4}
	// Opaque, it replaces what is under it: copying rather than blending
	// spares a software renderer reading the whole screen back, and the
	// ground under it is not filled at all.
	b.opts.Blend = ebiten.BlendCopy
	c.Cover()
	c.Image().DrawTriangles(b.verts[:], indices[:], whitePixel(), &b.opts)
}

// DrawSymbol draws a symbol's emblem (a pebble, a sheet, a pair of
// scissors) of the given size, centred at (x, y) and turned by rotation,
// in clr. Tables can use it until the sprites atlas offers finer art.
func DrawSymbol(c *Canvas, s rulesets.Symbol, x, y, size, rotation float64, clr color.RGBA) {
	var shape spriteShape
	switch s {
	case rulesets.Rock:
		shape = spriteRock
	case rulesets.Paper:
		shape = spritePaper
	case rulesets.Scissors:
		shape = spriteScissors
	default:
		return
	}
	var g ebiten.GeoM
	g.Scale(size/100, size/100) // emblems are drawn on a 100-unit grid
	g.Rotate(rotation)
	g.Translate(x, y)
	c.drawSprite(shape, g, premultiplied(clr, 1))
}

// gridPen draws on a rasteriser in a shape's 100-unit grid, centred on
// its origin: a grid unit is k texels, the origin at (o, o).
type gridPen struct {
	z    *vector.Rasterizer
	k, o float32
}

func (p gridPen) at(x, y float32) (float32, float32) { return p.o + p.k*x, p.o + p.k*y }

func (p gridPen) moveTo(x, y float32) { p.z.MoveTo(p.at(x, y)) }

func (p gridPen) lineTo(x, y float32) { p.z.LineTo(p.at(x, y)) }

func (p gridPen) cubicTo(x1, y1, x2, y2, x, y float32) {
	ax, ay := p.at(x1, y1)
	bx, by := p.at(x2, y2)
	cx, cy := p.at(x, y)
	p.z.CubeTo(ax, ay, bx, by, cx, cy)
}

// circle adds a circle of four cubic Béziers, clockwise on screen (dir 1)
// or counter-clockwise (dir -1, a hole inside a clockwise shape).
func (p gridPen) circle(cx, cy, r, dir float32) {
	const k = 0.5522847 // control distance of a quarter circle
	s := dir * r
	p.moveTo(cx+r, cy)
	p.cubicTo(cx+r, cy+k*s, cx+k*r, cy+s, cx, cy+s)
	p.cubicTo(cx-k*r, cy+s, cx-r, cy+k*s, cx-r, cy)
	p.cubicTo(cx-r, cy-k*s, cx-k*r, cy-s, cx, cy-s)
	p.cubicTo(cx+k*r, cy-s, cx+r, cy-k*s, cx+r, cy)
	p.z.ClosePath()
}

// rock is a rounded pebble, wider than tall.
func (p gridPen) rock() {
	p.moveTo(-44, 6)
	p.cubicTo(-48, -22, -24, -40, 2, -38)
	p.cubicTo(30, -36, 50, -18, 46, 8)
	p.cubicTo(42, 32, 18, 40, -4, 38)
	p.cubicTo(-28, 36, -42, 26, -44, 6)
	p.z.ClosePath()
}

// paper is a sheet with a folded corner (the fold is a notch).
func (p gridPen) paper() {
	p.moveTo(-32, -44)
	p.lineTo(14, -44)
	p.lineTo(34, -24)
	p.lineTo(34, 44)
	p.lineTo(-32, 44)
	p.z.ClosePath()
	// The fold, as a hole (counter-clockwise).
	p.moveTo(10, -40)
	p.lineTo(10, -20)
	p.lineTo(30, -20)
	p.z.ClosePath()
}

// scissors are two crossed blades over two finger rings.
func (p gridPen) scissors() {
	// Both blades wind the same way, so that where they cross stays
	// filled.
	blade := func(dir float32) {
		pts := [4][2]float32{{-6, 14}, {30, -46}, {22, -48}, {-16, 8}}
		for i := range pts {
			j := i
			if dir < 0 {
				j = len(pts) - 1 - i
			}
			if i == 0 {
				p.moveTo(dir*pts[j][0], pts[j][1])
			} else {
				p.lineTo(dir*pts[j][0], pts[j][1])
			}
		}
		p.z.ClosePath()
	}
	blade(1)
	blade(-1)
	for _, cx := range [2]float32{-20, 20} {
		p.circle(cx, 28, 17, 1)
		p.circle(cx, 28, 9, -1)
	}
}

// arrow is a triangle pointing right, its tip at (50, 0).
func (p gridPen) arrow() {
	p.moveTo(50, 0)
	p.lineTo(-50, 50)
	p.lineTo(-50, -50)
	p.z.ClosePath()
}
