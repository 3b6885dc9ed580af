package cardtable

import (
	"bytes"
	"fmt"
	"slices"
	"time"

	"github.com/jankenarcade/janken/replay"
	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/lobby"
	"github.com/jankenarcade/janken/scenes/netlobby"
	"github.com/jankenarcade/janken/scenes/nettable"
	"github.com/jankenarcade/janken/scenes/privacy"
)

// Net is a hidden-hand network match as a Match and its Link: on the host
// the whole game under netplay, whose every action is told to the
// clients as their seats may see it; on a client its own seats' views
// from the host, with the choices it has sent and not yet heard answered
// assumed made. Either way the runner reads views alone.
type Net[G rulesets.Game[A, E], V any, A comparable, E any, PV rulesets.View[V, A]] struct {
	side  *nettable.Side[G, A, E, V]
	match netlobby.Match
	clock func() time.Duration
	// view gives the host's views of its game.
	view     func(g G, seat int) V
	audience func(E) rulesets.Audience
	events   []E
	actions  actionLog[G, A, E] // the host's record
	views    viewLog[V, E]      // a client's
	said     string             // the host's last news in passing, on a client
	// st is the runner's, whose game log a client keeps with its replay
	// (keepDraft, Reconnect); nil until it records.
	st *Status
	// unhide stops a client's recording keeping its draft as the page
	// hides (keepDraft); nil until it records.
	unhide func()
}

// OpenNet opens this machine's side of the network match m, which it
// owns from now on, with the seating of its couch.
func OpenNet[G rulesets.Game[A, E], V any, A comparable, E any, PV rulesets.View[V, A]](d *scenes.Director, m netlobby.Match, rules nettable.Rules[G, A, E, V]) (*Net[G, V, A, E, PV], lobby.Seating, error) {
	side, err := nettable.OpenSide(d, m, rules)
	if err != nil {
		return nil, lobby.Seating{}, err
	}
	start := time.Now()
	n := &Net[G, V, A, E, PV]{side: side, match: m, view: rules.View, audience: rules.Audience,
		clock: func() time.Duration { return time.Since(start) }}
	seating := side.Seating()
	if m.Onlookers {
		seating.Privacy, seating.Onlookers = privacy.Peek, true
	}
	return n, seating, nil
}

// RunOn runs the network on clock from now on instead of the wall clock:
// tests run a match on a simulated network's time.
func (n *Net[G, V, A, E, PV]) RunOn(clock func() time.Duration) { n.clock = clock }

// Secret returns the match's secret on the host; a client has none.
func (n *Net[G, V, A, E, PV]) Secret() uint64 { return n.side.Secret }

// Hosted returns the host's game, nil on a client.
func (n *Net[G, V, A, E, PV]) Hosted() *nettable.Hosted[G, A, E] { return n.side.Hosted }

// Remote returns a client's views from the host, nil on the host.
func (n *Net[G, V, A, E, PV]) Remote() *nettable.Remote[A, E, V] { return n.side.Remote }

// Seats implements Match.
func (n *Net[G, V, A, E, PV]) Seats() int { return n.side.Players }

// Ready implements Match: a client knows the game once every one of its
// seats has had a view.
func (n *Net[G, V, A, E, PV]) Ready() bool { return n.side.Hosted != nil || n.side.Remote.Have }

// View implements Match. On a client, an own seat's view is the host's
// latest; any other seat's is the public part of the first own seat's.
// The choices this machine sent and the host has not answered yet count
// as made, in every view.
func (n *Net[G, V, A, E, PV]) View(seat int) V {
	if h := n.side.Hosted; h != nil {
		return n.view(h.Game(), seat)
	}
	r := n.side.Remote
	var v V
	if seat >= 0 && r.Seats.Has(seat) {
		v = r.Views[seat]
	} else {
		v = PV(r.View()).Public(seat)
	}
	for s := range n.side.Players {
		if r.Seats.Has(s) && r.Sent[s] {
			PV(&v).Assume(s, r.Actions[s])
		}
	}
	return v
}

// Act implements Match: the host applies and tells the clients; a
// client sends to the host.
func (n *Net[G, V, A, E, PV]) Act(seat int, a A) error {
	if h := n.side.Hosted; h != nil {
		h.ClearEvents()
		if err := h.Apply(seat, a); err != nil {
			return err
		}
		n.events = append(n.events, h.Events()...)
		return nil
	}
	return n.side.Remote.Act(seat, a)
}

// Adopt gives this machine's seats to a device that pressed Confirm
// without a seat on the router's poll that made f, its press counting
// for the seat it now plays (the runner calls it after every poll).
func (n *Net[G, V, A, E, PV]) Adopt(f *rulesets.Frame) { n.side.Adopt(f) }

// Update implements Match: the network's tick.
func (n *Net[G, V, A, E, PV]) Update() (News[E], error) {
	news, err := n.side.Update(n.clock())
	if err != nil {
		return News[E]{}, err
	}
	if news.First {
		news.Events = nil // the first views hold what they tell: the table starts from them
	}
	if err := n.checkViews(); err != nil {
		return News[E]{}, err
	}
	if r := n.side.Remote; r != nil && r.Have && (news.First || len(news.Events) > 0) {
		n.views.add(r.View(), news.Events)
	}
	out := News[E]{Events: append(n.events, news.Events...), Refused: news.Refused}
	n.events = n.events[:0]
	if p := n.side.Said; p != n.said {
		n.said, out.Said = p, p
	}
	for seat := range n.side.Players {
		if news.Taken.Has(seat) {
			out.Taken |= rulesets.Only(seat)
		}
		if news.Returned.Has(seat) {
			out.Returned |= rulesets.Only(seat)
		}
	}
	return out, nil
}

