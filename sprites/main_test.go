package sprites

import (
	"errors"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/internal/xvfb"
)

// The tests need a running Ebitengine loop: textures can only be read back
// once the game runs. TestMain runs one short game that builds both
// atlases, draws the contact sheets and measures the per-frame draw, and
// the tests then check what it recorded. Without a display, TestMain
// re-runs the test binary under xvfb-run.

// rendered is what the in-game pass recorded, per palette.
type rendered struct {
	palette Palette
	atlas   *Atlas
	pages   [][]byte // RGBA pixels of each contact sheet, sheetW×sheetH
	sprites map[string][]byte
	allocs  float64
	screen  *ebiten.Image // where measure draws
}

var (
	results   []*rendered
	buildTime []time.Duration // NewAtlas's wall time per palette
)

const (
	sheetW = 1280
	sheetH = 720
)

func TestMain(m *testing.M) {
	if code, rerun := xvfb.Ensure("sprites"); rerun {
		os.Exit(code)
	}
	ebiten.SetWindowSize(sheetW/2, sheetH/2)
	ebiten.SetWindowTitle("sprites test")
	g := &sheetGame{}
	if err := ebiten.RunGame(g); err != nil && !errors.Is(err, ebiten.Termination) {
		fmt.Fprintln(os.Stderr, "sprites: running the render pass:", err)
		os.Exit(1)
	}
	// Every test reads what the pass recorded; an empty record would let
	// them pass without checking anything.
	if len(results) != 2 || len(results[0].pages) != len(sheetPages) || len(results[1].sprites) == 0 {
		fmt.Fprintln(os.Stderr, "sprites: the render pass recorded nothing")
		os.Exit(1)
	}
	os.Exit(m.Run())
}

// lastFrame is the frame that ends the render pass, a second in.
const lastFrame = 60

// sheetGame builds the atlases on its first update, records everything
// on the third and measures drawing on every one after, up to lastFrame.
type sheetGame struct {
	frame int
}

func (g *sheetGame) Update() error {
	g.frame++
	switch g.frame {
	case 1:
		for _, p := range []Palette{Standard(), ColourBlind()} {
			start := time.Now()
			results = append(results, &rendered{palette: p, atlas: NewAtlas(p, sampleDeck), sprites: map[string][]byte{}})
			buildTime = append(buildTime, time.Since(start))
		}
	case 3:
		for _, r := range results {
			r.record()
		}
	default:
		// Ebitengine reuses the draw commands of earlier frames, and moves
		// sprites drawn often onto shared textures, where their draws
		// merge: it settles within 50 frames (the same ones every run),
		// and from then on drawing must allocate nothing.
		for _, r := range results {
			r.measure()
		}
		if g.frame == lastFrame {
			return ebiten.Termination
		}
	}
	return nil
}

func (g *sheetGame) Draw(screen *ebiten.Image) {
	if len(results) > 0 && results[0].atlas != nil {
		drawTable(screen, results[0].atlas)
	}
}

func (g *sheetGame) Layout(int, int) (int, int) { return sheetW, sheetH }

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

// measure measures the allocations of drawing a full table, 6 times in
// the frame: Ebitengine keeps at most 1024 draw commands of a frame for
// reuse, and a table takes about 50.
func (r *rendered) measure() {
	if r.screen == nil {
		r.screen = ebiten.NewImage(sheetW, sheetH)
	}
	r.allocs = testing.AllocsPerRun(5, func() { drawTable(r.screen, r.atlas) })
}
