package netplay

import (
	"fmt"
	"testing"
	"time"
)

// TestMemNetworkRateQueuesPackets: at a link's Rate, a packet goes out
// once those sent before it on the same link have, and links (each way
// between two endpoints) queue apart.
func TestMemNetworkRateQueuesPackets(t *testing.T) {
	const ms = time.Millisecond
	n := NewMemNetwork(LinkConfig{Delay: 10 * ms, Rate: 1000}, 1)
	a, b, c := n.Endpoint(), n.Endpoint(), n.Endpoint()
	packet := make([]byte, 100) // 100 ms at 1000 bytes a second
	for range 3 {
		a.Send(b.LocalAddr(), packet)
	}
	a.Send(c.LocalAddr(), packet)
	b.Send(a.LocalAddr(), packet)
	arrived := map[*MemEndpoint][]time.Duration{}
	buf := make([]byte, MaxWireSize)
	for n.Now() <= 500*ms {
		for _, e := range []*MemEndpoint{a, b, c} {
			for {
				if _, _, ok := e.Receive(buf); !ok {
					break
				}
				arrived[e] = append(arrived[e], n.Now())
			}
		}
		n.Advance(ms)
	}
	want := map[*MemEndpoint][]time.Duration{b: {110 * ms, 210 * ms, 310 * ms}, c: {110 * ms}, a: {110 * ms}}
	for e, w := range want {
		if fmt.Sprint(arrived[e]) != fmt.Sprint(w) {
			t.Errorf("%v received at %v, want %v", e.LocalAddr(), arrived[e], w)
		}
	}
}