// checkViews refuses a view from the host that is not its seat's.
func (n *Net[G, V, A, E, PV]) checkViews() error {
	r := n.side.Remote
	if r == nil || !r.Have {
		return nil
	}
	for own := range n.side.Players {
		if !r.Seats.Has(own) {
			continue
		}
		v := PV(&r.Views[own])
		if v.Viewer() != own || v.Seats() != n.side.Players {
			return fmt.Errorf("the host sent Player %d of %d a view of Player %d of %d", own+1, n.side.Players, v.Viewer()+1, v.Seats())
		}
	}
	return nil
}

// record implements recordable: the whole game on the host, the first
// seat's views on a client.
func (n *Net[G, V, A, E, PV]) record(rec *replay.Recorder, st *Status) int {
	if h := n.side.Hosted; h != nil {
		n.actions.start(rec, h.Game())
		h.Host.OnApply(n.actions.add)
		return replay.WholeGame
	}
	n.views.start(rec, n.side.Remote.Seat, n.audience)
	n.st, n.unhide = st, scenes.OnPageHide(n.keepDraft)
	return n.side.Remote.Seat
}

// keepDraft keeps a client's replay and game log so far with the note of
// its match (netlobby.KeepDraft), for its page, if it reloads, to go on
// with (resume). It runs as the page hides.
func (n *Net[G, V, A, E, PV]) keepDraft() {
	if draft, err := n.views.draft(); err == nil {
		keepDraft(netlobby.Draft{Replay: draft, Log: n.logSoFar()})
	}
}

// logSoFar returns a copy of the game log.
func (n *Net[G, V, A, E, PV]) logSoFar() []string {
	if n.st == nil {
		return nil
	}
	return slices.Clone(n.st.log)
}

// keepDraft is netlobby.KeepDraft; the tests, whose matches keep no
// note, catch the drafts instead.
var keepDraft = netlobby.KeepDraft

// flush implements recordable.
func (n *Net[G, V, A, E, PV]) flush() error {
	if r := n.side.Remote; r != nil {
		if !r.Have {
			return nil
		}
		return n.views.end(r.View())
	}
	return n.actions.err
}

// Connection implements Link.
func (n *Net[G, V, A, E, PV]) Connection() string { return n.side.Connection() }

// Notice implements Link.
func (n *Net[G, V, A, E, PV]) Notice() (string, bool) { return n.side.Notice, n.side.Gone }

// Passing implements Link.
func (n *Net[G, V, A, E, PV]) Passing() string { return n.side.Passing }

// Reconnect returns, on a client whose host has gone silent for good, the
// scene that asks the host for its seats again on a new connection
// (netlobby.Match.Reconnect), or nil: on the host, on a client still
// linked or let go, and in a match that cannot take a machine back. The
// match it starts carries this one's replay so far, which its table goes
// on recording (resume).
func (n *Net[G, V, A, E, PV]) Reconnect() func(d *scenes.Director) scenes.Scene {
	if r := n.side.Remote; r == nil || n.match.Reconnect == nil || !r.Lost() {
		return nil
	}
	var carried any
	if n.views.rec != nil {
		carried = &carriedViews[V, E]{log: n.views, lines: n.logSoFar()}
	}
	return func(d *scenes.Director) scenes.Scene { return n.match.Reconnect(d, carried) }
}

// carriedViews is a client's replay and game log so far, handed from the
// table that lost its link to the one that takes the match up again
// (netlobby.Match.Carried).
type carriedViews[V, E any] struct {
	log   viewLog[V, E]
	lines []string
}

// Draft implements netlobby.Drafter.
func (c *carriedViews[V, E]) Draft() (netlobby.Draft, error) {
	data, err := c.log.draft()
	return netlobby.Draft{Replay: data, Log: c.lines}, err
}

// resume implements recordable: a client that takes up a match whose
// table lost its link goes on with that table's replay and game log, if
// it recorded the same seat of the same game.
func (n *Net[G, V, A, E, PV]) resume(h replay.Header, st *Status) *replay.Recorder {
	r := n.side.Remote
	if r == nil {
		return nil
	}
	var log viewLog[V, E]
	var lines []string
	switch c := n.match.Carried.(type) {
	case *carriedViews[V, E]:
		log, lines = c.log, c.lines
	case netlobby.Draft:
		log, lines = draftLog[V, E](c.Replay, n.audience), c.Log
	}
	if log.rec == nil || log.seat != r.Seat {
		return nil
	}
	was := log.rec.Header()
	if was.Game != h.Game || was.Rules != h.Rules || !bytes.Equal(was.Config, h.Config) || was.Viewer != r.Seat {
		return nil
	}
	n.views = log
	for _, line := range lines {
		st.Log(line)
	}
	n.st, n.unhide = st, scenes.OnPageHide(n.keepDraft)
	return log.rec
}

// Close implements Link.
func (n *Net[G, V, A, E, PV]) Close() {
	if n.unhide != nil {
		n.unhide()
	}
	n.side.Close()
	n.match.Close()
}
