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

// BenchmarkStep8Seats measures the heaviest steady tick: a card up and all
// eight seats judged on it. Without one-try lock-outs and with no penalty,
// every seat presses a wrong gesture on every tick and the card stays up.
func BenchmarkStep8Seats(b *testing.B) {
	cfg := DefaultConfig(8)
	cfg.OneTry, cfg.Penalty = false, 0
	s, err := New(cfg, 1)
	if err != nil {
		b.Fatal(err)
	}
	var f rulesets.Frame
	for s.Phase() != PhaseRacing {
		s.Step(&f)
	}
	wrong := rulesets.Gestures &^ s.Card().Correct
	for seat := range f.Pressed {
		f.Pressed[seat] = nthButton(wrong, seat%3)
	}
	b.ReportAllocs()
	for b.Loop() {
		s.card.FlipTick = s.tick // keep the card open
		s.Step(&f)
	}
	if s.Phase() != PhaseRacing || s.Events()[0].Result != ResultWrong {
		b.Fatalf("the card did not stay up: %v", s.Phase())
	}
}

// BenchmarkStepDecision measures a deciding tick (eight seats pressing,
// a dead heat drawn, the card won, the next flip scheduled), including
// the copy that restores the state before each one.
func BenchmarkStepDecision(b *testing.B) {
	stepEverySeatFrom(b, racingState(b), rulesets.Frame{})
}

// stepEverySeatFrom measures a tick of f from start with every seat
// pressing a gesture (seat%4), restoring start before each, and returns
// the state after the last.
func stepEverySeatFrom(b *testing.B, start State, f rulesets.Frame) State {
	for seat := range f.Pressed {
		f.Pressed[seat] = rulesets.ButtonRock << (seat % 4)
	}
	s := start
	b.ReportAllocs()
	for b.Loop() {
		s = start
		s.Step(&f)
	}
	return s
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

// BenchmarkBots7 measures seven bots, one of each level, deciding one
// tick.
func BenchmarkBots7(b *testing.B) {
	s := racingState(b)
	bots := make([]Bot, 7)
	for i := range bots {
		bots[i] = NewBot(i+1, Difficulty(i), 5)
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

// dueState returns an 8-seat public state on the tick its first flip is
// due, with the dealer and the deal for that tick.
func dueState(tb testing.TB) (State, Dealer, uint32) {
	cfg := DefaultConfig(8)
	s, err := NewPublic(cfg, 1)
	if err != nil {
		tb.Fatal(err)
	}
	d, err := NewDealer(cfg, 1)
	if err != nil {
		tb.Fatal(err)
	}
	for {
		before := d
		deal := d.Deal(&s, s.Tick())
		if s.TopBack() != NoBack && deal != 0 {
			return s, before, deal
		}
		s.Step(&rulesets.Frame{Tick: s.Tick(), Deal: deal})
	}
}

// BenchmarkStepFlipDeal measures a flip tick on a public state: the deal
// checked against the rules and applied, eight seats judged on the new card
// and the card won in a dead heat, including the copy that restores the
// state before each one.
func BenchmarkStepFlipDeal(b *testing.B) {
	start, _, deal := dueState(b)
	if s := stepEverySeatFrom(b, start, rulesets.Frame{Deal: deal}); s.Card().FlipTick != start.Tick() {
		b.Fatalf("no flip: %v", s.Events())
	}
}

// BenchmarkDealerDeal measures the host's dealer choosing a flip.
func BenchmarkDealerDeal(b *testing.B) {
	s, start, _ := dueState(b)
	d := start
	b.ReportAllocs()
	for b.Loop() {
		d = start
		d.Deal(&s, s.Tick())
	}
}

// TestDealAllocatesNothing: the host's dealer and a peer's check of its
// deal allocate nothing a tick, like the rest of Step.
func TestDealAllocatesNothing(t *testing.T) {
	start, dealer, deal := dueState(t)
	var s State
	var d Dealer
	allocs := testing.AllocsPerRun(200, func() {
		s, d = start, dealer
		if d.Deal(&s, s.Tick()) != deal {
			t.Fatal("the dealer changed its mind")
		}
		s.Step(&rulesets.Frame{Tick: s.Tick(), Deal: deal})
	})
	if allocs != 0 || s.Phase() != PhaseRacing {
		t.Errorf("%v allocations a tick; phase %v", allocs, s.Phase())
	}
}
