package slam

import "github.com/jankenarcade/janken/rulesets"

// Finish is the photo finish of one flipped card as a replay tells it:
// the judge's record once the card is done with (its late window over,
// just before the next flip), with what that record leaves out — the
// false starts made while the table waited for this card, and the presses
// of seats locked out of it after a mistake.
type Finish struct {
	Record CardRecord
	// FalseStart is the tick of each seat's false start before the flip,
	// or -1.
	FalseStart [rulesets.MaxSeats]int64
	// LockedOut is the tick of each seat's first press while locked out
	// of the card after a mistake, or -1.
	LockedOut [rulesets.MaxSeats]int64
	// Show is the tick (a State's Tick) at which the table shows the
	// finish complete: the next flip's tick, or the replay's end.
	Show int64
}

// newFinish starts the finish of the card just flipped in s, with the
// false starts made before it.
func newFinish(s *State, falseStarts [rulesets.MaxSeats]int64) Finish {
	f := Finish{Record: s.card, FalseStart: falseStarts}
	for i := range f.LockedOut {
		f.LockedOut[i] = -1
	}
	return f
}

// Finishes re-runs the replay and returns the photo finish of every card
// flipped, in order. It reads the frames as Verify does and fails where it
// would on an unreadable one (it does not check the hashes).
func Finishes(rec *Recording) ([]Finish, error) {
	s, err := rec.Start.State()
	if err != nil {
		return nil, err
	}
	var out []Finish
	var falseStarts [rulesets.MaxSeats]int64
	clearTicks(&falseStarts)
	r := NewReader(rec)
	var f rulesets.Frame
	for !r.Done() {
		if err := r.Next(&f); err != nil {
			return out, err
		}
		if n := len(out); n > 0 && s.phase == PhaseRacing {
			noteLockedOut(&out[n-1], &s, &f)
		}
		s.Step(&f)
		for _, e := range s.Events() {
			switch e.Kind {
			case EventFalseStart:
				falseStarts[e.Seat] = e.Tick
			case EventFlip:
				if n := len(out); n > 0 {
					out[n-1].Show = e.Tick
				}
				out = append(out, newFinish(&s, falseStarts))
				clearTicks(&falseStarts)
			}
		}
		if n := len(out); n > 0 && s.card.FlipTick == out[n-1].Record.FlipTick {
			out[n-1].Record = s.card
		}
	}
	if n := len(out); n > 0 {
		out[n-1].Show = s.tick
	}
	return out, r.trailing()
}

// noteLockedOut records in fin the gestures of f by seats that s, before
// the step, holds locked out of the card up after a mistake.
func noteLockedOut(fin *Finish, s *State, f *rulesets.Frame) {
	for seat := range s.cfg.Players {
		if f.Pressed[seat]&rulesets.Gestures != 0 && s.locked.Has(seat) &&
			s.card.Presses[seat].Result.Mistake() && fin.LockedOut[seat] < 0 {
			fin.LockedOut[seat] = s.tick
		}
	}
}

func clearTicks(t *[rulesets.MaxSeats]int64) {
	for i := range t {
		t[i] = -1
	}
}
