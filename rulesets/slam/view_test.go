package slam

import (
	"testing"

	"github.com/jankenarcade/janken/rulesets"
)

// withTopTwin returns s with the deck's top card swapped for its twin: the
// card in the deck with the same back and another front. ok is false if
// the twin is not in the deck.
func withTopTwin(s State) (twin State, ok bool) {
	d := &s.dealer
	first := int(d.n) - int(s.hidden)
	top := d.order[first]
	for k := 1; k < 6; k++ {
		other := Card((int(top)/9+k)%6*9 + int(top)%9) // same back, another front
		for j := first + 1; j < int(d.n); j++ {
			if d.order[j] == other {
				d.order[first], d.order[j] = other, top
				return s, true
			}
		}
	}
	return s, false
}

// TestViewShowsOnlyTheTopBack: two games that differ only in the front of
// the deck's top card look the same to every seat, whether a card is up
// (the top's back decides it) or the top waits to be flipped.
func TestViewShowsOnlyTheTopBack(t *testing.T) {
	s := stacked(t, DefaultConfig(3), flipAt, "YBR/RR", "RYB/YS")
	checked := 0
	for _, at := range []int64{flipAt - 1, flipAt + 5} {
		for s.Tick() < at {
			s.Step(&rulesets.Frame{Tick: s.Tick()})
		}
		twin, ok := withTopTwin(s)
		if !ok {
			t.Fatalf("tick %d: no twin of %v in the deck", at, s.Deck(nil)[0])
		}
		if twin.Hash() == s.Hash() || twin.Deck(nil)[0] == s.Deck(nil)[0] {
			t.Fatalf("tick %d: the twin game is the same game", at)
		}
		for seat := range s.Seats() {
			if v, w := s.View(seat), twin.View(seat); v != w {
				t.Errorf("tick %d, seat %d: the top card's front shows:\n%+v\n%+v", at, seat, v, w)
			}
		}
		checked++
	}
	if s.Phase() != PhaseRacing || checked != 2 {
		t.Fatalf("phase %v after %d checks: the flip did not come", s.Phase(), checked)
	}
}
