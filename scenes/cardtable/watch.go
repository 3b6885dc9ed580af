package cardtable

import (
	"encoding/json"
	"fmt"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/replay"
	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/lobby"
	"github.com/jankenarcade/janken/scenes/privacy"
	"github.com/jankenarcade/janken/scenes/replayview"
)

// Opener returns a game's runner of match m at a new table, for a seating
// where nobody acts (the replay viewer's).
type Opener[V any, A comparable, E any, PV rulesets.View[V, A]] func(d *scenes.Director, m Match[V, A, E], s lobby.Seating) (*Runner[V, A, E, PV], error)

// Watcher plays a recorded match through a game's own table: a Match
// fed by the replay's steps, under a runner where nobody acts. It is the
// card games' replayview.Feed. A whole game's replay is re-dealt from its
// seed and its actions applied; a network client's replays the views and
// events its seat was told.
type Watcher[G rulesets.Game[A, E], V any, A comparable, E any, PV rulesets.View[V, A]] struct {
	reel
	def  rulesets.Ruleset[G, V, A, E]
	open Opener[V, A, E, PV]
	// keepDeal shows the deal's events when the replay starts (the tables
	// that animate the deal).
	keepDeal bool
	run      *Runner[V, A, E, PV]
	local    *Local[G, V, A, E] // a whole game's
	views    *viewFeed[V, A, E, PV]
}

// reel is the part of a Watcher that does not depend on the game's
// types, compiled once for every game (see chrome): the replay, the
// steps played, the hand shown, and the table's chrome.
type reel struct {
	d     *scenes.Director
	rep   *replay.Replay
	whole bool // a whole game's replay, not a client's
	pos   int
	seat  int     // the hand shown, -1 for none
	table *chrome // the runner's, of the table showing the match now
}

// newReel returns the reel of replay r, at its start, for game's table.
func newReel(d *scenes.Director, r *replay.Replay, game string) (reel, error) {
	if r.Header.Game != game {
		return reel{}, fmt.Errorf("cardtable: a replay of %q at %s's table", r.Header.Game, game)
	}
	return reel{d: d, rep: r, whole: r.Header.Viewer == replay.WholeGame, seat: -1}, nil
}

// NewWatcher returns the watcher of replay r of the game def, whose
// tables open opens, at its start. keepDeal shows the deal's events as
// the table's live match does. r must be of def's game (the catalog's
// replay.Game has checked its rules version).
func NewWatcher[G rulesets.Game[A, E], V any, A comparable, E any, PV rulesets.View[V, A]](d *scenes.Director, r *replay.Replay, def rulesets.Ruleset[G, V, A, E], open Opener[V, A, E, PV], keepDeal bool) (*Watcher[G, V, A, E, PV], error) {
	rl, err := newReel(d, r, def.Name)
	if err != nil {
		return nil, err
	}
	w := &Watcher[G, V, A, E, PV]{reel: rl, def: def, open: open, keepDeal: keepDeal}
	start := 0
	if !w.whole {
		views, err := newViewFeed[V, A, E, PV](r)
		if err != nil {
			return nil, err
		}
		w.views, w.seat, start = views, r.Header.Viewer, 1 // the first view sets the table out
	}
	if err := w.Seek(start); err != nil {
		return nil, err
	}
	return w, nil
}

// Watch opens the replay viewer (package replayview) on r, played at the
// table open opens: see NewWatcher.
func Watch[G rulesets.Game[A, E], V any, A comparable, E any, PV rulesets.View[V, A]](d *scenes.Director, r *replay.Replay, def rulesets.Ruleset[G, V, A, E], open Opener[V, A, E, PV], keepDeal bool) (scenes.Scene, error) {
	w, err := NewWatcher(d, r, def, open, keepDeal)
	if err != nil {
		return nil, err
	}
	return replayview.New(d, w, replayview.Title(def.Title, &r.Header)), nil
}

// Scene returns the table showing the match now.
func (w *Watcher[G, V, A, E, PV]) Scene() scenes.Scene { return w.run }

// Len returns the number of steps.
func (w *reel) Len() int { return len(w.rep.Steps) }

// Pos returns the number of steps played.
func (w *reel) Pos() int { return w.pos }

// Busy reports whether the table is still showing the last step.
func (w *reel) Busy() bool { return w.table.Busy() }

// Marks returns the steps the replay has checkpoints at.
func (w *reel) Marks() []int {
	out := make([]int, 0, len(w.rep.Checkpoints))
	for _, c := range w.rep.Checkpoints {
		out = append(out, int(c.At))
	}
	return out
}

// Replay returns the replay being watched.
func (w *reel) Replay() *replay.Replay { return w.rep }

// Next plays the next step; its events show on the table's next ticks.
func (w *Watcher[G, V, A, E, PV]) Next() error {
	if w.pos >= len(w.rep.Steps) {
		return nil
	}
	if w.views != nil {
		w.views.next()
	} else if err := w.apply(w.local, w.pos); err != nil {
		return err
	}
	w.pos++
	return w.check()
}

