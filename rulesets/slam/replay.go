package slam

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/bits"

	"github.com/jankenarcade/janken/rulesets"
)

// Replay is a recorded game of Slam: see Recorder for what it holds and
// the form of its frames. Verify re-runs it; a Reader steps through it.
type Replay struct {
	Start  Start
	Ticks  int64        // the ticks recorded
	Every  int          // the checkpoint interval the recorder used
	Frames []byte       // the ticks' inputs, as Recorder writes them
	Checks []Checkpoint // ascending, the last at Ticks
}

// MaxReplayTicks bounds a replay's length (about 77 hours), so that a
// corrupt length cannot make Verify run for ever.
const MaxReplayTicks = 1 << 24

// replayBodyVersion is the version of the binary form written by
// AppendBinary.
const replayBodyVersion = 1

// AppendBinary appends the replay's binary form to dst:
//
//	byte     version (1)
//	uvarint  length of the start's JSON, then the JSON
//	uvarint  ticks, uvarint checkpoint interval
//	uvarint  checkpoints, then each: uvarint ticks since the last, 8-byte
//	         little-endian hash
//	uvarint  length of the frames, then the frames
func (rep *Replay) AppendBinary(dst []byte) ([]byte, error) {
	start, err := json.Marshal(rep.Start)
	if err != nil {
		return dst, fmt.Errorf("slam replay: start: %w", err)
	}
	dst = append(dst, replayBodyVersion)
	dst = binary.AppendUvarint(dst, uint64(len(start)))
	dst = append(dst, start...)
	dst = binary.AppendUvarint(dst, uint64(rep.Ticks))
	dst = binary.AppendUvarint(dst, uint64(rep.Every))
	dst = binary.AppendUvarint(dst, uint64(len(rep.Checks)))
	last := int64(0)
	for _, c := range rep.Checks {
		dst = binary.AppendUvarint(dst, uint64(c.Tick-last))
		dst = binary.LittleEndian.AppendUint64(dst, c.Hash)
		last = c.Tick
	}
	dst = binary.AppendUvarint(dst, uint64(len(rep.Frames)))
	return append(dst, rep.Frames...), nil
}

// byteReader reads the binary form, keeping the first error.
type byteReader struct {
	b   []byte
	err error
}

var errTruncated = errors.New("truncated")

func (r *byteReader) uvarint(what string, max uint64) uint64 {
	if r.err != nil {
		return 0
	}
	v, n := binary.Uvarint(r.b)
	switch {
	case n == 0:
		r.err = fmt.Errorf("%s: %w", what, errTruncated)
	case n < 0 || v > max:
		r.err = fmt.Errorf("%s out of range", what)
	default:
		r.b = r.b[n:]
	}
	return v
}

func (r *byteReader) bytes(what string, n uint64) []byte {
	if r.err != nil {
		return nil
	}
	if n > uint64(len(r.b)) {
		r.err = fmt.Errorf("%s: %w", what, errTruncated)
		return nil
	}
	out := r.b[:n]
	r.b = r.b[n:]
	return out
}

// DecodeReplay reads the binary form AppendBinary writes. A truncated or
// corrupt one gets an error saying what is wrong; the frames themselves
// are checked as they are read (Verify reads them all).
func DecodeReplay(data []byte) (*Replay, error) {
	if len(data) == 0 {
		return nil, fmt.Errorf("slam replay: empty")
	}
	if data[0] != replayBodyVersion {
		return nil, fmt.Errorf("slam replay: body version %d, this program reads %d", data[0], replayBodyVersion)
	}
	r := &byteReader{b: data[1:]}
	startJSON := r.bytes("start", r.uvarint("start length", uint64(len(data))))
	rep := &Replay{}
	rep.Ticks = int64(r.uvarint("ticks", MaxReplayTicks))
	rep.Every = int(r.uvarint("checkpoint interval", MaxReplayTicks))
	n := r.uvarint("checkpoints", uint64(len(data))/9)
	last := int64(0)
	for range n {
		last += int64(r.uvarint("checkpoint tick", MaxReplayTicks))
		h := r.bytes("checkpoint hash", 8)
		if r.err != nil {
			break
		}
		rep.Checks = append(rep.Checks, Checkpoint{Tick: last, Hash: binary.LittleEndian.Uint64(h)})
	}
	rep.Frames = r.bytes("frames", r.uvarint("frames length", uint64(len(data))))
	switch {
	case r.err != nil:
		return nil, fmt.Errorf("slam replay: %w", r.err)
	case len(r.b) != 0:
		return nil, fmt.Errorf("slam replay: %d bytes after the frames", len(r.b))
	}
	start, err := ParseStart(startJSON)
	if err != nil {
		return nil, err
	}
	rep.Start = start
	rep.Frames = append([]byte(nil), rep.Frames...) // keep none of data
	return rep, rep.checkChecks()
}

// checkChecks verifies the checkpoints are in order within the replay.
func (rep *Replay) checkChecks() error {
	last := int64(0)
	for _, c := range rep.Checks {
		if c.Tick <= last || c.Tick > rep.Ticks {
			return fmt.Errorf("slam replay: checkpoint at tick %d out of order (after %d, of %d ticks)", c.Tick, last, rep.Ticks)
		}
		last = c.Tick
	}
	if rep.Every < 1 {
		return fmt.Errorf("slam replay: checkpoint interval %d", rep.Every)
	}
	return nil
}

// Reader reads a replay's frames tick by tick. It is a plain value (its
// frames are shared, never written): copying it saves its place, so a
// viewer seeks by keeping copies. The zero value reads nothing: use
// NewReader.
type Reader struct {
	frames  []byte
	players int
	ticks   int64
	pos     int   // the read offset in frames
	tick    int64 // the tick Next fills next
	at      int64 // the tick of the entry whose header was read, or -1
	dealt   bool  // that entry has a deal
	last    int64 // the tick of the last entry read, or -1
}

