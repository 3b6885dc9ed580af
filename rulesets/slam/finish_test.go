package slam

import (
	"testing"

	"github.com/jankenarcade/janken/rulesets"
)

// TestFinishes: a replay's photo finish of a card has every press the
// judge recorded, the false start made before the flip and the press of
// a seat locked out after its mistake, and shows just before the next
// flip.
func TestFinishes(t *testing.T) {
	cfg := DefaultConfig(3)
	s, err := New(cfg, 21)
	if err != nil {
		t.Fatal(err)
	}
	probe := s
	for probe.Phase() != PhaseRacing {
		probe.Step(&rulesets.Frame{})
	}
	flip, correct := probe.Card().FlipTick, probe.Card().Correct
	wrong := rulesets.ButtonClap
	if correct == wrong {
		wrong = rulesets.ButtonRock
	}
	script := map[int64][2]int{ // tick: seat, 1 correct / 0 wrong
		flip - 5:  {0, 0},
		flip + 10: {1, 0},
		flip + 15: {1, 1},
		flip + 20: {2, 1},
	}
	rec, err := NewRecorder(header(3, 21, true), &s, PublicSeed(21))
	if err != nil {
		t.Fatal(err)
	}
	flips := 0
	for flips < 2 {
		f := rulesets.Frame{Tick: s.Tick()}
		if p, ok := script[s.Tick()]; ok {
			f.Pressed[p[0]] = map[int]rulesets.Buttons{0: wrong, 1: correct}[p[1]]
		}
		s.Step(&f)
		rec.Record(&f, &s)
		flips = s.Flips()
	}
	next := s.Card().FlipTick
	fins, err := Finishes(roundTrip(t, rec.Finish(&s)))
	if err != nil {
		t.Fatal(err)
	}
	if len(fins) != 2 {
		t.Fatalf("%d photo finishes for 2 flips", len(fins))
	}
	f := fins[0]
	r := f.Record
	switch {
	case r.FlipTick != flip || r.Taker != 2 || r.Outcome != OutcomeWon:
		t.Errorf("the card flipped on %d went to seat %d (%v); want %d, seat 2", r.FlipTick, r.Taker, r.Outcome, flip)
	case r.Presses[1].Result != ResultWrong || r.Presses[2] != Press{Tick: flip + 20, Buttons: correct, Result: ResultCorrect}:
		t.Errorf("presses %+v", r.Presses)
	case f.FalseStart != [rulesets.MaxSeats]int64{flip - 5, -1, -1, -1, -1, -1, -1, -1}:
		t.Errorf("false starts %v, want seat 0's on %d", f.FalseStart, flip-5)
	case f.LockedOut != [rulesets.MaxSeats]int64{-1, flip + 15, -1, -1, -1, -1, -1, -1}:
		t.Errorf("locked out %v, want seat 1's on %d", f.LockedOut, flip+15)
	case f.Show != next:
		t.Errorf("shown at tick %d, want the next flip's %d", f.Show, next)
	}
	if fins[1].FalseStart != [rulesets.MaxSeats]int64{-1, -1, -1, -1, -1, -1, -1, -1} {
		t.Errorf("the second card has false starts %v", fins[1].FalseStart)
	}
}
