package netplay

import (
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/jankenarcade/janken/rulesets"
)

func TestChooseDelay(t *testing.T) {
	tests := []struct {
		rtt  time.Duration
		good int
		want int
	}{
		{19 * time.Millisecond, 2, 1},  // a wired LAN: half a tick's wait on each side
		{fastLANRTT, 2, 1},             // the slowest fast LAN
		{fastLANRTT + 1, 2, 2},         // a good link
		{170 * time.Millisecond, 2, 2}, // lossyLAN direct
		{170 * time.Millisecond, 3, 3}, // a floor set higher
		{250 * time.Millisecond, 2, 3},
		{290 * time.Millisecond, 2, 4},
		{340 * time.Millisecond, 2, MaxAdaptedDelay}, // lossyLAN relayed
		{maxReportedRTT, 2, MaxAdaptedDelay},         // unmeasured
	}
	for _, tt := range tests {
		if got := chooseDelay(tt.rtt, tt.good); got != tt.want {
			t.Errorf("chooseDelay(%v, %d) = %d, want %d", tt.rtt, tt.good, got, tt.want)
		}
	}
}

func TestChooseWindow(t *testing.T) {
	tests := []struct {
		rtt  time.Duration
		want int
	}{
		{19 * time.Millisecond, 3},  // a wired LAN
		{fastLANRTT, 4},             // the slowest fast LAN
		{170 * time.Millisecond, 7}, // lossyLAN direct, delay 2
		{340 * time.Millisecond, 8}, // lossyLAN relayed, delay 6
		{maxReportedRTT, MaxPrediction},
	}
	for _, tt := range tests {
		d := chooseDelay(tt.rtt, 2)
		if got := chooseWindow(tt.rtt, d); got != tt.want {
			t.Errorf("chooseWindow(%v, %d) = %d, want %d", tt.rtt, d, got, tt.want)
		}
	}
}

func TestLeadPingCodec(t *testing.T) {
	for _, m := range []leadPing{
		{pingMsg: pingMsg{Stamp: 12345}},
		{pingMsg: pingMsg{Stamp: 1}, Delay: 6, Window: 8},
		{pingMsg: pingMsg{Stamp: 2}, Slowest: 341 * time.Millisecond},
		{pingMsg: pingMsg{Stamp: 3}, Delay: 1, Window: 3, Slowest: 17 * time.Millisecond},
	} {
		enc := m.append(nil)
		if m.Delay == 0 && m.Slowest == 0 && len(enc) != 8 {
			t.Errorf("%+v: a plain ping takes %d bytes, want the stamp's 8", m, len(enc))
		}
		var got leadPing
		if err := got.decode(enc); err != nil || got != m {
			t.Errorf("%+v: decoded %+v, %v", m, got, err)
		}
	}
	stamp := (&pingMsg{Stamp: 9}).append(nil)
	for name, p := range map[string][]byte{
		"short stamp":      stamp[:7],
		"delay, no worst":  append(stamp[:8:8], 2),
		"delay too long":   append(stamp[:8:8], MaxPrediction+1|1<<4, 0),
		"window too long":  append(stamp[:8:8], 2|(MaxPrediction+1)<<4, 0),
		"delay, no window": append(stamp[:8:8], 2, 0),
		"window, no delay": append(stamp[:8:8], 2<<4, 0),
		"round trip huge":  append(stamp[:8:8], 2, 0xff, 0xff, 0xff, 0xff, 0xff, 0x0f),
		"trailing garbage": append(stamp[:8:8], 2, 1, 0),
	} {
		var m leadPing
		if err := m.decode(p); !errors.Is(err, ErrMalformed) {
			t.Errorf("%s: %v, want ErrMalformed", name, err)
		}
	}
}

