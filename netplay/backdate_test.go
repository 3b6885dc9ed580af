package netplay

import (
	"fmt"
	"testing"

	"github.com/jankenarcade/janken/rulesets"
)

// backdater is peer 1 of a two-peer match run by a modified build: it
// sends peer 0 no more of its inputs than peer 0 needs to advance, reads
// peer 0's presses as soon as they arrive, and claims on seeing one a press
// of its own on the earliest tick peer 0 does not hold yet.
type backdater struct {
	m      *match[race, *race]
	sent   int64 // the last tick of our inputs sent
	seen   int64 // the last tick of peer 0's inputs seen
	ahead  int64 // the tick peer 0 last said it was at
	inputs [ringSize]SeatInput
	buf    [MaxPacketSize]byte
	in     inputMsg
	// claims maps each press of peer 0 seen (its tick) to the tick of
	// our press claimed on seeing it.
	claims map[int64]int64
}

// update reads what peer 0 sent and answers.
func (b *backdater) update(window int) {
	e := b.m.ends[1]
	claim := false
	for {
		n, _, ok := e.Receive(b.buf[:])
		if !ok {
			break
		}
		h, payload, err := ParseHeader(b.buf[:n])
		if err != nil || h.Kind != KindInput || b.in.decode(payload) != nil {
			continue
		}
		b.ahead = max(b.ahead, b.in.Tick)
		for i := range b.in.Count {
			t := b.in.Start + int64(i)
			if t <= b.seen {
				continue
			}
			b.seen = t
			if b.in.Inputs[i][0].Pressed != 0 {
				b.claims[t] = b.sent + 1
				claim = true
			}
		}
	}
	// Just enough for peer 0's next tick: it stalls beyond its window.
	last := b.ahead - int64(window)
	if claim {
		last = max(last, b.sent+1)
	}
	for t := b.sent + 1; t <= last; t++ {
		b.inputs[t%ringSize] = SeatInput{}
	}
	if claim {
		b.inputs[(b.sent+1)%ringSize] = SeatInput{Pressed: rulesets.ButtonRock, Held: rulesets.ButtonRock}
	}
	b.sent = max(b.sent, last)
	m := &b.in
	*m = inputMsg{Tick: b.ahead, Ack: b.seen}
	start := max(0, b.sent-maxInputTicks/2+1)
	m.Seats, m.Start, m.Count = SeatsOf(1), start, int(b.sent-start+1)
	for i := range m.Count {
		m.Inputs[i][1] = b.inputs[(start+int64(i))%ringSize]
	}
	e.Send(b.m.ends[0].LocalAddr(), m.append(appendHeader(nil, KindInput, 77)))
}

// TestBackdatingBound measures how far before a press of peer 0 that it
// has seen a peer holding its inputs back can claim one of its own: the
// prediction window plus the input delay less one tick (the bound of the
// package documentation), on the defaults and on a fast LAN's choice.
func TestBackdatingBound(t *testing.T) {
	for _, tt := range []struct{ delay, window int }{
		{2, MaxPrediction},
		{1, chooseWindow(fastLANRTT, 1)},
	} {
		t.Run(fmt.Sprintf("delay %d window %d", tt.delay, tt.window), func(t *testing.T) {
			m := newMatch(t, 2, LinkConfig{}, 12, func(i int, c *Config[race]) {
				c.InputDelay, c.Prediction = tt.delay, tt.window
			})
			m.start[1] = 1 << 30 // peer 1 is the backdater
			b := &backdater{m: m, sent: int64(tt.delay) - 1, seen: int64(tt.delay) - 1, claims: map[int64]int64{}}
			for m.updates < 3000 {
				m.update()
				b.update(tt.window)
			}
			bound := int64(tt.window + tt.delay - 1)
			worst := int64(0)
			settled, _ := m.peers[0].Settled()
			for press, claim := range b.claims {
				if claim > settled {
					continue
				}
				if got := m.frames[0][claim].Pressed[1]; got != rulesets.ButtonRock {
					t.Errorf("the claim on tick %d was not taken: %v", claim, got)
				}
				worst = max(worst, press-claim)
			}
			if len(b.claims) < 20 {
				t.Fatalf("only %d presses seen", len(b.claims))
			}
			if worst != bound {
				t.Errorf("claimed a press up to %d ticks before one seen, want the bound %d", worst, bound)
			}
			t.Logf("%d claims, up to %d ticks (%.0f ms) back", len(b.claims), worst, float64(worst)*1000/60)
		})
	}
}
