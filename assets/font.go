package assets

import (
	"bytes"
	"fmt"
	"sync"

	"github.com/hajimehoshi/ebiten/v2/text/v2"
)

// A font family parsed once, with its faces cached by size.
type family struct {
	ttf    []byte
	once   sync.Once
	source *text.GoTextFaceSource
	mu     sync.Mutex
	faces  map[float64]*text.GoTextFace
}

var (
	regular = family{ttf: regularTTF}
	bold    = family{ttf: boldTTF}
)

// Face returns the regular Go font at size pixels. The face is shared and
// must not be modified.
func Face(size float64) *text.GoTextFace { return regular.face(size) }

// BoldFace returns the bold Go font at size pixels. The face is shared and
// must not be modified.
func BoldFace(size float64) *text.GoTextFace { return bold.face(size) }

func (f *family) face(size float64) *text.GoTextFace {
	f.once.Do(func() {
		src, err := text.NewGoTextFaceSource(bytes.NewReader(f.ttf))
		if err != nil {
			// The fonts are compiled in; failing to parse them is a
			// broken build, not a runtime condition.
			panic(fmt.Sprintf("assets: parse built-in font: %v", err))
		}
		f.source = src
		f.faces = make(map[float64]*text.GoTextFace)
	})
	f.mu.Lock()
	defer f.mu.Unlock()
	face, ok := f.faces[size]
	if !ok {
		face = &text.GoTextFace{Source: f.source, Size: size}
		f.faces[size] = face
	}
	return face
}
