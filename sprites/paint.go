package sprites

import (
	"image"
	"image/color"
	"image/draw"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"golang.org/x/image/vector"
)

// Sprites are painted on the CPU (golang.org/x/image/vector) and uploaded
// once: it is deterministic, needs no GPU round trips while the atlas is
// built, and costs the same in a browser with a software GPU as anywhere.
// Only text is drawn on the GPU, after the upload.

// canvas is one sprite being painted: its pixels and the labels to draw
// once it is a texture.
type canvas struct {
	img    *image.RGBA
	labels []label
}

// label is text drawn after upload, in texture pixels.
type label struct {
	text     string
	x, y     float64
	size     float64
	bold     bool
	rotation float64
	c        color.RGBA
}

func newCanvas(w, h int) *canvas {
	return &canvas{img: image.NewRGBA(image.Rect(0, 0, w, h))}
}

// pen builds paths in design units: each drawing works in its own
// coordinates and the pen's transform maps them to texture pixels. Curves
// are flattened as they are added.
type pen struct {
	m    ebiten.GeoM
	s    float64 // the transform's uniform scale, for radii and widths
	pts  []float64
	subs []subPath
	// Painting state, reused between fills.
	z    *vector.Rasterizer
	mask image.Alpha
	clip *image.Alpha // when set, fills are limited to its coverage
}

type subPath struct {
	start, end int // indexes into pts (pairs)
	closed     bool
}

// at sets the transform: design point (0,0) goes to pixel (x,y), one unit
// is s pixels, rotated by rot radians.
func (p *pen) at(x, y, s, rot float64) {
	p.m.Reset()
	p.m.Scale(s, s)
	p.m.Rotate(rot)
	p.m.Translate(x, y)
	p.s = s
}

func (p *pen) reset() {
	p.pts = p.pts[:0]
	p.subs = p.subs[:0]
}

// last returns the current point in pixels.
func (p *pen) last() (float64, float64) {
	n := len(p.pts)
	return p.pts[n-2], p.pts[n-1]
}

func (p *pen) move(x, y float64) {
	X, Y := p.m.Apply(x, y)
	p.subs = append(p.subs, subPath{start: len(p.pts) / 2})
	p.pts = append(p.pts, X, Y)
	p.subs[len(p.subs)-1].end = len(p.pts) / 2
}

func (p *pen) lineTo(X, Y float64) {
	if len(p.subs) == 0 {
		p.subs = append(p.subs, subPath{start: 0})
	}
	p.pts = append(p.pts, X, Y)
	p.subs[len(p.subs)-1].end = len(p.pts) / 2
}

func (p *pen) line(x, y float64) { p.lineTo(p.m.Apply(x, y)) }

func (p *pen) close() {
	if len(p.subs) > 0 {
		p.subs[len(p.subs)-1].closed = true
	}
}

// curveSteps is how many segments a curve of pixel length l becomes.
func curveSteps(l float64) int { return max(4, min(48, int(l/3))) }

func (p *pen) quad(cx, cy, x, y float64) {
	x0, y0 := p.last()
	x1, y1 := p.m.Apply(cx, cy)
	x2, y2 := p.m.Apply(x, y)
	n := curveSteps(math.Hypot(x1-x0, y1-y0) + math.Hypot(x2-x1, y2-y1))
	for i := 1; i <= n; i++ {
		t := float64(i) / float64(n)
		u := 1 - t
		p.lineTo(u*u*x0+2*u*t*x1+t*t*x2, u*u*y0+2*u*t*y1+t*t*y2)
	}
}

func (p *pen) cubic(c1x, c1y, c2x, c2y, x, y float64) {
	x0, y0 := p.last()
	x1, y1 := p.m.Apply(c1x, c1y)
	x2, y2 := p.m.Apply(c2x, c2y)
	x3, y3 := p.m.Apply(x, y)
	n := curveSteps(math.Hypot(x1-x0, y1-y0) + math.Hypot(x2-x1, y2-y1) + math.Hypot(x3-x2, y3-y2))
	for i := 1; i <= n; i++ {
		t := float64(i) / float64(n)
		u := 1 - t
		a, b, c, d := u*u*u, 3*u*u*t, 3*u*t*t, t*t*t
		p.lineTo(a*x0+b*x1+c*x2+d*x3, a*y0+b*y1+c*y2+d*y3)
	}
}

