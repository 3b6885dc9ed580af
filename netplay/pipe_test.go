package netplay

import (
	"net/netip"
	"testing"
	"time"

	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/rulesets/slam"
)

// pipe is a lossless in-memory Transport between two endpoints with a
// fixed delay in ticks, that allocates nothing once its slots exist, for
// measuring a session's own allocations.
type pipe struct {
	addr  netip.AddrPort
	peer  *pipe
	clock *int // the current tick, shared
	delay int
	buf   [64][MaxPacketSize]byte
	lens  [64]int
	sent  [64]int
	head  int
	n     int
}

func newPipe(clock *int, delay int) (*pipe, *pipe) {
	a := &pipe{addr: netip.MustParseAddrPort("127.0.0.1:1"), clock: clock, delay: delay}
	b := &pipe{addr: netip.MustParseAddrPort("127.0.0.1:2"), clock: clock, delay: delay}
	a.peer, b.peer = b, a
	return a, b
}

func (p *pipe) LocalAddr() netip.AddrPort { return p.addr }
func (p *pipe) Close() error              { return nil }

func (p *pipe) Send(to netip.AddrPort, b []byte) error {
	q := p.peer
	if q.n == len(q.buf) {
		return nil // full: lost
	}
	i := (q.head + q.n) % len(q.buf)
	q.lens[i] = copy(q.buf[i][:], b)
	q.sent[i] = *p.clock
	q.n++
	return nil
}

func (p *pipe) Receive(buf []byte) (int, netip.AddrPort, bool) {
	if p.n == 0 || *p.clock-p.sent[p.head] < p.delay {
		return 0, netip.AddrPort{}, false
	}
	n := copy(buf, p.buf[p.head][:p.lens[p.head]])
	p.head = (p.head + 1) % len(p.buf)
	p.n--
	return n, p.peer.addr, true
}

// BenchmarkSessionUpdate measures one tick of a two-peer Slam session on
// each side: receiving, predicting, rolling back when the other's presses
// arrive (four ticks after they were made, two after they were needed),
// settling and sending. It must not allocate.
func BenchmarkSessionUpdate(b *testing.B) {
	tick := 0
	a, c := newPipe(&tick, 4)
	peers := []PeerConfig{{Addr: a.addr, Seats: SeatsOf(0)}, {Addr: c.addr, Seats: SeatsOf(1)}}
	var sessions [2]*Session[slam.State, *slam.State]
	for i, tr := range []Transport{a, c} {
		st, err := slam.New(slam.DefaultConfig(2), 1)
		if err != nil {
			b.Fatal(err)
		}
		s, err := NewSession[slam.State](Config[slam.State]{Room: 1, Peers: peers, Self: i}, tr, st)
		if err != nil {
			b.Fatal(err)
		}
		sessions[i] = s
	}
	p := newPresser(5, rulesets.Gestures)
	var f rulesets.Frame
	step := func() {
		p.fill(&f, 2)
		now := TickDuration * time.Duration(tick)
		sessions[0].Update(now, &f)
		sessions[1].Update(now, &f)
		tick++
	}
	for range 600 {
		step()
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		step()
	}
	b.StopTimer()
	if st := sessions[0].Stats(); st.Rollbacks == 0 {
		b.Fatal("no rollbacks: the benchmark measures nothing")
	}
}
