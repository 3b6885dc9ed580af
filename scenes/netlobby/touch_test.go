//go:build !js

package netlobby

import (
	"regexp"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/netplay"
	"github.com/jankenarcade/janken/scenes"
)

// keyNames matches what names a key, as the lobby's hints did.
var keyNames = regexp.MustCompile(`\b(Esc|Enter|Backspace)\b`)

// said draws a frame of d and returns its text.
func said(d *scenes.Director) string {
	var lines []string
	d.RecordText(func(line string, _, _ float64) { lines = append(lines, line) })
	defer d.RecordText(nil)
	screen := ebiten.NewImage(scenes.ScreenWidth, scenes.ScreenHeight)
	defer screen.Deallocate()
	d.Draw(screen)
	return strings.Join(lines, "\n")
}

// TestTouchOnlyJoinNamesNoKeys follows a joiner on a touch-only device:
// the code's field names no key, shows the keypad, and a tap beside the
// keypad does nothing while its Back leaves; once joined, the waiting
// screen names no key either, a tap beside its way out does nothing and a
// tap on it leaves the room.
func TestTouchOnlyJoinNamesNoKeys(t *testing.T) {
	r := newJoinerRoom(t)
	r.until(600, "", func() bool { return r.joiner.mode == modeJoin })
	tap := func(x, y float64) {
		t.Helper()
		sx, sy := r.d.ToScreen(x, y)
		for _, e := range []input.Event{input.TouchDown(1, sx, sy), input.TouchUp(1)} {
			r.src.Advance()
			r.src.Do(e)
			r.host.Update(r.n.Now())
			if err := r.d.Update(); err != nil {
				t.Fatal(err)
			}
		}
	}
	r.joiner.typeCode(netplay.Room{})
	if text := said(r.d); !strings.Contains(text, "Enter: join") || strings.Contains(text, "Delete") {
		t.Fatalf("with keys the code's field says:\n%s\nwant its keys and no keypad", text)
	}
	tap(1250, 30) // an empty corner
	if r.joiner.mode != modeType {
		t.Fatalf("a tap beside the keypad left the code's field for mode %v", r.joiner.mode)
	}
	text := said(r.d)
	if named := keyNames.FindAllString(text, -1); named != nil || !strings.Contains(text, "Delete") {
		t.Errorf("on a touch-only device the code's field says:\n%s\nnaming %q; want no key and the keypad", text, named)
	}
	back := r.joiner.keypad()[keyIndex(t, r.joiner.keypad(), "Back")]
	tap(back.x+back.w/2, back.y+back.h/2)
	if r.joiner.mode != modeJoin {
		t.Fatalf("the keypad's Back left the lobby in mode %v, want the list of rooms", r.joiner.mode)
	}

	r.joiner.joinRoom(destination{code: roomCode, addr: r.addr})
	r.until(600, "", func() bool { return r.joiner.joined.Done })
	if !r.d.TouchOnly() {
		t.Fatal("not touch-only")
	}
	text = said(r.d)
	if named := keyNames.FindAllString(text, -1); named != nil || !strings.Contains(text, leaveTap) {
		t.Errorf("on a touch-only device the waiting screen says:\n%s\nnaming %q; want no key and %q", text, named, leaveTap)
	}
	tap(leftX+200, 500) // below the way out
	if r.joiner.mode != modeWaiting {
		t.Fatalf("a tap beside the way out left the room (mode %v)", r.joiner.mode)
	}
	tap(leftX+20, r.joiner.leaveY()+10)
	if r.joiner.mode == modeWaiting {
		t.Error("a tap on the way out did not leave the room")
	}
}
