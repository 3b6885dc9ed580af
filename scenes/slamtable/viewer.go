package slamtable

import (
	"fmt"

	"github.com/jankenarcade/janken/assets"
	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/replay"
	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/rulesets/slam"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/lobby"
	"github.com/jankenarcade/janken/scenes/replayview"
)

// Watcher is the Slam table showing a replay: the same Table, its state
// driven by the recorded frames instead of the couch, a step a tick. It
// is Slam's replayview.Feed, played under the viewer every game shares
// (play, pause, a step either way, 0.25× to 4×, seeking), and steps card
// by card through the match's photo finishes (replayview.Finishes).
type Watcher struct {
	*Table
	rep      *replay.Replay
	tl       *slam.Timeline
	pos      slam.Position // the replay's place; Table.state is its state
	finishes []slam.Finish
	marks    []int // the photo finishes' flip ticks
	// finish is the photo finish shown card by card (an index of
	// finishes), or -1 while the replay plays on its own.
	finish int
	sounds []assets.Sound // of the ticks stepped since the last Update
}

// Watch opens the replay viewer on a Slam replay (catalog.Game.Watch).
func Watch(d *scenes.Director, r *replay.Replay) (scenes.Scene, error) {
	w, err := NewWatcher(d, r)
	if err != nil {
		return nil, err
	}
	return replayview.New(d, w, replayview.Title("Slam", &r.Header)), nil
}

// NewWatcher opens the replay r, which it re-runs once to check it and to
// keep its positions and photo finishes: a replay that does not verify
// is refused with the reason.
func NewWatcher(d *scenes.Director, r *replay.Replay) (*Watcher, error) {
	if r == nil {
		return nil, fmt.Errorf("slamtable: no replay to watch")
	}
	if err := slam.ReplayGame(RulesVersion).Verify(r); err != nil {
		return nil, fmt.Errorf("slamtable: %w", err)
	}
	rec, err := slam.Open(r)
	if err != nil {
		return nil, err
	}
	tl, err := slam.NewTimeline(rec, 0)
	if err != nil {
		return nil, fmt.Errorf("slamtable: %w", err)
	}
	fins, err := slam.Finishes(rec)
	if err != nil {
		return nil, fmt.Errorf("slamtable: %w", err)
	}
	w := &Watcher{rep: r, tl: tl, finishes: fins, finish: -1}
	for _, f := range fins {
		w.marks = append(w.marks, int(f.Record.FlipTick))
	}
	w.Table = newTableFrom(d, replaySeating(r.Header.Seats), slam.State{}, 0)
	w.replayed = true
	for seat, st := range r.Header.Seats {
		if st.Kind == replay.Remote {
			w.remote |= 1 << seat
		}
	}
	w.Goto(0)
	return w, nil
}

// replaySeating seats a replay's players for the table's names: bots with
// their level, everyone else as a person without a device.
func replaySeating(seats []replay.Seat) lobby.Seating {
	out := lobby.Seating{Router: input.NewRouter(), Seats: make([]lobby.Seat, len(seats))}
	for i, st := range seats {
		out.Seats[i] = lobby.Seat{Kind: lobby.Human}
		if st.Kind == replay.Bot {
			out.Seats[i] = lobby.Seat{Kind: lobby.Bot, Bot: st.Bot}
		}
	}
	return out
}

// Name implements scenes.Scene.
func (w *Watcher) Name() string { return "slam-replay" }

// Scene implements replayview.Feed: the watcher is the table.
func (w *Watcher) Scene() scenes.Scene { return w }

// Tick returns the replay's tick shown: the ticks run so far.
func (w *Watcher) Tick() int64 { return w.pos.Reader.Tick() }

// Ticks returns the replay's length.
func (w *Watcher) Ticks() int64 { return w.tl.Ticks() }

// Len implements replayview.Feed: a step is a tick.
func (w *Watcher) Len() int { return int(w.Ticks()) }

// Pos implements replayview.Feed.
func (w *Watcher) Pos() int { return int(w.Tick()) }

