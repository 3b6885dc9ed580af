//go:build !js

package netlobby

import (
	"image"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/netplay"
	"github.com/jankenarcade/janken/scenes/scenetest"
)

// TestHostFillsEmptySeatWithAI: over 127.0.0.1 a friend joins a
// three-seat room; the host picks the "hard" level on "Add AI" and adds
// one, which takes the empty seat from the joiners' offer, and starts.
// The host's match has the AI's seat among its own, played by its bots;
// the joiner's has three players and no bots to play, but knows the AI's
// seat and level, to name them.
func TestHostFillsEmptySeatWithAI(t *testing.T) {
	l := &loopbackLobbies{t: t, tune: func(c *Config) { c.MaxPlayers, c.Bots = 3, []string{"easy", "medium", "hard"} }}
	net := loopbackLAN(t, &l.wire)
	l.open("test/1", net, net)
	l.seatJoiner()
	add := l.host.addAI()
	steps := []ebiten.Key{ebiten.KeyRight, ebiten.KeyEnter}
	l.run(300, func(lb *Lobby) ebiten.Key {
		switch {
		case lb != l.host:
		case lb.menu.Cursor < add:
			return ebiten.KeyDown
		case len(steps) > 0:
			k := steps[0]
			steps = steps[1:]
			return k
		}
		return 0
	}, func() bool { return len(steps) == 0 && l.host.players() == 3 })
	if l.host.ai != netplay.SeatsOf(2) || l.host.host.Free() != 0 {
		t.Fatalf("AI seats %08b, seats offered %08b; want seat 2 to the AI, none offered", l.host.ai, l.host.host.Free())
	}
	settled := 0 // ticks for the menu's highlight to settle
	l.run(40, func(*Lobby) ebiten.Key { return 0 }, func() bool { settled++; return settled > 30 })
	img := scenetest.Shoot(t, l.hd, "netlobby-ai")
	if n := countIn(img, image.Rect(rightX, 210, rightX+440, 310), l.hd.Palette().Seats[2]); n < 100 {
		t.Errorf("seat 2's marker is drawn with %d pixels", n)
	}
	labels := make([]string, len(l.host.menu.Items))
	for i, it := range l.host.menu.Items {
		labels[i] = it.Label + " " + it.Value
	}
	if got := strings.Join(labels, "|"); got != "Start |Kick Bo the joiner |Add AI hard|Remove AI |Close the room " {
		t.Errorf("host menu %q", got)
	}
	l.run(300, func(lb *Lobby) ebiten.Key {
		if lb == l.host && lb.menu.Cursor > 0 {
			return ebiten.KeyUp
		}
		if lb == l.host && lb.mode == modeHost {
			return ebiten.KeyEnter // Start
		}
		return 0
	}, func() bool { return l.hostM != nil && l.joinerM != nil })
	for _, m := range []*Match{l.hostM, l.joinerM} {
		t.Cleanup(func() { m.Transport.Close() })
	}
	if l.hostM.Seats != netplay.SeatsOf(0, 2) || l.hostM.Bots != netplay.SeatsOf(2) || l.hostM.BotLevel != "hard" {
		t.Errorf("host's match: seats %08b, bots %08b at %q; want seats 0 and 2, the AI on 2, hard", l.hostM.Seats, l.hostM.Bots, l.hostM.BotLevel)
	}
	if n, err := l.joinerM.Players(); n != 3 || err != nil || l.joinerM.Bots != 0 || l.joinerM.Seats != netplay.SeatsOf(1) {
		t.Errorf("joiner's match: %d players (%v), seats %08b, bots %08b", n, err, l.joinerM.Seats, l.joinerM.Bots)
	}
	for name, m := range map[string]*Match{"host": l.hostM, "joiner": l.joinerM} {
		if m.AI != netplay.SeatsOf(2) || m.BotLevel != "hard" {
			t.Errorf("the %s's match names AI seats %08b at %q; want seat 2, hard", name, m.AI, m.BotLevel)
		}
	}
}
