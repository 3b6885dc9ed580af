package cardtable

import (
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/scenes/privacy"
	"github.com/jankenarcade/janken/scenes/scenetest"
)

// TestPeekHintWording: two players on the keyboard's two zones share the
// screen in Peek mode. The hint names their Peek keys; once the screen is
// touched (a touch-only device) it names none, and a key press brings the
// names back.
func TestPeekHintWording(t *testing.T) {
	f := newFixture(t, 3, privacy.Peek, &leftKeys, &rightKeys)
	var lines []string
	f.d.RecordText(func(line string, x, y float64) { lines = append(lines, line) })
	hint := func() string {
		t.Helper()
		lines = lines[:0]
		scenetest.Shoot(t, f.d, "cardtable-peek-hint")
		for _, l := range lines {
			if strings.HasPrefix(l, "Hold ") {
				return l
			}
		}
		t.Fatalf("no peek hint among %q", lines)
		return ""
	}
	const keys, touch = "Hold L-Shift or R-Shift to see your hand — others look away", "Hold Peek to see your hand — others look away"
	if got := hint(); got != keys {
		t.Errorf("with keys the hint is %q, want %q", got, keys)
	}
	sx, sy := f.d.ToScreen(640, 360)
	f.tick(input.TouchDown(1, sx, sy))
	if got := hint(); got != touch {
		t.Errorf("on a touch-only device the hint is %q, want %q", got, touch)
	}
	f.tick(input.KeyDown(ebiten.KeyArrowLeft)) // the right zone moves its cursor
	if got := hint(); got != keys {
		t.Errorf("after a key press the hint is %q, want %q", got, keys)
	}
}
