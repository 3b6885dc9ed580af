package cardtable

import (
	"bytes"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/replay"
	"github.com/jankenarcade/janken/replay/library"
	"github.com/jankenarcade/janken/replay/replaytest"
	"github.com/jankenarcade/janken/rulesets"
	es "github.com/jankenarcade/janken/rulesets/elevensuits"
	"github.com/jankenarcade/janken/rulesets/ninjan"
	tm "github.com/jankenarcade/janken/rulesets/thatsmine"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/lobby"
	"github.com/jankenarcade/janken/scenes/privacy"
)

// TestLeavingKeepsTheReplay: a match left from the pause menu keeps its
// replay so far, marked as not over.
func TestLeavingKeepsTheReplay(t *testing.T) {
	f := newFixture(t, 3, privacy.HandOff, nil, nil)
	f.r.Record(replay.Header{Game: "toy", Rules: "toy/1"})
	f.until(400, func() bool { return f.game.round >= 1 })
	f.tick(input.KeyDown(ebiten.KeyEscape))
	f.until(60, func() bool { return f.d.Top().Name() == "toy-pause" && !f.d.Transitioning() })
	pause := f.d.Top().(*scenes.Pause)
	for pause.Cursor() != 2 { // Resume, Rules, Leave
		f.tick(input.KeyDown(ebiten.KeyDown))
	}
	f.tick(input.KeyDown(ebiten.KeyEnter))
	f.until(200, func() bool { return f.d.Top().Name() == "credits" })
	kept, err := library.At(f.d.Store().(library.Shelf)).List()
	if err != nil || len(kept) != 1 {
		t.Fatalf("kept %+v, %v", kept, err)
	}
	h := kept[0].Header
	if h.Game != "toy" || h.Result.Over || h.Viewer != replay.WholeGame || !h.SeedKnown || len(h.Seats) != 2 || h.Seats[0].Kind != replay.Bot {
		t.Errorf("header %+v", h)
	}
	r, saved := f.r.Replay()
	if saved != "" || r == nil || len(r.Steps) < 2 || r.Checkpoints[0].At != 0 {
		t.Errorf("replay %+v, %q", r, saved)
	}
}

// actionRecording records the actions of a replay of def's game, played
// by replaytest, into an actionLog, as a Local or a host records them.
type actionRecording[G rulesets.Game[A, E], V any, A comparable, E any] struct {
	want    *replay.Replay
	seats   []int
	actions []A
	log     actionLog[G, A, E]
}

// newActionRecording plays a game of def for players seats.
func newActionRecording[G rulesets.Game[A, E], V any, A comparable, E any](tb testing.TB, def rulesets.Ruleset[G, V, A, E], players int) *actionRecording[G, V, A, E] {
	want, err := replaytest.Play(def, def.Name+"/1", players, nil, 5)
	if err != nil {
		tb.Fatal(err)
	}
	g, err := def.New(players, nil, 5)
	if err != nil {
		tb.Fatal(err)
	}
	ar := &actionRecording[G, V, A, E]{want: want}
	for _, s := range want.Steps {
		a, err := def.DecodeAction(s.Data)
		if err != nil {
			tb.Fatal(err)
		}
		ar.seats, ar.actions = append(ar.seats, s.Seat), append(ar.actions, a)
	}
	ar.log.start(replay.NewRecorder(replay.Header{}), g)
	return ar
}

// record records every action anew.
func (ar *actionRecording[G, V, A, E]) record() {
	ar.log.rec.Reset(replay.Header{})
	ar.log.n = 0
	for i, a := range ar.actions {
		ar.log.add(ar.seats[i], a)
	}
}

// check records the game and checks each action's bytes are those
// json.Marshal gave replaytest, and that recording it again allocates
// nothing.
func (ar *actionRecording[G, V, A, E]) check(t *testing.T) {
	ar.record()
	got := ar.log.rec.Finish(replay.Result{})
	if ar.log.err != nil || len(got.Steps) != len(ar.want.Steps) {
		t.Fatalf("recorded %d steps of %d: %v", len(got.Steps), len(ar.want.Steps), ar.log.err)
	}
	for i, s := range got.Steps {
		if w := ar.want.Steps[i]; s.Seat != w.Seat || !bytes.Equal(s.Data, w.Data) {
			t.Fatalf("step %d: seat %d %s, want seat %d %s", i, s.Seat, s.Data, w.Seat, w.Data)
		}
	}
	if n := testing.AllocsPerRun(10, ar.record); n != 0 {
		t.Errorf("recording a game of %d actions allocates %v times", len(ar.actions), n)
	}
}

// TestRecordingActionsAllocatesNothing: a card game's actions are
// recorded in the very bytes json.Marshal writes, without allocating once
// the buffers have grown.
func TestRecordingActionsAllocatesNothing(t *testing.T) {
	t.Run("thatsmine", func(t *testing.T) { newActionRecording(t, tm.Definition(), 5).check(t) })
	t.Run("ninjan", func(t *testing.T) { newActionRecording(t, ninjan.Definition(), 4).check(t) })
	t.Run("elevensuits", func(t *testing.T) { newActionRecording(t, es.Definition(), 3).check(t) })
}

// BenchmarkRecordAction records Ninjan's actions, a whole game's over
// and over.
func BenchmarkRecordAction(b *testing.B) {
	ar := newActionRecording(b, ninjan.Definition(), 4)
	ar.record()
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		k := i % len(ar.actions)
		if k == 0 {
			ar.log.rec.Reset(replay.Header{})
			ar.log.n = 0
		}
		ar.log.add(ar.seats[k], ar.actions[k])
	}
}

// TestReplaySeatsNamePhones: a seat played on a phone is recorded as a
// phone's, under the name its player gave.
func TestReplaySeatsNamePhones(t *testing.T) {
	f := newFixtureWith(t, 1, privacy.HandOff, func(cfg *Config[toyView, int, toyEvent]) {
		cfg.Seating.Seats[1] = lobby.Seat{Kind: lobby.Phone, Name: "Bo"}
	}, nil, nil)
	got := f.r.replaySeats()
	if got[1] != (replay.Seat{Kind: replay.Phone, Name: "Bo"}) || got[0].Kind != replay.Bot {
		t.Errorf("seats %+v, want a bot and Bo's phone", got)
	}
}
