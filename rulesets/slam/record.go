package slam

import (
	"encoding/binary"
	"encoding/json"
	"fmt"

	"github.com/jankenarcade/janken/replay"
	"github.com/jankenarcade/janken/rulesets"
)

// recordedButtons are the buttons the rules read and a replay keeps.
const recordedButtons = rulesets.Gestures | rulesets.ButtonConfirm

// packButtons returns the replay byte of b's recorded buttons: the four
// gestures (bits 8..11 of a Buttons) in the low nibble, Confirm (bit 4)
// where it is.
func packButtons(b rulesets.Buttons) byte {
	return byte(b>>8)&0x0f | byte(b&rulesets.ButtonConfirm)
}

// unpackButtons reverses packButtons; ok is false for bits no recorder
// writes.
func unpackButtons(p byte) (b rulesets.Buttons, ok bool) {
	return rulesets.Buttons(p&0x0f)<<8 | rulesets.Buttons(p&0x10), p&^0x1f == 0 && p != 0
}

// Start is how a recorded game's public state begins: its settings, its
// public seed (dead heats and playoff timeouts; never the deal's secret)
// and the back of the deck's top card if it was shown before the first
// tick (a local game shows it at once; a network peer's host deals it).
type Start struct {
	Config     Config `json:"config"`
	PublicSeed uint64 `json:"public_seed,string"`
	TopBack    *Back  `json:"top_back,omitempty"`
}

// StartFor returns the start of s, a game not stepped yet, made by
// New(cfg, seed) (a local game: the top back shown) or NewPublic(cfg,
// public) (a network peer: nothing shown), for public its public seed
// (PublicSeed(seed) for a local game).
func StartFor(s *State, public uint64) Start {
	st := Start{Config: s.cfg, PublicSeed: public}
	if s.topBack != NoBack {
		b := s.topBack
		st.TopBack = &b
	}
	return st
}

// State returns the public state the game began in.
func (st Start) State() (State, error) {
	s, err := NewPublic(st.Config, st.PublicSeed)
	if err != nil {
		return State{}, fmt.Errorf("slam replay: %w", err)
	}
	if st.TopBack != nil {
		if !st.TopBack.Valid() {
			return State{}, fmt.Errorf("slam replay: invalid top back %d", uint8(*st.TopBack))
		}
		s.topBack = *st.TopBack
	}
	return s, nil
}

// ParseStart reads a start from its JSON form (a replay header's config),
// refusing unknown fields and invalid settings.
func ParseStart(data []byte) (Start, error) {
	var st Start
	if err := rulesets.UnmarshalStrict(data, &st); err != nil {
		return Start{}, fmt.Errorf("slam replay: start: %w", err)
	}
	if _, err := st.State(); err != nil {
		return Start{}, err
	}
	return st, nil
}

// Public returns s as a network peer holds it: the same game without the
// dealer, so a copy that deals nothing and knows no undealt card. Its hash
// is what a replay's checkpoints hold.
func (s *State) Public() State {
	p := *s
	p.dealer, p.dealing = Dealer{}, false
	return p
}

// PublicHash returns the hash of s.Public() without keeping the copy.
func (s *State) PublicHash() uint64 {
	if !s.dealing {
		return s.Hash()
	}
	p := s.Public()
	return p.Hash()
}

// CheckEvery is the checkpoint interval of a recording: one hash a second.
const CheckEvery = 60

// Recorder records a game of Slam tick by tick into a replay.Recorder:
// Record after each Step. Once its buffers have grown to the game's size
// it allocates nothing, and a tick without input costs nothing.
//
// A Slam replay (package replay) holds the public state the game began
// from (Start, as the header's config), the inputs of its ticks as far as
// the rules read them — each seat's presses and the tick's deal: the flips
// reach the public state only as deals — and the hash of the public state
// every second. It holds no seed (but a local game's header may) and no
// undealt card: a network client records exactly what it saw, and a local
// game records the same, its deals taken from its flips. Re-running the
// public state from Start with the steps (Verify, Reader) gives the game
// again, tick for tick.
//
// Steps are per tick (replay.Step.At is the tick) and only for ticks with
// input; an idle tick costs nothing:
//
//	Seat -1   Data: the tick's deal (rulesets.Frame.Deal) as a uvarint
//	Seat i    Data: one byte of seat i's buttons pressed on the tick:
//	          1 rock, 2 paper, 4 scissors, 8 clap, 16 confirm
//
// The rules read only these buttons (rulesets.Gestures and, in winner
// flips, ButtonConfirm) and only of the seats in play. A checkpoint at
// tick t is the hash of the public state after t ticks; the last one is at
// the replay's end.
type Recorder struct {
	rec  replay.Recorder
	tick int64 // the next tick to record
}

// NewRecorder starts recording, before its tick 0, the game s (not
// stepped yet) whose public seed is public, under header h: its config
// becomes s's Start.
func NewRecorder(h replay.Header, s *State, public uint64) (*Recorder, error) {
	start, err := json.Marshal(StartFor(s, public))
	if err != nil {
		return nil, fmt.Errorf("slam replay: start: %w", err)
	}
	h.Config = start
	r := &Recorder{}
	r.rec.Reset(h)
	return r, nil
}

// Tick returns the next tick to record.
func (r *Recorder) Tick() int64 { return r.tick }

// Record adds the tick s has just stepped with f: f's presses of the seats
// in play and its deal or, in a game that deals itself, the deal of the
// flip it dealt, so that the public state re-runs the same flip. s is the
// state after the step; ticks must come in order, each once.
func (r *Recorder) Record(f *rulesets.Frame, s *State) {
	deal := f.Deal
	if deal == 0 && s.dealing {
		deal = selfDeal(s)
	}
	if deal != 0 {
		var buf [binary.MaxVarintLen32]byte
		r.rec.Step(r.tick, -1, binary.AppendUvarint(buf[:0], uint64(deal)))
	}
	for seat := range s.cfg.Players {
		if p := f.Pressed[seat] & recordedButtons; p != 0 {
			b := [1]byte{packButtons(p)}
			r.rec.Step(r.tick, seat, b[:])
		}
	}
	r.tick++
	if r.tick%CheckEvery == 0 {
		r.rec.Checkpoint(r.tick, s.PublicHash())
	}
}

// selfDeal returns the deal of the flip a game that deals itself dealt on
// the tick just stepped, or 0.
func selfDeal(s *State) uint32 {
	for _, e := range s.Events() {
		if e.Kind == EventFlip {
			return FlipDeal(e.Card, s.card.Back)
		}
	}
	return 0
}

// Finish returns the replay recorded so far, ended with a checkpoint of s
// (the state after the last tick recorded) and its result. Recording may
// go on.
func (r *Recorder) Finish(s *State) *replay.Replay {
	rep := r.rec.Finish(replay.Result{Over: s.Over(), Winners: s.Winners(nil), Scores: s.Scores(nil)})
	if n := len(rep.Checkpoints); n == 0 || rep.Checkpoints[n-1].At != r.tick {
		rep.Checkpoints = append(rep.Checkpoints, replay.Checkpoint{At: r.tick, Hash: s.PublicHash()})
	}
	return rep
}