// TestAdaptDelayAgrees starts matches on networks of every speed with
// AdaptDelay: the lead-in is short, every peer plays with the same input
// delay, the one the network calls for, and the match settles in sync.
func TestAdaptDelayAgrees(t *testing.T) {
	tests := []struct {
		name     string
		link     LinkConfig
		peers    int
		hostOnly []int
		low, up  int // the delays the link may get
	}{
		{"wired LAN", LinkConfig{Delay: time.Millisecond}, 3, nil, 1, 1},
		// Updates in step make the host's wait on a relayed path a
		// whole tick each way: four ticks of waiting in all.
		{"wired LAN, browser", LinkConfig{Delay: time.Millisecond}, 3, []int{2}, 2, 2},
		{"wifi", LinkConfig{Delay: 20 * time.Millisecond, Jitter: 5 * time.Millisecond, Loss: 0.02}, 2, nil, 2, 2},
		{"lossy", lossyLAN, 4, nil, 2, 2},
		{"slow", LinkConfig{Delay: 130 * time.Millisecond, Jitter: 10 * time.Millisecond}, 2, nil, 3, 4},
		{"lossy, browser", lossyLAN, 3, []int{2}, MaxAdaptedDelay, MaxAdaptedDelay},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%s, %d peers", tt.name, tt.peers), func(t *testing.T) {
			m := newMatch(t, tt.peers, tt.link, 3, func(i int, c *Config[race]) {
				hostOnly[race](tt.hostOnly...)(i, c)
				c.AdaptDelay = true
			})
			restrict(m, tt.hostOnly...)
			waited := make([]int, tt.peers)
			for m.settled() < 300 {
				if m.updates > 600 {
					t.Fatalf("settled only to tick %d in %d updates", m.settled(), m.updates)
				}
				m.update()
				for i, st := range m.statuses {
					if st.Waiting {
						waited[i]++
						if m.peers[i].InputDelay() != 0 || m.peers[i].Tick() != 0 {
							t.Fatalf("peer %d waits at tick %d with delay %d", i, m.peers[i].Tick(), m.peers[i].InputDelay())
						}
					}
				}
			}
			d := m.peers[0].InputDelay()
			if d < tt.low || d > tt.up {
				t.Errorf("delay %d, want %d to %d", d, tt.low, tt.up)
			}
			for i, s := range m.peers {
				if s.InputDelay() != d {
					t.Errorf("peer %d plays with delay %d, the host with %d", i, s.InputDelay(), d)
				}
				// Five round trips of the slowest path, and the
				// choice's way out: about a second on the slowest.
				if limit := int(leadInLimit / TickDuration); waited[i] == 0 || waited[i] > limit {
					t.Errorf("peer %d waited %d updates, want 1 to %d", i, waited[i], limit)
				}
				if i > 0 && !slices.Equal(m.hashes[i][:301], m.hashes[0][:301]) {
					t.Fatalf("peer %d settled other states than the host", i)
				}
				for _, ev := range m.events[i] {
					t.Errorf("peer %d: unexpected %+v", i, ev)
				}
			}
			t.Logf("delay %d after %v updates of lead-in; host stats %+v", d, waited, m.peers[0].Stats())
		})
	}
}

// TestAdaptDelaySilentPeer: a peer that never answers does not hold the
// match at the start for ever: after leadInLimit the host chooses the
// longest delay, the others follow, and the silent peer is dropped on
// its timeout.
func TestAdaptDelaySilentPeer(t *testing.T) {
	m := newMatch(t, 3, LinkConfig{Delay: 10 * time.Millisecond}, 4, func(i int, c *Config[race]) {
		c.AdaptDelay, c.Timeout = true, 3*time.Second
	})
	m.ends[2].Cut(true)
	for m.net.Now() < 5*time.Second {
		m.update()
	}
	for i := range 2 {
		if d := m.peers[i].InputDelay(); d != MaxAdaptedDelay {
			t.Errorf("peer %d: delay %d, want %d", i, d, MaxAdaptedDelay)
		}
		dropped := false
		for _, ev := range m.events[i] {
			dropped = dropped || ev.Kind == EventDropped && ev.Peer == 2
		}
		if !dropped {
			t.Errorf("peer %d never dropped the silent peer: %+v", i, m.events[i])
		}
	}
	if end := m.settledOf([]int{0, 1}); end < 60 {
		t.Errorf("the two peers settled only to tick %d", end)
	}
}

// TestLeadInPressesIgnored: presses made before tick 0, while the peers
// agree on the delay, are not part of the match; the press of the update
// that starts it is.
func TestLeadInPressesIgnored(t *testing.T) {
	m := newMatch(t, 2, LinkConfig{Delay: 30 * time.Millisecond}, 6, func(i int, c *Config[race]) { c.AdaptDelay = true })
	gestures := []rulesets.Buttons{rulesets.ButtonRock, rulesets.ButtonPaper, rulesets.ButtonScissors}
	var last [2]rulesets.Buttons
	m.press = func(i int, s *race) rulesets.Buttons {
		if m.peers[i].Tick() != 0 {
			return 0
		}
		last[i] = gestures[m.updates%len(gestures)]
		return last[i]
	}
	first := [2]int64{-1, -1}
	for m.settled() < 60 {
		if m.updates > 200 {
			t.Fatal("stalled")
		}
		m.update()
		for i, st := range m.statuses {
			if st.Advanced && first[i] < 0 {
				first[i] = st.InputTick
				if m.updates < 10 {
					t.Fatalf("peer %d started on update %d: no lead-in to press in", i, m.updates)
				}
			}
		}
	}
	for i := range m.peers {
		for _, f := range m.frames[i][:61] {
			want := [rulesets.MaxSeats]rulesets.Buttons{}
			for seat, tick := range first {
				if f.Tick == tick {
					want[seat] = last[seat]
				}
			}
			if f.Pressed != want {
				t.Fatalf("peer %d settled tick %d with presses %v, want %v", i, f.Tick, f.Pressed, want)
			}
		}
	}
}
