package replay

import (
	"fmt"
	"slices"
)

// Game is what a game supplies for its replays, as its catalog entry's
// Replay: the rules version it plays and how to re-run a replay.
type Game interface {
	// Rules returns the version of the rules this build plays: "ninjan/1".
	Rules() string
	// Verify re-runs r and checks it against every checkpoint and the
	// recorded result. It returns a *RulesError for a replay of other
	// rules, a *Divergence at the first step or checkpoint the re-run
	// disagrees with, or another error for a replay it cannot re-run.
	Verify(r *Replay) error
}

// RulesError is a replay recorded under rules other than the ones this
// build plays.
type RulesError struct {
	Replay, Build string
}

func (e *RulesError) Error() string {
	return fmt.Sprintf("rules version %s, this build plays %s", e.Replay, e.Build)
}

// CheckRules returns a *RulesError unless h was recorded under the rules
// plays, a Game's Rules.
func CheckRules(h *Header, plays string) error {
	if h.Rules != plays {
		return &RulesError{Replay: h.Rules, Build: plays}
	}
	return nil
}

// Divergence is where a re-run replay first disagrees with its record.
type Divergence struct {
	// Unit names what At counts: "action" or "tick".
	Unit string
	At   int64
	// Want is the recorded hash, Got the re-run's, at At.
	Want, Got uint64
	// Err, if set, is why the step at At could not be applied at all; the
	// hashes are then unset.
	Err error
}

func (d *Divergence) Error() string {
	if d.Err != nil {
		return fmt.Sprintf("replay diverges at %s %d: %v", d.Unit, d.At, d.Err)
	}
	return fmt.Sprintf("replay diverges at %s %d: recorded hash %s, replayed %s", d.Unit, d.At, HashString(d.Want), HashString(d.Got))
}

func (d *Divergence) Unwrap() error { return d.Err }

// checkResult compares a re-run's end with the recorded result, as a
// Divergence at at if they differ.
func checkResult(unit string, at int64, rec Result, over bool, winners, scores []int) error {
	if !rec.Over {
		return nil
	}
	var err error
	switch {
	case !over:
		err = fmt.Errorf("the recorded match ended, the replayed one goes on")
	case !slices.Equal(rec.Winners, winners):
		err = fmt.Errorf("recorded winners %v, replayed %v", rec.Winners, winners)
	case !slices.Equal(rec.Scores, scores):
		err = fmt.Errorf("recorded scores %v, replayed %v", rec.Scores, scores)
	}
	if err != nil {
		return &Divergence{Unit: unit, At: at, Err: err}
	}
	return nil
}
