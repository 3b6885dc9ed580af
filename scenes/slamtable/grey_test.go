package slamtable

import (
	"image"
	"image/color"
	"math"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/internal/looptest"
	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/rulesets/slam"
	"github.com/jankenarcade/janken/sprites"
)

// minMarkDiff is how much, in grey levels (0–255) averaged over the
// square of a colour's mark, the marks of two colours must differ: a
// different shape leaves about a third of the square's pixels far apart.
const minMarkDiff = 30.0

// TestFrontsReadInGreyscale paints Slam's six fronts in each palette at
// the size "How to play" shows them, converts them to grey and checks
// that every symbol in each colour differs measurably from the same
// symbol in each other colour by its marks (hue and the fill's patterns
// alone do not: red and blue are close in grey, and patterns do not show
// on thin scissors blades). The fronts are saved in colour and in grey
// for a person to look at.
func TestFrontsReadInGreyscale(t *testing.T) {
	for _, pal := range []sprites.Palette{sprites.Standard(), sprites.ColourBlind()} {
		atlas := sprites.NewAtlas(pal, deck)
		defer atlas.Release()
		img := looptest.Capture(t, "slam-fronts-"+pal.Name, 6*sprites.CardWidth, sprites.CardHeight, func(dst *ebiten.Image) {
			dst.Fill(color.White)
			for i := range 6 {
				atlas.Draw(dst, atlas.Card(fronts+i), sprites.Place{X: sprites.CardWidth * (float64(i) + 0.5), Y: sprites.CardHeight / 2})
			}
		})
		grey := image.NewGray(img.Bounds())
		for y := range img.Bounds().Dy() {
			for x := range img.Bounds().Dx() {
				grey.Set(x, y, img.At(x, y))
			}
		}
		looptest.Save(t, "slam-fronts-grey-"+pal.Name, grey)
		for _, sym := range rulesets.Symbols {
			for a := slam.Red; a <= slam.Blue; a++ {
				for b := a + 1; b <= slam.Blue; b++ {
					i, j, y := frontWith(sym, a), frontWith(sym, b), frontSymbolY(sym)
					m := markDiff(grey, i, j, y)
					t.Logf("%s: %s in %s and in %s: marks %.1f grey levels apart, the symbols' mean greys %.1f", pal.Name, symbolName(sym), a, b, m, symbolDiff(grey, i, j, y))
					if m < minMarkDiff {
						t.Errorf("%s: %s in %s and in %s: marks %.1f grey levels apart, want at least %.0f", pal.Name, symbolName(sym), a, b, m, minMarkDiff)
					}
				}
			}
		}
	}
}

// frontWith returns the index of the first front that draws sym in col.
func frontWith(sym rulesets.Symbol, col slam.Colour) int {
	for i := range 6 {
		if slam.Card(9*i).FrontColour(sym) == col {
			return i
		}
	}
	panic("no front draws " + sym.String() + " in " + col.String())
}

// symbolDiff is the difference, in grey levels, of the mean grey of the
// squares that hold the symbol centred y from the top of fronts i and j:
// how much lighter or darker the symbol reads in one colour than in the
// other.
func symbolDiff(grey *image.Gray, i, j int, y float64) float64 {
	size := int(2 * frontSymbolR)
	x, top := sprites.CardWidth/2-size/2, int(y-frontSymbolR)
	return math.Abs(blockMean(grey, i*sprites.CardWidth+x, top, size) - blockMean(grey, j*sprites.CardWidth+x, top, size))
}

func blockMean(grey *image.Gray, x, y, size int) float64 {
	sum := 0
	for dy := range size {
		for dx := range size {
			sum += int(grey.GrayAt(x+dx, y+dy).Y)
		}
	}
	return float64(sum) / float64(size*size)
}

// markDiff is the mean absolute difference, in grey levels, of the
// squares that hold the left colour marks beside the symbol centred y
// from the top of fronts i and j.
func markDiff(grey *image.Gray, i, j int, y float64) float64 {
	x0, y0 := int(frontMarkX-colourMarkR-1), int(y-colourMarkR-1)
	side := int(2*colourMarkR + 2)
	sum := 0
	for dy := range side {
		for dx := range side {
			a := int(grey.GrayAt(i*sprites.CardWidth+x0+dx, y0+dy).Y)
			b := int(grey.GrayAt(j*sprites.CardWidth+x0+dx, y0+dy).Y)
			sum += max(a-b, b-a)
		}
	}
	return float64(sum) / float64(side*side)
}
