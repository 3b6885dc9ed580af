//go:build !js

package nettable_test

import (
	"net/netip"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/netplay"
	"github.com/jankenarcade/janken/scenes/elevensuitstable"
	"github.com/jankenarcade/janken/scenes/netlobby/netlobbytest"
)

// deaf is a transport that sends but never hears: a client on it never
// acknowledges anything the host sends.
type deaf struct{ netplay.Transport }

func (deaf) Receive([]byte) (int, netip.AddrPort, bool) { return 0, netip.AddrPort{}, false }

// TestAttack_FloodOfRefusedActionsNeverEndsTheProgram: a hostile client
// that never acknowledges and floods the host with actions it must refuse
// (each refusal queued for a client that takes none) while the host's
// player plays on cannot end the host's program: for ten seconds of play
// the host's director — what
// ebiten.RunGame calls — returns no error, and its table either plays on
// with the hostile seat given to a bot or says the match ended.
func TestAttack_FloodOfRefusedActionsNeverEndsTheProgram(t *testing.T) {
	n := netplay.NewMemNetwork(netplay.LinkConfig{}, 1)
	ms := netlobbytest.Matches(n, 77, 9, nil, 2)
	var host *elevensuitstable.NetTable
	var err error
	keys := new(input.Script)
	hd := netlobbytest.Director(t.TempDir(), ms[0], n, keys, elevensuitstable.NewNetTable, &host, &err)
	if err != nil {
		t.Fatal(err)
	}
	hostile := netplay.NewClient(deaf{ms[1].Transport}, ms[1].HostAddr, ms[1].Room, netplay.SeatsOf(1))
	sent := 0
	for tick := range 600 {
		// One refused action a tick: within the host's packet budget,
		// so that every one is taken and refused.
		if hostile.Act(1, []byte("not an action")) == nil {
			sent++
		}
		hostile.Update(n.Now())
		// Once the flood has filled the host's queue for the hostile
		// client, the host's player throws: news the host must queue
		// for it too.
		keys.Advance()
		if tick == 315 {
			keys.Do(input.KeyDown(ebiten.KeyEnter))
		} else {
			keys.Do(input.KeyUp(ebiten.KeyEnter))
		}
		if err := hd.Update(); err != nil {
			t.Fatalf("tick %d: the host's director returned %v", tick, err)
		}
		n.Advance(netplay.TickDuration)
	}
	if sent < 256 {
		t.Fatalf("the hostile client sent only %d actions", sent)
	}
	if hd.Top() != host {
		t.Fatalf("the host's screen is %q, not its table", hd.Top().Name())
	}
	if fault, bots := host.Fault(), host.Status().Bots; fault == "" && !bots.Sees(1) {
		t.Errorf("the host's table neither ended the match nor gave the hostile seat to a bot (bots %v)", bots)
	} else {
		t.Logf("the host's table: fault %q, bots %v", fault, bots)
	}
}
