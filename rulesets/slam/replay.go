package slam

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"

	"github.com/jankenarcade/janken/replay"
	"github.com/jankenarcade/janken/rulesets"
)

// GameName is Slam's name in replays' headers, the catalog's.
const GameName = "slam"

// Recording is a Slam replay opened for re-running: its start, its steps
// and checkpoints, and its length.
type Recording struct {
	Start  Start
	Steps  []replay.Step
	Checks []replay.Checkpoint
	Ticks  int64 // the ticks recorded: the last checkpoint's
	Result replay.Result
}

// Open reads the Slam replay r: its start from the header's config and its
// length from the last checkpoint. The steps themselves are read as the
// replay runs (Verify reads them all). The recording shares r's steps.
func Open(r *replay.Replay) (*Recording, error) {
	h := &r.Header
	if h.Game != GameName {
		return nil, fmt.Errorf("slam replay: a replay of %q", h.Game)
	}
	start, err := ParseStart(h.Config)
	if err != nil {
		return nil, err
	}
	if n := len(h.Seats); n != 0 && n != start.Config.Players {
		return nil, fmt.Errorf("slam replay: %d seats for %d players", n, start.Config.Players)
	}
	n := len(r.Checkpoints)
	if n == 0 {
		return nil, fmt.Errorf("slam replay: no checkpoint: its end is unknown")
	}
	rec := &Recording{Start: start, Steps: r.Steps, Checks: r.Checkpoints, Ticks: r.Checkpoints[n-1].At, Result: h.Result}
	if rec.Ticks > MaxTicks {
		return nil, fmt.Errorf("slam replay: %d ticks, more than %d", rec.Ticks, MaxTicks)
	}
	return rec, nil
}

// MaxTicks bounds a replay's length (about 77 hours), so that a corrupt
// one cannot make Verify run for ever.
const MaxTicks = 1 << 24

// Reader reads a recording's frames tick by tick. It is a plain value (it
// shares the steps, which it never writes): copying it saves its place,
// so a viewer seeks by keeping copies. Use NewReader.
type Reader struct {
	steps   []replay.Step
	players int
	ticks   int64
	i       int   // the next step to read
	tick    int64 // the tick Next fills next
}

// NewReader reads rec from its tick 0.
func NewReader(rec *Recording) Reader {
	return Reader{steps: rec.Steps, players: rec.Start.Config.Players, ticks: rec.Ticks}
}

// Tick returns the tick Next fills next.
func (r *Reader) Tick() int64 { return r.tick }

// Done reports whether every tick has been read.
func (r *Reader) Done() bool { return r.tick >= r.ticks }

// trailing returns, once every tick has been read, the divergence of the
// steps left over: steps of ticks after the end, which no frame reads.
func (r *Reader) trailing() error {
	if !r.Done() || r.i == len(r.steps) {
		return nil
	}
	return &replay.Divergence{Unit: "tick", At: r.ticks, Err: fmt.Errorf("steps of tick %d after the end", r.steps[r.i].At)}
}

// Next fills f with the frame of tick Tick() and moves on to the next
// tick; after the last it returns io.EOF. A step it cannot read gets an
// error naming its tick, and f is then zero.
func (r *Reader) Next(f *rulesets.Frame) error {
	*f = rulesets.Frame{Tick: r.tick}
	if r.tick >= r.ticks {
		return io.EOF
	}
	for ; r.i < len(r.steps) && r.steps[r.i].At <= r.tick; r.i++ {
		if err := r.apply(&r.steps[r.i], f); err != nil {
			*f = rulesets.Frame{Tick: r.tick}
			return &replay.Divergence{Unit: "tick", At: r.tick, Err: err}
		}
	}
	r.tick++
	return nil
}

// apply adds step s to f, the frame of tick r.tick.
func (r *Reader) apply(s *replay.Step, f *rulesets.Frame) error {
	switch {
	case s.At < r.tick:
		return fmt.Errorf("a step of tick %d after tick %d's", s.At, r.tick-1)
	case s.Seat == -1:
		d, n := binary.Uvarint(s.Data)
		if n != len(s.Data) || d == 0 || d > math.MaxUint32 || f.Deal != 0 {
			return fmt.Errorf("a bad deal % x", s.Data)
		}
		f.Deal = uint32(d)
	case s.Seat < 0 || s.Seat >= r.players:
		return fmt.Errorf("a press of seat %d, of %d players", s.Seat, r.players)
	default:
		b, ok := rulesets.Buttons(0), len(s.Data) == 1
		if ok {
			b, ok = unpackButtons(s.Data[0])
		}
		if !ok || f.Pressed[s.Seat] != 0 {
			return fmt.Errorf("bad buttons % x of seat %d", s.Data, s.Seat)
		}
		f.Pressed[s.Seat] = b
	}
	return nil
}

