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

// sheetGame builds the atlases on its first update and records everything
// on the next, then ends.
type sheetGame struct {
	frame int
}

func (g *sheetGame) Update() error {
	g.frame++
	switch g.frame {
	case 1:
		for _, p := range []Palette{Standard(), ColourBlind()} {
			start := time.Now()
			results = append(results, &rendered{palette: p, atlas: NewAtlas(p), sprites: map[string][]byte{}})
			buildTime = append(buildTime, time.Since(start))
		}
	case 3:
		for _, r := range results {
			r.record()
		}
		return ebiten.Termination
	}
	return nil
}

func (g *sheetGame) Draw(screen *ebiten.Image) {
	if len(results) > 0 && results[0].atlas != nil {
		drawTable(screen, results[0].atlas)
	}
}

func (g *sheetGame) Layout(int, int) (int, int) { return sheetW, sheetH }

// record draws the contact sheets, reads back every sprite and measures
// the allocations of drawing a full table.
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
	screen := ebiten.NewImage(sheetW, sheetH)
	drawTable(screen, r.atlas) // warm up caches
	r.allocs = testing.AllocsPerRun(20, func() { drawTable(screen, r.atlas) })
	screen.Deallocate()
}
