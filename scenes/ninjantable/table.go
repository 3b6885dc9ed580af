package ninjantable

import (
	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/rulesets/ninjan"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/cardtable"
	"github.com/jankenarcade/janken/sprites"
)

// table is Ninjan's part of the table scene (a cardtable.Table): its
// picture of the public game, the animations of the events, the layout
// and the input mapping.
type table struct {
	d     *scenes.Director
	pic   picture
	queue []ninjan.Event // events not yet shown
	cur   *show          // the event being shown, nil when idle

	cursor [ninjan.MaxPlayers]int // each human seat's highlighted card, pile or throw
	// The options the acting seat was offered on tick offeredAt, and the
	// one under the pointer then (-1: none).
	offer     []ninjan.Action
	offeredTo int
	offeredAt int64
	hover     int
	targets   *targets // the options as scene nodes, for the pointer

	owe   []int    // the seats owing a choice in the view being drawn
	rows  []string // a log entry's lines, as drawn
	atlas *sprites.Atlas

	chrome scenes.Layer[chromeKey] // the felt and the panels (draw.go)
	hand   scenes.Layer[handKey]   // the viewer's hand (draw.go)
}

func newTable(d *scenes.Director) *table {
	return &table{d: d, offeredTo: -1, offeredAt: -1, hover: -1, targets: newTargets()}
}

// Start implements cardtable.Table: the picture starts from what
// everyone may see of the game.
func (t *table) Start(_ *cardtable.Status, pub *ninjan.View) { t.pic.init(pub) }

// Show implements cardtable.Table: it queues the public events, and that
// a hand was dealt (not the hand: the table shows hands through views).
func (t *table) Show(_ *scenes.Context, _ *cardtable.Status, evs []ninjan.Event) {
	for _, ev := range evs {
		if ev, ok := shown(ev); ok {
			t.queue = append(t.queue, ev)
		}
	}
}

// LogEvents implements cardtable.Logger: the lines showing evs logs.
func (t *table) LogEvents(st *cardtable.Status, evs []ninjan.Event) {
	for _, ev := range evs {
		if ev, ok := shown(ev); ok {
			st.Log(logLine(ev, st.Names))
		}
	}
}

// shown returns what the table shows of ev, if anything.
func shown(ev ninjan.Event) (ninjan.Event, bool) {
	switch {
	case ev.Kind == ninjan.EventDeal:
		ev.Hand = 0
	case ev.Audience != rulesets.Everyone:
		return ev, false
	}
	return ev, true
}

// Animate implements cardtable.Table. Ninjan's beats are short, and each
// tells what the next choice rests on, so a hurry skips none.
func (t *table) Animate(ctx *scenes.Context, st *cardtable.Status, _ bool) bool {
	t.atlas = ctx.Atlas(deck)
	t.stepShow(ctx, st)
	return !t.idle()
}

// idle reports whether every event has been shown.
func (t *table) idle() bool { return t.cur == nil && len(t.queue) == 0 }

// Private implements cardtable.Table: a card and a decider throw are
// chosen in secret, a pile in the open.
func (t *table) Private(pub *ninjan.View) bool {
	return pub.Phase == ninjan.PhasePlay || pub.Phase == ninjan.PhaseDecider
}

// Detail implements cardtable.Table.
func (t *table) Detail(pub *ninjan.View, seat int) string {
	return scenes.Count(pub.Taken[seat].Len(), "card") + " taken"
}
