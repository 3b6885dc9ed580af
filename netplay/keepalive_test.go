package netplay

import (
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