// NewReader reads rep from its tick 0.
func NewReader(rep *Replay) Reader {
	return Reader{frames: rep.Frames, players: rep.Start.Config.Players, ticks: rep.Ticks, at: -1, last: -1}
}

// Tick returns the tick Next fills next.
func (r *Reader) Tick() int64 { return r.tick }

// Done reports whether every tick has been read.
func (r *Reader) Done() bool { return r.tick >= r.ticks }

// Next fills f with the frame of tick Tick() and moves on to the next
// tick; after the last it returns io.EOF. A corrupt stream gets an error
// naming the tick, and f is then zero.
func (r *Reader) Next(f *rulesets.Frame) error {
	*f = rulesets.Frame{Tick: r.tick}
	if r.tick >= r.ticks {
		return io.EOF
	}
	if err := r.header(); err != nil {
		return fmt.Errorf("slam replay: tick %d: %w", r.tick, err)
	}
	if r.at == r.tick {
		if err := r.entry(f); err != nil {
			*f = rulesets.Frame{Tick: r.tick}
			return fmt.Errorf("slam replay: tick %d: %w", r.tick, err)
		}
	}
	r.tick++
	return nil
}

// header reads the next entry's gap if it has not been read.
func (r *Reader) header() error {
	if r.at >= 0 || r.pos >= len(r.frames) {
		return nil
	}
	v, n := binary.Uvarint(r.frames[r.pos:])
	if n <= 0 || v>>1 > MaxReplayTicks {
		return fmt.Errorf("bad gap at byte %d", r.pos)
	}
	at := r.last + 1 + int64(v>>1)
	if at >= r.ticks {
		return fmt.Errorf("an entry for tick %d after the last tick %d", at, r.ticks-1)
	}
	r.pos += n
	r.at, r.dealt = at, v&1 != 0
	return nil
}

// entry reads the entry of tick r.at into f.
func (r *Reader) entry(f *rulesets.Frame) error {
	if r.pos >= len(r.frames) {
		return errTruncated
	}
	seats := r.frames[r.pos]
	r.pos++
	if seats>>r.players != 0 {
		return fmt.Errorf("a press of seat %d, of %d players", 7-bits.LeadingZeros8(seats), r.players)
	}
	if seats == 0 && !r.dealt {
		return fmt.Errorf("an empty entry")
	}
	for seat := range r.players {
		if seats&(1<<seat) == 0 {
			continue
		}
		if r.pos >= len(r.frames) {
			return errTruncated
		}
		b, ok := unpackButtons(r.frames[r.pos])
		if !ok {
			return fmt.Errorf("seat %d's buttons %#x", seat, r.frames[r.pos])
		}
		f.Pressed[seat] = b
		r.pos++
	}
	if r.dealt {
		d, n := binary.Uvarint(r.frames[r.pos:])
		if n <= 0 || d == 0 || d > math.MaxUint32 {
			return fmt.Errorf("bad deal at byte %d", r.pos)
		}
		f.Deal = uint32(d)
		r.pos += n
	}
	r.last, r.at = r.at, -1
	return nil
}

// Verify re-runs the replay's public state from its start with its frames
// and checks every checkpoint: nil, or an error naming the first tick
// whose hash differs (or the first unreadable frame). It returns the
// state after the last tick.
func Verify(rep *Replay) (State, error) {
	p, err := walk(rep, nil)
	return p.State, err
}

// walk re-runs rep as Verify does, showing visit (if not nil) the
// position before each tick and after the last.
func walk(rep *Replay, visit func(p *Position)) (Position, error) {
	s, err := rep.Start.State()
	if err != nil {
		return Position{}, err
	}
	p := Position{State: s, Reader: NewReader(rep)}
	checks := rep.Checks
	var f rulesets.Frame
	for {
		if visit != nil {
			visit(&p)
		}
		if err := p.Step(&f); err == io.EOF {
			break
		} else if err != nil {
			return p, err
		}
		for len(checks) > 0 && checks[0].Tick == p.State.Tick() {
			if h := p.State.Hash(); h != checks[0].Hash {
				return p, fmt.Errorf("slam replay: diverges by tick %d: the re-run's hash is %#x, the recorded one %#x", p.State.Tick(), h, checks[0].Hash)
			}
			checks = checks[1:]
		}
	}
	if r := &p.Reader; r.pos != len(r.frames) {
		return p, fmt.Errorf("slam replay: %d bytes of frames after the last tick", len(r.frames)-r.pos)
	}
	return p, nil
}

// VerifyDealer checks a replay of a local game against its secret seed:
// the game New(cfg, seed) deals itself, stepped with the replay's presses,
// must flip the recorded cards on the recorded ticks and end in the same
// public state. Run Verify first: this checks the dealer, not the frames.
func VerifyDealer(rep *Replay, seed uint64) error {
	st := rep.Start
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
	r := NewReader(rep)
	var f rulesets.Frame
	for !r.Done() {
		if err := r.Next(&f); err != nil {
			return err
		}
		pub.Step(&f)
		f.Deal = 0
		local.Step(&f)
		if local.flips != pub.flips || local.card.Card != pub.card.Card {
			return fmt.Errorf("slam replay: tick %d: the seed's dealer flips %v (flip %d), the replay %v (flip %d)",
				f.Tick, local.card.Card, local.flips, pub.card.Card, pub.flips)
		}
	}
	if local.PublicHash() != pub.Hash() {
		return fmt.Errorf("slam replay: the seed's game ends in another state than the replay's")
	}
	return nil
}
