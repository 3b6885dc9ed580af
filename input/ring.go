package input

import (
	"fmt"

	"github.com/jankenarcade/janken/rulesets"
)

// Ring keeps the most recent frames, for judging, replays and netplay to
// look back on. It holds a fixed number of frames and never allocates after
// NewRing.
type Ring struct {
	buf    []rulesets.Frame // frame of tick t at t % len(buf); Tick -1 marks an empty slot
	newest int64            // -1 when empty
}

// NewRing returns an empty ring that keeps the last capacity frames.
func NewRing(capacity int) *Ring {
	if capacity < 1 {
		panic(fmt.Sprintf("input: NewRing(%d): capacity must be positive", capacity))
	}
	r := &Ring{buf: make([]rulesets.Frame, capacity)}
	r.Clear()
	return r
}

// Clear forgets every frame.
func (r *Ring) Clear() {
	for i := range r.buf {
		r.buf[i] = rulesets.Frame{Tick: -1}
	}
	r.newest = -1
}

// Cap returns how many frames the ring keeps.
func (r *Ring) Cap() int { return len(r.buf) }

// Push stores a copy of f, forgetting frames older than Cap ticks. Ticks
// must be non-negative and increase from one push to the next (they may
// skip); Push returns an error and stores nothing otherwise.
func (r *Ring) Push(f *rulesets.Frame) error {
	if f.Tick <= r.newest {
		return fmt.Errorf("input: push frame of tick %d after tick %d", f.Tick, r.newest)
	}
	r.buf[f.Tick%int64(len(r.buf))] = *f
	r.newest = f.Tick
	return nil
}

// At returns the frame of tick if it is one of the last Cap ticks and was
// pushed. The frame stays valid until its slot is reused, Cap ticks later.
func (r *Ring) At(tick int64) (*rulesets.Frame, bool) {
	if tick < 0 || tick > r.newest || tick <= r.newest-int64(len(r.buf)) {
		return nil, false
	}
	f := &r.buf[tick%int64(len(r.buf))]
	return f, f.Tick == tick
}

// Newest returns the most recent frame.
func (r *Ring) Newest() (*rulesets.Frame, bool) { return r.At(r.newest) }
