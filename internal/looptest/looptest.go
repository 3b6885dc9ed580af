// Package looptest runs a package's tests inside Ebitengine's game loop, as
// Ebitengine's own internal/testing does: the whole test binary runs in the
// loop's first Update, where every image operation, ReadPixels included,
// is allowed. A test then draws what it checks, when it runs, and reads
// the pixels back with Capture; nothing is paced at 60 ticks a second.
//
//	func TestMain(m *testing.M) { looptest.Main(m) }
//
//	func TestSheet(t *testing.T) {
//		img := looptest.Capture(t, "sheet", 1280, 720, func(screen *ebiten.Image) { … })
//		…
//	}
//
// Packages that test scenes use scenes/scenetest, which steps a director
// on top of this package.
package looptest

import (
	"errors"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/internal/xvfb"
)

// loop is a game whose first Update runs the whole test binary.
type loop struct {
	m    *testing.M
	code int
}

func (g *loop) Update() error {
	g.code = g.m.Run()
	return ebiten.Termination
}

func (*loop) Draw(*ebiten.Image)         {}
func (*loop) Layout(int, int) (int, int) { return 1, 1 }

// Main is a whole TestMain: it makes sure there is a display (re-running
// the binary under xvfb-run when there is none), runs every test inside
// the game loop and exits with the tests' status. It never returns.
func Main(m *testing.M) {
	if code, rerun := xvfb.Ensure("looptest"); rerun {
		os.Exit(code)
	}
	ebiten.SetWindowSize(320, 180)
	ebiten.SetWindowTitle("looptest")
	ebiten.SetRunnableOnUnfocused(true)
	g := &loop{m: m, code: 1}
	if err := ebiten.RunGame(g); err != nil && !errors.Is(err, ebiten.Termination) {
		fmt.Fprintln(os.Stderr, "looptest:", err)
		os.Exit(1)
	}
	os.Exit(g.code)
}

// Capture has draw paint a w×h screen and returns its pixels; the PNG is
// kept as janken-NAME.png in the system's temporary directory for a
// person to look at, and its path is logged. It must be called from a
// test run by Main.
func Capture(t testing.TB, name string, w, h int, draw func(screen *ebiten.Image)) *image.RGBA {
	t.Helper()
	screen := ebiten.NewImage(w, h)
	defer screen.Deallocate()
	draw(screen)
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	screen.ReadPixels(img.Pix)
	Save(t, name, img)
	return img
}

// Save keeps img as janken-NAME.png in the system's temporary directory
// for a person to look at (a picture a test made of a screenshot, such
// as its greyscale), and logs its path.
func Save(t testing.TB, name string, img image.Image) {
	t.Helper()
	path := filepath.Join(os.TempDir(), "janken-"+name+".png")
	if err := writePNG(path, img); err != nil {
		t.Errorf("screenshot %s: %v", name, err)
	} else {
		t.Logf("screenshot: %s", path)
	}
}

// writePNG writes img to path as a PNG file.
func writePNG(path string, img image.Image) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(f, img); err != nil {
		f.Close()
		return fmt.Errorf("encode %s: %w", path, err)
	}
	return f.Close()
}
