// Package screenshot renders scenes in a real Ebitengine window for tests:
// the lobby's look, and what a hidden-hand table actually shows while it is
// one seat's private moment.
//
// Ebitengine runs only on the main thread, so tests render from TestMain
// and check the images in ordinary tests:
//
//	var lobbyShot *screenshot.Shot
//
//	func TestMain(m *testing.M) { screenshot.Main(m, shots) }
//
//	func shots(dir string) ([]*screenshot.Shot, error) {
//		d := scenes.New(scenes.Options{Source: script, Store: persist.At(dir), …})
//		lobbyShot = &screenshot.Shot{Name: "lobby", Director: d, Step: step}
//		return []*screenshot.Shot{lobbyShot}, nil
//	}
package screenshot

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
	"github.com/jankenarcade/janken/scenes"
)

// EnsureDisplay re-runs the test binary under xvfb-run when there is no
// display. It reports whether it did, with the exit code to end with; it
// fails loudly rather than let screenshot tests pass by doing nothing.
func EnsureDisplay() (code int, rerun bool) { return xvfb.Ensure("screenshot") }

// Shot is one scene to render: Step runs before each of the director's
// ticks (feeding its input Script) until it returns true; the frame drawn
// after that tick is captured into Image.
type Shot struct {
	Name     string
	Director *scenes.Director
	Step     func(tick int) (done bool)
	// Image is the captured screen, ScreenWidth×ScreenHeight.
	Image *image.RGBA
	// Path is where the PNG was written (in the system's temporary
	// directory), for a person to look at.
	Path string
}

// Run renders every shot in turn in one window of the logical screen's
// size. It must be called on the main thread (from TestMain).
func Run(shots ...*Shot) error {
	ebiten.SetWindowSize(scenes.ScreenWidth, scenes.ScreenHeight)
	ebiten.SetWindowTitle("screenshot")
	g := &game{shots: shots}
	if err := ebiten.RunGame(g); err != nil && !errors.Is(err, ebiten.Termination) {
		return fmt.Errorf("screenshot: %w", err)
	}
	if g.err != nil {
		return g.err
	}
	for _, s := range shots {
		if s.Image == nil {
			return fmt.Errorf("screenshot: %s was never captured", s.Name)
		}
	}
	return nil
}

// game plays the shots one after the other.
type game struct {
	shots   []*Shot
	current int
	tick    int
	capture bool
	err     error
}

func (g *game) Update() error {
	if g.err != nil || g.current >= len(g.shots) {
		return ebiten.Termination
	}
	if g.capture {
		return nil // several Updates may come before the Draw that captures
	}
	s := g.shots[g.current]
	done := s.Step(g.tick)
	g.tick++
	if err := s.Director.Update(); err != nil {
		g.err = fmt.Errorf("screenshot: %s: %w", s.Name, err)
		return ebiten.Termination
	}
	g.capture = done
	return nil
}

func (g *game) Draw(screen *ebiten.Image) {
	if g.current >= len(g.shots) {
		return
	}
	s := g.shots[g.current]
	s.Director.Draw(screen)
	if !g.capture {
		return
	}
	g.capture = false
	b := screen.Bounds()
	img := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	screen.ReadPixels(img.Pix)
	s.Image = img
	s.Path = filepath.Join(os.TempDir(), "janken-"+s.Name+".png")
	if err := writePNG(s.Path, img); err != nil {
		g.err = err
	}
	g.current++
	g.tick = 0
}

func (g *game) Layout(w, h int) (int, int) {
	return scenes.ScreenWidth, scenes.ScreenHeight
}

func writePNG(path string, img image.Image) error {
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("screenshot: %w", err)
	}
	if err := png.Encode(f, img); err != nil {
		f.Close()
		return fmt.Errorf("screenshot: encode %s: %w", path, err)
	}
	return f.Close()
}

// Main is a whole TestMain for a package with screenshot tests: it makes
// sure there is a display, gives setup a temporary directory (for a
// settings store), renders the shots setup returns, runs the tests and
// exits. It never returns.
func Main(m *testing.M, setup func(dir string) ([]*Shot, error)) {
	if code, rerun := EnsureDisplay(); rerun {
		os.Exit(code)
	}
	dir, err := os.MkdirTemp("", "janken-screenshot")
	if err == nil {
		var shots []*Shot
		if shots, err = setup(dir); err == nil {
			err = Run(shots...)
		}
	}
	if err != nil {
		os.RemoveAll(dir)
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}
