package scenes_test

import (
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/netplay"
	"github.com/jankenarcade/janken/persist"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/elevensuitstable"
	"github.com/jankenarcade/janken/scenes/netlobby"
	"github.com/jankenarcade/janken/scenes/netlobby/netlobbytest"
	"github.com/jankenarcade/janken/scenes/ninjantable"
	"github.com/jankenarcade/janken/scenes/scenetest"
	"github.com/jankenarcade/janken/scenes/slamtable"
	"github.com/jankenarcade/janken/scenes/thatsminetable"
)

// TestNetTablesShowLobbyNames has Ada host each game in its network
// lobby and Bo join, on a simulated LAN, as people do: once the game
// starts, both machines' tables name the players Ada and Bo, not
// Player 1 and Player 2.
func TestNetTablesShowLobbyNames(t *testing.T) {
	games := []struct {
		name, scene string
		cfg         func() netlobby.Config
		adas        int // the host's players: That's Mine needs three
	}{
		{"ninjan", "ninjan", ninjantable.Network, 1},
		{"thatsmine", "thatsmine", thatsminetable.Network, 2},
		{"elevensuits", "elevensuits", elevensuitstable.Network, 1},
		{"slam", "slam", slamtable.Network, 1},
	}
	for _, g := range games {
		t.Run(g.name, func(t *testing.T) {
			host, joiner := g.cfg(), g.cfg()
			host.PlayerName, host.LocalSeats, joiner.PlayerName = "Ada", g.adas, "Bo"
			want := []string{"Ada", "Bo"}
			if g.adas > 1 { // several players of one machine are numbered
				want = []string{"Ada 1", "Ada 2", "Bo"}
			}
			ds := meetInLobby(t, host, joiner, g.scene)
			for i, d := range ds {
				s := newScreenText(t, d, new(input.Script))
				said := s.draw()
				if !saidAll(said, want...) {
					t.Errorf("machine %d's %s table does not name %q", i, g.name, want)
				}
				for _, l := range said {
					if strings.Contains(l.text, "Player 1") || strings.Contains(l.text, "Player 2") {
						t.Errorf("machine %d's %s table names a player by number: %q", i, g.name, l.text)
					}
				}
				if i == 0 && !testing.Short() {
					scenetest.Shoot(t, d, g.name+"-net-names")
				}
			}
		})
	}
}

// meetInLobby opens a game's network lobby on two machines of a simulated
// LAN, of host's config and joiner's: the first hosts, the second joins
// its room by the list and the code, and the host starts. It returns the
// machines' directors once both show scene, the match's table.
func meetInLobby(t *testing.T, host, joiner netlobby.Config, scene string) [2]*scenes.Director {
	t.Helper()
	n := netplay.NewMemNetwork(netplay.LinkConfig{}, 5)
	lan := netlobbytest.LAN(n)
	var lobbies [2]*netlobby.Lobby
	var srcs [2]*input.Script
	var ds [2]*scenes.Director
	for i, c := range []netlobby.Config{host, joiner} {
		c.Net = lan
		srcs[i] = new(input.Script)
		ds[i] = scenes.New(scenes.Options{Source: srcs[i], Store: persist.At(t.TempDir()),
			Start: func(d *scenes.Director) scenes.Scene { lobbies[i] = netlobby.New(d, c); return lobbies[i] }})
	}
	// The lobby's keys, by machine and tick: the host hosts; the joiner
	// picks Join and the room listed, types its code once the host shows
	// it, and Enter; the host presses Start once the joiner is in.
	keys := [2]map[int]ebiten.Key{{10: ebiten.KeyEnter, 200: ebiten.KeyEnter}, {10: ebiten.KeyDown, 12: ebiten.KeyEnter, 100: ebiten.KeyEnter, 110: ebiten.KeyEnter}}
	for tick := 1; tick < 1200; tick++ {
		if tick == 105 {
			srcs[1].Type(lobbies[0].Room().String())
		}
		for i := range ds {
			if k, ok := keys[i][tick-1]; ok {
				srcs[i].Do(input.KeyUp(k))
			}
			if k, ok := keys[i][tick]; ok {
				srcs[i].Do(input.KeyDown(k))
			}
		}
		at := 0
		for i, d := range ds {
			if err := d.Update(); err != nil {
				t.Fatalf("tick %d: machine %d: %v", tick, i, err)
			}
			srcs[i].Advance()
			if d.Top().Name() == scene && !d.Transitioning() {
				at++
			}
		}
		n.Advance(netplay.TickDuration)
		if at == len(ds) && tick > 260 {
			return ds
		}
	}
	t.Fatalf("the machines show %q and %q, not the %s table", ds[0].Top().Name(), ds[1].Top().Name(), scene)
	return ds
}