// poly adds a closed polygon through the points (x0,y0,x1,y1,…).
func (p *pen) poly(xy ...float64) {
	p.move(xy[0], xy[1])
	for i := 2; i+1 < len(xy); i += 2 {
		p.line(xy[i], xy[i+1])
	}
	p.close()
}

// circle adds a full circle, clockwise on screen like every other shape
// (the rasteriser adds windings: a hole is drawn the other way round).
func (p *pen) circle(cx, cy, r float64) {
	p.arc(cx, cy, r, 0, 2*math.Pi)
	p.close()
}

func (p *pen) arcSteps(r, sweep float64) int {
	return max(6, min(96, int(math.Abs(sweep)*r*p.s/3)))
}

// arc starts a new sub-path along an arc from angle from to to.
func (p *pen) arc(cx, cy, r, from, to float64) {
	n := p.arcSteps(r, to-from)
	p.move(cx+r*math.Cos(from), cy+r*math.Sin(from))
	for i := 1; i <= n; i++ {
		a := from + (to-from)*float64(i)/float64(n)
		p.line(cx+r*math.Cos(a), cy+r*math.Sin(a))
	}
}

// arcTo continues the current sub-path along an arc.
func (p *pen) arcTo(cx, cy, r, from, to float64) {
	n := p.arcSteps(r, to-from)
	for i := 0; i <= n; i++ {
		a := from + (to-from)*float64(i)/float64(n)
		p.line(cx+r*math.Cos(a), cy+r*math.Sin(a))
	}
}

// rrect adds a rounded rectangle.
func (p *pen) rrect(x, y, w, h, r float64) {
	r = math.Min(r, math.Min(w, h)/2)
	p.move(x+r, y)
	p.arcTo(x+w-r, y+r, r, -math.Pi/2, 0)
	p.arcTo(x+w-r, y+h-r, r, 0, math.Pi/2)
	p.arcTo(x+r, y+h-r, r, math.Pi/2, math.Pi)
	p.arcTo(x+r, y+r, r, math.Pi, 3*math.Pi/2)
	p.close()
}

// capsule adds a stadium from (x0,y0) to (x1,y1) with radius r.
func (p *pen) capsule(x0, y0, x1, y1, r float64) {
	a := math.Atan2(y1-y0, x1-x0)
	p.move(x0+r*math.Cos(a+math.Pi/2), y0+r*math.Sin(a+math.Pi/2))
	p.arcTo(x0, y0, r, a+math.Pi/2, a+3*math.Pi/2)
	p.arcTo(x1, y1, r, a-math.Pi/2, a+math.Pi/2)
	p.close()
}

// fill paints the path in c and starts a new one.
func (p *pen) fill(dst *canvas, c color.Color) {
	p.paint(dst, c)
	p.reset()
}

// stroke outlines the path with a line of width in design units, round
// joins and caps, and starts a new path.
func (p *pen) stroke(dst *canvas, c color.Color, width float64) {
	p.outline(width)
	p.fill(dst, c)
}

// strokeKeep outlines the path and keeps it for a following fill.
func (p *pen) strokeKeep(dst *canvas, c color.Color, width float64) {
	pts := append([]float64(nil), p.pts...)
	subs := append([]subPath(nil), p.subs...)
	p.stroke(dst, c, width)
	p.pts, p.subs = pts, subs
}

