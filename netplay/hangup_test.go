//go:build !js

package netplay

import (
	"testing"
	"time"

	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/rulesets/slam"
)

// TestHostHearsABrowserHangUp: three-player Slam on loopback, a browser
// among the peers (see joinTrio). The browser's connection closes mid-game,
// as when its tab closes, without a word. The host takes that as the
// player leaving: in its next update, on a clock that has not moved while
// the test waited for the hub to see the close, it reports the browser
// left and drops it, with no warning or timeout. The desktop peer, which
// hears the browser only through the host, takes the same drop as it
// comes, before the browser has been silent there for WarnAfter, and both
// settle the same ticks after it.
//
// The sessions run on a clock the test moves one tick a step (sleeping a
// tick of real time between steps), so that a busy machine makes nobody
// look silent sooner than it is.
func TestHostHearsABrowserHangUp(t *testing.T) {
	const room, seed, before, after = 14, 8, 120, 90
	const warnAfter = time.Second // Config's default WarnAfter
	trio := joinTrio(t, room)
	hashes := make([]map[int64]uint64, len(trio.views))
	for i := range hashes {
		hashes[i] = map[int64]uint64{}
	}
	sessions, bots := trio.sessions(t, seed, func(i int, f *rulesets.Frame, s *slam.State) { hashes[i][f.Tick] = s.Hash() })
	const browser = 2
	host, desktop := sessions[0], sessions[1]

	var now time.Duration
	dropped := [3]int64{-1, -1, -1} // the tick each peer dropped the browser from
	step := func(peers []*Session[slam.State, *slam.State]) {
		t.Helper()
		now += TickDuration
		for i, s := range peers {
			var f rulesets.Frame
			bots[i].Act(s.State(), &f)
			s.Update(now, &f)
			for _, ev := range s.Events() {
				switch ev.Kind {
				case EventDesync, EventFault, EventTimeout, EventHostLost:
					t.Fatalf("peer %d at %v: %+v", i, now, ev)
				case EventDropped:
					dropped[i] = ev.Tick
				}
			}
		}
		time.Sleep(TickDuration)
	}
	settled := func(s *Session[slam.State, *slam.State]) int64 { n, _ := s.Settled(); return n }
	for settled(host) < before || settled(desktop) < before || settled(sessions[browser]) < before {
		if now > hang {
			t.Fatalf("stalled: settled ticks %d, %d, %d", settled(host), settled(desktop), settled(sessions[browser]))
		}
		step(sessions)
	}

	if err := trio.browser.Close(); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(hang); !trio.host.hub.Closed(trio.views[0][browser].Addr); {
		if time.Now().After(deadline) {
			t.Fatal("the hub never saw the browser's connection close")
		}
		time.Sleep(time.Millisecond)
	}
	closedAt := now
	step(sessions[:1])
	var left bool
	for _, ev := range host.Events() {
		left = left || ev.Kind == EventLeft && ev.Peer == browser
	}
	if !left || dropped[0] < 0 {
		t.Fatalf("one tick after the browser's connection closed, the host reports it left %v, dropped from tick %d; want it left and dropped", left, dropped[0])
	}

	for dropped[1] < 0 {
		if now-closedAt > hang {
			t.Fatal("the desktop never dropped the browser")
		}
		step(sessions[:2])
	}
	waited := now - closedAt
	if waited >= warnAfter {
		t.Errorf("the desktop dropped the browser %v after its connection closed, want less than WarnAfter, %v", waited, warnAfter)
	}
	if dropped[1] != dropped[0] {
		t.Errorf("the desktop dropped the browser from tick %d, the host from %d", dropped[1], dropped[0])
	}
	for end := dropped[0] + after; settled(host) < end || settled(desktop) < end; {
		if now-closedAt > hang {
			t.Fatalf("stalled after the drop: settled ticks %d, %d", settled(host), settled(desktop))
		}
		step(sessions[:2])
	}
	for tick := range dropped[0] + after {
		if hashes[1][tick] != hashes[0][tick] {
			t.Fatalf("the desktop settled tick %d with hash %#x, the host with %#x", tick, hashes[1][tick], hashes[0][tick])
		}
	}
	t.Logf("the browser's connection closed at %v; the host dropped it one tick later, the desktop %v later, both from tick %d", closedAt, waited, dropped[0])
}
