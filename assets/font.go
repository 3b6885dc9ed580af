package assets

import (
	"fmt"
	"math"
	"sync"

	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
)

// A font family parsed once, with its faces cached by size. Each face
// keeps the images of the glyphs it has drawn, so the cache keeps only the
// maxFaces sizes used last: dragging a window's edge through many scales
// would otherwise keep every scale's glyphs for good.
type family struct {
	ttf   []byte
	once  sync.Once
	font  *opentype.Font
	mu    sync.Mutex
	faces map[float64]*sizedFace
	uses  uint64 // calls of face so far, which date each face's last use
}

// sizedFace is a cached face and when it was last asked for.
type sizedFace struct {
	face *text.GoXFace
	used uint64
}

// maxFaces is how many sizes of a family are kept: well above what one
// screen uses (a dozen or so; a test process that opens many screens asks
// for 28 of one family), so that no frame makes a face twice.
const maxFaces = 48

var (
	regular = family{ttf: regularTTF}
	bold    = family{ttf: boldTTF}
)

// Face returns the regular Go font at size pixels. The face is shared and
// must not be modified.
func Face(size float64) text.Face { return regular.face(size) }

// BoldFace returns the bold Go font at size pixels. The face is shared and
// must not be modified.
func BoldFace(size float64) text.Face { return bold.face(size) }

// face returns the family's face at size pixels. It is a GoXFace, which
// sets each character by its advance from the font's outlines: every
// character the game draws is one the Go fonts have precomposed, set left
// to right (no name may hold a combining mark or another script; see
// drawable.Chars), so a shaping engine would set the same text
// (TestFacesSetTextAsShapingWould), and leaving one out keeps go-text's
// HarfBuzz out of the program: the browser's download is 0.74 MB
// (gzipped) smaller.
func (f *family) face(size float64) text.Face {
	f.once.Do(func() {
		font, err := opentype.Parse(f.ttf)
		if err != nil {
			// The fonts are compiled in; failing to parse them is a
			// broken build, not a runtime condition.
			panic(fmt.Sprintf("assets: parse built-in font: %v", err))
		}
		f.font = font
		f.faces = make(map[float64]*sizedFace)
	})
	f.mu.Lock()
	defer f.mu.Unlock()
	f.uses++
	e, ok := f.faces[size]
	if !ok {
		if len(f.faces) >= maxFaces {
			f.forgetOldest()
		}
		face, err := newFace(f.font, size)
		if err != nil {
			panic(fmt.Sprintf("assets: a face of the built-in font at %v px: %v", size, err))
		}
		e = &sizedFace{face: face}
		f.faces[size] = e
	}
	e.used = f.uses
	return e.face
}

// forgetOldest drops the face used longest ago; its glyph images go with
// it once nothing draws with it.
func (f *family) forgetOldest() {
	oldest, at := 0.0, uint64(math.MaxUint64)
	for size, e := range f.faces {
		if e.used < at {
			oldest, at = size, e.used
		}
	}
	delete(f.faces, oldest)
}

// newFace returns font's face at size pixels, unhinted, as the game sets
// its text.
func newFace(f *opentype.Font, size float64) (*text.GoXFace, error) {
	xf, err := opentype.NewFace(f, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		return nil, err
	}
	return text.NewGoXFace(xf), nil
}
