package netplay

import (
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/jankenarcade/janken/internal/soak"
	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/rulesets/slam"
)

func newSlam(t testing.TB, players int, seed uint64) slam.State {
	s, err := slam.New(slam.DefaultConfig(players), seed)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestSlamSyncTest(t *testing.T) {
	for _, check := range []int{2, MaxPrediction} {
		rep, err := SyncTest(newSlam(t, 4, 1), SyncTestConfig{Seats: 4, Ticks: soak.Scale(2_000, 10_000), Check: check, Seed: 7})
		if err != nil {
			t.Fatalf("check %d: %v", check, err)
		}
		t.Logf("check %d: %+v", check, rep)
	}
}

// brokenSlam is Slam with a rollback bug: a counter behind a pointer that
// copies share, so a restored state does not replay the same.
type brokenSlam struct {
	slam.State
	flips *int
}

func (b *brokenSlam) Step(f *rulesets.Frame) {
	b.State.Step(f)
	if b.State.Events() != nil && len(b.State.Events()) > 0 {
		*b.flips++
	}
}

func (b *brokenSlam) Hash() uint64 {
	var h rulesets.Hasher
	h.Uint64(b.State.Hash())
	h.Int(*b.flips)
	return h.Sum()
}

func TestSlamSyncTestCatchesBrokenState(t *testing.T) {
	flips := 0
	_, err := SyncTest(brokenSlam{State: newSlam(t, 2, 1), flips: &flips}, SyncTestConfig{Seats: 2, Ticks: 2000, Check: 2, Seed: 3})
	var de *DesyncError
	if !errors.As(err, &de) {
		t.Fatalf("the broken state passed: %v", err)
	}
}

// firstStepSlam is Slam with a fault the peers' hashes never show: it
// counts the ticks stepped for the first time, remembered behind a pointer
// that copies share, as a ruleset might to start an effect once. Stepped
// first with predictions, the state drawn counts every tick; the confirmed
// state, stepped after, counts none, on every peer alike.
type firstStepSlam struct {
	slam.State
	firsts int
	seen   *[ringSize]int64
}

func newFirstStepSlam(t testing.TB, players int, seed uint64) firstStepSlam {
	seen := new([ringSize]int64)
	for i := range seen {
		seen[i] = -1
	}
	return firstStepSlam{State: newSlam(t, players, seed), seen: seen}
}

func (b *firstStepSlam) Step(f *rulesets.Frame) {
	b.State.Step(f)
	if slot := &b.seen[f.Tick%ringSize]; *slot != f.Tick {
		*slot = f.Tick
		b.firsts++
	}
}

func (b *firstStepSlam) Hash() uint64 {
	var h rulesets.Hasher
	h.Uint64(b.State.Hash())
	h.Int(b.firsts)
	return h.Sum()
}

func TestSlamDrawnDesyncReported(t *testing.T) {
	m := newGameMatch(t, 2, lossyLAN, 9, func() firstStepSlam { return newFirstStepSlam(t, 2, 9) }, nil)
	bots := slamBots(2, 90)
	m.press = func(i int, s *firstStepSlam) rulesets.Buttons { return bots(i, &s.State) }
	m.runUntil(100, 300)
	for i := range m.peers {
		var kinds []EventKind
		for _, ev := range m.events[i] {
			if ev.Kind != EventWarning && ev.Kind != EventResumed {
				kinds = append(kinds, ev.Kind)
			}
		}
		if !slices.Equal(kinds, []EventKind{EventDrawnDesync}) {
			t.Errorf("peer %d reported %v, want one drawn desync and no desync between peers", i, kinds)
		}
	}
}

// slamBots returns a match's presses for n peers, each played by a hard
// reflex bot (seeded seed+i) reacting to the state its screen shows,
// predictions included.
func slamBots(n int, seed uint64) func(i int, s *slam.State) rulesets.Buttons {
	bots := make([]slam.Bot, n)
	for i := range bots {
		bots[i] = slam.NewBot(i, slam.Hard, seed+uint64(i))
	}
	return func(i int, s *slam.State) rulesets.Buttons {
		var f rulesets.Frame
		bots[i].Act(s, &f)
		return f.Pressed[i]
	}
}

func TestSlamLossyNetwork(t *testing.T) {
	for n := 2; n <= 4; n++ {
		t.Run(fmt.Sprintf("%d peers", n), func(t *testing.T) {
			seed := uint64(n) + 10
			m := newGameMatch[slam.State](t, n, lossyLAN, seed, func() slam.State { return newSlam(t, n, seed) }, nil)
			m.press = slamBots(n, seed*10)
			// A whole game, even with -short: Slam's end is the point.
			lossyMatch(t, m, 10_000)
			_, end := m.peers[0].Settled()
			if !end.Over() || len(end.Winners(nil)) == 0 {
				t.Fatalf("the game did not end within the match (tick %d)", end.Tick())
			}
			t.Logf("winners %v", end.Winners(nil))
		})
	}
}

// BenchmarkSlamRollback8 measures a Slam rollback of eight ticks: restore
// a saved state, then eight advances, each saving its state first. The
// game is mid-race with four players, so the steps do real work.
func BenchmarkSlamRollback8(b *testing.B) {
	rb := NewRollback(newSlam(b, 4, 1))
	p := newPresser(1, rulesets.Gestures)
	var f rulesets.Frame
	for range 500 {
		p.fill(&f, 4)
		rb.Advance(&f)
	}
	var frames [8]rulesets.Frame
	for i := range frames {
		p.fill(&frames[i], 4)
	}
	b.ReportAllocs()
	for b.Loop() {
		if err := rb.Restore(rb.Tick() - 8); err != nil {
			b.Fatal(err)
		}
		for i := range frames {
			rb.Advance(&frames[i])
		}
	}
}

// BenchmarkSlamBandwidth plays a minute of four-player Slam (a hard bot per
// peer) and reports the bytes a peer sends per second: to each other peer
// (the per-peer budget is 4 KB/s), and in all. Packet payloads are
// counted, without UDP/IP headers. "lossy" is the test network of the
// requirements (150 ms round trip, 10% loss …); "lan" a quiet wired LAN;
// "relay" the lossy network with peers 1 and 3 browsers, which reach only
// the host (peer 0, whose figures include what it relays for them); a
// browser's own total is "B/s/browser". "adapted" cases let the peers
// choose the input delay (AdaptDelay): 6 ticks on the relayed lossy
// network, so more ticks of inputs are in flight in each packet.
func BenchmarkSlamBandwidth(b *testing.B) {
	const players, ticks = 4, 3600
	links := []struct {
		name     string
		link     LinkConfig
		hostOnly []int
		adapt    bool
	}{
		{"lossy", lossyLAN, nil, false},
		{"lan", LinkConfig{Delay: time.Millisecond}, nil, false},
		{"relay", lossyLAN, []int{1, 3}, false},
		{"lossy adapted", lossyLAN, nil, true},
		{"relay adapted", lossyLAN, []int{1, 3}, true},
	}
	for _, l := range links {
		b.Run(l.name, func(b *testing.B) {
			for b.Loop() {
				m := newGameMatch(b, players, l.link, 1, func() slam.State { return newSlam(b, players, 1) }, func(i int, c *Config[slam.State]) {
					hostOnly[slam.State](l.hostOnly...)(i, c)
					c.AdaptDelay = l.adapt
				})
				restrict(m, l.hostOnly...)
				m.press = slamBots(players, 0)
				for range ticks {
					m.update()
				}
				seconds := float64(ticks) / 60
				b.ReportMetric(float64(m.ends[0].SentTo[m.ends[1].LocalAddr()])/seconds, "B/s/link")
				b.ReportMetric(float64(m.ends[0].Counter.BytesSent)/seconds, "B/s/peer")
				b.ReportMetric(float64(m.ends[0].Counter.PacketsSent)/seconds/(players-1), "packets/s/link")
				var stalls int64
				for _, s := range m.peers {
					stalls += s.Stats().Stalls
				}
				b.ReportMetric(float64(stalls)/players, "stalls/peer")
				if l.hostOnly != nil {
					b.ReportMetric(float64(m.ends[l.hostOnly[0]].Counter.BytesSent)/seconds, "B/s/browser")
				}
			}
		})
	}
}

// TestSlamDropsOverLossyLinks cuts a peer (sometimes a second one, or the
// host, whose browsers go with it) from matches of three to eight peers
// over lossyLAN and harshLink: the others must drop it from the same
// tick and play on in agreement, none ending its match. Before the peers
// passed the decider a silent peer's last inputs (KindForward), a peer
// that had settled ticks the decider lacked ended its match in about a
// third of these matches, on a loss-free LAN too.
func TestSlamDropsOverLossyLinks(t *testing.T) {
	for seed := range uint64(soak.Scale(12, 300)) {
		n := 3 + int(seed%6)
		link := lossyLAN
		if seed%2 == 1 {
			link = harshLink
		}
		t.Run(fmt.Sprintf("seed %d, %d peers", seed, n), func(t *testing.T) { slamDrops(t, n, link, seed) })
	}
}

// slamDrops plays one match of n peers on link, drawn from seed, and cuts
// one or two of them: see TestSlamDropsOverLossyLinks.
func slamDrops(t *testing.T, n int, link LinkConfig, seed uint64) {
	rng := rulesets.NewRand(seed)
	policy := DropPolicy(seed / 2 % 2)
	var browsers []int
	if seed%3 == 2 {
		for k := 1; k < n; k += 2 {
			browsers = append(browsers, k)
		}
	}
	cuts := []int{rng.IntN(n)}
	if n > 3 && rng.IntN(3) == 0 {
		cuts = append(cuts, (cuts[0]+1+rng.IntN(n-1))%n)
	}
	at := []int{200 + rng.IntN(2000)}
	at = append(at, at[0]+100+rng.IntN(600))
	m := newGameMatch(t, n, link, seed, func() slam.State { return newSlam(t, n, seed) }, func(i int, c *Config[slam.State]) {
		hostOnly[slam.State](browsers...)(i, c)
		c.AdaptDelay = seed%4 < 2
		c.OnTimeout = policy
		c.Bot = func(s *slam.State, seat int) SeatInput {
			if s.Tick()%97 == int64(seat) {
				return SeatInput{Pressed: rulesets.ButtonClap}
			}
			return SeatInput{}
		}
	})
	restrict(m, browsers...)
	m.press = slamBots(n, seed*10)
	for i := range m.start {
		m.start[i] = 3 * i
	}
	gone := make([]bool, n)
	var live []int
	cutTick := int64(-1)
	dropped := map[[2]int]int64{} // {peer, dropped peer} → the drop's tick
	for m.updates < at[0]+3600 {
		for k, c := range cuts {
			if m.updates == at[k] {
				m.ends[c].Cut(true)
				gone[c] = true
				if gone[0] {
					for _, b := range browsers {
						gone[b] = true // cut off with the host: their match ends
					}
				}
			}
		}
		live = live[:0]
		for i := range n {
			if !gone[i] {
				live = append(live, i)
			}
		}
		if m.updates == at[0] {
			cutTick = m.settledOf(live)
		}
		m.update()
		for _, i := range live {
			for _, ev := range m.peers[i].Events() {
				switch ev.Kind {
				case EventWarning, EventResumed, EventTimeout:
				case EventDropped:
					if !gone[ev.Peer] {
						t.Fatalf("update %d: peer %d dropped peer %d, which is there", m.updates, i, ev.Peer)
					}
					dropped[[2]int{i, ev.Peer}] = ev.Tick
				default:
					t.Fatalf("update %d: peer %d (cuts %v at %v): %+v", m.updates, i, cuts, at, ev)
				}
			}
		}
		if _, s := m.peers[live[0]].Settled(); s.Over() {
			break
		}
	}
	_, end := m.peers[live[0]].Settled()
	for _, c := range cuts {
		for _, i := range live {
			tick, ok := dropped[[2]int{i, c}]
			switch {
			case !ok && !end.Over():
				t.Errorf("peer %d never dropped peer %d", i, c)
			case ok && tick != dropped[[2]int{live[0], c}]:
				t.Errorf("peer %d dropped peer %d from tick %d, peer %d from %d", i, c, tick, live[0], dropped[[2]int{live[0], c}])
			}
		}
	}
	last := m.settledOf(live)
	if last < cutTick+300 && !end.Over() {
		t.Errorf("after the cut at tick %d the peers settled only to %d", cutTick, last)
	}
	for _, i := range live[1:] {
		if !slices.Equal(m.hashes[i][:last+1], m.hashes[live[0]][:last+1]) {
			t.Fatalf("peers %d and %d disagree", live[0], i)
		}
	}
	t.Logf("cut %v at updates %v (policy %v, browsers %v): settled to tick %d, drops %v", cuts, at[:len(cuts)], policy, browsers, last, dropped)
}
