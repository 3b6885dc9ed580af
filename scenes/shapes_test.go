package scenes

import (
	"image"
	"image/color"
	"math"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/rulesets"
)

// shapeCanvas is a 400×300 transparent target, scale pixels per logical
// pixel.
func shapeCanvas(scale float64) (*Canvas, *ebiten.Image) {
	img := ebiten.NewImage(400, 300)
	c := &Canvas{}
	c.reset(img, scale, 0, 0, color.RGBA{})
	return c, img
}

// pixels reads img back.
func pixels(img *ebiten.Image) *image.RGBA {
	b := img.Bounds()
	out := image.NewRGBA(b)
	img.ReadPixels(out.Pix)
	return out
}

// coverage returns the summed alpha of img in pixels.
func coverage(img *image.RGBA) float64 {
	sum := 0
	for i := 3; i < len(img.Pix); i += 4 {
		sum += int(img.Pix[i])
	}
	return float64(sum) / 255
}

// roundRectArea is the area of a w×h rectangle with corners of radius r.
func roundRectArea(w, h, r float64) float64 { return w*h - (4-math.Pi)*r*r }

// TestShapes draws each shape on a transparent image: its area must be
// the shape's (the anti-aliased edges sum to the true area), the pixels
// well inside must be exactly its colour, and those outside untouched.
func TestShapes(t *testing.T) {
	red := color.RGBA{0xff, 0, 0, 0xff}
	type pt struct{ x, y int }
	for _, tc := range []struct {
		name    string
		scale   float64
		draw    func(c *Canvas)
		area    float64 // in pixels
		in, out []pt
	}{
		{"round rect", 1, func(c *Canvas) { c.RoundRect(20, 30, 120, 80, 16, red) },
			roundRectArea(120, 80, 16), []pt{{80, 70}, {21, 70}, {80, 31}, {25, 40}}, []pt{{20, 30}, {22, 32}, {19, 70}, {80, 111}}},
		{"square rect", 1, func(c *Canvas) { c.RoundRect(20, 30, 120, 80, 0, red) },
			120 * 80, []pt{{20, 30}, {139, 109}}, []pt{{19, 30}, {140, 109}, {20, 110}}},
		{"pill", 1, func(c *Canvas) { c.RoundRect(20, 30, 200, 40, 40, red) },
			roundRectArea(200, 40, 20), []pt{{120, 31}, {25, 50}}, []pt{{20, 30}, {219, 69}}},
		{"circle", 1, func(c *Canvas) { c.Circle(200, 150, 40, red) },
			math.Pi * 40 * 40, []pt{{200, 150}, {200, 111}, {161, 150}}, []pt{{170, 120}, {241, 150}}},
		{"outline", 1, func(c *Canvas) { c.StrokeRoundRect(20, 30, 120, 80, 16, 4, red) },
			roundRectArea(124, 84, 18) - roundRectArea(116, 76, 14), []pt{{80, 29}, {80, 31}, {18, 70}}, []pt{{80, 70}, {23, 70}, {80, 26}}},
		{"square outline", 1, func(c *Canvas) { c.StrokeRoundRect(20, 30, 120, 80, 0, 2, red) },
			roundRectArea(122, 82, 1) - 118*78, []pt{{80, 29}, {19, 70}}, []pt{{21, 31}, {80, 70}, {18, 28}}},
		{"scaled round rect", 1.5, func(c *Canvas) { c.RoundRect(20, 30, 120, 80, 16, red) },
			1.5 * 1.5 * roundRectArea(120, 80, 16), []pt{{120, 105}, {31, 105}}, []pt{{30, 45}, {29, 105}}},
		{"paper", 1, func(c *Canvas) { DrawSymbol(c, rulesets.Paper, 200, 150, 200, 0, red) },
			4 * (66*88 - 200 - 200), []pt{{200, 150}, {140, 70}}, []pt{{30, 30}, {200, 55}, {233, 97}, {264, 66}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, img := shapeCanvas(tc.scale)
			defer img.Deallocate()
			tc.draw(c)
			got := pixels(img)
			if a := coverage(got); math.Abs(a-tc.area) > 0.01*tc.area+2 {
				t.Errorf("area %.1f pixels, want %.1f", a, tc.area)
			}
			for _, p := range tc.in {
				if c := got.RGBAAt(p.x, p.y); c != red {
					t.Errorf("pixel %v is %v, want %v", p, c, red)
				}
			}
			for _, p := range tc.out {
				if c := got.RGBAAt(p.x, p.y); c.A != 0 {
					t.Errorf("pixel %v is %v, want untouched", p, c)
				}
			}
		})
	}
}

