package cardtable

import (
	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/scenes"
)

// pauser is a bot that can hand the thread back while it thinks (in the
// browser the page has one thread).
type pauser interface{ SetPause(func()) }

// thinkers runs a table's bots off the game thread, one question at a
// time per seat, so a search never stalls the animations. A bot's answer
// depends only on the view it is sent and its own seed, never on how long
// it took, so the game is the same on any machine.
type thinkers[V any, A comparable] struct {
	questions
	bots    [rulesets.MaxSeats]rulesets.Bot[V, A]
	answers [rulesets.MaxSeats]chan A
}

// questions is what thinkers keeps that does not depend on the game's
// types, compiled once for every game (see chrome): when each seat's bot
// was asked, and who may think now.
type questions struct {
	asked [rulesets.MaxSeats]int64 // tick of the question in flight, or -1
	// one lets one bot think at a time: in the browser a bot's pause hands
	// the page its only thread only when no other goroutine is ready to
	// run, and with several bots thinking at once one always is.
	one    chan struct{}
	inline bool // answer on the game thread (tests)
}

func (t *questions) init() {
	t.one = make(chan struct{}, 1)
	for seat := range t.asked {
		t.asked[seat] = -1
	}
}

// seat gives seat to bot b (a machine gone for good, or the seating).
func (t *thinkers[V, A]) seat(seat int, b rulesets.Bot[V, A]) {
	if p, ok := b.(pauser); ok {
		p.SetPause(scenes.ThinkPause())
	}
	t.bots[seat], t.asked[seat], t.answers[seat] = b, -1, make(chan A, 1)
}

// unseat takes seat from its bot (a machine back for its seat). A
// question in flight is forgotten: its goroutine ends on its own, into
// the answer channel it was given.
func (t *thinkers[V, A]) unseat(seat int) {
	t.bots[seat], t.asked[seat], t.answers[seat] = nil, -1, nil
}

// has reports whether a bot plays seat.
func (t *thinkers[V, A]) has(seat int) bool { return t.bots[seat] != nil }

// ask starts seat's bot on v unless a question is in flight already.
func (t *thinkers[V, A]) ask(seat int, v V, tick int64) {
	if t.bots[seat] == nil || t.asked[seat] >= 0 {
		return
	}
	t.asked[seat] = tick
	b, out := t.bots[seat], t.answers[seat]
	if t.inline {
		out <- b.Choose(&v)
		return
	}
	go func() {
		t.one <- struct{}{}
		a := b.Choose(&v)
		<-t.one
		out <- a
	}()
}

// answer returns seat's choice once its bot has answered and has "thought"
// for at least BotMinTicks.
func (t *thinkers[V, A]) answer(seat int, tick int64) (a A, ok bool) {
	if t.bots[seat] == nil || !t.due(seat, tick) {
		return a, false
	}
	select {
	case a = <-t.answers[seat]:
		t.asked[seat] = -1
		return a, true
	default:
		return a, false
	}
}

// due reports whether seat's bot was asked BotMinTicks or more before
// tick, and has not answered since.
func (t *questions) due(seat int, tick int64) bool {
	return t.asked[seat] >= 0 && tick-t.asked[seat] >= BotMinTicks
}

// stop forgets the questions in flight; their goroutines end on their own
// (each answer channel has room for the last answer).
func (t *questions) stop() {
	for seat := range t.asked {
		t.asked[seat] = -1
	}
}
