package sprites

import (
	"math"

	"github.com/jankenarcade/janken/rulesets"
)

// A hand is drawn as a union of simple parts (palm, fingers, thumb): every
// part is first stroked thick in ink, then every part filled in skin, so
// only the outline of the whole survives; crease lines go on top.

type handPart struct {
	kind           uint8 // 0 rounded rectangle (x0,y0 corner, x1,y1 size, r), 1 capsule (x0,y0)-(x1,y1) radius r
	x0, y0, x1, y1 float64
	r              float64
}

func rect(x, y, w, h, r float64) handPart       { return handPart{0, x, y, w, h, r} }
func finger(x0, y0, x1, y1, r float64) handPart { return handPart{1, x0, y0, x1, y1, r} }

func (p *pen) part(h handPart) {
	if h.kind == 0 {
		p.rrect(h.x0, h.y0, h.x1, h.y1, h.r)
	} else {
		p.capsule(h.x0, h.y0, h.x1, h.y1, h.r)
	}
}

// Each gesture: parts from back to front, and crease lines.
var (
	fistParts = []handPart{
		rect(-0.62, -0.42, 1.2, 1.05, 0.34),  // back of the hand
		rect(-0.66, -0.66, 0.33, 0.55, 0.15), // curled fingers, seen from the front
		rect(-0.36, -0.72, 0.33, 0.6, 0.15),
		rect(-0.06, -0.7, 0.33, 0.58, 0.15),
		rect(0.24, -0.62, 0.31, 0.52, 0.15),
		finger(-0.7, 0.08, 0.12, 0.02, 0.17), // the thumb across them
	}
	openParts = []handPart{
		rect(-0.52, -0.28, 1.0, 0.9, 0.32),
		finger(-0.36, -0.2, -0.5, -0.86, 0.12),
		finger(-0.1, -0.25, -0.12, -1.0, 0.125),
		finger(0.15, -0.22, 0.24, -0.93, 0.12),
		finger(0.36, -0.1, 0.54, -0.62, 0.105),
		finger(-0.42, 0.3, -0.9, -0.12, 0.14),
	}
	vParts = []handPart{
		rect(-0.52, -0.18, 1.02, 0.82, 0.32),
		finger(-0.3, -0.1, -0.62, -0.96, 0.125), // index
		finger(-0.02, -0.14, 0.2, -1.0, 0.125),  // middle
		rect(0.1, -0.34, 0.26, 0.42, 0.12),      // ring, curled
		rect(0.33, -0.26, 0.22, 0.38, 0.11),     // little, curled
		finger(-0.58, 0.24, 0.18, 0.06, 0.16),   // thumb over them
	}
)

// hand draws gesture g: Rock, Paper, Scissors, or a clap for NoSymbol.
func (b *Painter) hand(g rulesets.Symbol) Sprite {
	img := b.canvas(HandSize, HandSize)
	c := float64(HandSize / 2 * detail)
	r := HandSize / 2 * 0.86 * detail
	switch g {
	case rulesets.Rock:
		b.drawHand(img, c, c, r, 0, 1, fistParts)
		b.pen.at(c, c, r, 0)
		for _, x := range [...]float64{-0.34, -0.04, 0.26} {
			b.pen.move(x+0.015, -0.55)
			b.pen.line(x+0.015, -0.2)
		}
		b.pen.stroke(img, b.p.SkinShade, 0.035)
	case rulesets.Paper:
		b.drawHand(img, c, c, r, 0, 1, openParts)
		b.pen.at(c, c, r, 0)
		b.pen.move(-0.25, 0.35)
		b.pen.quad(0.05, 0.1, 0.3, 0.2)
		b.pen.stroke(img, b.p.SkinShade, 0.035)
	case rulesets.Scissors:
		b.drawHand(img, c, c, r, 0, 1, vParts)
	default:
		b.clapBurst(img, c, c, r)
		// Two open hands leaning in until their fingertips meet.
		b.drawHand(img, c-0.3*r, c+0.14*r, r*0.8, -0.3, 1, openParts)
		b.drawHand(img, c+0.3*r, c+0.14*r, r*0.8, 0.3, -1, openParts)
	}
	return b.finish(img, HandSize, HandSize)
}

// drawHand draws parts at (x,y) (texture pixels), scale r, rotated rot
// and mirrored horizontally when flip is -1, with a sleeve cuff.
func (b *Painter) drawHand(dst *canvas, x, y, r, rot, flip float64, parts []handPart) {
	p := &b.pen
	set := func() {
		p.m.Reset()
		p.m.Scale(r*flip, r)
		p.m.Rotate(rot)
		p.m.Translate(x, y)
		p.s = r
	}
	set()
	cuff := rect(-0.46, 0.56, 0.86, 0.42, 0.08)
	p.part(cuff)
	p.strokeKeep(dst, b.p.Ink, 0.09)
	p.fill(dst, b.p.Sleeve)
	p.move(-0.46, 0.7)
	p.line(0.4, 0.7)
	p.stroke(dst, mix(b.p.Sleeve, white, 0.35), 0.04)
	for _, h := range parts {
		p.part(h)
	}
	p.stroke(dst, b.p.Ink, 0.12)
	for _, h := range parts {
		p.part(h)
	}
	p.fill(dst, b.p.Skin)
	// Later parts overlap earlier ones: give each a faint edge where it
	// crosses the palm, so fingers read as fingers.
	for _, h := range parts[1:] {
		p.part(h)
		p.stroke(dst, b.p.SkinShade, 0.03)
		p.part(h)
		p.fill(dst, b.p.Skin)
	}
}

// clapBurst draws the impact lines behind a clap.
func (b *Painter) clapBurst(dst *canvas, x, y, r float64) {
	p := &b.pen
	p.at(x, y-0.35*r, r, 0)
	for i := 0; i < 7; i++ {
		a := -math.Pi/2 + (float64(i)-3)*0.42
		p.capsule(0.55*math.Cos(a), 0.55*math.Sin(a), 0.92*math.Cos(a), 0.92*math.Sin(a), 0.045)
	}
	p.fill(dst, b.p.Highlight)
	p.starPoly(8, 0.5, 0.3)
	p.fill(dst, alpha(b.p.Highlight, 0.6))
}
