package secure

import (
	"bytes"
	"net/netip"
	"testing"
)

func TestExpand(t *testing.T) {
	tests := []struct {
		top  uint64
		low  uint16
		want uint64
	}{
		{0, 1, 1},
		{0, 5, 5},
		{10, 9, 9},                     // a little late
		{0x3FFF, 0, 0x4000},            // wraps forward
		{0x4005, 0x3FF0, 0x3FF0},       // wraps back
		{0x12345, 0x2340, 0x12340},     // late, same span
		{0x12345, 0x2400, 0x12400},     // early, same span
		{0x1_2000, 0x0000, 0x1_4000},   // half a span ahead is ahead
		{0x1_2001, 0x2001, 0x1_2001},   // its own counter again: a replay
		{0x20_0000, 0x1FFF, 0x20_1FFF}, // far ahead stays ahead
	}
	for _, tt := range tests {
		if got := expand(tt.top, tt.low); got != tt.want {
			t.Errorf("expand(%#x, %#x) = %#x, want %#x", tt.top, tt.low, got, tt.want)
		}
	}
}

// TestWindow replays a sequence of counters against the window and a
// plain set that remembers every counter.
func TestWindow(t *testing.T) {
	tests := []struct {
		name string
		in   []uint64
		want []error
	}{
		{"in order", []uint64{1, 2, 3}, []error{nil, nil, nil}},
		{"zero never sent", []uint64{0}, []error{errReplayed}},
		{"duplicate", []uint64{1, 1}, []error{nil, errReplayed}},
		{"reordered", []uint64{2, 1, 3, 1}, []error{nil, nil, nil, errReplayed}},
		{"window edge", []uint64{100, 37, 36}, []error{nil, nil, errTooOld}},
		{"jump clears", []uint64{1, 200, 150, 150, 136}, []error{nil, nil, nil, errReplayed, errTooOld}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var w window
			for i, n := range tt.in {
				err := w.check(n)
				if err != tt.want[i] {
					t.Fatalf("counter %d (#%d): %v, want %v", n, i, err, tt.want[i])
				}
				if err == nil {
					w.mark(n)
				}
			}
		})
	}
}

// The fuzz targets (FuzzWindow, FuzzReceive, FuzzHandshake) run their
// seed corpus in every go test; run one longer with, for example,
//
//	go test -run '^$' -fuzz '^FuzzReceive$' -fuzztime 10m ./netplay/secure/
//
// (one target per run; a failure lands in testdata/fuzz, to be kept).

// FuzzWindow checks the window against a set of every counter seen: it
// accepts a counter exactly when the set lacks it and it is within
// windowSize of the highest.
func FuzzWindow(f *testing.F) {
	f.Add([]byte{1, 2, 3, 2, 200, 100, 150})
	f.Add([]byte{0, 255, 0, 1})
	f.Fuzz(func(t *testing.T, steps []byte) {
		var w window
		seen := map[uint64]bool{0: true}
		var top, n uint64
		for _, s := range steps {
			n = int64Sub(top, 100) + uint64(s)
			err := w.check(n)
			want := !seen[n] && n+windowSize > top
			if (err == nil) != want {
				t.Fatalf("counter %d with top %d: %v, want accepted %v", n, top, err, want)
			}
			if err == nil {
				w.mark(n)
				seen[n] = true
				top = max(top, n)
			}
		}
	})
}

// int64Sub returns a-b, or 0 if b > a.
func int64Sub(a, b uint64) uint64 {
	if b > a {
		return 0
	}
	return a - b
}

