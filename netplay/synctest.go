package netplay

import (
	"fmt"

	"github.com/jankenarcade/janken/rulesets"
)

// SyncTestConfig configures SyncTest.
type SyncTestConfig struct {
	Seats int    // seats that press
	Ticks int    // ticks to run
	Check int    // ticks rolled back and re-simulated every tick, 1 to MaxPrediction
	Seed  uint64 // seed of the random presses
	// Buttons are the buttons the random presses use; zero means Slam's
	// four gestures.
	Buttons rulesets.Buttons
}

// MaxPrediction is the longest prediction window: the most ticks a session
// runs ahead of the last tick whose inputs it holds from every peer.
const MaxPrediction = 8

// SyncReport is what a passing SyncTest measured.
type SyncReport struct {
	Ticks     int    // ticks simulated
	Rollbacks int    // rollbacks performed
	Resteps   int    // ticks re-simulated
	Presses   int    // button presses fed in
	Final     uint64 // the final state hash
}

// DesyncError reports a tick whose state differs between two simulations
// with the same inputs.
type DesyncError struct {
	Tick         int64
	First, Again uint64 // the hashes after the first and the repeated simulation
}

func (e *DesyncError) Error() string {
	return fmt.Sprintf("netplay: desync at tick %d: hash %#016x first, %#016x after rollback", e.Tick, e.First, e.Again)
}

// SyncTest runs initial for cfg.Ticks ticks of seeded random presses and,
// after every tick, rolls back cfg.Check ticks and re-simulates them with
// the same inputs, comparing every re-simulated tick's hash with the first.
// A state that is not a pure function of its past and its inputs (a clock,
// a global generator, a pointer shared between copies, map order) fails
// with a *DesyncError. It is the rollback session's own test, without a
// network.
func SyncTest[S any, P Sim[S]](initial S, cfg SyncTestConfig) (SyncReport, error) {
	if cfg.Check < 1 || cfg.Check > MaxPrediction {
		return SyncReport{}, fmt.Errorf("netplay: sync test check distance %d: want 1 to %d", cfg.Check, MaxPrediction)
	}
	if cfg.Seats < 1 || cfg.Seats > rulesets.MaxSeats {
		return SyncReport{}, fmt.Errorf("netplay: sync test with %d seats", cfg.Seats)
	}
	if cfg.Buttons == 0 {
		cfg.Buttons = rulesets.Gestures
	}
	var rep SyncReport
	rb := NewRollback[S, P](initial)
	var frames [ringSize]rulesets.Frame
	var hashes [ringSize]uint64
	presser := newPresser(cfg.Seed, cfg.Buttons)
	for t := int64(0); t < int64(cfg.Ticks); t++ {
		f := &frames[t%ringSize]
		rep.Presses += presser.fill(f, cfg.Seats)
		rb.Advance(f)
		hashes[t%ringSize] = P(rb.State()).Hash()
		from := t + 1 - int64(cfg.Check)
		if from < 0 {
			continue
		}
		if err := rb.Restore(from); err != nil {
			return rep, err
		}
		rep.Rollbacks++
		for u := from; u <= t; u++ {
			rb.Advance(&frames[u%ringSize])
			rep.Resteps++
			if got := P(rb.State()).Hash(); got != hashes[u%ringSize] {
				return rep, &DesyncError{Tick: u, First: hashes[u%ringSize], Again: got}
			}
		}
	}
	rep.Ticks = cfg.Ticks
	rep.Final = P(rb.State()).Hash()
	return rep, nil
}

// presser makes seeded random presses: now and then a seat presses one of
// the buttons, rarely two at once (which Slam calls mashing).
type presser struct {
	rng     rulesets.Rand
	buttons [16]rulesets.Button
	n       int
}

func newPresser(seed uint64, set rulesets.Buttons) *presser {
	p := &presser{rng: rulesets.NewRand(seed)}
	for b := rulesets.Button(1); b != 0 && b <= set; b <<= 1 {
		if set&b != 0 {
			p.buttons[p.n] = b
			p.n++
		}
	}
	return p
}

// fill writes one tick of presses for seats into f and returns how many
// buttons it pressed.
func (p *presser) fill(f *rulesets.Frame, seats int) int {
	*f = rulesets.Frame{}
	n := 0
	for seat := range seats {
		if p.rng.IntN(12) != 0 {
			continue
		}
		b := p.buttons[p.rng.IntN(p.n)]
		if p.rng.IntN(10) == 0 {
			b |= p.buttons[p.rng.IntN(p.n)]
		}
		f.Pressed[seat], f.Held[seat] = b, b
		n++
	}
	return n
}
