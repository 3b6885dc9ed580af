package assets

import (
	"fmt"
	"sync"

	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
)

// A font family parsed once, with its faces cached by size.
type family struct {
	ttf   []byte
	once  sync.Once
	font  *opentype.Font
	mu    sync.Mutex
	faces map[float64]*text.GoXFace
}

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
// settings.NameChars), so a shaping engine would set the same text, and
// leaving one out makes the browser's download 0.74 MB (gzipped) smaller
// and its first frame quicker.
func (f *family) face(size float64) text.Face {
	f.once.Do(func() {
		font, err := opentype.Parse(f.ttf)
		if err != nil {
			// The fonts are compiled in; failing to parse them is a
			// broken build, not a runtime condition.
			panic(fmt.Sprintf("assets: parse built-in font: %v", err))
		}
		f.font = font
		f.faces = make(map[float64]*text.GoXFace)
	})
	f.mu.Lock()
	defer f.mu.Unlock()
	face, ok := f.faces[size]
	if !ok {
		var err error
		if face, err = newFace(f.font, size); err != nil {
			panic(fmt.Sprintf("assets: a face of the built-in font at %v px: %v", size, err))
		}
		f.faces[size] = face
	}
	return face
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
