package sprites

import (
	"math"

	"github.com/jankenarcade/janken/rulesets"
)

// This file holds the outlines of every drawing, in design units: an
// emblem or a symbol fits the square from (-1,-1) to (1,1).

// emblem adds the outline of shape s.
func (p *pen) emblem(s Shape) {
	switch s {
	case ShapeCircle:
		p.circle(0, 0, 0.92)
	case ShapeSquare:
		p.rrect(-0.8, -0.8, 1.6, 1.6, 0.18)
	case ShapeTriangle:
		p.poly(0, -0.95, 0.95, 0.72, -0.95, 0.72)
	case ShapeDiamond:
		p.poly(0, -1, 0.78, 0, 0, 1, -0.78, 0)
	case ShapeStar:
		p.starPoly(5, 1, 0.45)
	case ShapePlus:
		p.poly(-0.3, -0.95, 0.3, -0.95, 0.3, -0.3, 0.95, -0.3, 0.95, 0.3, 0.3, 0.3,
			0.3, 0.95, -0.3, 0.95, -0.3, 0.3, -0.95, 0.3, -0.95, -0.3, -0.3, -0.3)
	case ShapeHexagon:
		p.regular(6, 0.95, 0)
	case ShapeCrescent:
		p.crescent()
	case ShapeDrop:
		p.move(0, -1)
		p.cubic(0.3, -0.5, 0.75, -0.05, 0.75, 0.3)
		p.cubic(0.75, 0.75, 0.4, 1, 0, 1)
		p.cubic(-0.4, 1, -0.75, 0.75, -0.75, 0.3)
		p.cubic(-0.75, -0.05, -0.3, -0.5, 0, -1)
		p.close()
	case ShapeSaltire:
		p.capsule(-0.7, -0.7, 0.7, 0.7, 0.24)
		p.capsule(0.7, -0.7, -0.7, 0.7, 0.24)
	case ShapeHeart:
		p.move(0, 0.9)
		p.cubic(-0.1, 0.8, -1, 0.25, -1, -0.25)
		p.cubic(-1, -0.75, -0.45, -0.98, 0, -0.5)
		p.cubic(0.45, -0.98, 1, -0.75, 1, -0.25)
		p.cubic(1, 0.25, 0.1, 0.8, 0, 0.9)
		p.close()
	case ShapeSun:
		p.circle(0, 0, 0.52)
		for i := 0; i < 8; i++ {
			a := float64(i) * math.Pi / 4
			c, s := math.Cos(a), math.Sin(a)
			w := 0.17
			p.poly(0.6*c-w*s, 0.6*s+w*c, 1.0*c, 1.0*s, 0.6*c+w*s, 0.6*s-w*c)
		}
	}
}

// regular adds a regular polygon of n corners at radius r, the first at
// angle start from straight up.
func (p *pen) regular(n int, r, start float64) {
	for i := 0; i < n; i++ {
		a := start + 2*math.Pi*float64(i)/float64(n) - math.Pi/2
		p.vertex(i, r*math.Cos(a), r*math.Sin(a))
	}
	p.close()
}

// vertex adds corner i of a closed outline: corner 0 starts it, the
// others extend it.
func (p *pen) vertex(i int, x, y float64) {
	if i == 0 {
		p.move(x, y)
	} else {
		p.line(x, y)
	}
}

// starPoly adds a star of n points between radii outer and inner.
func (p *pen) starPoly(n int, outer, inner float64) {
	for i := 0; i < 2*n; i++ {
		r := outer
		if i%2 == 1 {
			r = inner
		}
		a := math.Pi*float64(i)/float64(n) - math.Pi/2
		p.vertex(i, r*math.Cos(a), r*math.Sin(a))
	}
	p.close()
}

// crescent adds the part of a circle outside a second, offset circle:
// the rim outside the offset circle, then back along the offset circle's
// edge inside the first.
func (p *pen) crescent() {
	const R, ox, oy, or = 0.95, 0.42, -0.3, 0.76
	rim := circleRun(0, 0, R, func(x, y float64) bool { return math.Hypot(x-ox, y-oy) >= or })
	edge := circleRun(ox, oy, or, func(x, y float64) bool { return math.Hypot(x, y) < R })
	// The edge runs the same way round as the rim; walk it backwards.
	p.move(rim[0], rim[1])
	for i := 2; i < len(rim); i += 2 {
		p.line(rim[i], rim[i+1])
	}
	for i := len(edge) - 2; i >= 0; i -= 2 {
		p.line(edge[i], edge[i+1])
	}
	p.close()
}

