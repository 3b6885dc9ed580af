package elevensuitstable

import (
	"fmt"

	"github.com/jankenarcade/janken/assets"
	"github.com/jankenarcade/janken/rulesets"
	es "github.com/jankenarcade/janken/rulesets/elevensuits"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/cardtable"
	"github.com/jankenarcade/janken/scenes/lobby"
	"github.com/jankenarcade/janken/sprites"
)

// Options start a table.
type Options struct {
	Rules     es.Config     // the game's settings (Players comes from the seating)
	MemoryAid bool          // mark face-down cards the viewer has seen
	Seating   lobby.Seating // who plays each seat, and their devices
	// Secret is the match's secret: the deal, the bots' seeds and the
	// rematch's secret derive from it one way.
	Secret uint64
}

// Runner is the Eleven Suits table scene: the shared card-table runner
// around the game's table.
type Runner = cardtable.Runner[es.View, es.Action, es.Event, *es.View]

// match is the game as this machine knows it (cardtable.Match).
type match = cardtable.Match[es.View, es.Action, es.Event]

// Pacing, in ticks.
const (
	flightTime = 16 // a card crossing the table
	drawStep   = 5  // between two cards drawn in a row
	revealHold = 34 // the revealed pair stays in the middle
	bannerTime = 70
)

// table is the game's part of the Eleven Suits table: its layout, its
// input mapping and its animations (cardtable.Table). It draws only the
// view the runner gives it.
type table struct {
	d      *scenes.Director
	view   func(seat int) es.View // the match's views, for the animations' places
	memory bool                   // the memory aid is on
	seats  int

	atlas *sprites.Atlas

	busy     int64 // animations run until this tick; nobody acts before
	flights  []flight
	battle   battle
	banner   string
	bannerAt int64
	peek     peekShow
	reduced  bool // the player asked for reduced motion

	bottom int // the seat drawn at the bottom of the screen
	cursor int // the acting human's choice in the current list
	gridS  int // naming grid: suit
	gridY  int // naming grid: symbol index
	choice []option
	legal  []es.Action
	owe    []int

	nodes    choiceNodes // the choices as the pointer finds them
	drag     scenes.Drag // a hand card carried to the middle
	dragTick int64       // the tick drag last followed the pointer
}

// flight is a card crossing the table.
type flight struct {
	card           es.Card // face when up
	suit           int8    // back's suit (-1 unseen)
	up             bool
	x0, y0, x1, y1 float64
	s0, s1         float64 // scale at start and end
	start, end     int64
	hide           slotKey // the destination slot stays empty until landing
}

// slotKey names a card place the static table leaves empty while a card
// flies to it.
type slotKey struct {
	pile       int8 // pileHand, pileGrave, pileAttack
	seat, slot int8
}

const (
	pileNone int8 = iota
	pileHand
	pileGrave
	pileAttack
)

// battle is the last exchange shown in the middle of the table.
type battle struct {
	att, def         es.Card
	attSeat, defSeat int
	revealAt, until  int64
}

// peekShow is the card a guess's target looks at.
type peekShow struct {
	card  es.Card
	seat  int
	until int64
}

// NewTable returns the couch's table for opts, the game dealt from the
// seed its secret derives for the deal.
func NewTable(d *scenes.Director, opts Options) (*Runner, error) {
	cfg := opts.Rules
	cfg.Players = len(opts.Seating.Seats)
	g, err := es.New(cfg, rulesets.DeriveSeed(opts.Secret, "deal", -1))
	if err != nil {
		return nil, fmt.Errorf("eleven suits table: %w", err)
	}
	r, _, err := newCouchTable(d, opts, g)
	if err == nil {
		r.Record(replayHeader(g))
	}
	return r, err
}

// newCouchTable seats opts.Seating at game g on this machine, with a
// rematch dealt from the next secret.
func newCouchTable(d *scenes.Director, opts Options, g *es.State) (*Runner, *table, error) {
	m := cardtable.NewLocal[*es.State, es.View, es.Action, es.Event](g, (*es.State).View)
	t := newTable(d, m, opts.MemoryAid)
	again := func(d *scenes.Director, s lobby.Seating, secret uint64) (scenes.Scene, error) {
		next := opts
		next.Seating, next.Secret = s, secret
		r, err := NewTable(d, next)
		if err != nil {
			return nil, err
		}
		return r, nil
	}
	r, err := open(d, t, m, opts.Seating, opts.Secret, nil, again)
	return r, t, err
}

