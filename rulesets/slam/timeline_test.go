package slam

import (
	"testing"

	"github.com/jankenarcade/janken/replay"

	"github.com/jankenarcade/janken/rulesets"
)

// tenMinutes is ten minutes of ticks at 60 a second.
const tenMinutes = 10 * 60 * 60

// tenMinuteReplay records the first ten minutes of an eight-player game
// of Novice bots, whose many mistakes cost every won card (so the deck
// never runs down): the long, busy replay the figures are about.
func tenMinuteReplay(tb testing.TB) *replay.Replay {
	tb.Helper()
	cfg := DefaultConfig(8)
	cfg.Penalty = DeckSize
	s, err := New(cfg, 10)
	if err != nil {
		tb.Fatal(err)
	}
	rec, err := NewRecorder(header(cfg.Players, 10, true), &s, PublicSeed(10))
	if err != nil {
		tb.Fatal(err)
	}
	bots := make([]Bot, cfg.Players)
	for i := range bots {
		bots[i] = NewBot(i, Novice, 10)
	}
	for s.Tick() < tenMinutes {
		if s.Over() {
			tb.Fatalf("the game ended after %d ticks", s.Tick())
		}
		f := rulesets.Frame{Tick: s.Tick()}
		for i := range bots {
			bots[i].Act(&s, &f)
		}
		s.Step(&f)
		rec.Record(&f, &s)
	}
	return rec.Finish(&s)
}

// TestTenMinuteReplayFigures reports the size of a ten-minute
// eight-player replay and checks it verifies.
func TestTenMinuteReplayFigures(t *testing.T) {
	rep := tenMinuteReplay(t)
	data, err := replay.Encode(rep)
	if err != nil {
		t.Fatal(err)
	}
	rec := roundTrip(t, rep)
	fins, err := Finishes(rec)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("ten minutes, eight players: %d flips, %d steps, %d checkpoints, %d bytes on disk",
		len(fins), len(rep.Steps), len(rep.Checkpoints), len(data))
	if _, err := Verify(rec); err != nil {
		t.Fatal(err)
	}
}

// TestTimelineGoto: the position Goto reaches is the re-run's at every
// tick, going forwards, backwards and past the end.
func TestTimelineGoto(t *testing.T) {
	g := recordLocal(t, DefaultConfig(5), 8)
	rec := roundTrip(t, g.rep)
	tl, err := NewTimeline(rec, 0)
	if err != nil {
		t.Fatal(err)
	}
	var p Position
	for tick := tl.Ticks(); tick >= 1; tick -= 7 {
		tl.Goto(tick, &p)
		if p.State.Tick() != tick || p.State.Hash() != g.hashes[tick-1] {
			t.Fatalf("Goto(%d) reaches tick %d, a different state", tick, p.State.Tick())
		}
	}
	tl.Goto(tl.Ticks()+100, &p)
	if p.State.Hash() != g.final.PublicHash() {
		t.Error("Goto past the end is not the end")
	}
	tl.Goto(-5, &p)
	if start, _ := rec.Start.State(); p.State.Hash() != start.Hash() {
		t.Error("Goto before the start is not the start")
	}
}

// BenchmarkTimelineGoto measures a seek to the worst place of a ten-minute
// eight-player replay: the tick before a kept position.
func BenchmarkTimelineGoto(b *testing.B) {
	tl, err := NewTimeline(roundTrip(b, tenMinuteReplay(b)), 0)
	if err != nil {
		b.Fatal(err)
	}
	var p Position
	tick := int64(0)
	b.ReportAllocs()
	for b.Loop() {
		tick = (tick + 7*DefaultKeepEvery - 1) % tl.Ticks()
		tl.Goto(tick, &p)
	}
}

// BenchmarkNewTimeline measures opening a ten-minute eight-player replay
// in the viewer: the re-run that checks it and keeps its positions.
func BenchmarkNewTimeline(b *testing.B) {
	rec := roundTrip(b, tenMinuteReplay(b))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := NewTimeline(rec, 0); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRecord8Seats measures recording the busiest tick: every seat
// of eight pressing.
func BenchmarkRecord8Seats(b *testing.B) {
	s, rec, f := busyRecorder(b)
	h := rec.rec.Header()
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if i%4096 == 0 {
			rec.rec.Reset(h) // keeps the buffers: a long game's steady state
		}
		rec.Record(&f, &s)
	}
}
