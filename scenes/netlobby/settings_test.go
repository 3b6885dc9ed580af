package netlobby

import (
	"net/netip"
	"slices"
	"strings"
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

// TestSeatNames names each seat after the machine that plays it, numbers
// the players of a machine with several, and leaves the seats of a
// machine without a name of its own (and a bot's) for the tables to call
// "Player N".
func TestSeatNames(t *testing.T) {
	joiner := func(name string, seats ...int) netplay.Joiner {
		return netplay.Joiner{Name: name, Seats: netplay.SeatsOf(seats...)}
	}
	tests := []struct {
		name    string
		host    string
		seats   netplay.SeatSet
		joiners []netplay.Joiner
		want    []string
	}{
		{"one each", "Ada", netplay.SeatsOf(0), []netplay.Joiner{joiner("Bo", 1)}, []string{"Ada", "Bo"}},
		{"a couch", "Ada", netplay.SeatsOf(0, 1), []netplay.Joiner{joiner("Bo", 2)}, []string{"Ada 1", "Ada 2", "Bo"}},
		{"a bot between", "Ada", netplay.SeatsOf(0), []netplay.Joiner{joiner("Bo", 2)}, []string{"Ada", "", "Bo"}},
		{"a default name", defaultName, netplay.SeatsOf(0), []netplay.Joiner{joiner("Bo", 1)}, []string{"", "Bo"}},
		{"nobody named", defaultName, netplay.SeatsOf(0), []netplay.Joiner{joiner("", 1)}, nil},
	}
	for _, tc := range tests {
		if got := seatNames(tc.host, tc.seats, tc.joiners); !slices.Equal(got, tc.want) {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}

// TestJoinerReadsSeatNames sends the seats' names in the start's settings
// and refuses settings whose names cannot be shown, changing nothing.
func TestJoinerReadsSeatNames(t *testing.T) {
	started := Match{Host: true, Seats: netplay.SeatsOf(0), Names: []string{"Ada", "Bo"},
		Joiners: []netplay.Joiner{{Addr: netip.MustParseAddrPort("192.168.1.3:7777"), Index: 1, Seats: netplay.SeatsOf(1)}}}
	if err := started.writeSettings(); err != nil {
		t.Fatal(err)
	}
	joined := Match{Index: 1, Seats: netplay.SeatsOf(1), Settings: started.Settings}
	if err := joined.readSettings(nil); err != nil || !slices.Equal(joined.Names, started.Names) {
		t.Fatalf("names %q (%v), want %q", joined.Names, err, started.Names)
	}
	for _, bad := range []string{
		`{"peers":[],"names":["Ada","Bo\u0007"]}`,
		`{"peers":[],"names":["` + strings.Repeat("A", maxNameLen+1) + `"]}`,
		`{"peers":[],"names":["1","2","3","4","5","6","7","8","9"]}`,
		`{"peers":[],"names":["Ada","\u202eoB"]}`, // a bidirectional override would reverse the line around it
		`{"peers":[],"names":["Ada","李"]}`,        // a letter some machine draws as a box
	} {
		m := Match{Settings: []byte(bad), BotLevel: "easy"}
		if err := m.readSettings(nil); err == nil || m.Names != nil || m.BotLevel != "easy" {
			t.Errorf("settings %s: names %q, level %q, error %v; want an error and nothing changed", bad, m.Names, m.BotLevel, err)
		}
	}
}
