//go:build !js

package netlobby

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/netplay"
)

// TestJoinerHearsTheRoomGo: over real sockets on 127.0.0.1, a friend
// waits in the host's room. When the host leaves it, the friend's lobby
// says so at once and goes back to the room list; when the host's machine
// vanishes without a word, it says so once the host has left its hellos
// unanswered for hostSilence. Before, a welcomed joiner waited for a start
// that never came, however long.
func TestJoinerHearsTheRoomGo(t *testing.T) {
	joined := func(t *testing.T) *loopbackLobbies {
		l := newLoopbackLobbies(t, "test/1")
		l.seatJoiner()
		return l
	}
	t.Run("the host leaves the room", func(t *testing.T) {
		l := joined(t)
		// Well within hostSilence's 600 ticks, after which the silence
		// alone would send the joiner back, saying something else.
		l.run(200, func(lb *Lobby) ebiten.Key {
			if lb == l.host && lb.mode == modeHost {
				return ebiten.KeyEscape
			}
			return 0
		}, func() bool { return l.joiner.mode == modeJoin })
		if want := "The host closed the room."; l.joiner.err != want {
			t.Errorf("the joiner's lobby says %q, want %q", l.joiner.err, want)
		}
	})
	t.Run("the host's machine vanishes", func(t *testing.T) {
		l := joined(t)
		gone := l.jd.Tick()
		for l.joiner.mode != modeJoin {
			if l.jd.Tick()-gone > int64(hostSilence/netplay.TickDuration)+60 {
				t.Fatalf("the joiner still waits in the room %d ticks after its host went", l.jd.Tick()-gone)
			}
			l.jsrc.Advance()
			if err := l.jd.Update(); err != nil {
				t.Fatal(err)
			}
			loopbackPause()
		}
		if waited := l.jd.Tick() - gone; waited < int64(hostSilence/netplay.TickDuration) {
			t.Errorf("the joiner gave up on its host after %d ticks, before hostSilence", waited)
		}
		if want := "The host's machine stopped answering."; l.joiner.err != want {
			t.Errorf("the joiner's lobby says %q, want %q", l.joiner.err, want)
		}
	})
}
