package netplay

import (
	"slices"
	"testing"
	"time"
)

// botPress is the bot of the tests: it presses the target as soon as it
// shows. It reads only the state, so every peer computes the same presses.
func botPress(s *race, seat int) SeatInput {
	return SeatInput{Pressed: s.target, Held: s.target}
}

// eventLog is when (in simulated time) and on which tick a peer first
// reported each kind of event about another.
type eventLog struct {
	at   map[EventKind]time.Duration
	tick map[EventKind]int64
	// score is the dropped seat's settled score when the drop was seen.
	score int
}

// watchEvents records peer i's first event of each kind about peer about;
// onDrop, if set, runs when the drop is first seen.
func (m *match[S, P]) watchEvents(i, about int, log *eventLog, onDrop func()) {
	for _, ev := range m.peers[i].Events() {
		if ev.Peer != about {
			continue
		}
		if _, ok := log.at[ev.Kind]; !ok {
			log.at[ev.Kind] = m.net.Now()
			log.tick[ev.Kind] = ev.Tick
			if ev.Kind == EventDropped && onDrop != nil {
				onDrop()
			}
		}
	}
}

func newEventLog() *eventLog {
	return &eventLog{at: map[EventKind]time.Duration{}, tick: map[EventKind]int64{}}
}

func TestSessionDisconnect(t *testing.T) {
	const warn, timeout = 500 * time.Millisecond, 2 * time.Second
	tests := []struct {
		name   string
		peers  int
		cut    int // the peer that goes away
		policy DropPolicy
	}{
		{"2 peers, seat dropped", 2, 1, DropSeats},
		{"2 peers, bot takes over", 2, 1, BotSeats},
		{"3 peers, bot takes over", 3, 2, BotSeats},
		{"3 peers, the decider goes", 3, 0, DropSeats},
		{"4 peers, seat dropped", 4, 1, DropSeats},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := newMatch(t, tt.peers, LinkConfig{Delay: 20 * time.Millisecond, Jitter: 5 * time.Millisecond, Loss: 0.05}, 11, func(i int, c *Config[race]) {
				c.WarnAfter, c.Timeout, c.OnTimeout, c.Bot = warn, timeout, tt.policy, botPress
			})
			m.runUntil(300, 400)
			cutAt := m.net.Now()
			m.ends[tt.cut].Cut(true)
			logs := make([]*eventLog, tt.peers)
			for i := range logs {
				logs[i] = newEventLog()
			}
			var pausedAt int64 = -1
			for m.net.Now() < cutAt+timeout+2*time.Second {
				m.update()
				for i := range m.peers {
					if i != tt.cut {
						log := logs[i]
						m.watchEvents(i, tt.cut, log, func() {
							_, conf := m.peers[i].Settled()
							log.score = conf.score[tt.cut]
						})
					}
				}
				if m.net.Now() == cutAt+warn+200*time.Millisecond {
					pausedAt = m.peers[(tt.cut+1)%tt.peers].Tick()
				}
				if m.net.Now() == cutAt+timeout-100*time.Millisecond {
					if tick := m.peers[(tt.cut+1)%tt.peers].Tick(); tick != pausedAt {
						t.Errorf("the game ran on from tick %d to %d while a peer was silent", pausedAt, tick)
					}
				}
			}
			var live []int
			for i, log := range logs {
				if i == tt.cut {
					continue
				}
				live = append(live, i)
				// Warnings and timeouts fire within a tick and a delivery
				// of silence reaching the limit: the last packets heard
				// were sent just before the cut.
				for kind, limit := range map[EventKind]time.Duration{EventWarning: warn, EventTimeout: timeout} {
					at, ok := log.at[kind]
					if !ok {
						t.Fatalf("peer %d: no %v", i, kind)
					}
					if late := at - cutAt; late < limit || late > limit+100*time.Millisecond {
						t.Errorf("peer %d: %v %v after the cut, want %v to %v", i, kind, late, limit, limit+100*time.Millisecond)
					}
				}
				if _, ok := log.at[EventDropped]; !ok {
					t.Fatalf("peer %d: the silent peer was never dropped", i)
				}
				if log.tick[EventDropped] != logs[live[0]].tick[EventDropped] {
					t.Errorf("peers disagree on the drop tick: %d and %d", log.tick[EventDropped], logs[live[0]].tick[EventDropped])
				}
			}
			// The game went on without the dropped peer, in agreement.
			ref := live[0]
			end := m.settledOf(live)
			if from := logs[ref].tick[EventDropped]; end < from+60 {
				t.Fatalf("after dropping at tick %d the peers settled only to %d", from, end)
			}
			for _, i := range live[1:] {
				if !slices.Equal(m.hashes[i][:end+1], m.hashes[ref][:end+1]) {
					t.Fatalf("peers %d and %d disagree after the drop", ref, i)
				}
			}
			_, conf := m.peers[ref].Settled()
			scored := conf.score[tt.cut] != logs[ref].score
			if scored != (tt.policy == BotSeats) {
				t.Errorf("policy %v: the dropped seat's score changed = %v", tt.policy, scored)
			}
			for _, ev := range m.events[ref] {
				if ev.Kind == EventDesync || ev.Kind == EventFault {
					t.Errorf("peer %d: %+v", ref, ev)
				}
			}
		})
	}
}

func TestSessionBriefSilenceResumes(t *testing.T) {
	m := newMatch(t, 2, LinkConfig{Delay: 20 * time.Millisecond}, 3, func(i int, c *Config[race]) {
		c.WarnAfter, c.Timeout = 300*time.Millisecond, 3*time.Second
	})
	m.runUntil(100, 200)
	m.ends[1].Cut(true)
	for range 60 {
		m.update()
	}
	m.ends[1].Cut(false)
	m.runUntil(400, 1000)
	var kinds []EventKind
	for _, ev := range m.events[0] {
		kinds = append(kinds, ev.Kind)
	}
	if !slices.Equal(kinds, []EventKind{EventWarning, EventResumed}) {
		t.Errorf("events %v, want a warning then a resume", kinds)
	}
	if !slices.Equal(m.hashes[0][:401], m.hashes[1][:401]) {
		t.Error("peers disagree after the silence")
	}
}

// settledOf returns the lowest settled tick over the listed peers.
func (m *match[S, P]) settledOf(peers []int) int64 {
	low := int64(maxTick)
	for _, i := range peers {
		t, _ := m.peers[i].Settled()
		low = min(low, t)
	}
	return low
}