// Busy implements replayview.Feed: a tick shows on the tick it is played.
func (w *Watcher) Busy() bool { return false }

// Pause implements replayview.Paced: the replay plays a tick per tick of
// the table, as it was played.
func (w *Watcher) Pause() int { return 0 }

// Next implements replayview.Feed: the next tick, its sounds played at
// the next Update.
func (w *Watcher) Next() error {
	w.finish = -1
	w.step()
	return nil
}

// Seek implements replayview.Feed: the table at tick n.
func (w *Watcher) Seek(n int) error {
	w.finish = -1
	w.Goto(int64(n))
	return nil
}

// Marks implements replayview.Feed: the ticks the cards flipped on, each
// a photo finish.
func (w *Watcher) Marks() []int { return w.marks }

// Hands implements replayview.Feed: Slam has no hidden hands.
func (w *Watcher) Hands() bool { return false }

// Shown implements replayview.Feed.
func (w *Watcher) Shown() int { return -1 }

// ShowHand implements replayview.Feed: there is none to show.
func (w *Watcher) ShowHand(int) {}

// Names implements replayview.Feed.
func (w *Watcher) Names() []string {
	out := make([]string, w.state.Seats())
	for seat := range out {
		out[seat] = w.seatName(seat)
	}
	return out
}

// Replay implements replayview.Feed.
func (w *Watcher) Replay() *replay.Replay { return w.rep }

// Finishes returns the match's photo finishes, one per card flipped.
func (w *Watcher) Finishes() []slam.Finish { return w.finishes }

// Finish returns the photo finish shown card by card, or -1.
func (w *Watcher) Finish() int { return w.finish }

// Goto shows the table after tick ticks of the replay (clamped to it):
// the state from the timeline's position before it, and the display state
// rebuilt from the events of the last showAge ticks, all an event still
// shows for, without their sounds.
func (w *Watcher) Goto(tick int64) {
	tick = max(0, min(tick, w.Ticks()))
	w.tl.Goto(max(0, tick-showAge), &w.pos)
	w.shown = newShown()
	w.state = w.pos.State
	for w.pos.Reader.Tick() < tick {
		w.step()
	}
	w.sounds = w.sounds[:0]
}

// step runs one tick of the replay, keeping its sounds; it reports false
// at the end.
func (w *Watcher) step() bool {
	var f rulesets.Frame
	if w.pos.Step(&f) != nil {
		return false // the end: NewWatcher read every frame, so nothing else
	}
	w.state = w.pos.State
	for _, e := range w.state.Events() {
		w.note(e, w.state.Card().FlipTick)
		if snd, ok := sound(e); ok {
			w.sounds = append(w.sounds, snd)
		}
	}
	return true
}

// Update implements scenes.Scene: the sprites, and the sounds of the
// ticks played since the last Update. The viewer plays the ticks.
func (w *Watcher) Update(ctx *scenes.Context) error {
	w.reduced = ctx.ReducedMotion()
	w.ensureAtlas(ctx.Settings().Palette)
	for _, snd := range w.sounds {
		ctx.Play(snd)
	}
	w.sounds = w.sounds[:0]
	return nil
}

// StepFinish implements replayview.Finishes: the table as it stood just
// before the next card flipped (dir 1) or the one before (-1), with every
// press on the card recorded; false if there is none.
func (w *Watcher) StepFinish(dir int) bool {
	i := w.finish + dir
	if w.finish < 0 {
		i = w.finishFrom(w.Tick(), dir)
	}
	if i < 0 || i >= len(w.finishes) {
		return false
	}
	w.Goto(w.finishes[i].Show)
	w.finish = i
	return true
}

// finishFrom returns the index of the first photo finish shown after
// tick (dir 1) or the last shown before it (-1), or -1.
func (w *Watcher) finishFrom(tick int64, dir int) int {
	if dir > 0 {
		for i, f := range w.finishes {
			if f.Show > tick {
				return i
			}
		}
		return -1
	}
	for i := len(w.finishes) - 1; i >= 0; i-- {
		if w.finishes[i].Show < tick {
			return i
		}
	}
	return -1
}