// sessionPair returns two ends of one session, as a handshake keys them.
func sessionPair(t testing.TB) (a, b *session) {
	var k1, k2 [32]byte
	k1[0], k2[0] = 1, 2
	a, err := newSession(k1, k2, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, err = newSession(k2, k1, nil)
	if err != nil {
		t.Fatal(err)
	}
	return a, b
}

func TestSealOpenAllocatesNothing(t *testing.T) {
	a, b := sessionPair(t)
	payload := bytes.Repeat([]byte{7}, 60)
	out := make([]byte, 0, maxWire)
	in := make([]byte, 0, maxWire)
	allocs := testing.AllocsPerRun(1000, func() {
		pkt := a.seal(out[:0], payload, dataFlag)
		got, err := b.open(in[:0], pkt)
		if err != nil || !bytes.Equal(got, payload) {
			t.Fatalf("open: %v, %q", err, got)
		}
	})
	if allocs != 0 {
		t.Fatalf("seal and open allocate %v times, want 0", allocs)
	}
}

// TestConnAllocatesNothing sends and receives through two Conns whose
// session is up, over a loopback-like transport that allocates nothing,
// packets that start with the Conns' prefix and packets that do not.
func TestConnAllocatesNothing(t *testing.T) {
	a, b := connPair(t)
	buf := make([]byte, 1200)
	for _, payload := range [][]byte{bytes.Repeat([]byte{7}, 60), append([]byte(pairPrefix), bytes.Repeat([]byte{7}, 60)...)} {
		allocs := testing.AllocsPerRun(1000, func() {
			if err := a.Send(b.LocalAddr(), payload); err != nil {
				t.Fatal(err)
			}
			if n, _, ok := b.Receive(buf); !ok || !bytes.Equal(buf[:n], payload) {
				t.Fatalf("received %q, %v", buf[:n], ok)
			}
		})
		if allocs != 0 {
			t.Fatalf("a Send and Receive of %q allocate %v times, want 0", payload[:8], allocs)
		}
	}
}

// wire is a transport to one other wire, one packet deep in each
// direction, that allocates nothing.
type wire struct {
	addr  netip.AddrPort
	other *wire
	buf   [maxWire]byte
	n     int
	full  bool
}

func (w *wire) LocalAddr() netip.AddrPort { return w.addr }
func (w *wire) Close() error              { return nil }

func (w *wire) Send(_ netip.AddrPort, p []byte) error {
	o := w.other
	o.n, o.full = copy(o.buf[:], p), true
	return nil
}

func (w *wire) Receive(buf []byte) (int, netip.AddrPort, bool) {
	if !w.full {
		return 0, netip.AddrPort{}, false
	}
	w.full = false
	return copy(buf, w.buf[:w.n]), w.other.addr, true
}

// pairPrefix is the Config.Prefix of connPair's Conns: a netplay header's
// constant part.
const pairPrefix = "J\x07\x01\x02\x03"

// connPair returns two Conns over wires, their session established.
func connPair(t testing.TB) (a, b *Conn) {
	wa := &wire{addr: netip.MustParseAddrPort("127.0.0.1:1")}
	wb := &wire{addr: netip.MustParseAddrPort("127.0.0.1:2"), other: wa}
	wa.other = wb
	cfg := Config{Key: []byte("ABCD"), Prefix: []byte(pairPrefix)}
	a, _ = Wrap(wa, cfg)
	b, _ = Wrap(wb, cfg)
	buf := make([]byte, 1200)
	if err := a.Send(wb.addr, []byte("hello")); err != nil { // initiation
		t.Fatal(err)
	}
	b.Receive(buf) // reply
	a.Receive(buf) // hello, sealed
	if n, _, ok := b.Receive(buf); !ok || string(buf[:n]) != "hello" {
		t.Fatalf("the handshake failed: %q %v", buf[:n], ok)
	}
	return a, b
}

// BenchmarkSeal seals packets in batches, as BenchmarkOpen opens them;
// ns/packet is the figure.
func BenchmarkSeal(b *testing.B) {
	s, _ := sessionPair(b)
	payload := make([]byte, 60)
	pkts := make([][]byte, 1024)
	for i := range pkts {
		pkts[i] = make([]byte, 0, maxWire)
	}
	b.ReportAllocs()
	for b.Loop() {
		for i := range pkts {
			pkts[i] = s.seal(pkts[i][:0], payload, dataFlag)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(pkts)), "ns/packet")
}

// BenchmarkOpen opens packets in batches; ns/packet is the figure.
func BenchmarkOpen(b *testing.B) {
	s, r := sessionPair(b)
	payload := make([]byte, 60)
	in := make([]byte, 0, maxWire)
	pkts := make([][]byte, 1024)
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		for i := range pkts {
			pkts[i] = s.seal(pkts[i][:0], payload, dataFlag)
		}
		b.StartTimer()
		for _, p := range pkts {
			if _, err := r.open(in[:0], p); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(pkts)), "ns/packet")
}

