package netplay

import (
	"encoding/json"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/jankenarcade/janken/rulesets"
)

// counting is a game of one counter that seat 0 steps: each step is an
// event everyone sees, numbered, and every view is the count.
type counting struct {
	n      int
	events []int
}

func newCounting() *counting { return &counting{} }

func (g *counting) Seats() int            { return 2 }
func (g *counting) Over() bool            { return false }
func (g *counting) ToAct(dst []int) []int { return append(dst, 0) }
func (g *counting) Legal(seat int, dst []int) []int {
	if seat == 0 {
		dst = append(dst, 1)
	}
	return dst
}
func (g *counting) Winners(dst []int) []int { return dst }
func (g *counting) Scores(dst []int) []int  { return append(dst, g.n, 0) }
func (g *counting) Hash() uint64            { return uint64(g.n) }
func (g *counting) Events() []int           { return g.events }
func (g *counting) ClearEvents()            { g.events = g.events[:0] }
func (g *counting) Check() error            { return nil }

func (g *counting) Apply(seat, step int) error {
	if seat != 0 || step != 1 {
		return fmt.Errorf("counting: seat %d may not step %d", seat, step)
	}
	g.n++
	g.events = append(g.events, g.n)
	return nil
}

func countingHostConfig(remotes []Remote) HostConfig[*counting, int, int] {
	return HostConfig[*counting, int, int]{
		Room:         9,
		Remotes:      remotes,
		View:         func(g *counting, seat int) ([]byte, error) { return json.Marshal(g.n) },
		Audience:     func(int) rulesets.Audience { return rulesets.Everyone },
		EncodeEvent:  func(e int) ([]byte, error) { return json.Marshal(e) },
		DecodeAction: func(data []byte) (int, error) { var n int; err := json.Unmarshal(data, &n); return n, err },
	}
}

// TestHostCoalescesUpdatesForASlowClient: while a client acknowledges
// nothing (its link is down) the host keeps at most a window of messages
// for it, however much happens; when the link comes back the client gets
// every event once, in order, and the latest view.
func TestHostCoalescesUpdatesForASlowClient(t *testing.T) {
	net := NewMemNetwork(LinkConfig{Delay: 10 * time.Millisecond}, 5)
	hostEnd, slow := net.Endpoint(), net.Endpoint()
	g := newCounting()
	h, err := NewHost(countingHostConfig([]Remote{{Addr: slow.LocalAddr(), Seats: SeatsOf(1)}}), hostEnd, g)
	if err != nil {
		t.Fatal(err)
	}
	c := NewClient(slow, hostEnd.LocalAddr(), 9, SeatsOf(1))
	var events []int
	var view []byte
	tick := func() {
		if err := h.Update(net.Now()); err != nil {
			t.Fatal(err)
		}
		for _, u := range c.Update(net.Now()) {
			for _, e := range u.Events {
				var n int
				if err := json.Unmarshal(e, &n); err != nil {
					t.Fatal(err)
				}
				events = append(events, n)
			}
			view = u.View
		}
		if n := h.Remotes()[0].Unacked; n > inFlight {
			t.Fatalf("the host holds %d messages for the client, more than its window of %d", n, inFlight)
		}
		net.Advance(TickDuration)
	}
	tick()
	slow.Cut(true)
	const steps = 200 // one a tick: far more than the window
	for range steps {
		if err := h.Apply(0, 1); err != nil {
			t.Fatal(err)
		}
		tick()
	}
	slow.Cut(false)
	for range 120 {
		tick()
	}
	want := make([]int, steps)
	for i := range want {
		want[i] = i + 1
	}
	if !slices.Equal(events, want) {
		t.Errorf("the client got events %v, want 1 to %d once each in order", events, steps)
	}
	if string(view) != `200` {
		t.Errorf("the client's last view is %s, want 200", view)
	}
	if f := h.Remotes()[0].Fault; f != "" {
		t.Errorf("the host gave up on a client back within the stall limit: %s", f)
	}
}
