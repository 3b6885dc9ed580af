//go:build !js

package secure_test

import (
	"runtime"
	"testing"
	"time"

	"github.com/jankenarcade/janken/netplay"
	"github.com/jankenarcade/janken/netplay/secure"
)

// listenUDP opens sealed-ready UDP transports on loopback.
func listenUDP(t testing.TB, n int) []netplay.Transport {
	var ends []netplay.Transport
	for range n {
		u, err := netplay.ListenUDP("127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { u.Close() })
		ends = append(ends, u)
	}
	return ends
}

// loopbackPause lets the sockets' reader goroutines deliver what was sent;
// a packet that takes longer is merely late, as on a real network.
func loopbackPause() {
	runtime.Gosched()
	time.Sleep(200 * time.Microsecond)
}

// impairedUDP returns n sealed loopback sockets whose packets are lost,
// delayed, duplicated and reordered, on a simulated clock that tick
// advances.
func impairedUDP(t *testing.T, n int) (conns []*secure.Conn, now func() time.Duration, tick func()) {
	var clock time.Duration
	now = func() time.Duration { return clock }
	link := netplay.LinkConfig{Delay: 20 * time.Millisecond, Jitter: 5 * time.Millisecond, Loss: 0.10, Duplicate: 0.05, Reorder: 0.05}
	var ends []netplay.Transport
	for i, u := range listenUDP(t, n) {
		ends = append(ends, netplay.Impair(u, link, uint64(i)+1, now))
	}
	return sealAll(t, ends, now), now, func() { clock += netplay.TickDuration; loopbackPause() }
}

func TestSlamOverSealedImpairedUDP(t *testing.T) {
	const n = 3
	conns, now, tick := impairedUDP(t, n)
	m := newSlamMatch(t, transports(conns), 5)
	const ticks = 600
	for range 20 * ticks {
		if min(len(m.settled[0]), len(m.settled[1]), len(m.settled[2])) >= ticks || m.over() {
			break
		}
		m.update(t, now())
		tick()
	}
	if got := min(len(m.settled[0]), len(m.settled[1]), len(m.settled[2])); got < ticks && !m.over() {
		t.Fatalf("the peers settled only %d ticks", got)
	}
	m.agree(t)
	for i, c := range conns {
		if st := c.Stats(); st.Handshakes < n-1 || st.Dropped.Forged != 0 {
			t.Errorf("peer %d: %+v", i, st)
		}
	}
}

// BenchmarkHandshakeToFirstTick measures, on real loopback sockets, the
// time from two fresh sealed peers to the first tick both have settled
// (every input of it received), and the same unsealed.
func BenchmarkHandshakeToFirstTick(b *testing.B) {
	for _, sealed := range []bool{false, true} {
		b.Run(map[bool]string{false: "plain", true: "sealed"}[sealed], func(b *testing.B) {
			for b.Loop() {
				ends := listenUDP(b, 2)
				start := time.Now()
				clock := func() time.Duration { return time.Since(start) }
				if sealed {
					ends = transports(sealAll(b, ends, clock))
				}
				m := newSlamMatch(b, ends, 1)
				for len(m.settled[0]) == 0 || len(m.settled[1]) == 0 {
					m.update(b, clock())
					runtime.Gosched()
				}
				b.ReportMetric(float64(time.Since(start).Microseconds())/1000, "ms")
				for _, e := range ends {
					e.Close()
				}
			}
		})
	}
}

// newSealedUDPPair returns two sealed UDP endpoints on loopback.
func newSealedUDPPair(t *testing.T) (a, b *secure.Conn, clock func() time.Duration, tick func()) {
	var now time.Duration
	clock = func() time.Duration { return now }
	conns := sealAll(t, listenUDP(t, 2), clock)
	return conns[0], conns[1], clock, func() { now += netplay.TickDuration; loopbackPause() }
}

func TestSealedUDPHandshakeAndWrongRoom(t *testing.T) {
	a, b, clock, tick := newSealedUDPPair(t)
	stranger, err := secure.Wrap(listenUDP(t, 1)[0], secure.Config{Key: []byte("ZZZZ"), Clock: clock})
	if err != nil {
		t.Fatal(err)
	}
	var atB []received
	for range 100 {
		send(t, a, b.LocalAddr(), "from a")
		send(t, stranger, b.LocalAddr(), "from a stranger")
		tick()
		drain(a)
		drain(stranger)
		atB = append(atB, drain(b)...)
		if len(atB) >= 10 {
			break
		}
	}
	for _, r := range atB {
		if r.from != a.LocalAddr() || r.data != "from a" {
			t.Fatalf("B received %q from %v", r.data, r.from)
		}
	}
	if len(atB) < 10 || !b.Established(a.LocalAddr()) || b.Established(stranger.LocalAddr()) {
		t.Fatalf("B received %d packets; sessions with a %v, with the stranger %v", len(atB), b.Established(a.LocalAddr()), b.Established(stranger.LocalAddr()))
	}
	if b.Stats().Dropped.Forged == 0 {
		t.Fatal("the stranger's initiations were not counted")
	}
}