// outline replaces the path by the outline of its stroke: a quad per
// segment and a disc per joint, all wound the same way so that they merge.
func (p *pen) outline(width float64) {
	h := width * p.s / 2
	pts := append([]float64(nil), p.pts...)
	subs := append([]subPath(nil), p.subs...)
	p.reset()
	save := p.m
	p.m.Reset()
	for _, sp := range subs {
		n := sp.end - sp.start
		segs := n - 1
		if sp.closed {
			segs = n
		}
		for i := 0; i < segs; i++ {
			a, b := sp.start+i, sp.start+(i+1)%n
			x0, y0, x1, y1 := pts[2*a], pts[2*a+1], pts[2*b], pts[2*b+1]
			l := math.Hypot(x1-x0, y1-y0)
			if l == 0 {
				continue
			}
			nx, ny := -(y1-y0)/l*h, (x1-x0)/l*h
			p.clockwise(x0+nx, y0+ny, x1+nx, y1+ny, x1-nx, y1-ny, x0-nx, y0-ny)
		}
		// Round joints where the line turns, and round caps.
		for i := 0; i < n; i++ {
			if !sp.closed && (i == 0 || i == n-1) {
				p.disc(pts[2*(sp.start+i)], pts[2*(sp.start+i)+1], h)
				continue
			}
			a, c, b := sp.start+(i+n-1)%n, sp.start+i, sp.start+(i+1)%n
			ux, uy := pts[2*c]-pts[2*a], pts[2*c+1]-pts[2*a+1]
			vx, vy := pts[2*b]-pts[2*c], pts[2*b+1]-pts[2*c+1]
			if turn := math.Abs(math.Atan2(ux*vy-uy*vx, ux*vx+uy*vy)); turn > 0.12 {
				p.disc(pts[2*c], pts[2*c+1], h)
			}
		}
	}
	p.m = save
}

// clockwise adds a quad (pixel coordinates) wound clockwise on screen.
func (p *pen) clockwise(x0, y0, x1, y1, x2, y2, x3, y3 float64) {
	area := (x1-x0)*(y2-y0) - (y1-y0)*(x2-x0)
	if area < 0 {
		x1, y1, x3, y3 = x3, y3, x1, y1
	}
	p.lineStart(x0, y0)
	p.lineTo(x1, y1)
	p.lineTo(x2, y2)
	p.lineTo(x3, y3)
	p.close()
}

func (p *pen) lineStart(X, Y float64) {
	p.subs = append(p.subs, subPath{start: len(p.pts) / 2})
	p.lineTo(X, Y)
}

// disc adds a clockwise disc in pixel coordinates.
func (p *pen) disc(x, y, r float64) {
	n := max(8, min(32, int(r)))
	p.lineStart(x+r, y)
	for i := 1; i < n; i++ {
		a := 2 * math.Pi * float64(i) / float64(n)
		p.lineTo(x+r*math.Cos(a), y+r*math.Sin(a))
	}
	p.close()
}

// coverage rasterises the path into p.mask and returns the pixel
// rectangle it covers on dst (empty if none).
func (p *pen) coverage(bounds image.Rectangle) image.Rectangle {
	if len(p.pts) == 0 {
		return image.Rectangle{}
	}
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for i := 0; i < len(p.pts); i += 2 {
		minX, maxX = math.Min(minX, p.pts[i]), math.Max(maxX, p.pts[i])
		minY, maxY = math.Min(minY, p.pts[i+1]), math.Max(maxY, p.pts[i+1])
	}
	r := image.Rect(int(math.Floor(minX)), int(math.Floor(minY)), int(math.Ceil(maxX))+1, int(math.Ceil(maxY))+1).Intersect(bounds)
	if r.Empty() {
		return r
	}
	w, h := r.Dx(), r.Dy()
	if p.z == nil {
		p.z = vector.NewRasterizer(w, h)
	} else {
		p.z.Reset(w, h)
	}
	ox, oy := float64(r.Min.X), float64(r.Min.Y)
	for _, sp := range p.subs {
		if sp.end-sp.start < 2 {
			continue
		}
		p.z.MoveTo(float32(p.pts[2*sp.start]-ox), float32(p.pts[2*sp.start+1]-oy))
		for i := sp.start + 1; i < sp.end; i++ {
			p.z.LineTo(float32(p.pts[2*i]-ox), float32(p.pts[2*i+1]-oy))
		}
		p.z.ClosePath()
	}
	if cap(p.mask.Pix) < w*h {
		p.mask.Pix = make([]byte, w*h)
	}
	p.mask.Pix = p.mask.Pix[:w*h]
	p.mask.Stride, p.mask.Rect = w, image.Rect(0, 0, w, h)
	p.z.DrawOp = draw.Src
	p.z.Draw(&p.mask, p.mask.Rect, image.Opaque, image.Point{})
	return r
}

