package sprites

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/internal/looptest"
)

// The tests run inside Ebitengine's game loop (looptest), where textures
// can be read back: each paints and reads what it checks, when it runs.
func TestMain(m *testing.M) { looptest.Main(m) }

// rendered is an atlas of the sample deck and what was read back of it.
type rendered struct {
	palette Palette
	atlas   *Atlas
	pages   [][]byte          // RGBA pixels of each contact sheet, sheetW×sheetH
	sprites map[string][]byte // each sprite's texels, by name (see all)
}

const (
	sheetW = 1280
	sheetH = 720
)

// painted holds the atlases of both palettes once a test has asked for
// them: painting and reading back costs a fraction of a second, which the
// tests that look at the same pictures share.
var painted []*rendered

// paintBoth paints the sample deck in both palettes, draws the contact
// sheets and reads every sprite back, or returns what an earlier test
// made of it.
func paintBoth(t *testing.T) []*rendered {
	t.Helper()
	if painted != nil {
		return painted
	}
	for _, p := range []Palette{Standard(), ColourBlind()} {
		r := &rendered{palette: p, atlas: NewAtlas(p, sampleDeck), sprites: map[string][]byte{}}
		r.record()
		painted = append(painted, r)
	}
	return painted
}

// record draws the contact sheets and reads back every sprite.
func (r *rendered) record() {
	for _, page := range sheetPages {
		img := ebiten.NewImage(sheetW, sheetH)
		page(img, r.atlas)
		pix := make([]byte, 4*sheetW*sheetH)
		img.ReadPixels(pix)
		r.pages = append(r.pages, pix)
		img.Deallocate()
	}
	for name, s := range r.atlas.all() {
		b := s.img.Bounds()
		pix := make([]byte, 4*b.Dx()*b.Dy())
		s.img.ReadPixels(pix)
		r.sprites[name] = pix
	}
}
