package cardtable

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jankenarcade/janken/replay"
	"github.com/jankenarcade/janken/replay/library"
	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/scenes/lobby"
)

// CheckpointEvery is how many steps apart a replay's checkpoints are.
const CheckpointEvery = 8

// recordable is a Match that records itself into a replay: the couch's
// and the host's whole game (every action applied, in the ruleset's JSON
// form, with the game's hash every CheckpointEvery actions), or what a
// network client's first seat is told (replay.ClientStep), never another
// seat's hidden cards.
type recordable interface {
	// record starts recording into rec and returns the seat whose view
	// it records, or replay.WholeGame. st is the runner's, whose game log
	// a client's page keeps with its replay as it hides.
	record(rec *replay.Recorder, st *Status) (viewer int)
	// resume returns the recorder of the replay this match goes on
	// with, recording into it from now on, if it takes up a match whose
	// table lost its link (netlobby.Match.Carried) and whose replay is of
	// h's game, and puts that table's game log back in st; nil
	// otherwise.
	resume(h replay.Header, st *Status) *replay.Recorder
	// flush records what the match knows at its end and has not yet
	// recorded, and reports what kept it from recording faithfully.
	flush() error
}

// jsonAppender is an action that appends its JSON form, as json.Marshal
// writes it, to a buffer (the rulesets' actions): recorded so, an action
// costs no allocation.
type jsonAppender interface {
	AppendJSON(dst []byte) ([]byte, error)
}

// actionLog records the actions applied to a whole game.
type actionLog[G rulesets.Game[A, E], A comparable, E any] struct {
	rec  *replay.Recorder
	game G
	n    int64
	err  error
	// action is the action being encoded; appender is &action's
	// jsonAppender, nil for an action json.Marshal encodes. Boxing the
	// field's address once keeps each action off the heap.
	action   A
	appender jsonAppender
	buf      []byte
}

// start records into rec from game g as it is now.
func (l *actionLog[G, A, E]) start(rec *replay.Recorder, g G) {
	l.rec, l.game, l.n = rec, g, 0
	l.appender, _ = any(&l.action).(jsonAppender)
	rec.Checkpoint(0, g.Hash())
}

// encode returns a's JSON form, valid until the next call.
func (l *actionLog[G, A, E]) encode(a A) ([]byte, error) {
	if l.appender == nil {
		return json.Marshal(a)
	}
	l.action = a
	var err error
	l.buf, err = l.appender.AppendJSON(l.buf[:0])
	return l.buf, err
}

// add records seat's action a, just applied.
func (l *actionLog[G, A, E]) add(seat int, a A) {
	if l.rec == nil || l.err != nil {
		return
	}
	data, err := l.encode(a)
	if err != nil {
		l.err = fmt.Errorf("cardtable: record seat %d's action: %w", seat, err)
		return
	}
	l.rec.Step(l.n, seat, data)
	if l.n++; l.n%CheckpointEvery == 0 || l.game.Over() {
		l.rec.Checkpoint(l.n, l.game.Hash())
	}
}

// viewLog records what a network client's seat is told: its view, and
// the events it may see, at each of the host's updates that brings news.
type viewLog[V, E any] struct {
	rec      *replay.Recorder
	seat     int
	audience func(E) rulesets.Audience
	n        int64
	hash     rulesets.Hasher // of every step's data, as replay.Turns checks it
	last     []byte
	step     replay.ClientStep[V, E]
	err      error
}

// start records into rec what seat is told.
func (l *viewLog[V, E]) start(rec *replay.Recorder, seat int, audience func(E) rulesets.Audience) {
	l.rec, l.seat, l.audience = rec, seat, audience
	rec.Checkpoint(0, l.hash.Sum())
}

// add records view v and those of evs the seat may see, unless it has
// recorded just that already.
func (l *viewLog[V, E]) add(v *V, evs []E) {
	if l.rec == nil || l.err != nil {
		return
	}
	l.step.View, l.step.Events = *v, l.step.Events[:0]
	for _, e := range evs {
		if l.audience(e).Sees(l.seat) {
			l.step.Events = append(l.step.Events, e)
		}
	}
	data, err := json.Marshal(&l.step)
	if err != nil {
		l.err = fmt.Errorf("cardtable: record the host's update: %w", err)
		return
	}
	if len(l.step.Events) == 0 && bytes.Equal(data, l.last) {
		return
	}
	l.last = data
	l.rec.Step(l.n, l.seat, data)
	l.hash.Bytes(data)
	if l.n++; l.n%CheckpointEvery == 0 {
		l.rec.Checkpoint(l.n, l.hash.Sum())
	}
}

