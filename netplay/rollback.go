package netplay

import (
	"fmt"

	"github.com/jankenarcade/janken/rulesets"
)

// Sim is what rollback needs of a per-tick ruleset: its state S is a plain
// value without pointers (so saving and restoring it is a copy that
// allocates nothing), and *S steps one tick and hashes the state. Every
// rulesets.Realtime state qualifies.
type Sim[S any] interface {
	*S
	Step(f *rulesets.Frame)
	Hash() uint64
}

// ringSize is how many ticks of saved states and inputs are kept: well over
// the prediction window, the input delay and a dropped peer's lag.
const ringSize = 64

// eventClearer is implemented by states that record events (every
// rulesets.Realtime): the sessions clear them before each step, so that a
// step's events are that step's alone.
type eventClearer interface{ ClearEvents() }

// Rollback is a per-tick state with a ring of its past: before each tick it
// is stepped it saves a copy, so it can go back to any of the last
// ringSize ticks and step forward again. Rollback allocates nothing once
// made. The zero value is not ready: use NewRollback.
type Rollback[S any, P Sim[S]] struct {
	state S
	tick  int64 // the next tick to step; state is the state before it
	saved [ringSize]S
	at    [ringSize]int64 // the tick each saved slot holds
}

// NewRollback starts from initial as the state before tick 0.
func NewRollback[S any, P Sim[S]](initial S) *Rollback[S, P] {
	r := &Rollback[S, P]{state: initial}
	for i := range r.at {
		r.at[i] = -1
	}
	return r
}

// State returns the current state, which the caller may read but must not
// step.
func (r *Rollback[S, P]) State() *S { return &r.state }

// Tick returns the next tick to step.
func (r *Rollback[S, P]) Tick() int64 { return r.tick }

// Advance saves the state, steps tick Tick() with f (whose Tick it sets)
// and moves to the next tick.
func (r *Rollback[S, P]) Advance(f *rulesets.Frame) {
	slot := r.tick % ringSize
	r.saved[slot], r.at[slot] = r.state, r.tick
	f.Tick = r.tick
	p := P(&r.state)
	if c, ok := any(p).(eventClearer); ok {
		c.ClearEvents()
	}
	p.Step(f)
	r.tick++
}

// CanRestore reports whether the state before tick is still saved.
func (r *Rollback[S, P]) CanRestore(tick int64) bool {
	return tick >= 0 && tick <= r.tick && (tick == r.tick || r.at[tick%ringSize] == tick)
}

// Restore goes back to the state before tick, which must be saved.
func (r *Rollback[S, P]) Restore(tick int64) error {
	if !r.CanRestore(tick) {
		return fmt.Errorf("netplay: cannot roll back to tick %d from %d: not saved", tick, r.tick)
	}
	if tick < r.tick {
		r.state, r.tick = r.saved[tick%ringSize], tick
	}
	return nil
}

// Saved returns the saved state before tick, or nil if it is gone.
func (r *Rollback[S, P]) Saved(tick int64) *S {
	if tick == r.tick {
		return &r.state
	}
	if !r.CanRestore(tick) {
		return nil
	}
	return &r.saved[tick%ringSize]
}
