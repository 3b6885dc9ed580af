package slamtable

import (
	"testing"

	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/rulesets/slam"
)

func TestFinishLine(t *testing.T) {
	// A card flipped on tick 100, won by seat 1 on tick 121.
	won := slam.Finish{Record: slam.CardRecord{FlipTick: 100, DecidedTick: 121, Outcome: slam.OutcomeWon, Taker: 1}}
	for seat := range won.FalseStart {
		won.FalseStart[seat], won.LockedOut[seat] = -1, -1
	}
	won.Record.Presses[1] = slam.Press{Tick: 121, Buttons: rulesets.ButtonRock, Result: slam.ResultCorrect}
	won.Record.Presses[2] = slam.Press{Tick: 123, Buttons: rulesets.ButtonRock, Result: slam.ResultLate}
	won.Record.Presses[3] = slam.Press{Tick: 112, Buttons: rulesets.ButtonPaper, Result: slam.ResultWrong}
	won.LockedOut[3] = 115
	won.FalseStart[4] = 94
	won.Record.Presses[5] = slam.Press{Tick: 130, Buttons: rulesets.ButtonClap, Result: slam.ResultLateWrong}

	heat := won
	heat.Record.Tied = 1<<1 | 1<<6
	heat.Record.Presses[6] = slam.Press{Tick: 121, Buttons: rulesets.ButtonRock, Result: slam.ResultCorrect}

	taken := won
	taken.Record.Outcome, taken.Record.Taker = slam.OutcomeTaken, 3

	tests := []struct {
		name string
		f    *slam.Finish
		seat int
		want string
	}{
		{"winner", &won, 1, "won in 350 ms"},
		{"late", &won, 2, "late by 33 ms"},
		{"wrong, locked out", &won, 3, "wrong: Paper at 200 ms, then locked out (250 ms)"},
		{"false start", &won, 4, "false start 100 ms before the flip"},
		{"late and wrong", &won, 5, "late and wrong: Clap, 150 ms after"},
		{"no press", &won, 0, "no press"},
		{"dead heat winner", &heat, 1, "won in 350 ms, a dead heat drawn"},
		{"dead heat loser", &heat, 6, "dead heat in 350 ms, not drawn"},
		{"mistake takes", &taken, 3, "wrong: Paper at 200 ms: takes it, then locked out (250 ms)"},
	}
	for _, tt := range tests {
		if got := finishLine(tt.f, tt.seat); got != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
}