// Verify re-runs the recording's public state from its start with its
// frames and checks every checkpoint and the result: nil, or a
// *replay.Divergence at the first tick whose hash differs or whose step
// cannot be read. It returns the state after the last tick.
func Verify(rec *Recording) (State, error) {
	p, err := walk(rec, nil)
	if err != nil {
		return p.State, err
	}
	if res := rec.Result; res.Over {
		s := &p.State
		if !s.Over() || !slices.Equal(res.Winners, s.Winners(nil)) || !slices.Equal(res.Scores, s.Scores(nil)) {
			return p.State, &replay.Divergence{Unit: "tick", At: rec.Ticks, Err: fmt.Errorf("recorded winners %v and scores %v, replayed %v and %v (over: %v)",
				res.Winners, res.Scores, s.Winners(nil), s.Scores(nil), s.Over())}
		}
	}
	return p.State, nil
}

// walk re-runs rec, checking its checkpoints, and shows visit (if not
// nil) the position before each tick and after the last.
func walk(rec *Recording, visit func(p *Position)) (Position, error) {
	s, err := rec.Start.State()
	if err != nil {
		return Position{}, err
	}
	p := Position{State: s, Reader: NewReader(rec)}
	checks := rec.Checks
	var f rulesets.Frame
	for {
		// Steps after the end make the file unreadable, whatever the
		// last checkpoint says: Finishes and a Timeline refuse it too.
		if err := p.Reader.trailing(); err != nil {
			return p, err
		}
		for len(checks) > 0 && checks[0].At == p.State.Tick() {
			if h := p.State.Hash(); h != checks[0].Hash {
				return p, &replay.Divergence{Unit: "tick", At: checks[0].At, Want: checks[0].Hash, Got: h}
			}
			checks = checks[1:]
		}
		if visit != nil {
			visit(&p)
		}
		if err := p.Step(&f); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			return p, err
		}
	}
	if len(checks) > 0 {
		return p, &replay.Divergence{Unit: "tick", At: rec.Ticks, Err: fmt.Errorf("a checkpoint at tick %d, out of order", checks[0].At)}
	}
	return p, nil
}

// VerifyDealer checks a recording of a local game against its secret
// seed: the game New(cfg, seed) deals itself, stepped with the recorded
// presses, must flip the recorded cards on the recorded ticks and end in
// the same public state. Run Verify first: this checks the dealer, not
// the frames.
func VerifyDealer(rec *Recording, seed uint64) error {
	st := rec.Start
	switch {
	case PublicSeed(seed) != st.PublicSeed:
		return fmt.Errorf("slam replay: seed %d is not this game's (its public seed differs)", seed)
	case st.TopBack == nil:
		return fmt.Errorf("slam replay: recorded by a network peer, whose host dealt: no seed deals it")
	}
	local, err := New(st.Config, seed)
	if err != nil {
		return fmt.Errorf("slam replay: %w", err)
	}
	pub, err := st.State()
	if err != nil {
		return err
	}
	if local.topBack != pub.topBack {
		return fmt.Errorf("slam replay: the seed's top card shows %v, the replay %v", local.topBack, pub.topBack)
	}
	r := NewReader(rec)
	var f rulesets.Frame
	for !r.Done() {
		if err := r.Next(&f); err != nil {
			return err
		}
		pub.Step(&f)
		f.Deal = 0
		local.Step(&f)
		if local.flips != pub.flips || local.card.Card != pub.card.Card {
			return &replay.Divergence{Unit: "tick", At: f.Tick, Err: fmt.Errorf("the seed's dealer flips %v (flip %d), the replay %v (flip %d)",
				local.card.Card, local.flips, pub.card.Card, pub.flips)}
		}
	}
	if local.PublicHash() != pub.Hash() {
		return fmt.Errorf("slam replay: the seed's game ends in another state than the replay's")
	}
	return nil
}

// ReplayGame returns Slam's replay hook (a catalog.Game's Replay) for the
// rules version rules this build plays: it opens a replay, re-runs it with
// Verify and, when its header knows the seed, checks the dealer too.
func ReplayGame(rules string) replay.Game { return replayGame{rules} }

type replayGame struct{ rules string }

func (g replayGame) Rules() string { return g.rules }

func (g replayGame) Verify(r *replay.Replay) error {
	if err := replay.CheckRules(&r.Header, g.rules); err != nil {
		return err
	}
	rec, err := Open(r)
	if err != nil {
		return err
	}
	if _, err := Verify(rec); err != nil {
		return err
	}
	if r.Header.SeedKnown {
		return VerifyDealer(rec, r.Header.Seed)
	}
	return nil
}
