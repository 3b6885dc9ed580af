package slamtable

import (
	"time"

	"github.com/jankenarcade/janken/netplay"
	"github.com/jankenarcade/janken/replay"
	"github.com/jankenarcade/janken/replay/library"
	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/rulesets/slam"
	"github.com/jankenarcade/janken/scenes/lobby"
)

// record starts recording s, the state of a match not stepped yet whose
// public seed is public, under header h; the recording follows s as it
// is stepped. A recording that cannot start leaves the match unrecorded.
func (t *Table) record(s *slam.State, public uint64, h replay.Header) {
	rec, err := slam.NewRecorder(h, s, public)
	if err != nil {
		return
	}
	t.rec, t.recorded = rec, s
}

// recordTick records the tick s has just stepped with f, if the match is
// recorded.
func (t *Table) recordTick(f *rulesets.Frame, s *slam.State) {
	if t.rec != nil {
		t.rec.Record(f, s)
	}
}

// recordedBy returns the Viewer of a network match's replay recorded at a
// machine playing local: the whole game at the host, else its first seat.
func recordedBy(host bool, local netplay.SeatSet) int {
	for seat := range rulesets.MaxSeats {
		if !host && local.Has(seat) {
			return seat
		}
	}
	return replay.WholeGame
}

// header returns the replay header of the match at this table, with its
// seed if known, recorded for viewer (replay.WholeGame, or a network
// client's seat).
func (t *Table) header(seed uint64, known bool, viewer int) replay.Header {
	h := replay.Header{Game: slam.GameName, Rules: RulesVersion, Seed: seed, SeedKnown: known, Viewer: viewer, Date: time.Now().UTC()}
	if !known {
		h.Seed = 0
	}
	for seat := range t.state.Seats() {
		st := replay.Seat{Kind: replay.Human, Name: t.seatName(seat)}
		switch {
		case t.remote.Sees(seat):
			st.Kind = replay.Remote
		case seat < len(t.seats.Seats) && t.seats.Seats[seat].Kind == lobby.Bot:
			st.Kind, st.Bot = replay.Bot, t.seats.Seats[seat].Bot
		}
		h.Seats = append(h.Seats, st)
	}
	return h
}

// Replay returns the match's replay so far, or nil if it is not recorded.
func (t *Table) Replay() *replay.Replay {
	if t.rec == nil || t.recorded == nil {
		return nil
	}
	return t.rec.Finish(t.recorded)
}

// keep saves a finished match's replay in the director's store, where the
// title's Replays list finds it beside the card games', and says why it
// could not (the match's results show either way).
func (t *Table) keep(r *replay.Replay) string {
	if r == nil {
		return ""
	}
	shelf, ok := t.d.Store().(library.Shelf)
	if !ok {
		return "Replays cannot be kept here."
	}
	if _, err := library.At(shelf).Save(r); err != nil {
		return "Replay not kept: " + err.Error()
	}
	return ""
}
