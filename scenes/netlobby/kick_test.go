//go:build !js

package netlobby

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/scenes/scenetest"
)

// TestHostKicksJoiner: over real sockets on 127.0.0.1, a friend joins;
// the host's lobby lists "Kick <name>", and choosing it frees the seat
// and sends the friend's lobby back to the room list, saying the host
// removed them.
func TestHostKicksJoiner(t *testing.T) {
	l := newLoopbackLobbies(t, "test/1")
	l.seatJoiner()
	kick := l.host.firstKick()
	if got, want := l.host.menu.Items[kick].Label, "Kick "+joinerName; got != want {
		t.Fatalf("the host's menu entry %d is %q, want %q", kick, got, want)
	}
	l.run(120, func(lb *Lobby) ebiten.Key {
		if lb == l.host && lb.menu.Cursor < kick {
			return ebiten.KeyDown
		}
		return 0
	}, func() bool { return l.host.menu.Cursor == kick })
	scenetest.Shoot(t, l.hd, "netlobby-kick")
	l.run(600, func(lb *Lobby) ebiten.Key {
		if lb == l.host && lb.players() == 2 {
			return ebiten.KeyEnter
		}
		return 0
	}, func() bool { return l.joiner.mode == modeJoin })
	if l.host.players() != 1 || len(l.host.host.Joiners()) != 0 {
		t.Errorf("after the kick the host has %d players, joiners %+v", l.host.players(), l.host.host.Joiners())
	}
	if want := "The host removed you from the room."; l.joiner.err != want {
		t.Errorf("the kicked joiner's lobby says %q, want %q", l.joiner.err, want)
	}
	scenetest.Shoot(t, l.jd, "netlobby-kicked")
}
