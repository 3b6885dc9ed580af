package netplay

import (
	"github.com/jankenarcade/janken/rulesets"
)

// race is a small per-tick ruleset for the tests, shaped like Slam: at a
// random tick a target gesture shows for up to two seconds; the first seat to press it scores
// (same-tick ties drawn from the state's generator), a wrong press locks a
// seat out until the next target and costs a point. It is deterministic
// and pointer-free, as a rulesets.Realtime state must be.
type race struct {
	rng     rulesets.Rand
	tick    int64
	target  rulesets.Button
	next    int64 // the tick of the next target
	targets int   // targets left
	score   [rulesets.MaxSeats]int
	locked  [rulesets.MaxSeats]bool
	events  [4]raceEvent
	nevents int
}

type raceEvent struct {
	tick int64
	seat int
	won  bool
}

func newRace(seed uint64, targets int) race {
	r := race{rng: rulesets.NewRand(seed), targets: targets}
	r.next = int64(r.rng.Range(20, 40))
	return r
}

func (r *race) Over() bool { return r.targets == 0 && r.target == 0 }

func (r *race) Step(f *rulesets.Frame) {
	defer func() { r.tick++ }()
	if r.Over() {
		return
	}
	if r.target != 0 && r.tick >= r.next+120 {
		// Nobody got it in two seconds: the next target comes.
		r.target, r.next = 0, r.tick+int64(r.rng.Range(20, 40))
	}
	if r.target == 0 && r.tick >= r.next {
		r.target = rulesets.ButtonRock << r.rng.IntN(4)
		r.targets--
		r.locked = [rulesets.MaxSeats]bool{}
	}
	var right [rulesets.MaxSeats]int
	n := 0
	for seat, b := range f.Pressed {
		switch {
		case b == 0 || r.locked[seat]:
		case b == r.target:
			right[n] = seat
			n++
		default:
			r.locked[seat] = true
			r.score[seat]--
			r.emit(raceEvent{tick: r.tick, seat: seat})
		}
	}
	if n > 0 {
		w := right[r.rng.IntN(n)]
		r.score[w] += 2
		r.emit(raceEvent{tick: r.tick, seat: w, won: true})
		r.target = 0
		r.next = r.tick + int64(r.rng.Range(40, 90))
	}
}

func (r *race) emit(e raceEvent) {
	if r.nevents < len(r.events) {
		r.events[r.nevents] = e
		r.nevents++
	}
}

func (r *race) ClearEvents() { r.nevents = 0 }

func (r *race) Hash() uint64 {
	var h rulesets.Hasher
	h.Rand(r.rng)
	h.Uint64(uint64(r.tick))
	h.Int(int(r.target))
	h.Uint64(uint64(r.next))
	h.Int(r.targets)
	for i := range r.score {
		h.Int(r.score[i])
		h.Bool(r.locked[i])
	}
	return h.Sum()
}

// Winners returns the seats with the best score.
func (r *race) Winners(dst []int) []int {
	best := r.score[0]
	for _, s := range r.score {
		best = max(best, s)
	}
	for seat, s := range r.score {
		if s == best {
			dst = append(dst, seat)
		}
	}
	return dst
}

// leaky is race with a classic rollback bug: a pointer in the state, so a
// restored copy shares a counter with the one it was saved from and a
// re-simulation sees a different value.
type leaky struct {
	race
	steps *int
}

func (l *leaky) Step(f *rulesets.Frame) {
	*l.steps++
	l.race.Step(f)
}

func (l *leaky) Hash() uint64 {
	var h rulesets.Hasher
	h.Uint64(l.race.Hash())
	h.Int(*l.steps)
	return h.Sum()
}
