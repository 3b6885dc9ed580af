package ninjantable

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/netplay"
	"github.com/jankenarcade/janken/persist"
	"github.com/jankenarcade/janken/rulesets/ninjan"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/netlobby"
	"github.com/jankenarcade/janken/scenes/netlobby/netlobbytest"
)

// TestNetLobbyFirstConfirmCounts: a host and a friend meet in Ninjan's
// network lobby, as people do, and the host starts; on each machine the
// first Confirm its player presses once the table waits for them plays
// the highlighted card, none ignored: Enter, the Right keys' Confirm the
// seats start on, or E, the Left keys', which takes the seat up with the
// same press (it was spent on that alone).
func TestNetLobbyFirstConfirmCounts(t *testing.T) {
	for _, confirm := range []ebiten.Key{ebiten.KeyEnter, ebiten.KeyE} {
		t.Run(confirm.String(), func(t *testing.T) { firstConfirmCounts(t, confirm) })
	}
}

func firstConfirmCounts(t *testing.T, confirm ebiten.Key) {
	n := netplay.NewMemNetwork(netplay.LinkConfig{}, 5)
	lan := netlobbytest.LAN(n)
	var lobbies [2]*netlobby.Lobby
	var srcs [2]*input.Script
	var ds [2]*scenes.Director
	for i := range ds {
		cfg := Network()
		cfg.Net, cfg.PlayerName = lan, []string{"Ada", "Bo"}[i]
		srcs[i] = new(input.Script)
		ds[i] = scenes.New(scenes.Options{Source: srcs[i], Store: persist.At(t.TempDir()),
			Start: func(d *scenes.Director) scenes.Scene { lobbies[i] = netlobby.New(d, cfg); return lobbies[i] }})
	}
	// The lobby's keys, by machine and tick: the host hosts; the friend
	// joins the room listed, types its code (once the host shows it) and
	// Enter; the host presses Start once the friend is in.
	keys := [2]map[int]ebiten.Key{{10: ebiten.KeyEnter}, {10: ebiten.KeyDown, 12: ebiten.KeyEnter, 100: ebiten.KeyEnter, 110: ebiten.KeyEnter}}
	var pressed [2]int // the tick each player first pressed Enter at the table
	var runners [2]*Runner
	for tick := 1; tick < 1200 && (pressed[0] == 0 || pressed[1] == 0 || tick < max(pressed[0], pressed[1])+10); tick++ {
		if tick == 105 {
			srcs[1].Type(lobbies[0].Room().String())
		}
		if tick == 200 {
			keys[0][200] = ebiten.KeyEnter // Start
		}
		for i, d := range ds {
			if r, ok := d.Top().(*Runner); ok {
				runners[i] = r
			}
			if k, ok := keys[i][tick-1]; ok {
				srcs[i].Do(input.KeyUp(k))
			}
			switch r := runners[i]; {
			case r != nil && pressed[i] == 0 && !d.Transitioning() && r.Status().Acting == i:
				srcs[i].Do(input.KeyDown(confirm))
				pressed[i] = tick
			case r != nil && pressed[i] == tick-1:
				srcs[i].Do(input.KeyUp(confirm))
			}
			if k, ok := keys[i][tick]; ok {
				srcs[i].Do(input.KeyDown(k))
			}
		}
		for i, d := range ds {
			if err := d.Update(); err != nil {
				t.Fatalf("tick %d: machine %d: %v", tick, i, err)
			}
			srcs[i].Advance()
		}
		n.Advance(netplay.TickDuration)
	}
	for i, r := range runners {
		switch {
		case r == nil:
			t.Fatalf("machine %d never reached the table", i)
		case pressed[i] == 0:
			t.Errorf("machine %d's table never waited for its player", i)
		case !playedFirst(r.Match().View(-1), i):
			t.Errorf("machine %d's first %v (tick %d) played nothing", i, confirm, pressed[i])
		}
	}
}

// playedFirst reports whether seat has played its first card: chosen, or
// revealed once both were (the round then goes on without it in hand).
func playedFirst(v ninjan.View, seat int) bool {
	return v.Chosen[seat] || v.Round > 1 || v.HandSize[seat] < ninjan.Rounds
}
