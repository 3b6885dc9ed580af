package slam

import (
	"testing"

	"github.com/jankenarcade/janken/rulesets"
)

// tenMinutes is ten minutes of ticks at 60 a second.
const tenMinutes = 10 * 60 * 60

// tenMinuteReplay records the first ten minutes of an eight-player game
// of Novice bots, whose many mistakes cost every won card (so the deck
// never runs down): the long, busy replay the figures are about.
func tenMinuteReplay(tb testing.TB) *Replay {
	tb.Helper()
	cfg := DefaultConfig(8)
	cfg.Penalty = DeckSize
	s, err := New(cfg, 10)
	if err != nil {
		tb.Fatal(err)
	}
	start := StartFor(&s, PublicSeed(10))
	bots := make([]Bot, cfg.Players)
	for i := range bots {
		bots[i] = NewBot(i, Novice, 10)
	}
	rec := NewRecorder(0)
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
	return rec.Replay(start, &s)
}

// TestTenMinuteReplayFigures reports the size of a ten-minute
// eight-player replay and checks it verifies.
func TestTenMinuteReplayFigures(t *testing.T) {
	rep := tenMinuteReplay(t)
	data, err := rep.AppendBinary(nil)
	if err != nil {
		t.Fatal(err)
	}
	fins, err := Finishes(rep)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("ten minutes, eight players: %d flips, %d bytes of frames, %d checkpoints, %d bytes in all",
		len(fins), len(rep.Frames), len(rep.Checks), len(data))
	if len(rep.Frames) > recorderFrameCap {
		t.Errorf("%d bytes of frames outgrow the recorder's %d", len(rep.Frames), recorderFrameCap)
	}
	if _, err := Verify(roundTrip(t, rep)); err != nil {
		t.Fatal(err)
	}
}

// TestTimelineGoto: the position Goto reaches is the re-run's at every
// tick, going forwards, backwards and past the end.
func TestTimelineGoto(t *testing.T) {
	g := recordLocal(t, DefaultConfig(5), 8)
	tl, err := NewTimeline(roundTrip(t, g.rep), 0)
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
	if start, _ := g.rep.Start.State(); p.State.Hash() != start.Hash() {
		t.Error("Goto before the start is not the start")
	}
}

// BenchmarkTimelineGoto measures a seek to the worst place of a ten-minute
// eight-player replay: the tick before a kept position.
func BenchmarkTimelineGoto(b *testing.B) {
	tl, err := NewTimeline(tenMinuteReplay(b), 0)
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
	rep := tenMinuteReplay(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := NewTimeline(rep, 0); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRecord8Seats measures recording the busiest tick: every seat
// of eight pressing.
func BenchmarkRecord8Seats(b *testing.B) {
	s, err := New(DefaultConfig(8), 1)
	if err != nil {
		b.Fatal(err)
	}
	var f rulesets.Frame
	for seat := range f.Pressed {
		f.Pressed[seat] = rulesets.ButtonRock << (seat % 4)
	}
	s.Step(&f)
	rec := NewRecorder(0)
	b.ReportAllocs()
	for b.Loop() {
		if len(rec.frames) > recorderFrameCap-64 {
			rec.frames, rec.checks = rec.frames[:0], rec.checks[:0]
		}
		rec.Record(&f, &s)
	}
}
