package netplay

import (
	"net/netip"
	"testing"
	"time"
)

// TestQuietTableStaysConnected: while nobody acts (everyone thinking),
// host and client still hear each other every keepAlive, so silence
// means a machine is gone; and the keepalives are few.
func TestQuietTableStaysConnected(t *testing.T) {
	tb := newSecretsTable(t, 2, LinkConfig{Delay: 20 * time.Millisecond, Jitter: 5 * time.Millisecond}, 4)
	c := tb.clients[1]
	const quiet = 10 * time.Second
	const maxQuiet = 350 * time.Millisecond // keepAlive and the link's delay
	for tb.net.Now() < quiet {
		now := tb.net.Now()
		if err := tb.host.Update(now); err != nil {
			t.Fatal(err)
		}
		c.Update(now)
		if now > time.Second {
			if s := c.Silent(); s > maxQuiet {
				t.Fatalf("at %v the client has not heard the host for %v", now, s)
			}
			if s := tb.host.Remotes()[0].Silent; s > maxQuiet {
				t.Fatalf("at %v the host has not heard the client for %v", now, s)
			}
		}
		tb.net.Advance(TickDuration)
	}
	// About four keepalives a second each way, plus the first view and
	// its acknowledgement.
	perSecond := func(n int64) float64 { return float64(n) / quiet.Seconds() }
	if got := perSecond(tb.host.Counter.PacketsSent); got > 5 {
		t.Errorf("host sent %.1f packets a second on a quiet table", got)
	}
	if got := perSecond(c.Counter.PacketsSent); got > 5 {
		t.Errorf("client sent %.1f packets a second on a quiet table", got)
	}
}

// silentNet is a Transport on which nothing arrives and everything sent
// is lost.
type silentNet struct{}

func (silentNet) LocalAddr() netip.AddrPort                  { return netip.MustParseAddrPort("127.0.0.1:7300") }
func (silentNet) Send(netip.AddrPort, []byte) error          { return nil }
func (silentNet) Receive([]byte) (int, netip.AddrPort, bool) { return 0, netip.AddrPort{}, false }
func (silentNet) Close() error                               { return nil }

// TestQuietUpdatesAllocateNothing: the host of a hidden-hand game waiting
// on a client (resending, keeping alive, reporting the clients), the
// lobby host announcing its room and the room finder listening all
// update without allocating.
func TestQuietUpdatesAllocateNothing(t *testing.T) {
	client := netip.MustParseAddrPort("127.0.0.1:7302")
	h, err := NewHost(countingHostConfig([]Remote{{Addr: client, Seats: SeatsOf(1)}}), silentNet{}, newCounting())
	if err != nil {
		t.Fatal(err)
	}
	lobby := NewLobbyHost(silentNet{}, 5, "slam/1", "Ada", SeatsOf(1), nil)
	lobby.AnnounceTo = []netip.AddrPort{client}
	finder := NewRoomFinder(silentNet{})
	var now time.Duration
	tests := []struct {
		name   string
		update func()
	}{
		{"host", func() {
			if err := h.Update(now); err != nil {
				t.Fatal(err)
			}
			h.Remotes()
		}},
		{"lobby host", func() { lobby.Update(now) }},
		{"room finder", func() { finder.Update(now) }},
	}
	for _, tt := range tests {
		tt.update() // the first view, and the buffers
		if allocs := testing.AllocsPerRun(120, func() { tt.update(); now += TickDuration }); allocs != 0 {
			t.Errorf("%s: %v allocations an update", tt.name, allocs)
		}
	}
}
