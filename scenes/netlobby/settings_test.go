package netlobby

import (
	"net/netip"
	"slices"
	"testing"

	"github.com/jankenarcade/janken/netplay"
)

// TestPeersKeepHostOnly checks that a browser joiner is host-only in the
// peer list of the host and of every joiner, so their rollback sessions
// relay through the host.
func TestPeersKeepHostOnly(t *testing.T) {
	hostAddr := netip.MustParseAddrPort("192.168.1.2:7777")
	joiners := []netplay.Joiner{
		{Addr: netip.MustParseAddrPort("192.168.1.3:7777"), Index: 1, Seats: netplay.SeatsOf(1)},
		{Addr: netip.MustParseAddrPort("192.168.1.4:50123"), Index: 2, Seats: netplay.SeatsOf(2), HostOnly: true},
	}
	started := Match{Host: true, Seats: netplay.SeatsOf(0), Joiners: joiners, OnDrop: netplay.DropSeats}
	if err := started.writeSettings(); err != nil {
		t.Fatal(err)
	}
	settings := started.Settings
	matches := map[string]Match{
		"host":    {Host: true, Seats: netplay.SeatsOf(0), Joiners: joiners},
		"desktop": {Index: 1, Seats: netplay.SeatsOf(1), Settings: settings},
		"browser": {Index: 2, Seats: netplay.SeatsOf(2), Settings: settings},
	}
	for name, m := range matches {
		peers, err := m.Peers(hostAddr)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		hostOnly := make([]bool, len(peers))
		for i, p := range peers {
			hostOnly[i] = p.HostOnly
		}
		if want := []bool{false, false, true}; !slices.Equal(hostOnly, want) {
			t.Errorf("%s: host-only %v, want %v", name, hostOnly, want)
		}
	}
}
