package cardtable

import (
	"errors"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/scenes/privacy"
)

// TestRematchFailureIsShown: when "Play again" cannot deal the rematch,
// the results stay and say why, instead of doing nothing.
func TestRematchFailureIsShown(t *testing.T) {
	f := newFixture(t, 1, privacy.HandOff, nil, nil)
	f.againErr = errors.New("the seating changed")
	f.until(300, func() bool { return f.d.Top().Name() == "results" && !f.d.Transitioning() })
	f.tick(input.KeyDown(ebiten.KeyEnter)) // "Play again"
	f.until(60, func() bool { return len(f.agains) == 1 })
	res, ok := f.d.Top().(*Results)
	if !ok || res.Failed != "No rematch: the seating changed" {
		t.Fatalf("top scene %q; want the results saying why the rematch failed", f.d.Top().Name())
	}
}
