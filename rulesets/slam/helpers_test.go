package slam

import (
	"testing"

	"github.com/jankenarcade/janken/rulesets"
)

// Button shorthands for scripts.
const (
	rock     = rulesets.ButtonRock
	paper    = rulesets.ButtonPaper
	scissors = rulesets.ButtonScissors
	clap     = rulesets.ButtonClap
	confirm  = rulesets.ButtonConfirm
)

// tap is one scripted press: seat presses b on tick.
type tap struct {
	tick int64
	seat int
	b    rulesets.Buttons
}

// card parses the notation or fails the test.
func card(t testing.TB, s string) Card {
	t.Helper()
	c, err := ParseCard(s)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// stacked starts a game whose deck begins with top (top first), the rest
// of the deck following in its shuffled order, and whose first automatic
// flip comes on tick flipAt.
func stacked(t testing.TB, cfg Config, flipAt int64, top ...string) State {
	t.Helper()
	s, err := New(cfg, 1)
	if err != nil {
		t.Fatal(err)
	}
	deck := s.Deck(nil)
	var want []Card
	used := map[Card]bool{}
	for _, name := range top {
		c := card(t, name)
		want = append(want, c)
		used[c] = true
	}
	for _, c := range deck {
		if !used[c] {
			want = append(want, c)
		}
	}
	copy(s.dealer.order[:], want)
	s.topBack = want[0].Back()
	s.dealer.due = flipAt
	if err := s.Check(); err != nil {
		t.Fatal(err)
	}
	return s
}

// play steps s through tick until (exclusive) with the scripted presses,
// checking the invariants after every tick, and returns every event.
func play(t testing.TB, s *State, script []tap, until int64) []Event {
	t.Helper()
	var all []Event
	for s.Tick() < until {
		f := rulesets.Frame{Tick: s.Tick()}
		for _, p := range script {
			if p.tick == s.Tick() {
				f.Pressed[p.seat] |= p.b
			}
		}
		s.Step(&f)
		all = append(all, s.Events()...)
		if err := s.Check(); err != nil {
			t.Fatalf("tick %d: %v", f.Tick, err)
		}
	}
	return all
}

// find returns the events of kind.
func find(events []Event, kind EventKind) []Event {
	var out []Event
	for _, e := range events {
		if e.Kind == kind {
			out = append(out, e)
		}
	}
	return out
}

// givePile moves n cards from the bottom of the dealer's hidden deck into
// seat's pile, for tests that need won cards.
func givePile(s *State, seat, n int) {
	for range n {
		s.dealer.n--
		c := s.dealer.order[s.dealer.n]
		s.hidden--
		s.unseen &^= 1 << c
		s.pushPile(seat, c)
	}
}

// nthButton returns the n-th button of set, lowest first.
func nthButton(set rulesets.Buttons, n int) rulesets.Buttons {
	for bit := rulesets.Button(1); bit != 0; bit <<= 1 {
		if set&bit != 0 {
			if n == 0 {
				return bit
			}
			n--
		}
	}
	return 0
}
