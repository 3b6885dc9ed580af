package thatsminetable

import "testing"

// TestWaitingTickAllocatesNothing: a table waiting on its human's choice
// — the director and the runner's whole loop: news, gate, the view asked of the match, the
// table's input and animation — allocates nothing a tick.
func TestWaitingTickAllocatesNothing(t *testing.T) {
	h := newHarness(t, seating(t, "hbb"), nil, 3)
	for i := 0; i < 2000 && h.run.Status().Acting != 0; i++ {
		h.tick()
	}
	if h.run.Status().Acting != 0 {
		t.Fatal("the human never got to choose")
	}
	for range 10 { // warm: the hand laid out, the buffers grown
		h.tick()
	}
	if n := testing.AllocsPerRun(1000, func() { h.d.Update() }); n != 0 {
		t.Errorf("a waiting tick allocates %v times", n)
	}
}
