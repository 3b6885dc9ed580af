package slamtable

import (
	"fmt"

	"github.com/jankenarcade/janken/rulesets/slam"
)

// finishLine says what seat did on the card of a photo finish, as the
// replay viewer lists it: "won in 350 ms", "late by 33 ms", "wrong: Rock
// at 210 ms, then locked out", "false start 120 ms before the flip", or
// "no press".
func finishLine(f *slam.Finish, seat int) string {
	r := &f.Record
	line := pressLine(r, seat)
	if t := f.LockedOut[seat]; t >= 0 {
		line += fmt.Sprintf(", then locked out (%d ms)", ms(t-r.FlipTick))
	}
	if t := f.FalseStart[seat]; t >= 0 {
		fs := fmt.Sprintf("false start %d ms before the flip", ms(r.FlipTick-t))
		if line == "" {
			return fs
		}
		line = fs + " · " + line
	}
	if line == "" {
		return "no press"
	}
	return line
}

// pressLine says how the judge read seat's first press on the card of r,
// or "" if it made none.
func pressLine(r *slam.CardRecord, seat int) string {
	p := r.Presses[seat]
	at := ms(p.Tick - r.FlipTick)
	taker := int(r.Taker) == seat
	switch p.Result {
	case slam.ResultCorrect:
		switch {
		case taker && r.Outcome == slam.OutcomeWon && r.Tied.Len() > 1:
			return fmt.Sprintf("won in %d ms, a dead heat drawn", at)
		case taker && r.Outcome == slam.OutcomeWon:
			return fmt.Sprintf("won in %d ms", at)
		case taker:
			return fmt.Sprintf("last in %d ms: takes it", at)
		case r.Tied.Has(seat):
			return fmt.Sprintf("dead heat in %d ms, not drawn", at)
		}
		return fmt.Sprintf("right in %d ms", at)
	case slam.ResultLate:
		return fmt.Sprintf("late by %d ms", ms(p.Tick-lateFrom(r)))
	case slam.ResultWrong, slam.ResultMash:
		what := "wrong: " + gestureName(p.Buttons)
		if p.Result == slam.ResultMash {
			what = "two at once"
		}
		if taker {
			return fmt.Sprintf("%s at %d ms: takes it", what, at)
		}
		return fmt.Sprintf("%s at %d ms", what, at)
	case slam.ResultLateWrong:
		return fmt.Sprintf("late and wrong: %s, %d ms after", gestureName(p.Buttons), ms(p.Tick-lateFrom(r)))
	}
	return ""
}

// lateFrom returns the tick a late press on r is late from: the winning
// press, or the decision if the card went another way.
func lateFrom(r *slam.CardRecord) int64 {
	if r.Taker >= 0 && r.Presses[r.Taker].Result == slam.ResultCorrect {
		return r.Presses[r.Taker].Tick
	}
	return r.DecidedTick
}
