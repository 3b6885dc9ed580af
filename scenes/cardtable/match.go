package cardtable

import (
	"github.com/jankenarcade/janken/replay"
	"github.com/jankenarcade/janken/rulesets"
)

// Match is the game as this machine knows it: the whole game on the couch
// and on a network host, its own seats' views on a network client. The
// runner asks it only for views.
type Match[V any, A comparable, E any] interface {
	// Seats returns the number of players.
	Seats() int
	// Ready reports whether the match knows the game yet (a network client
	// waits for the host's first views).
	Ready() bool
	// View returns seat's view; -1 gives the public view.
	View(seat int) V
	// Act makes seat's choice: applied at once on the couch and on the
	// host (its events come with the next Update), sent to the host from a
	// client. An error means nothing changed.
	Act(seat int, a A) error
	// Update runs one tick of the match and returns its news.
	Update() (News[E], error)
}

// News is what one tick of a match brought the table.
type News[E any] struct {
	// Events to show, oldest first: the couch's and the host's own
	// actions' events, the clients' on the host, the host's news on a
	// client. The slice is valid until the next Update.
	Events []E
	// Refused is the host's reason for refusing one of this machine's
	// actions.
	Refused string
	// Taken are the seats of machines gone for good, which bots play from
	// now on.
	Taken rulesets.Audience
	// Returned are seats that bots played since they were Taken, whose
	// machine came back for them: their players play them again.
	Returned rulesets.Audience
	// Said is the host's news in passing (seats changed hands), on a
	// client, when it is new: the table's log keeps it, as the host's
	// keeps what Taken and Returned say.
	Said string
}

// Local is a Match of a whole game held on this machine: the couch's, or
// the game a network host runs under netplay (whose Apply tells the
// clients).
type Local[G rulesets.Game[A, E], V any, A comparable, E any] struct {
	Game G
	// ViewOf returns seat's view of the game.
	ViewOf func(g G, seat int) V
	events []E
	shown  []E
	log    actionLog[G, A, E]
}

// NewLocal returns the match of game g, whose seats' views view gives.
func NewLocal[G rulesets.Game[A, E], V any, A comparable, E any](g G, view func(g G, seat int) V) *Local[G, V, A, E] {
	l := &Local[G, V, A, E]{Game: g, ViewOf: view}
	l.events = append(l.events, g.Events()...) // the deal's events
	g.ClearEvents()
	return l
}

// Seats implements Match.
func (l *Local[G, V, A, E]) Seats() int { return l.Game.Seats() }

// Ready implements Match: a local game is always known.
func (l *Local[G, V, A, E]) Ready() bool { return true }

// View implements Match.
func (l *Local[G, V, A, E]) View(seat int) V { return l.ViewOf(l.Game, seat) }

// Act implements Match.
func (l *Local[G, V, A, E]) Act(seat int, a A) error {
	l.Game.ClearEvents()
	if err := l.Game.Apply(seat, a); err != nil {
		return err
	}
	l.log.add(seat, a)
	l.events = append(l.events, l.Game.Events()...)
	l.Game.ClearEvents()
	return nil
}

// Update implements Match: the events of the actions since the last call.
func (l *Local[G, V, A, E]) Update() (News[E], error) {
	l.shown = append(l.shown[:0], l.events...)
	l.events = l.events[:0]
	return News[E]{Events: l.shown}, nil
}

// record implements recordable: the whole game.
func (l *Local[G, V, A, E]) record(rec *replay.Recorder, _ *Status) int {
	l.log.start(rec, l.Game)
	return replay.WholeGame
}

// flush implements recordable.
func (l *Local[G, V, A, E]) flush() error { return l.log.err }

// resume implements recordable: a couch's match takes up no other.
func (l *Local[G, V, A, E]) resume(replay.Header, *Status) *replay.Recorder { return nil }