// BenchmarkHandshake measures a whole handshake between two Conns and the
// first sealed packet, without a network.
func BenchmarkHandshake(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		connPair(b)
	}
}

// wireCapture records what a Conn sends, for the fuzz seeds.
type wireCapture struct {
	*wire
	sent [][]byte
}

func (w *wireCapture) Send(to netip.AddrPort, p []byte) error {
	w.sent = append(w.sent, bytes.Clone(p))
	return w.wire.Send(to, p)
}

// FuzzReceive feeds any packet to a Conn whose session is up, as from its
// peer's address and from another: nothing unauthenticated is delivered,
// nothing panics, and the session still works after.
func FuzzReceive(f *testing.F) {
	a, b := connPair(f)
	rec := &wireCapture{wire: a.inner.(*wire)}
	a.inner = rec
	_ = a.Send(b.LocalAddr(), []byte("seed"))
	_ = a.Send(b.LocalAddr(), []byte(pairPrefix+"\x04seed"))
	f.Add(rec.sent[0], true)
	f.Add(rec.sent[0][:Overhead], true)
	f.Add(rec.sent[1], true)
	fresh, _ := Wrap(&wire{addr: netip.MustParseAddrPort("127.0.0.1:3"), other: &wire{}}, Config{Key: []byte("ABCD")})
	_, init, _ := fresh.initiation(new([32]byte))
	f.Add(init, true)
	f.Add(append([]byte{typeReply}, init[1:]...), false)
	f.Add([]byte{dataFlag, 0, 0}, true)
	f.Add([]byte("J\x07\x00\x00\x00\x04"), false) // an unsealed netplay input
	f.Fuzz(func(t *testing.T, pkt []byte, fromPeer bool) {
		a, b := connPair(t)
		from := netip.MustParseAddrPort("127.0.0.1:9")
		if fromPeer {
			from = a.LocalAddr()
		}
		w := b.inner.(*wire)
		w.n, w.full = copy(w.buf[:], pkt), true
		w.other = &wire{addr: from, other: w}
		buf := make([]byte, 1200)
		if n, _, ok := b.Receive(buf); ok {
			t.Fatalf("delivered %q from a fuzzed packet", buf[:n])
		}
		w.other = a.inner.(*wire)
		w.full = false
		if err := a.Send(b.LocalAddr(), []byte("still up")); err != nil {
			t.Fatal(err)
		}
		if n, _, ok := b.Receive(buf); !ok || string(buf[:n]) != "still up" {
			t.Fatalf("after a fuzzed packet the session delivered %q, %v", buf[:n], ok)
		}
	})
}

// FuzzHandshake feeds any bytes as an initiation to a fresh Conn and as
// an answer to one that is initiating: neither panics, and no session
// comes of it.
func FuzzHandshake(f *testing.F) {
	fresh, _ := Wrap(&wire{other: &wire{}}, Config{Key: []byte("ABCD")})
	_, init, _ := fresh.initiation(new([32]byte))
	f.Add(init[1:])
	f.Add(make([]byte, handshakeSize))
	f.Add(init[1:10])
	f.Fuzz(func(t *testing.T, msg []byte) {
		peerAddr := netip.MustParseAddrPort("127.0.0.1:2")
		for _, typ := range []byte{typeInit, typeReply} {
			w := &wire{addr: netip.MustParseAddrPort("127.0.0.1:1")}
			w.other = &wire{addr: peerAddr, other: w}
			c, _ := Wrap(w, Config{Key: []byte("ABCD")})
			if typ == typeReply {
				_ = c.Send(peerAddr, []byte("waiting")) // initiates
			}
			w.n, w.full = copy(w.buf[:], append([]byte{typ}, msg...)), true
			buf := make([]byte, 1200)
			if n, _, ok := c.Receive(buf); ok {
				t.Fatalf("delivered %q", buf[:n])
			}
			if c.Established(peerAddr) {
				t.Fatal("a fuzzed handshake message established a session")
			}
		}
	})
}
