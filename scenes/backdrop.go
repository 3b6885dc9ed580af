package scenes

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"github.com/jankenarcade/janken/rulesets"
)

// Backdrop is the animated background of the menus: a night gradient with
// rock, paper and scissors drifting upwards at three depths. It is drawn
// procedurally from the palette and stands still with reduced motion.
type Backdrop struct {
	t        float64 // ticks of animation
	verts    [6]ebiten.Vertex
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
	c.Image().DrawTriangles(b.verts[:], indices[:], whitePixel(), nil)
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

// rockPath is a rounded pebble, wider than tall.
func rockPath(p *vector.Path) {
	p.MoveTo(-44, 6)
	p.CubicTo(-48, -22, -24, -40, 2, -38)
	p.CubicTo(30, -36, 50, -18, 46, 8)
	p.CubicTo(42, 32, 18, 40, -4, 38)
	p.CubicTo(-28, 36, -42, 26, -44, 6)
	p.Close()
}

// paperPath is a sheet with a folded corner (the fold is a notch).
func paperPath(p *vector.Path) {
	p.MoveTo(-32, -44)
	p.LineTo(14, -44)
	p.LineTo(34, -24)
	p.LineTo(34, 44)
	p.LineTo(-32, 44)
	p.Close()
	// The fold, as a hole (counter-clockwise).
	p.MoveTo(10, -40)
	p.LineTo(10, -20)
	p.LineTo(30, -20)
	p.Close()
}

// scissorsPath is two crossed blades over two finger rings.
func scissorsPath(p *vector.Path) {
	// Both blades wind the same way, so that where they cross stays
	// filled under the non-zero rule.
	blade := func(dir float32) {
		pts := [4][2]float32{{-6, 14}, {30, -46}, {22, -48}, {-16, 8}}
		for i := range pts {
			j := i
			if dir < 0 {
				j = len(pts) - 1 - i
			}
			if i == 0 {
				p.MoveTo(dir*pts[j][0], pts[j][1])
			} else {
				p.LineTo(dir*pts[j][0], pts[j][1])
			}
		}
		p.Close()
	}
	blade(1)
	blade(-1)
	ring := func(cx float32) {
		p.MoveTo(cx+17, 28)
		p.Arc(cx, 28, 17, 0, 2*math.Pi, vector.Clockwise)
		p.Close()
		p.MoveTo(cx+9, 28)
		p.Arc(cx, 28, 9, 0, -2*math.Pi, vector.CounterClockwise)
		p.Close()
	}
	ring(-20)
	ring(20)
}