// apply applies step i of the replay to the whole game of l.
func (w *Watcher[G, V, A, E, PV]) apply(l *Local[G, V, A, E], i int) error {
	s := w.rep.Steps[i]
	a, err := w.def.DecodeAction(s.Data)
	if err != nil {
		return stepError(i, err)
	}
	if err := l.Act(s.Seat, a); err != nil {
		return &replay.Divergence{Unit: "action", At: int64(i), Err: err}
	}
	return nil
}

// check compares a whole game with the replay's checkpoint at the
// current step, if there is one.
func (w *Watcher[G, V, A, E, PV]) check() error { return w.checkAt(w.local, w.pos) }

// checkAt compares the whole game of l, at step n, with the replay's
// checkpoint there, if there is one (a client's replay has none to
// compare).
func (w *Watcher[G, V, A, E, PV]) checkAt(l *Local[G, V, A, E], n int) error {
	if l == nil {
		return nil
	}
	for _, c := range w.rep.Checkpoints {
		if c.At == int64(n) {
			if got := l.Game.Hash(); got != c.Hash {
				return &replay.Divergence{Unit: "action", At: c.At, Want: c.Hash, Got: got}
			}
		}
	}
	return nil
}

// Logger is a Table that can write to the log what showing events would
// write, without showing them: the replay viewer fills in so the log of
// a table it sets out in the middle of a match.
type Logger[E any] interface {
	LogEvents(st *Status, evs []E)
}

// Seek sets a new table out at step n, without animating the steps
// before it, its log as the steps before it wrote it. On an error the
// table stays as it was.
func (w *Watcher[G, V, A, E, PV]) Seek(n int) error {
	n = max(0, min(n, w.Len()))
	var m Match[V, A, E]
	var local *Local[G, V, A, E]
	var first V  // the table's first view, which its log starts from
	var past []E // the events shown since
	var mid bool // n is past the table's first view
	if w.views != nil {
		n = max(n, 1)
		m, first, past, mid = w.views.at(n), w.views.public(0), w.views.past(n), n > 1
	} else {
		h := &w.rep.Header
		g, err := w.def.New(len(h.Seats), h.Config, h.Seed)
		if err != nil {
			return fmt.Errorf("replay: deal: %w", err)
		}
		if !w.keepDeal {
			g.ClearEvents()
		}
		local = NewLocal[G, V, A, E](g, w.def.View)
		first = local.View(-1)
		for i := range n {
			if err := w.apply(local, i); err != nil {
				return err
			}
		}
		if mid = n > 0; mid {
			past = local.events
			local.events = nil // the table sets out the game as it is
		}
		if err := w.checkAt(local, n); err != nil {
			return err
		}
		m = local
	}
	run, err := w.open(w.d, m, watchSeating(w.rep.Header.Seats, true))
	if err != nil { // a bot this build lacks: seat nobody
		run, err = w.open(w.d, m, watchSeating(w.rep.Header.Seats, false))
	}
	if err != nil {
		return err
	}
	w.watchOn(&run.chrome)
	if mid {
		run.setOutWithLog(&first, past)
	}
	w.run, w.local, w.pos = run, local, n
	return nil
}

// watchOn makes t the table that shows the replay: nobody acts, the hand
// shown is the watcher's, and the seats are named as the replay names
// them.
func (w *reel) watchOn(t *chrome) {
	t.watching, t.watchSeat = true, w.seat
	for i, s := range w.rep.Header.Seats {
		t.st.Names[i] = s.Name
		if s.Kind != replay.Bot && s.Name != "" {
			t.st.Who[i] = s.Name // a phone's player by the name they gave
		}
	}
	w.table = t
}

// setOutWithLog sets the table out from its match now, its log written
// as a table set out from the public view first would write it showing
// the events past, if it is a Logger.
func (r *Runner[V, A, E, PV]) setOutWithLog(first *V, past []E) {
	var lines []string
	lg, ok := r.table.(Logger[E])
	if ok {
		st := r.st
		st.log = nil
		r.table.Start(&st, first)
		lg.LogEvents(&st, past)
		lines = st.log
	}
	pub := r.match.View(-1)
	r.table.Start(&r.st, &pub)
	r.started = true
	if ok {
		r.st.log = lines
	}
}

// watchSeating is the seating of a replay's seats where nobody acts:
// with bots, its bots seated as bots, so the table labels them so (a
// watching runner never asks them); every other seat empty, nobody's at
// this screen.
func watchSeating(seats []replay.Seat, bots bool) lobby.Seating {
	s := lobby.Seating{Router: input.NewRouter(), Privacy: privacy.HandOff, Seats: make([]lobby.Seat, len(seats))}
	for i, seat := range seats {
		if bots && seat.Kind == replay.Bot {
			s.Seats[i] = lobby.Seat{Kind: lobby.Bot, Bot: seat.Bot}
		}
	}
	return s
}

