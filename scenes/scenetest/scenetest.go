// Package scenetest runs a package's tests inside Ebitengine's game loop,
// as Ebitengine's own internal/testing does, so that a test steps a
// Director tick by tick and renders only the frames it inspects, when it
// runs. Nothing waits on the clock: a thousand ticks take as long as the
// machine needs, and the result is the same on a busy machine.
//
//	func TestMain(m *testing.M) { scenetest.Main(m) }
//
//	func TestLobbyLooks(t *testing.T) {
//		src := new(input.Script)
//		d := scenes.New(scenes.Options{Source: src, Store: persist.At(t.TempDir()), Start: …})
//		scenetest.Run(t, d, 40, func(tick int) { src.Advance() })
//		img := scenetest.Shoot(t, d, "lobby")
//		…
//	}
package scenetest

import (
	"image"
	"testing"

	"github.com/jankenarcade/janken/internal/looptest"
	"github.com/jankenarcade/janken/scenes"
)

// Main is a whole TestMain: it makes sure there is a display (re-running
// the binary under xvfb-run when there is none), runs every test inside
// the game loop and exits with the tests' status. It never returns.
func Main(m *testing.M) { looptest.Main(m) }

// Run steps the director n ticks, calling before(tick) ahead of each
// (to feed its input script; nil for none). An error from the director
// fails the test.
func Run(t testing.TB, d *scenes.Director, n int, before func(tick int)) {
	t.Helper()
	for tick := range n {
		if before != nil {
			before(tick)
		}
		if err := d.Update(); err != nil {
			t.Fatalf("tick %d: %v", tick, err)
		}
	}
}

// Until steps the director until done reports true, at most limit ticks,
// calling before(tick) ahead of each tick; it fails the test if done never
// holds, and returns the ticks it ran. The limit counts ticks, never time.
func Until(t testing.TB, d *scenes.Director, limit int, before func(tick int), done func() bool) int {
	t.Helper()
	for tick := range limit {
		if done() {
			return tick
		}
		if before != nil {
			before(tick)
		}
		if err := d.Update(); err != nil {
			t.Fatalf("tick %d: %v", tick, err)
		}
	}
	if !done() {
		t.Fatalf("not done after %d ticks", limit)
	}
	return limit
}

// Shoot draws the director's current frame on a ScreenWidth×ScreenHeight
// screen and returns it; the PNG is kept as janken-NAME.png in the
// system's temporary directory for a person to look at, and its path is
// logged.
func Shoot(t testing.TB, d *scenes.Director, name string) *image.RGBA {
	t.Helper()
	return ShootSize(t, d, name, scenes.ScreenWidth, scenes.ScreenHeight)
}

// ShootSize is Shoot on a screen of w×h pixels (a small browser window, a
// phone).
func ShootSize(t testing.TB, d *scenes.Director, name string, w, h int) *image.RGBA {
	t.Helper()
	return looptest.Capture(t, name, w, h, d.Draw)
}
