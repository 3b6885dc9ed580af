package netplay

import (
	"errors"
	"net/netip"
	"slices"
	"time"

	"github.com/jankenarcade/janken/rulesets"
)

// LinkConfig describes the simulated network between any two endpoints of
// a MemNetwork, one way. Probabilities are between 0 and 1.
type LinkConfig struct {
	Delay     time.Duration // one-way latency (half the round trip)
	Jitter    time.Duration // each packet's latency varies uniformly by ± Jitter
	Loss      float64       // share of packets lost
	Duplicate float64       // share of packets delivered twice
	Reorder   float64       // share of packets held back by up to another Delay, so later ones overtake them
	// Rate, if set, is the bytes a second a link carries each way between
	// two endpoints: a packet waits for those sent before it to go out, as
	// on a slow stream.
	Rate int
}

// MemNetwork is an in-memory network on simulated time, for tests: packets
// arrive when the clock, advanced by the test, reaches their delivery time.
// Its losses, delays and reorderings come from a seeded generator, so a
// test run is reproducible. It is not safe for concurrent use.
type MemNetwork struct {
	link  LinkConfig
	rng   rulesets.Rand
	now   time.Duration
	seq   int64
	nodes map[netip.AddrPort]*MemEndpoint
	order []*MemEndpoint
	busy  linkQueues
}

// NewMemNetwork returns an empty network whose links all behave as link.
func NewMemNetwork(link LinkConfig, seed uint64) *MemNetwork {
	return &MemNetwork{link: link, rng: rulesets.NewRand(seed), nodes: map[netip.AddrPort]*MemEndpoint{}}
}

// Endpoint adds an endpoint on a fresh loopback port.
func (n *MemNetwork) Endpoint() *MemEndpoint {
	addr := netip.AddrPortFrom(netip.AddrFrom4([4]byte{127, 0, 0, 1}), uint16(40000+len(n.order)))
	e := &MemEndpoint{net: n, addr: addr}
	n.nodes[addr] = e
	n.order = append(n.order, e)
	return e
}

// Now returns the simulated time.
func (n *MemNetwork) Now() time.Duration { return n.now }

// Advance moves the simulated clock forward by d.
func (n *MemNetwork) Advance(d time.Duration) { n.now += d }

// SetLink changes the behaviour of every link from now on.
func (n *MemNetwork) SetLink(link LinkConfig) { n.link = link }

// chance draws true with probability p.
func (n *MemNetwork) chance(p float64) bool { return chance(&n.rng, p) }

// latency draws one packet's delivery delay.
func (n *MemNetwork) latency() time.Duration { return latency(&n.rng, n.link) }

type memPacket struct {
	at   time.Duration
	seq  int64 // breaks ties in arrival time by sending order
	from netip.AddrPort
	data []byte
}

// MemEndpoint is one peer's Transport on a MemNetwork.
type MemEndpoint struct {
	net     *MemNetwork
	addr    netip.AddrPort
	queue   []memPacket
	cut     bool // disconnected: nothing in or out
	closed  bool
	Counter Counter // what crossed this endpoint (sent and delivered)
	// SentTo counts the bytes sent to each address.
	SentTo map[netip.AddrPort]int64
	// Blocked counts the packets sent to or from an address the endpoint
	// cannot reach (see Reach); they are lost.
	Blocked int64
	reach   []netip.AddrPort
}

var errClosed = errors.New("netplay: transport closed")

// LocalAddr implements Transport.
func (e *MemEndpoint) LocalAddr() netip.AddrPort { return e.addr }

// Cut disconnects the endpoint (cut true) or reconnects it: while cut,
// everything it sends or would receive is lost.
func (e *MemEndpoint) Cut(cut bool) { e.cut = cut }

// Reach restricts the endpoint to exchanging packets with the listed
// addresses only, as a browser reaches only its host: whatever it sends to
// or would receive from any other endpoint is lost and counted in Blocked.
func (e *MemEndpoint) Reach(only ...netip.AddrPort) { e.reach = only }

// reaches reports whether e may exchange packets with addr.
func (e *MemEndpoint) reaches(addr netip.AddrPort) bool {
	return e.reach == nil || slices.Contains(e.reach, addr)
}

// Send implements Transport.
func (e *MemEndpoint) Send(to netip.AddrPort, p []byte) error {
	if e.closed {
		return errClosed
	}
	if len(p) > MaxWireSize {
		return ErrOversized
	}
	e.Counter.PacketsSent++
	e.Counter.BytesSent += int64(len(p))
	if e.SentTo == nil {
		e.SentTo = map[netip.AddrPort]int64{}
	}
	e.SentTo[to] += int64(len(p))
	n := e.net
	dst := n.nodes[to]
	if dst != nil && (!e.reaches(to) || !dst.reaches(e.addr)) {
		e.Blocked++
		return nil
	}
	if dst == nil || e.cut || dst.cut || n.chance(n.link.Loss) {
		return nil
	}
	copies := 1
	if n.chance(n.link.Duplicate) {
		copies = 2
	}
	sent := n.busy.transmit(n.link, n.now, e.addr, to, len(p))
	for range copies {
		n.seq++
		dst.queue = append(dst.queue, memPacket{at: sent + n.latency(), seq: n.seq, from: e.addr, data: append([]byte(nil), p...)})
	}
	return nil
}

// linkQueues holds when each link, from one address to another, is free
// again, for LinkConfig.Rate.
type linkQueues map[[2]netip.AddrPort]time.Duration

// transmit returns when a packet of size bytes sent at now from one
// address to another has gone out: at once, or, if link has a Rate, once
// the packets before it have and then its own bytes.
func (q *linkQueues) transmit(link LinkConfig, now time.Duration, from, to netip.AddrPort, size int) time.Duration {
	if link.Rate <= 0 {
		return now
	}
	if *q == nil {
		*q = linkQueues{}
	}
	key := [2]netip.AddrPort{from, to}
	done := max(now, (*q)[key]) + time.Duration(size)*time.Second/time.Duration(link.Rate)
	(*q)[key] = done
	return done
}

// Receive implements Transport: it returns the packet due earliest among
// those whose time has come.
func (e *MemEndpoint) Receive(buf []byte) (int, netip.AddrPort, bool) {
	best := -1
	for i, p := range e.queue {
		if p.at > e.net.now {
			continue
		}
		if best < 0 || p.at < e.queue[best].at || p.at == e.queue[best].at && p.seq < e.queue[best].seq {
			best = i
		}
	}
	if best < 0 || e.closed {
		return 0, netip.AddrPort{}, false
	}
	p := e.queue[best]
	e.queue = append(e.queue[:best], e.queue[best+1:]...)
	if e.cut {
		return e.Receive(buf)
	}
	e.Counter.PacketsRecv++
	e.Counter.BytesRecv += int64(len(p.data))
	return copy(buf, p.data), p.from, true
}

// Inject delivers packet p from any address, as an attacker or a broken
// peer on the network would, at the current time.
func (e *MemEndpoint) Inject(from netip.AddrPort, p []byte) {
	e.net.seq++
	e.queue = append(e.queue, memPacket{at: e.net.now, seq: e.net.seq, from: from, data: append([]byte(nil), p...)})
}

// Close implements Transport.
func (e *MemEndpoint) Close() error {
	e.closed = true
	e.queue = nil
	return nil
}
