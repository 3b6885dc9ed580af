package secure_test

import (
	"fmt"
	"net/netip"
	"testing"
	"time"

	"github.com/jankenarcade/janken/netplay"
	"github.com/jankenarcade/janken/netplay/secure"
	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/rulesets/slam"
)

// lossyLAN is the network of the requirements: 150 ms round trip with
// jitter, 10% loss, duplication and reordering.
var lossyLAN = netplay.LinkConfig{Delay: 75 * time.Millisecond, Jitter: 15 * time.Millisecond, Loss: 0.10, Duplicate: 0.05, Reorder: 0.05}

const room netplay.RoomCode = 77

// roomKey is the Config.Key of room: its code as players type it.
var roomKey = []byte(room.String())

// slamMatch is a rollback Slam match, a hard bot at each peer's seat.
type slamMatch struct {
	peers   []*netplay.Session[slam.State, *slam.State]
	bots    []slam.Bot
	settled [][]uint64 // each peer's settled hashes by tick
}

func newSlamMatch(t testing.TB, trs []netplay.Transport, seed uint64) *slamMatch {
	n := len(trs)
	var peers []netplay.PeerConfig
	for i, tr := range trs {
		peers = append(peers, netplay.PeerConfig{Addr: tr.LocalAddr(), Seats: netplay.SeatsOf(i)})
	}
	m := &slamMatch{settled: make([][]uint64, n)}
	for i, tr := range trs {
		initial, err := slam.New(slam.DefaultConfig(n), seed)
		if err != nil {
			t.Fatal(err)
		}
		cfg := netplay.Config[slam.State]{Room: room, Peers: peers, Self: i, DumpDir: t.TempDir(),
			OnSettled: func(f *rulesets.Frame, s *slam.State) { m.settled[i] = append(m.settled[i][:f.Tick], s.Hash()) }}
		s, err := netplay.NewSession[slam.State](cfg, tr, initial)
		if err != nil {
			t.Fatal(err)
		}
		m.peers = append(m.peers, s)
		m.bots = append(m.bots, slam.NewBot(i, slam.Hard, seed*10+uint64(i)))
	}
	return m
}

// update runs one tick on every peer at time now and fails on a desync or
// a fault.
func (m *slamMatch) update(t testing.TB, now time.Duration) {
	for i, s := range m.peers {
		var f rulesets.Frame
		m.bots[i].Act(s.State(), &f)
		local := rulesets.Frame{}
		local.Pressed[i], local.Held[i] = f.Pressed[i], f.Held[i]
		s.Update(now, &local)
		for _, ev := range s.Events() {
			if ev.Kind == netplay.EventDesync || ev.Kind == netplay.EventFault || ev.Kind == netplay.EventDropped {
				t.Fatalf("peer %d: %v at tick %d", i, ev.Kind, ev.Tick)
			}
		}
	}
}

// over reports whether every peer has settled the game's end.
func (m *slamMatch) over() bool {
	for _, s := range m.peers {
		if _, st := s.Settled(); !st.Over() {
			return false
		}
	}
	return true
}

// agree fails unless every peer settled the same states.
func (m *slamMatch) agree(t testing.TB) {
	for i := range m.peers[1:] {
		a, b := m.settled[0], m.settled[i+1]
		for tick := range min(len(a), len(b)) {
			if a[tick] != b[tick] {
				t.Fatalf("peers 0 and %d settled different states at tick %d", i+1, tick)
			}
		}
	}
}

// sealAll wraps each transport with the room's key on clock.
func sealAll(t testing.TB, ends []netplay.Transport, clock func() time.Duration) []*secure.Conn {
	var conns []*secure.Conn
	for _, e := range ends {
		c, err := secure.Wrap(e, secure.Config{Key: roomKey, Plain: announce, Clock: clock})
		if err != nil {
			t.Fatal(err)
		}
		conns = append(conns, c)
	}
	return conns
}

func transports[T netplay.Transport](ts []T) []netplay.Transport {
	out := make([]netplay.Transport, len(ts))
	for i, t := range ts {
		out[i] = t
	}
	return out
}

func TestSlamOverSealedLossyNetwork(t *testing.T) {
	for n := 2; n <= 4; n++ {
		t.Run(fmt.Sprintf("%d peers", n), func(t *testing.T) {
			net := netplay.NewMemNetwork(lossyLAN, uint64(n))
			var ends []netplay.Transport
			for range n {
				ends = append(ends, net.Endpoint())
			}
			conns := sealAll(t, ends, net.Now)
			m := newSlamMatch(t, transports(conns), uint64(n)+10)
			for range 20_000 {
				if m.over() {
					break
				}
				m.update(t, net.Now())
				net.Advance(netplay.TickDuration)
			}
			if !m.over() {
				t.Fatal("the game did not end")
			}
			m.agree(t)
			for i, c := range conns {
				d := c.Stats().Dropped
				if d.Forged+d.Unsealed+d.Malformed != 0 {
					t.Errorf("peer %d dropped %+v on an honest network", i, d)
				}
			}
		})
	}
}

// BenchmarkSlamBandwidth plays a minute of four-player Slam on the lossy
// network of the requirements (150 ms round trip, 10% loss) and reports
// the bytes one peer sends a second, in all and to one other peer, plain
// and sealed. Payloads are counted without UDP/IP headers, handshakes
// included.
func BenchmarkSlamBandwidth(b *testing.B) {
	const players, ticks = 4, 3600
	for _, sealed := range []bool{false, true} {
		b.Run(map[bool]string{false: "plain", true: "sealed"}[sealed], func(b *testing.B) {
			for b.Loop() {
				net := netplay.NewMemNetwork(lossyLAN, 1)
				var mem []*netplay.MemEndpoint
				for range players {
					mem = append(mem, net.Endpoint())
				}
				ends := transports(mem)
				if sealed {
					ends = transports(sealAll(b, ends, net.Now))
				}
				m := newSlamMatch(b, ends, 1)
				for range ticks {
					m.update(b, net.Now())
					net.Advance(netplay.TickDuration)
				}
				seconds := float64(ticks) / 60
				b.ReportMetric(float64(mem[0].Counter.BytesSent)/seconds, "B/s/peer")
				b.ReportMetric(float64(mem[0].SentTo[mem[1].LocalAddr()])/seconds, "B/s/link")
				b.ReportMetric(float64(mem[0].Counter.PacketsSent)/seconds/(players-1), "packets/s/link")
			}
		})
	}
}

// Every Conn is a netplay.Transport.
var _ netplay.Transport = (*secure.Conn)(nil)

// hostOnly is the part of netplay.HostTransport the lobby asks for.
type hostOnly interface{ HostOnly(netip.AddrPort) bool }

var _ hostOnly = (*secure.Conn)(nil)
