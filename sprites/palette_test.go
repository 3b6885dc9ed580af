package sprites

import (
	"image/color"
	"math"
	"testing"
)

// TestMarksDistinct checks the promise that colour is never the only cue:
// within each group of swatches, no two share a shape, and no two share a
// pattern (seats are told apart by shape alone).
func TestMarksDistinct(t *testing.T) {
	for _, p := range []Palette{Standard(), ColourBlind()} {
		groups := map[string][]Swatch{"symbols": p.SymbolInk[:], "slam": p.SlamColours[:], "suits": p.Suits[:], "seats": p.Seats[:]}
		for name, g := range groups {
			shapes, patterns, names := map[Shape]string{}, map[Pattern]string{}, map[string]bool{}
			for _, sw := range g {
				if sw.Name == "" || names[sw.Name] {
					t.Errorf("%s %s: empty or repeated name %q", p.Name, name, sw.Name)
				}
				names[sw.Name] = true
				if other, dup := shapes[sw.Shape]; dup {
					t.Errorf("%s %s: %s and %s share a shape", p.Name, name, sw.Name, other)
				}
				shapes[sw.Shape] = sw.Name
				if name == "seats" {
					continue
				}
				if other, dup := patterns[sw.Pattern]; dup || sw.Pattern == PatternPlain {
					t.Errorf("%s %s: %s has no pattern of its own (shared with %q)", p.Name, name, sw.Name, other)
				}
				patterns[sw.Pattern] = sw.Name
			}
		}
	}
}

// Machado, Oliveira and Fernandes (2009) simulation matrices for full
// protanopia, deuteranopia and tritanopia, applied to linear RGB.
var colourVision = map[string][3][3]float64{
	"protanopia":   {{0.152286, 1.052583, -0.204868}, {0.114503, 0.786281, 0.099216}, {-0.003882, -0.048116, 1.051998}},
	"deuteranopia": {{0.367322, 0.860646, -0.227968}, {0.280085, 0.672501, 0.047413}, {-0.011820, 0.042940, 0.968881}},
	"tritanopia":   {{1.255528, -0.076749, -0.178779}, {-0.078411, 0.930809, 0.147602}, {0.004733, 0.691367, 0.303900}},
}

func linear(c uint8) float64 {
	v := float64(c) / 255
	if v <= 0.04045 {
		return v / 12.92
	}
	return math.Pow((v+0.055)/1.055, 2.4)
}

// lab converts linear RGB to CIE L*a*b* (D65).
func lab(r, g, b float64) [3]float64 {
	x := (0.4124*r + 0.3576*g + 0.1805*b) / 0.95047
	y := 0.2126*r + 0.7152*g + 0.0722*b
	z := (0.0193*r + 0.1192*g + 0.9505*b) / 1.08883
	f := func(t float64) float64 {
		if t > 216.0/24389 {
			return math.Cbrt(t)
		}
		return (24389.0/27*t + 16) / 116
	}
	return [3]float64{116*f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))}
}

// seenAs returns c's Lab colour as a viewer with the deficiency m sees it.
func seenAs(c color.RGBA, m [3][3]float64) [3]float64 {
	r, g, b := linear(c.R), linear(c.G), linear(c.B)
	clamp := func(v float64) float64 { return math.Max(0, math.Min(1, v)) }
	return lab(clamp(m[0][0]*r+m[0][1]*g+m[0][2]*b), clamp(m[1][0]*r+m[1][1]*g+m[1][2]*b), clamp(m[2][0]*r+m[2][1]*g+m[2][2]*b))
}

// TestColourBlindPaletteSeparates checks that the colours a game asks
// players to tell apart at speed — Slam's three colours, Ninjan's three
// suits — stay clearly different (ΔE ≥ 20) for each full colour-vision
// deficiency in the colour-blind palette. The standard palette's red and
// green are expected to fail this; its marks carry those players.
func TestColourBlindPaletteSeparates(t *testing.T) {
	p := ColourBlind()
	for vision, m := range colourVision {
		for name, g := range map[string][]Swatch{"slam": p.SlamColours[:], "symbols": p.SymbolInk[:]} {
			closest := math.Inf(1)
			for i := range g {
				for j := i + 1; j < len(g); j++ {
					a, b := seenAs(g[i].Fill, m), seenAs(g[j].Fill, m)
					d := math.Sqrt((a[0]-b[0])*(a[0]-b[0]) + (a[1]-b[1])*(a[1]-b[1]) + (a[2]-b[2])*(a[2]-b[2]))
					closest = math.Min(closest, d)
					if d < 20 {
						t.Errorf("%s, %s: %s and %s differ by ΔE %.1f", vision, name, g[i].Name, g[j].Name, d)
					}
				}
			}
			t.Logf("%s, %s: closest pair ΔE %.1f", vision, name, closest)
		}
	}
}
