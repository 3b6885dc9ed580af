package sprites

import (
	"runtime"
	"sync"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/internal/looptest"
)

// The tests run inside Ebitengine's game loop (textures can be read back
// only while the game runs): each draws what it checks when it runs.
func TestMain(m *testing.M) { looptest.Main(m) }

// built is an atlas of one palette with every sprite's pixels read back.
type built struct {
	palette Palette
	atlas   *Atlas
	sprites map[string][]byte // RGBA texels of each sprite, by name
}

var (
	builtOnce sync.Once
	builtAll  []*built
)

// atlases returns the atlases of both palettes, built and read back the
// first time a test asks.
func atlases() []*built {
	builtOnce.Do(func() {
		for _, p := range []Palette{Standard(), ColourBlind()} {
			b := &built{palette: p, atlas: NewAtlas(p), sprites: map[string][]byte{}}
			for name, s := range b.atlas.all() {
				r := s.img.Bounds()
				pix := make([]byte, 4*r.Dx()*r.Dy())
				s.img.ReadPixels(pix)
				b.sprites[name] = pix
			}
			builtAll = append(builtAll, b)
		}
	})
	return builtAll
}

const (
	sheetW = 1280
	sheetH = 720
)

// drawAllocs returns how many times drawing a full table with a
// allocates per frame, on average as testing.AllocsPerRun counts. The
// tests run inside one Update, where Ebitengine queues every draw until
// pixels are read back; a frame's end empties the queue, so reading the
// screen back ends each frame here.
func drawAllocs(a *Atlas) uint64 {
	const frames = 10
	screen := ebiten.NewImage(sheetW, sheetH)
	defer screen.Deallocate()
	pix := make([]byte, 4*sheetW*sheetH)
	drawTable(screen, a) // warm up caches
	var before, after runtime.MemStats
	var mallocs uint64
	for range frames {
		screen.ReadPixels(pix)
		runtime.ReadMemStats(&before)
		drawTable(screen, a)
		runtime.ReadMemStats(&after)
		mallocs += after.Mallocs - before.Mallocs
	}
	return mallocs / frames
}
