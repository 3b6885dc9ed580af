package netplay

import (
	"fmt"
	"slices"
	"testing"
	"time"
)

// TestHostLost cuts the host off in the middle of a four-peer match with
// a browser (peer 1, host-only): the browser, which reaches no one else,
// reports the host lost on the host's timeout and stops where it is; the
// two desktop peers time out the host and the browser together, drop both
// (or hand them to the bot) at the tick they agree on, and play on in
// sync.
func TestHostLost(t *testing.T) {
	const warn, timeout = 500 * time.Millisecond, 2 * time.Second
	const browser = 1
	desktops := []int{2, 3}
	for _, policy := range []DropPolicy{DropSeats, BotSeats} {
		t.Run(fmt.Sprintf("policy %d", policy), func(t *testing.T) {
			m := newMatch(t, 4, LinkConfig{Delay: 20 * time.Millisecond, Jitter: 5 * time.Millisecond, Loss: 0.05}, 12, func(i int, c *Config[race]) {
				hostOnly[race](browser)(i, c)
				c.WarnAfter, c.Timeout, c.OnTimeout, c.Bot = warn, timeout, policy, botPress
			})
			restrict(m, browser)
			m.runUntil(300, 400)
			cutAt := m.net.Now()
			m.ends[0].Cut(true)
			logs := make([]*eventLog, 4)
			for i := range logs {
				logs[i] = newEventLog()
			}
			var browserLogs [4]*eventLog // what the browser reported about each peer
			for i := range browserLogs {
				browserLogs[i] = newEventLog()
			}
			var lostTick int64 = -1
			var scoreAtDrop [4]int
			for m.net.Now() < cutAt+timeout+2*time.Second {
				m.update()
				for about := range browserLogs {
					m.watchEvents(browser, about, browserLogs[about], nil)
				}
				if st := m.statuses[browser]; st.Ended && lostTick < 0 {
					lostTick = m.peers[browser].Tick()
				} else if lostTick >= 0 && (!st.Ended || st.Advanced || m.peers[browser].Tick() != lostTick) {
					t.Fatalf("the browser went on after losing its host: %+v at tick %d", st, m.peers[browser].Tick())
				}
				// The first desktop's log is the reference; the
				// other's drops are compared with it below.
				for _, about := range []int{0, browser} {
					m.watchEvents(desktops[0], about, logs[about], func() {
						_, conf := m.peers[desktops[0]].Settled()
						scoreAtDrop[about] = conf.score[about]
					})
				}
			}

			// The browser: the host warned about, timed out and lost,
			// on time; the others, heard only through it, not blamed.
			host := browserLogs[0]
			for kind, limit := range map[EventKind]time.Duration{EventWarning: warn, EventTimeout: timeout, EventHostLost: timeout} {
				at, ok := host.at[kind]
				if !ok {
					t.Fatalf("the browser reported no %v of the host: %+v", kind, m.events[browser])
				}
				if late := at - cutAt; late < limit || late > limit+100*time.Millisecond {
					t.Errorf("the browser's %v came %v after the cut, want %v to %v", kind, late, limit, limit+100*time.Millisecond)
				}
			}
			for _, about := range []int{2, 3} {
				if len(browserLogs[about].at) != 0 {
					t.Errorf("the browser blamed peer %d, heard only through the host: %v", about, browserLogs[about].at)
				}
			}
			if lostTick < 0 {
				t.Fatal("the browser's session never ended")
			}

			// The desktops: the host and the browser timed out on time,
			// dropped at the same ticks on both, the game going on.
			for _, about := range []int{0, browser} {
				log := logs[about]
				at, ok := log.at[EventTimeout]
				if !ok {
					t.Fatalf("peer %d never timed out on the desktops", about)
				}
				if late := at - cutAt; late < timeout || late > timeout+100*time.Millisecond {
					t.Errorf("peer %d timed out %v after the cut, want %v to %v", about, late, timeout, timeout+100*time.Millisecond)
				}
				if _, ok := log.at[EventDropped]; !ok {
					t.Fatalf("peer %d was never dropped", about)
				}
				for _, i := range desktops {
					var tick int64 = -1
					for _, ev := range m.events[i] {
						if ev.Kind == EventDropped && ev.Peer == about {
							tick = ev.Tick
						}
					}
					if tick != log.tick[EventDropped] {
						t.Errorf("peer %d dropped peer %d from tick %d, peer %d from %d", i, about, tick, desktops[0], log.tick[EventDropped])
					}
				}
			}
			from := max(logs[0].tick[EventDropped], logs[browser].tick[EventDropped])
			end := m.settledOf(desktops)
			if end < from+60 {
				t.Fatalf("after dropping from tick %d the desktops settled only to %d", from, end)
			}
			if !slices.Equal(m.hashes[2][:end+1], m.hashes[3][:end+1]) {
				t.Fatal("the desktops disagree after the drop")
			}
			// The bot plays both seats: between them they score.
			_, conf := m.peers[desktops[0]].Settled()
			scored := conf.score[0]+conf.score[browser] != scoreAtDrop[0]+scoreAtDrop[browser]
			if scored != (policy == BotSeats) {
				t.Errorf("policy %v: the dropped seats scored = %v", policy, scored)
			}
			for _, i := range append([]int{browser}, desktops...) {
				for _, ev := range m.events[i] {
					if ev.Kind == EventDesync || ev.Kind == EventFault || ev.Kind == EventHostLost && i != browser {
						t.Errorf("peer %d: %+v", i, ev)
					}
				}
			}
			t.Logf("browser ended at tick %d; desktops dropped the host from %d, the browser from %d, settled to %d",
				lostTick, logs[0].tick[EventDropped], logs[browser].tick[EventDropped], end)
		})
	}
}

// TestHostLostBeforeStart: with AdaptDelay the peers wait for the host's
// choice of delay before tick 0; a host that never answers is lost to all
// of them on its timeout, and none starts.
func TestHostLostBeforeStart(t *testing.T) {
	const timeout = time.Second
	m := newMatch(t, 3, LinkConfig{Delay: 10 * time.Millisecond}, 2, func(i int, c *Config[race]) {
		c.AdaptDelay, c.Timeout = true, timeout
	})
	m.ends[0].Cut(true)
	for m.net.Now() < timeout+200*time.Millisecond {
		m.update()
	}
	for i := 1; i < 3; i++ {
		var kinds []EventKind
		for _, ev := range m.events[i] {
			kinds = append(kinds, ev.Kind)
		}
		if !slices.Contains(kinds, EventHostLost) {
			t.Errorf("peer %d: events %v, want the host lost", i, kinds)
		}
		if st := m.statuses[i]; !st.Ended || m.peers[i].Tick() != 0 {
			t.Errorf("peer %d: %+v at tick %d, want ended before tick 0", i, st, m.peers[i].Tick())
		}
	}
}