// newTable returns the table of match m.
func newTable(d *scenes.Director, m match, memory bool) *table {
	return &table{d: d, view: m.View, memory: memory, nodes: newChoiceNodes()}
}

// open returns the runner of match m at table t; link is a network
// match's connection, again its couch's rematch.
func open(d *scenes.Director, t *table, m match, seating lobby.Seating, secret uint64, link cardtable.Link,
	again func(*scenes.Director, lobby.Seating, uint64) (scenes.Scene, error)) (*Runner, error) {
	cfg := cardtable.Config[es.View, es.Action, es.Event]{
		Name: "elevensuits", Title: "Eleven Suits", Table: t, Match: m, Seating: seating, Secret: secret,
		NewBot: newBot,
		Rules:  func() scenes.Scene { return scenes.NewRules(d, "Eleven Suits", rulesSections...) },
		Again:  again,
		Net:    link,
		Places: places,
	}
	r, err := cardtable.New[es.View, es.Action, es.Event, *es.View](d, cfg)
	if err != nil {
		return nil, fmt.Errorf("eleven suits table: %w", err)
	}
	return r, nil
}

// newBot returns the named bot for seat (cardtable.Config.NewBot).
func newBot(name string, seat int, seed uint64) (rulesets.Bot[es.View, es.Action], error) {
	b, err := es.NewBot(name, seat, seed)
	if err != nil {
		return nil, err
	}
	return b, nil
}

// Start implements cardtable.Table: the first human seat sits at the
// bottom of the screen.
func (t *table) Start(st *cardtable.Status, pub *es.View) {
	t.seats = pub.Seats()
	for seat := range t.seats {
		if st.Humans.Sees(seat) {
			t.bottom = seat
			break
		}
	}
}

// LogEvents implements cardtable.Logger: the lines showing evs logs.
func (t *table) LogEvents(st *cardtable.Status, evs []es.Event) {
	for _, e := range evs {
		st.Log(logLine(e, st.Who))
	}
}

// Show implements cardtable.Table: it queues the events' animations and
// sounds, and logs them.
func (t *table) Show(ctx *scenes.Context, st *cardtable.Status, evs []es.Event) {
	t.reduced = ctx.ReducedMotion()
	t.schedule(st, evs)
	for _, e := range evs {
		switch e.Kind {
		case es.EvDefend, es.EvAttack:
			ctx.Play(assets.Slam)
		case es.EvReveal:
			ctx.Play(assets.Flip)
		case es.EvOver:
			ctx.Play(assets.Win)
		}
	}
}

// Animate implements cardtable.Table. The animations keep their pace: a
// press does not hurry them.
func (t *table) Animate(ctx *scenes.Context, st *cardtable.Status, _ bool) bool {
	t.reduced = ctx.ReducedMotion()
	t.ensureAtlas(ctx)
	t.turnTo(st)
	t.stepFlights(st.Tick)
	return st.Tick < t.busy
}

// Private implements cardtable.Table: every choice in Eleven Suits is
// made from a hidden hand, or looks at one.
func (t *table) Private(*es.View) bool { return true }

// Detail implements cardtable.Table: "out", or "3 in graveyard".
func (t *table) Detail(pub *es.View, seat int) string {
	if pub.Out[seat] {
		return "out"
	}
	return fmt.Sprintf("%d in graveyard", pub.GraveLen[seat])
}

// ensureAtlas keeps the card sprites drawn for the palette setting.
func (t *table) ensureAtlas(ctx *scenes.Context) { t.atlas = ctx.Atlas(deck) }

// turnTo puts the seat the screen shows, or the human choosing, at the
// bottom of the screen.
func (t *table) turnTo(st *cardtable.Status) {
	switch {
	case st.Shown >= 0:
		t.bottom = st.Shown
	case st.Acting >= 0:
		t.bottom = st.Acting
	}
}
