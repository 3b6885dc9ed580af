package secure_test

import (
	"fmt"
	"math/rand/v2"
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
	return newAdaptedSlamMatch(t, trs, seed, false)
}

// newAdaptedSlamMatch is newSlamMatch with Config.AdaptDelay set to adapt,
// as the game plays Slam: a lead-in measures the round trips (and makes
// the handshakes) before tick 0.
func newAdaptedSlamMatch(t testing.TB, trs []netplay.Transport, seed uint64, adapt bool) *slamMatch {
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
		cfg := netplay.Config[slam.State]{Room: room, Peers: peers, Self: i, DumpDir: t.TempDir(), AdaptDelay: adapt,
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
		c, err := secure.Wrap(e, secure.Config{Key: roomKey, Plain: announce, Clock: clock, Prefix: netplay.SealPrefix(room)})
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

// slamTraffic is what a minute of four-player Slam on lossyLAN cost.
// Payloads are counted without UDP/IP headers, handshakes included.
type slamTraffic struct {
	peakPeer    float64 // bytes a second sent by the peer that sent most
	link        float64 // bytes a second peer 0 sent peer 1
	packets     float64 // packets a second peer 0 sent each other peer
	stalls      float64 // updates a peer stalled, on average
	startStalls float64 // of them, in the first second
}

// playSlamMinute plays a minute of four-player Slam, a hard bot at each
// peer, on lossyLAN with seed: sealed or plain, with the input delay
// adapted or not. Sealed, the Conns draw their keys from seed too, so the
// figures are the same on every run.
func playSlamMinute(tb testing.TB, seed uint64, sealed, adapt bool) slamTraffic {
	const players, ticks = 4, 3600
	net := netplay.NewMemNetwork(lossyLAN, seed)
	var mem []*netplay.MemEndpoint
	for range players {
		mem = append(mem, net.Endpoint())
	}
	ends := transports(mem)
	if sealed {
		conns := sealAll(tb, ends, net.Now)
		for i, c := range conns {
			secure.SetRandom(c, rand.NewChaCha8([32]byte{byte(seed), byte(i)}))
		}
		ends = transports(conns)
	}
	m := newAdaptedSlamMatch(tb, ends, seed, adapt)
	var tr slamTraffic
	for tick := range ticks {
		m.update(tb, net.Now())
		net.Advance(netplay.TickDuration)
		if tick == 59 {
			tr.startStalls = m.stalls()
		}
	}
	const seconds = ticks / 60
	for _, e := range mem {
		tr.peakPeer = max(tr.peakPeer, float64(e.Counter.BytesSent)/seconds)
	}
	tr.link = float64(mem[0].SentTo[mem[1].LocalAddr()]) / seconds
	tr.packets = float64(mem[0].Counter.PacketsSent) / seconds / (players - 1)
	tr.stalls = m.stalls()
	return tr
}

// stalls returns the updates a peer stalled so far, on average.
func (m *slamMatch) stalls() float64 {
	var n int64
	for _, s := range m.peers {
		n += s.Stats().Stalls
	}
	return float64(n) / float64(len(m.peers))
}

// slamBandwidthLimit is the requirements' figure: four-player Slam at
// 150 ms round trip and 10% loss sends at most 5 KB/s per peer, sealed.
const slamBandwidthLimit = 5000

// TestSlamSealedBandwidth holds sealed Slam to slamBandwidthLimit on
// lossyLAN for every peer, over several networks and matches, with the
// input delay fixed at 2 (the figure's conditions) and adapted as the
// game plays it. Sealing adds 18 bytes to packets whose payload is some
// 11 once netplay's header prefix is left out, so the limit holds only
// while the session sends few packets (see Session.thin).
func TestSlamSealedBandwidth(t *testing.T) {
	for _, adapt := range []bool{false, true} {
		for seed := uint64(1); seed <= 4; seed++ {
			tr := playSlamMinute(t, seed, true, adapt)
			if tr.peakPeer > slamBandwidthLimit {
				t.Errorf("adapted delay %v, seed %d: a peer sent %.0f B/s, want at most %d (%.1f packets/s a link)",
					adapt, seed, tr.peakPeer, slamBandwidthLimit, tr.packets)
			}
		}
	}
}

// TestLeadInSkipsHandshakeWait has sealed peers choose the input delay
// that plain ones choose on the same network. Pings sent while a path's
// handshake runs wait in the Conn's queue; their round trips, taken as
// samples, made the lead-in choose 3 to 6 ticks of delay on lossyLAN
// and 2 on a fast LAN.
func TestLeadInSkipsHandshakeWait(t *testing.T) {
	tests := []struct {
		name  string
		link  netplay.LinkConfig
		delay int
	}{
		{"fast LAN", netplay.LinkConfig{Delay: 5 * time.Millisecond, Loss: 0.02}, 1},
		{"lossy", lossyLAN, 2},
	}
	for _, tt := range tests {
		for seed := uint64(1); seed <= 4; seed++ {
			net := netplay.NewMemNetwork(tt.link, seed)
			var ends []netplay.Transport
			for range 4 {
				ends = append(ends, net.Endpoint())
			}
			conns := sealAll(t, ends, net.Now)
			for i, c := range conns {
				secure.SetRandom(c, rand.NewChaCha8([32]byte{byte(seed), byte(i)}))
			}
			m := newAdaptedSlamMatch(t, transports(conns), seed, true)
			for range 240 {
				m.update(t, net.Now())
				net.Advance(netplay.TickDuration)
			}
			for i, s := range m.peers {
				if s.Tick() == 0 {
					t.Fatalf("%s, seed %d: peer %d still in the lead-in", tt.name, seed, i)
				}
				if got := s.InputDelay(); got != tt.delay {
					t.Errorf("%s, seed %d: peer %d plays with delay %d, want %d", tt.name, seed, i, got, tt.delay)
				}
			}
		}
	}
}

// BenchmarkSlamBandwidth plays a minute of four-player Slam on the lossy
// network of the requirements (150 ms round trip, 10% loss), plain and
// sealed, with the input delay fixed (2) and adapted as the game plays
// it. It reports the bytes a second sent by the peer that sent most
// (B/s/peer), by peer 0 to peer 1 (B/s/link), peer 0's packets a second
// to each other peer, and the updates a peer stalled: in all, and in the
// first second, where a sealed match without a lead-in waits for its
// handshakes. Each iteration plays another network (seed); sealed, the
// keys come from the seed too.
func BenchmarkSlamBandwidth(b *testing.B) {
	for _, c := range []struct {
		name          string
		sealed, adapt bool
	}{
		{"plain", false, false},
		{"sealed", true, false},
		{"plain adapted", false, true},
		{"sealed adapted", true, true},
	} {
		b.Run(c.name, func(b *testing.B) {
			var sum slamTraffic
			var n float64
			seed := uint64(0)
			for b.Loop() {
				seed++
				tr := playSlamMinute(b, seed, c.sealed, c.adapt)
				sum.peakPeer = max(sum.peakPeer, tr.peakPeer)
				sum.link += tr.link
				sum.packets += tr.packets
				sum.stalls += tr.stalls
				sum.startStalls += tr.startStalls
				n++
			}
			b.ReportMetric(sum.peakPeer, "max-B/s/peer")
			b.ReportMetric(sum.link/n, "B/s/link")
			b.ReportMetric(sum.packets/n, "packets/s/link")
			b.ReportMetric(sum.stalls/n, "stalls/peer")
			b.ReportMetric(sum.startStalls/n, "start-stalls/peer")
		})
	}
}

// Every Conn is a netplay.Transport.
var _ netplay.Transport = (*secure.Conn)(nil)

// hostOnly is the part of netplay.HostTransport the lobby asks for.
type hostOnly interface{ HostOnly(netip.AddrPort) bool }

var _ hostOnly = (*secure.Conn)(nil)
