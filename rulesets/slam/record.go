package slam

import (
	"encoding/binary"
	"fmt"

	"github.com/jankenarcade/janken/rulesets"
)

// A Slam replay is the public state a game began from (Start), the frames
// of its ticks as far as the rules read them (each seat's presses and the
// tick's deal: the flips reach the public state only as deals) and the
// hash of the public state every few ticks. It holds no seed and no
// undealt card: a network client records exactly what it saw, and a local
// game records the same thing, its deals taken from its flips. Re-running
// the public state from Start with the frames (Verify, Reader) gives the
// game again, tick for tick.
//
// The frames are a byte stream with one entry per tick that has a press or
// a deal; ticks without either cost nothing:
//
//	uvarint  gap<<1 | dealt   gap: ticks without input since the last entry
//	byte     seats            bit i: seat i pressed on this tick
//	byte     ×seats           each such seat's buttons, low seat first:
//	                          1 rock, 2 paper, 4 scissors, 8 clap, 16 confirm
//	uvarint  deal             only if dealt: rulesets.Frame.Deal
//
// The rules read only these buttons (rulesets.Gestures and, in winner
// flips, ButtonConfirm) and only of the seats in play.

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
	PublicSeed uint64 `json:"public_seed"`
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

// ParseStart reads a start from its JSON form, refusing unknown fields and
// invalid settings.
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

// Checkpoint is the hash of the public state before tick Tick, that is
// after Tick ticks.
type Checkpoint struct {
	Tick int64
	Hash uint64
}

// Recorder records a game of Slam tick by tick: Record after each Step.
// Once its buffers have grown to the game's size it allocates nothing: a
// tick without input costs nothing but a longer gap. The zero value is
// not ready: use NewRecorder.
type Recorder struct {
	every  int64 // checkpoint interval in ticks
	tick   int64 // the next tick to record
	last   int64 // the last tick with an entry, or -1
	frames []byte
	checks []Checkpoint
}

// Recorder buffers are sized for a long game, so that one never grows
// them: about ten minutes of a busy eight-player table.
const (
	recorderFrameCap = 64 << 10
	recorderCheckCap = 1 << 10
)

// DefaultCheckEvery is the checkpoint interval of a recorder: one hash a
// second.
const DefaultCheckEvery = 60

// NewRecorder starts recording a game before its tick 0, with a
// checkpoint every `every` ticks (DefaultCheckEvery if every < 1).
func NewRecorder(every int) *Recorder {
	if every < 1 {
		every = DefaultCheckEvery
	}
	return &Recorder{every: int64(every), last: -1,
		frames: make([]byte, 0, recorderFrameCap), checks: make([]Checkpoint, 0, recorderCheckCap)}
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
	var seats byte
	for seat := range s.cfg.Players {
		if f.Pressed[seat]&recordedButtons != 0 {
			seats |= 1 << seat
		}
	}
	if seats != 0 || deal != 0 {
		gap := uint64(r.tick - r.last - 1)
		dealt := uint64(0)
		if deal != 0 {
			dealt = 1
		}
		r.frames = binary.AppendUvarint(r.frames, gap<<1|dealt)
		r.frames = append(r.frames, seats)
		for seat := range s.cfg.Players {
			if seats&(1<<seat) != 0 {
				r.frames = append(r.frames, packButtons(f.Pressed[seat]))
			}
		}
		if deal != 0 {
			r.frames = binary.AppendUvarint(r.frames, uint64(deal))
		}
		r.last = r.tick
	}
	r.tick++
	if r.tick%r.every == 0 {
		r.checks = append(r.checks, Checkpoint{Tick: r.tick, Hash: s.PublicHash()})
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

// Replay returns what has been recorded so far, ending with a checkpoint
// of s, the state after the last tick recorded. The replay shares nothing
// with the recorder.
func (r *Recorder) Replay(start Start, s *State) *Replay {
	rep := &Replay{Start: start, Ticks: r.tick, Every: int(r.every),
		Frames: append([]byte(nil), r.frames...), Checks: append([]Checkpoint(nil), r.checks...)}
	if n := len(rep.Checks); n == 0 || rep.Checks[n-1].Tick != r.tick {
		rep.Checks = append(rep.Checks, Checkpoint{Tick: r.tick, Hash: s.PublicHash()})
	}
	return rep
}
