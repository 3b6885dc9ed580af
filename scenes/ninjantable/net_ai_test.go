package ninjantable

import (
	"testing"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/netplay"
	"github.com/jankenarcade/janken/scenes/netlobby/netlobbytest"
)

// TestNetTwoHumansAndAnAI: the host seats an AI on the empty seat 2 (as
// its lobby's "Add AI" does); the host's table plays it with its bot, the
// client plays seat 1, and the match goes on to round 3 with every seat
// acting.
func TestNetTwoHumansAndAnAI(t *testing.T) {
	n := netplay.NewMemNetwork(netplay.LinkConfig{}, 3)
	ms := netlobbytest.MatchesOf(n, 123, 11, nil, []netplay.SeatSet{netplay.SeatsOf(0, 2), netplay.SeatsOf(1)})
	ms[0].Bots, ms[0].BotLevel = netplay.SeatsOf(2), "easy"
	var host, client *netTable
	var err error
	hostSrc, clientSrc := new(input.Script), new(input.Script)
	hd := netlobbytest.Director(t.TempDir(), ms[0], n, hostSrc, openNetTable, &host, &err)
	cd := netlobbytest.Director(t.TempDir(), ms[1], n, clientSrc, openNetTable, &client, &err)
	if err != nil {
		t.Fatal(err)
	}
	host.ThinkInline()
	keys := []netlobbytest.Tapper{{Src: hostSrc}, {Src: clientSrc}}
	game := host.hosted()
	for tick := range 20000 {
		for seat, nt := range []*netTable{host, client} {
			if keys[seat].Tick() && nt.Status().Acting == seat {
				keys[seat].Enter()
			}
		}
		if err := hd.Update(); err != nil {
			t.Fatalf("tick %d: host: %v", tick, err)
		}
		if err := cd.Update(); err != nil {
			t.Fatalf("tick %d: client: %v", tick, err)
		}
		n.Advance(netplay.TickDuration)
		if game.Round() >= 3 {
			break
		}
	}
	if players := game.View(-1).Config.Players; game.Round() < 3 || players != 3 {
		t.Fatalf("a %d-player game reached round %d", players, game.Round())
	}
	acted := [3]int{len(host.rec.applied[0]), len(client.rec.applied[1]), len(host.rec.applied[2])}
	if acted[0] == 0 || acted[1] == 0 || acted[2] == 0 {
		t.Errorf("actions of the host, the client and the AI: %v; want every seat acting", acted)
	}
	if host.Status().Bots != 1<<2 {
		t.Errorf("the host's bots play %b, want seat 2 alone", host.Status().Bots)
	}
}