// TestTranslucentFillCoversOnce fills a translucent rounded rectangle: its
// centre and its edges are drawn separately, and where they meet no pixel
// may be covered twice (darker) or missed (lighter), at any scale.
func TestTranslucentFillCoversOnce(t *testing.T) {
	half := WithAlpha(color.RGBA{0xff, 0xff, 0xff, 0xff}, 0.5)
	for _, scale := range []float64{1, 1.37, 2.5} {
		c, img := shapeCanvas(scale)
		c.RoundRect(10.3, 10.6, 100.2, 70.9, 12.5, half)
		got := pixels(img)
		x0, y0 := int(math.Ceil(10.3+12.5)*scale)+1, int(math.Ceil(10.6+12.5)*scale)+1
		x1, y1 := int((10.3+100.2-12.5)*scale)-1, int((10.6+70.9-12.5)*scale)-1
		for y := y0; y <= y1; y++ {
			for x := x0; x <= x1; x++ {
				if a := got.RGBAAt(x, y).A; a < 0x7e || a > 0x81 {
					t.Fatalf("scale %v: pixel (%d, %d) has alpha %#x, want 0x7f", scale, x, y, a)
				}
			}
		}
		img.Deallocate()
	}
}

// sampledCorner is cornerCoverage as it was first written: every texel
// sampled 4×4.
func sampledCorner(key cornerKey) []byte {
	cell, radius := float64(key.cell)/4, float64(key.radius)/4
	centre := cell + 1
	side := int(math.Ceil(2*cell)) + 2
	thick, inner := float64(key.thick)/4, float64(key.inner)/4
	cover := make([]byte, side*side)
	for ty := range side {
		for tx := range side {
			hits := 0
			for sy := range 4 {
				for sx := range 4 {
					dx := math.Abs(float64(tx) + (float64(sx)+0.5)/4 - centre)
					dy := math.Abs(float64(ty) + (float64(sy)+0.5)/4 - centre)
					if !insideRoundSquare(dx, dy, cell, radius) {
						continue
					}
					if key.thick > 0 && insideRoundSquare(dx, dy, cell-thick, inner) {
						continue
					}
					hits++
				}
			}
			cover[ty*side+tx] = byte((hits*255 + 8) / 16)
		}
	}
	return cover
}

// TestCornerCoverageSamplesOnlyEdges checks that sampling only the texels
// an edge crosses makes the same textures as sampling every texel: discs,
// rounded squares and bands, of even and odd quarter-texel sizes, up to
// the largest.
func TestCornerCoverageSamplesOnlyEdges(t *testing.T) {
	for _, key := range []cornerKey{
		{cell: 2, radius: 2},
		{cell: 7, radius: 7},
		{cell: 64, radius: 64},
		{cell: 481, radius: 481},
		{cell: 4 * maxCornerTexels, radius: 4 * maxCornerTexels},
		{cell: 57, radius: 30},
		{cell: 64, radius: 64, thick: 8, inner: 56},
		{cell: 90, radius: 45, thick: 90, inner: 0},
		{cell: 33, radius: 33, thick: 3, inner: 30},
		{cell: 40, radius: 12, thick: 20, inner: 0},
	} {
		got, side := cornerCoverage(key)
		want := sampledCorner(key)
		if len(got) != side*side || len(got) != len(want) {
			t.Fatalf("%+v: %d texels (side %d), want %d", key, len(got), side, len(want))
		}
		for i := range got {
			if got[i] != want[i] {
				t.Errorf("%+v: texel (%d, %d) = %d, want %d", key, i%side, i/side, got[i], want[i])
				break
			}
		}
	}
}
