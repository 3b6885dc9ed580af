package slam

import (
	"testing"
	"unsafe"

	"github.com/jankenarcade/janken/rulesets"
)

// racingState returns an 8-seat game with a card up.
func racingState(b *testing.B) State {
	s, err := New(DefaultConfig(8), 1)
	if err != nil {
		b.Fatal(err)
	}
	var f rulesets.Frame
	for s.Phase() != PhaseRacing {
		s.Step(&f)
	}
	return s
}

// BenchmarkStep8Seats measures one tick with eight seats, each pressing a
// gesture on it (the heaviest tick: every seat judged).
func BenchmarkStep8Seats(b *testing.B) {
	start := racingState(b)
	var f rulesets.Frame
	for seat := range f.Pressed {
		f.Pressed[seat] = rulesets.ButtonRock << (seat % 4)
	}
	s := start
	b.ReportAllocs()
	for b.Loop() {
		s = start
		s.Step(&f)
	}
}

// BenchmarkStepIdle measures a tick with a card up and nobody pressing.
func BenchmarkStepIdle(b *testing.B) {
	s := racingState(b)
	var f rulesets.Frame
	b.ReportAllocs()
	for b.Loop() {
		s.card.FlipTick = s.tick // keep the card open
		s.Step(&f)
	}
}

// BenchmarkCopyRestore saves and restores the state as a rollback does.
func BenchmarkCopyRestore(b *testing.B) {
	s := racingState(b)
	var saved State
	b.ReportAllocs()
	for b.Loop() {
		saved = s
		s = saved
	}
	b.ReportMetric(float64(unsafe.Sizeof(s)), "state-bytes")
}

// BenchmarkBots7 measures seven bots deciding one tick.
func BenchmarkBots7(b *testing.B) {
	s := racingState(b)
	bots := make([]Bot, 7)
	for i := range bots {
		bots[i] = NewBot(i+1, Difficulty(1+i%3), 5)
	}
	var f rulesets.Frame
	b.ReportAllocs()
	for b.Loop() {
		for i := range bots {
			bots[i].Act(&s, &f)
		}
	}
}

func BenchmarkHash(b *testing.B) {
	s := racingState(b)
	b.ReportAllocs()
	for b.Loop() {
		s.Hash()
	}
}