// circleRun samples the circle at (cx,cy) of radius r and returns the
// points where keep holds, as one run in order of increasing angle: the
// run must be contiguous around the circle.
func circleRun(cx, cy, r float64, keep func(x, y float64) bool) []float64 {
	const n = 120
	at := func(i int) (float64, float64) {
		a := 2 * math.Pi * float64(i%n) / n
		return cx + r*math.Cos(a), cy + r*math.Sin(a)
	}
	start := 0
	for i := 0; i < n; i++ {
		if x, y := at(i); !keep(x, y) {
			if x2, y2 := at(i + 1); keep(x2, y2) {
				start = i + 1
			}
		}
	}
	var pts []float64
	for k := 0; k < n; k++ {
		x, y := at(start + k)
		if !keep(x, y) {
			break
		}
		pts = append(pts, x, y)
	}
	return pts
}

// rockPoints is the outline of the boulder glyph, smoothed through the
// midpoints of its edges.
var rockPoints = [...]float64{
	-0.88, 0.5, -0.86, -0.05, -0.58, -0.52, -0.12, -0.8, 0.38, -0.74,
	0.78, -0.38, 0.92, 0.12, 0.78, 0.6, 0.2, 0.8, -0.42, 0.78,
}

// symbolOutline adds the silhouette of symbol s.
func (p *pen) symbolOutline(s rulesets.Symbol) {
	switch s {
	case rulesets.Rock:
		n := len(rockPoints) / 2
		pt := func(i int) (float64, float64) { i %= n; return rockPoints[2*i], rockPoints[2*i+1] }
		mid := func(i int) (float64, float64) {
			ax, ay := pt(i)
			bx, by := pt(i + 1)
			return (ax + bx) / 2, (ay + by) / 2
		}
		p.move(mid(0))
		for i := 1; i <= n; i++ {
			cx, cy := pt(i)
			x, y := mid(i)
			p.quad(cx, cy, x, y)
		}
		p.close()
	case rulesets.Paper:
		p.paperSheet()
	case rulesets.Scissors:
		p.blade(1)
		p.blade(-1)
		for _, side := range [2]float64{1, -1} {
			hx, hy := scissorsHandle(side)
			p.capsule(0, 0.12, hx, hy, 0.1)
			p.circle(hx, hy, 0.32)
		}
	}
}

// paperSheet is a sheet tilted to the left with a folded corner.
func (p *pen) paperSheet() {
	p.tilted(paperTilt, -0.62, -0.86, 0.3, -0.86, 0.66, -0.5, 0.66, 0.86, -0.62, 0.86)
}

const paperTilt = -0.16

// tilted adds a polygon rotated by rot radians about the origin.
func (p *pen) tilted(rot float64, xy ...float64) {
	c, s := math.Cos(rot), math.Sin(rot)
	for i := 0; i+1 < len(xy); i += 2 {
		x, y := xy[i]*c-xy[i+1]*s, xy[i]*s+xy[i+1]*c
		if i == 0 {
			p.move(x, y)
		} else {
			p.line(x, y)
		}
	}
	p.close()
}

// blade adds one scissor blade, pointing up-right for side 1 and up-left
// for side -1.
func (p *pen) blade(side float64) {
	tx, ty := 0.52*side, -0.98
	px, py := -0.04*side, 0.16
	dx, dy := tx-px, ty-py
	l := math.Hypot(dx, dy)
	nx, ny := -dy/l, dx/l
	w := 0.15
	p.move(px-nx*w*side, py-ny*w*side)
	p.quad(px+dx*0.6-nx*w*1.1*side, py+dy*0.6-ny*w*1.1*side, tx, ty)
	p.quad(px+dx*0.5+nx*w*0.4*side, py+dy*0.5+ny*w*0.4*side, px+nx*w*side, py+ny*w*side)
	p.close()
}

func scissorsHandle(side float64) (x, y float64) { return -0.44 * side, 0.62 }

// symbolHoles adds the parts of a symbol that are see-through.
func (p *pen) symbolHoles(s rulesets.Symbol) {
	if s != rulesets.Scissors {
		return
	}
	for _, side := range [2]float64{1, -1} {
		hx, hy := scissorsHandle(side)
		p.circle(hx, hy, 0.17)
		p.reverseLast()
	}
}
