package netplay

import (
	"math"
	"slices"
	"testing"
	"time"
)

// TestSessionLeave: a peer whose player leaves (Session.Leave) is dropped
// at once, every other peer agreeing on the tick, and the game goes on
// without the wait a silent peer costs: no warning, no timeout, and no
// stall of WarnAfter. The leaver's last inputs count: the drop comes after
// them. Before KindLeave, the others waited Timeout on the silence.
func TestSessionLeave(t *testing.T) {
	const warn, timeout = time.Second, 5 * time.Second
	tests := []struct {
		name     string
		peers    int
		leaver   int
		link     LinkConfig
		hostOnly []int
		// deaf, if not -1, is a peer that hears none of the leave: it
		// takes the host's drop once the leaver has been silent there
		// for WarnAfter, which the host's eight repeats a ping interval
		// apart (100 ms here) would not reach. Until then it waits on the
		// leaver, and every peer on it.
		deaf int
	}{
		{"2 peers, the joiner leaves", 2, 1, LinkConfig{Delay: 20 * time.Millisecond}, nil, -1},
		{"3 peers, a joiner leaves", 3, 2, LinkConfig{Delay: 20 * time.Millisecond, Jitter: 5 * time.Millisecond, Loss: 0.05}, nil, -1},
		{"3 peers, the host leaves", 3, 0, LinkConfig{Delay: 20 * time.Millisecond, Jitter: 5 * time.Millisecond, Loss: 0.05}, nil, -1},
		{"4 peers, a browser leaves through the host", 4, 3, LinkConfig{Delay: 20 * time.Millisecond, Loss: 0.05}, []int{3}, -1},
		{"4 peers, a desktop leaves, a browser hears it through the host", 4, 1, LinkConfig{Delay: 20 * time.Millisecond, Loss: 0.05}, []int{3}, -1},
		{"3 peers, one hears none of the leave", 3, 2, LinkConfig{Delay: 20 * time.Millisecond}, nil, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := newMatch(t, tt.peers, tt.link, 5, func(i int, c *Config[race]) {
				c.WarnAfter, c.Timeout, c.OnTimeout, c.Bot = warn, timeout, BotSeats, botPress
				c.PingInterval = 100 * time.Millisecond
				if tt.hostOnly != nil {
					hostOnly[race](tt.hostOnly...)(i, c)
				}
			})
			restrict(m, tt.hostOnly...)
			m.runUntil(300, 600)
			if tt.deaf >= 0 {
				m.ends[tt.leaver].Reach(m.ends[0].LocalAddr())
			}
			m.peers[tt.leaver].Leave()
			m.start[tt.leaver] = math.MaxInt // never updated again
			last := m.peers[tt.leaver].localKnown()
			leftAt := m.net.Now()
			var live []int
			watcher := 0
			for i := range tt.peers {
				if i != tt.leaver {
					live = append(live, i)
					if i != tt.deaf {
						watcher = i
					}
				}
			}
			held := 300 * time.Millisecond // the longest the others may wait
			if tt.deaf >= 0 {
				held += warn
			}
			for m.net.Now() < leftAt+2*warn {
				before := m.peers[watcher].Tick()
				m.update()
				if m.statuses[watcher].Stalled && m.net.Now()-leftAt > held {
					t.Fatalf("peer %d still stalled at tick %d, %v after the leave", watcher, before, m.net.Now()-leftAt)
				}
			}
			var dropTick int64 = -1
			for _, i := range live {
				kinds := m.eventsOf(i, tt.leaver)
				want := []EventKind{EventLeft, EventDropped}
				switch {
				case tt.leaver == 0 && slices.Contains(tt.hostOnly, i):
					want = []EventKind{EventLeft, EventHostLost} // the browser's only path is gone
				case i == tt.deaf:
					want = []EventKind{EventWarning, EventDropped}
				}
				if !slices.Equal(kinds, want) {
					t.Errorf("peer %d heard %v about the leaver, want %v", i, kinds, want)
				}
				for _, ev := range m.events[i] {
					if ev.Peer == tt.leaver && ev.Kind == EventDropped {
						if dropTick >= 0 && ev.Tick != dropTick {
							t.Errorf("peer %d dropped the leaver from tick %d, another from %d", i, ev.Tick, dropTick)
						}
						dropTick = ev.Tick
					}
				}
			}
			if dropTick != last+1 {
				t.Errorf("dropped from tick %d; the leaver's inputs ended at %d", dropTick, last)
			}
			for limit := m.updates + 400; m.settledOf(live) < dropTick+120; m.update() {
				if m.updates >= limit {
					t.Fatalf("after the drop at tick %d the peers settled only to %d", dropTick, m.settledOf(live))
				}
			}
			end := m.settledOf(live)
			for _, i := range live[1:] {
				if !slices.Equal(m.hashes[i][:end+1], m.hashes[live[0]][:end+1]) {
					t.Fatalf("peers %d and %d disagree after the leave", live[0], i)
				}
			}
		})
	}
}

// TestAttack_ForgedLeaveIsIgnored: a leave says only that its sender's
// player left. One naming another peer, or with another's seats, or with
// deals from a peer other than the host, changes nothing, and the match
// goes on in agreement.
func TestAttack_ForgedLeaveIsIgnored(t *testing.T) {
	tests := []struct {
		name      string
		peer      int     // the peer the leave names
		seats     SeatSet // the seats whose inputs it carries
		deal      uint32
		malformed int64 // the receiver's count
		foreign   int64
	}{
		{"naming another peer", 1, SeatsOf(1), 0, 1, 0},
		{"with another's seats", 2, SeatsOf(1), 0, 1, 0},
		{"with a deal", 2, SeatsOf(2), 7, 0, 1},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := newMatch(t, 3, attackLink, uint64(i), attackTimes)
			m.runUntil(100, 200)
			// Peer 2 sends it to the host, which decides drops.
			known := m.peers[0].known[lowestSeat(tt.seats)]
			leave := dropMsg{Peer: tt.peer, From: known + 1, inputRange: inputRange{Seats: tt.seats, Start: known + 1}}
			if tt.deal != 0 {
				leave.Start, leave.Count = known, 1
				leave.Deals[0] = tt.deal
			}
			m.ends[0].Inject(m.ends[2].LocalAddr(), leave.append(appendHeader(nil, KindLeave, 77)))
			m.runUntil(300, 400)
			m.agree(t, 300, 0, 1, 2)
			d := m.peers[0].Stats().Counter.Dropped
			if d.Malformed != tt.malformed || d.ForeignSeat != tt.foreign {
				t.Errorf("the host counted %d malformed and %d foreign packets, want %d and %d", d.Malformed, d.ForeignSeat, tt.malformed, tt.foreign)
			}
		})
	}
}

// lowestSeat returns the lowest seat of seats.
func lowestSeat(seats SeatSet) int {
	for seat := range 8 {
		if seats.Has(seat) {
			return seat
		}
	}
	return -1
}