// Hands reports whether the viewer may choose whose hand to show: only
// in a whole game's replay (a client's shows its own seat's hand).
func (w *reel) Hands() bool { return w.whole }

// Shown returns the seat whose hand shows, or -1.
func (w *reel) Shown() int { return w.seat }

// ShowHand shows seat's hand (-1: nobody's), where Hands allows it.
func (w *reel) ShowHand(seat int) {
	if !w.Hands() || seat < -1 || seat >= len(w.rep.Header.Seats) {
		return
	}
	w.seat, w.table.watchSeat = seat, seat
}

// Names returns the seats' names.
func (w *reel) Names() []string { return w.table.st.Names }

// viewFeed is a network client's replay as a Match: the views and events
// its seat was told, one step at a time.
type viewFeed[V any, A comparable, E any, PV rulesets.View[V, A]] struct {
	steps  []replay.ClientStep[V, E]
	seat   int
	seats  int
	pos    int
	events []E
}

// newViewFeed decodes every step of client replay r.
func newViewFeed[V any, A comparable, E any, PV rulesets.View[V, A]](r *replay.Replay) (*viewFeed[V, A, E, PV], error) {
	f := &viewFeed[V, A, E, PV]{steps: make([]replay.ClientStep[V, E], len(r.Steps)), seat: r.Header.Viewer, seats: len(r.Header.Seats)}
	for i, s := range r.Steps {
		if err := json.Unmarshal(s.Data, &f.steps[i]); err != nil {
			return nil, stepError(i, err)
		}
		if v := PV(&f.steps[i].View); v.Viewer() != f.seat || v.Seats() != f.seats {
			return nil, foreignView(i, v.Viewer(), v.Seats(), f.seat)
		}
	}
	if len(f.steps) == 0 {
		return nil, fmt.Errorf("replay: Player %d's replay holds no view", f.seat+1)
	}
	return f, nil
}

// stepError is the error of step i of a replay, which failed with err.
func stepError(i int, err error) error { return fmt.Errorf("replay step %d: %w", i, err) }

// foreignView is the error of step i of seat's replay, which holds a view
// for viewer of a game of seats players.
func foreignView(i, viewer, seats, seat int) error {
	return fmt.Errorf("replay step %d: a view for Player %d of %d in Player %d's replay", i, viewer+1, seats, seat+1)
}

// at returns the feed at step n (n ≥ 1), as a new match.
func (f *viewFeed[V, A, E, PV]) at(n int) *viewFeed[V, A, E, PV] {
	f.pos, f.events = n, f.events[:0]
	return f
}

// public returns the public part of step i's view.
func (f *viewFeed[V, A, E, PV]) public(i int) V {
	v := f.steps[i].View
	return PV(&v).Public(-1)
}

// past returns the events a table set out at the first step's view
// showed before step n.
func (f *viewFeed[V, A, E, PV]) past(n int) []E {
	var out []E
	for _, s := range f.steps[1:n] {
		out = append(out, s.Events...)
	}
	return out
}

// next plays the next step: its view, and its events at the next Update.
func (f *viewFeed[V, A, E, PV]) next() {
	if f.pos < len(f.steps) {
		f.events = append(f.events, f.steps[f.pos].Events...)
		f.pos++
	}
}

// Seats implements Match.
func (f *viewFeed[V, A, E, PV]) Seats() int { return f.seats }

// Ready implements Match.
func (f *viewFeed[V, A, E, PV]) Ready() bool { return f.pos > 0 }

// View implements Match: the seat's own view, the public part of it for
// any other seat.
func (f *viewFeed[V, A, E, PV]) View(seat int) V {
	v := f.steps[f.pos-1].View
	if seat == f.seat {
		return v
	}
	return PV(&v).Public(seat)
}

// Act implements Match: nobody acts in a replay.
func (f *viewFeed[V, A, E, PV]) Act(int, A) error {
	return fmt.Errorf("cardtable: a replay is watched, not played")
}

// Update implements Match: the events of the steps since the last call.
func (f *viewFeed[V, A, E, PV]) Update() (News[E], error) {
	n := News[E]{Events: f.events}
	f.events = nil
	return n, nil
}

// Snapshot returns the public view of the runner's match and every
// seat's view, as JSON: all that any screen could show of it. Tests
// compare a replay's table with the live match's through it.
func (r *Runner[V, A, E, PV]) Snapshot() ([]byte, error) {
	if !r.match.Ready() {
		return nil, nil
	}
	views := make([]V, 0, r.seats+1)
	for seat := -1; seat < r.seats; seat++ {
		views = append(views, r.match.View(seat))
	}
	return json.Marshal(views)
}
