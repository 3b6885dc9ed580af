package main

import (
	"slices"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/catalog"
	"github.com/jankenarcade/janken/netplay"
	"github.com/jankenarcade/janken/persist"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/netlobby"
	"github.com/jankenarcade/janken/scenes/netlobby/netlobbytest"
	"github.com/jankenarcade/janken/scenes/scenetest"
	"github.com/jankenarcade/janken/settings"
)

// TestNetworkLobbyHasTheSettingsName: the network lobby names this
// machine's players as the settings do. Hosting a game on a simulated LAN
// from the title ("Play over network", the game, Host), the lobby's seat
// list says "Ada (this machine)", not "Player".
func TestNetworkLobbyHasTheSettingsName(t *testing.T) {
	store := persist.At(t.TempDir())
	st := settings.Defaults()
	st.PlayerName = "Ada"
	if err := settings.Save(store, st); err != nil {
		t.Fatal(err)
	}
	lan := netlobbytest.LAN(netplay.NewMemNetwork(netplay.LinkConfig{}, 1))
	games := catalog.List{{
		Entry: scenes.Entry{Name: "pairs", Title: "Pairs", Open: func(*scenes.Director) scenes.Scene { return nil }},
		Network: netlobby.Config{Title: "Pairs", Rules: "pairs/1", MinPlayers: 2, MaxPlayers: 2, Net: lan,
			Start: func(*scenes.Context, netlobby.Match) error { return nil }},
	}}
	// The title lists the game, then "Play over network": its menu lists
	// the game, whose lobby's first entry hosts.
	d := programIn(t, store, games, down(1, ebiten.KeyEnter, ebiten.KeyEnter, ebiten.KeyEnter))
	if name := d.Top().Name(); name != "netlobby" {
		t.Fatalf("%s shows, not the network lobby", name)
	}
	var said []string
	d.RecordText(func(line string, _, _ float64) { said = append(said, line) })
	scenetest.Shoot(t, d, "program-net-host-name")
	if !slices.Contains(said, "Ada (this machine)") {
		t.Errorf("the hosting lobby says %q, not \"Ada (this machine)\"", strings.Join(said, " | "))
	}
}
