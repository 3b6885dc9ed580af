package scenes

import (
	"image"
	"image/color"
	"math"

	"golang.org/x/image/vector"

	"github.com/jankenarcade/janken/rulesets"
)

// windowIcons returns the program's icon at the sizes window systems ask
// for: the title emblem, rock, paper and scissors in a ring, rasterised in
// Go so that it needs no GPU and no file.
func windowIcons() []image.Image {
	sizes := [...]int{16, 32, 48, 64, 128}
	icons := make([]image.Image, len(sizes))
	for i, n := range sizes {
		icons[i] = drawIcon(n, &standardPalette)
	}
	return icons
}

// drawIcon draws the emblem on an n×n transparent image.
func drawIcon(n int, pal *Palette) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, n, n))
	z := vector.NewRasterizer(n, n)
	s := float32(n)
	disc := func(cx, cy, r float32, clr color.RGBA) {
		z.Reset(n, n)
		circlePath(z, cx, cy, r)
		z.Draw(img, img.Bounds(), image.NewUniform(clr), image.Point{})
	}
	disc(s/2, s/2, s*0.49, pal.Accent)
	disc(s/2, s/2, s*0.43, pal.BackdropDeep)
	for i, sym := range rulesets.Symbols {
		a := float64(i)*2*math.Pi/3 - math.Pi/2
		disc(s/2+s*0.2*float32(math.Cos(a)), s/2+s*0.2*float32(math.Sin(a)), s*0.15, pal.Symbol(sym))
	}
	return img
}

// circlePath adds a circle of four cubic Béziers to z.
func circlePath(z *vector.Rasterizer, cx, cy, r float32) {
	const k = 0.5522847 // control distance of a quarter circle
	z.MoveTo(cx+r, cy)
	z.CubeTo(cx+r, cy+k*r, cx+k*r, cy+r, cx, cy+r)
	z.CubeTo(cx-k*r, cy+r, cx-r, cy+k*r, cx-r, cy)
	z.CubeTo(cx-r, cy-k*r, cx-k*r, cy-r, cx, cy-r)
	z.CubeTo(cx+k*r, cy-r, cx+r, cy-k*r, cx+r, cy)
	z.ClosePath()
}