// draftLog returns the log of a client's replay that goes on from draft,
// a page's replay so far (netlobby.Draft's), or a log recording nothing
// if the draft does not decode.
func draftLog[V, E any](draft []byte, audience func(E) rulesets.Audience) viewLog[V, E] {
	rp, err := replay.Decode(draft)
	if err != nil {
		return viewLog[V, E]{}
	}
	l := viewLog[V, E]{rec: replay.RecorderFrom(rp), seat: rp.Header.Viewer, audience: audience, n: int64(len(rp.Steps))}
	for _, s := range rp.Steps {
		l.hash.Bytes(s.Data)
		l.last = s.Data
	}
	return l
}

// draft returns the replay so far, encoded, for a page to keep
// (netlobby.Draft).
func (l *viewLog[V, E]) draft() ([]byte, error) {
	if l.rec == nil {
		return nil, errors.New("cardtable: no replay recorded")
	}
	if l.err != nil {
		return nil, l.err
	}
	return replay.Encode(l.rec.Finish(replay.Result{}))
}

// end records the last view, if it is news, and a checkpoint.
func (l *viewLog[V, E]) end(v *V) error {
	if l.rec == nil {
		return nil
	}
	l.add(v, nil)
	if l.err == nil && l.n%CheckpointEvery != 0 {
		l.rec.Checkpoint(l.n, l.hash.Sum())
	}
	return l.err
}

// recording is the replay a runner records of its match.
type recording struct {
	rec   *replay.Recorder
	match recordable
	// kept is the finished replay, once the match ended; saved says
	// where it was kept, or why it was not.
	kept  *replay.Replay
	saved string
}

// Record has the runner record its match, from h (the game's name, its
// rules version and config, the variant), and keep the replay in the
// director's store when the match ends; the runner fills in the rest of
// the header. Call it before the first Update. On the couch and the host
// the game must be the one the runner's Secret deals
// (rulesets.DeriveSeed(Secret, "deal", -1)), not a position. A match
// that cannot record (not Local or Net) records nothing.
func (r *Runner[V, A, E, PV]) Record(h replay.Header) {
	if m, ok := r.match.(recordable); ok {
		r.record(h, m)
	}
}

// record has the runner record match m: see Runner.Record.
func (r *chrome) record(h replay.Header, m recordable) {
	if rec := m.resume(h, &r.st); rec != nil {
		r.rec = &recording{rec: rec, match: m} // its header says when the match began
		return
	}
	h.Build, h.Date = r.d.Version(), time.Now().UTC()
	rec := replay.NewRecorder(h)
	if viewer := m.record(rec, &r.st); viewer != replay.WholeGame {
		h.Viewer = viewer
	} else {
		h.Viewer, h.Seed, h.SeedKnown = replay.WholeGame, rulesets.DeriveSeed(r.secret, "deal", -1), true
	}
	rec.SetHeader(h)
	r.rec = &recording{rec: rec, match: m}
}

// keepReplay finishes the replay once the match has ended, as pub shows
// it, and keeps it in the director's store.
func (r *chrome) keepReplay(pub rulesets.Scoreboard) {
	rc := r.rec
	if rc == nil || rc.kept != nil {
		return
	}
	if err := rc.match.flush(); err != nil {
		rc.saved = "No replay: " + err.Error()
		return
	}
	if rc.rec.Len() == 0 {
		return // a client that never heard the host
	}
	rc.kept = rc.rec.Finish(replay.Result{Over: pub.Over(), Winners: pub.Winners(nil), Scores: pub.Scores(nil)})
	rc.kept.Header.Seats = r.replaySeats()
	shelf, ok := r.d.Store().(library.Shelf)
	if !ok {
		rc.saved = "Replays cannot be kept here."
		return
	}
	if _, err := library.At(shelf).Save(rc.kept); err != nil {
		rc.saved = "Replay not kept: " + err.Error()
	}
}

// replaySeats says who played each seat, as the table names them now.
func (r *chrome) replaySeats() []replay.Seat {
	out := make([]replay.Seat, r.seats)
	for seat := range out {
		out[seat] = replay.Seat{Kind: replay.Remote, Name: r.st.Names[seat]}
		switch {
		case r.st.Bots.Sees(seat):
			out[seat].Kind, out[seat].Bot = replay.Bot, r.levels[seat]
		case r.st.Humans.Sees(seat):
			out[seat].Kind = replay.Human
		case seat < len(r.seating.Seats) && r.seating.Seats[seat].Kind == lobby.Phone:
			out[seat].Kind = replay.Phone
		}
	}
	return out
}

// Replay returns the replay of the match once it has ended (nil before,
// or when it records none), and where it was kept or why it was not ("":
// kept in the director's store).
func (r *chrome) Replay() (*replay.Replay, string) {
	if r.rec == nil {
		return nil, ""
	}
	return r.rec.kept, r.rec.saved
}