// paint composites c over dst through the path's coverage (and the clip,
// if set). Colours are premultiplied; the arithmetic is 8-bit with
// rounding, exact for full coverage of an opaque colour.
func (p *pen) paint(dst *canvas, c color.Color) {
	r := p.coverage(dst.img.Bounds())
	if r.Empty() {
		return
	}
	cr, cg, cb, ca := c.RGBA()
	sr, sg, sb, sa := cr>>8, cg>>8, cb>>8, ca>>8
	w := r.Dx()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		row := dst.img.Pix[dst.img.PixOffset(r.Min.X, y):][: 4*w : 4*w]
		m := p.mask.Pix[(y-r.Min.Y)*p.mask.Stride:][:w:w]
		var clip []byte
		if p.clip != nil {
			clip = p.clip.Pix[p.clip.PixOffset(r.Min.X, y):][:w:w]
		}
		for x, cov := range m {
			if clip != nil {
				cov = mul8(cov, clip[x])
			}
			if cov == 0 {
				continue
			}
			px := row[4*x : 4*x+4 : 4*x+4]
			if cov == 0xff && sa == 0xff {
				px[0], px[1], px[2], px[3] = uint8(sr), uint8(sg), uint8(sb), 0xff
				continue
			}
			inv := 0xff - mul8(uint8(sa), cov)
			px[0] = over(uint8(sr), cov, px[0], inv)
			px[1] = over(uint8(sg), cov, px[1], inv)
			px[2] = over(uint8(sb), cov, px[2], inv)
			px[3] = over(uint8(sa), cov, px[3], inv)
		}
	}
}

// over returns src·cov + dst·inv (all /255), saturated: rounding both
// terms up could otherwise wrap past 255.
func over(src, cov, dst, inv uint8) uint8 {
	return uint8(min(0xff, uint32(mul8(src, cov))+uint32(mul8(dst, inv))))
}

// mul8 returns a·b/255, rounded.
func mul8(a, b uint8) uint8 {
	t := uint32(a)*uint32(b) + 128
	return uint8((t + t>>8) >> 8)
}

// clipTo makes the current path the clip for following fills (until
// unclip) and starts a new path.
func (p *pen) clipTo(dst *canvas, clip *image.Alpha) {
	b := dst.img.Bounds()
	if clip.Rect != b {
		clip.Pix = make([]byte, b.Dx()*b.Dy())
		clip.Stride, clip.Rect = b.Dx(), b
	} else {
		clear(clip.Pix)
	}
	r := p.coverage(b)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		copy(clip.Pix[clip.PixOffset(r.Min.X, y):], p.mask.Pix[(y-r.Min.Y)*p.mask.Stride:(y-r.Min.Y+1)*p.mask.Stride])
	}
	p.clip = clip
	p.reset()
}

func (p *pen) unclip() { p.clip = nil }

// reverseLast reverses the last sub-path, so that it cuts a hole in the
// shapes drawn before it in the same path.
func (p *pen) reverseLast() {
	sp := p.subs[len(p.subs)-1]
	for i, j := sp.start, sp.end-1; i < j; i, j = i+1, j-1 {
		p.pts[2*i], p.pts[2*j] = p.pts[2*j], p.pts[2*i]
		p.pts[2*i+1], p.pts[2*j+1] = p.pts[2*j+1], p.pts[2*i+1]
	}
}

// mix blends a towards b by t (0 … 1).
func mix(a, b color.RGBA, t float64) color.RGBA {
	l := func(x, y uint8) uint8 { return uint8(math.Round(float64(x) + (float64(y)-float64(x))*t)) }
	return color.RGBA{l(a.R, b.R), l(a.G, b.G), l(a.B, b.B), l(a.A, b.A)}
}

// alpha returns c with opacity a (0 … 1), premultiplied as color.RGBA is.
func alpha(c color.RGBA, a float64) color.RGBA {
	f := func(x uint8) uint8 { return uint8(math.Round(float64(x) * a)) }
	return color.RGBA{f(c.R), f(c.G), f(c.B), f(c.A)}
}

var white = color.RGBA{0xff, 0xff, 0xff, 0xff}
