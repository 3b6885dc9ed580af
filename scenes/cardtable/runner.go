package cardtable

import (
	"fmt"
	"slices"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/lobby"
)

// Table is what a game supplies to the runner: its layout, its input
// mapping and its animations. Every method is called from the runner's
// Update or Draw, with the runner's Status.
type Table[V any, A comparable, E any] interface {
	// Start sets the table out from the public view pub, once the match
	// knows the game (at once on the couch and the host, at the host's
	// first views on a client), before any Show.
	Start(st *Status, pub *V)
	// Show queues events to animate, oldest first. Private events reach
	// it too (the deal of a hand, on the couch): it shows of them only
	// what everyone at the screen may see.
	Show(ctx *scenes.Context, st *Status, evs []E)
	// Animate advances the animations one tick and reports whether any is
	// still running; nobody acts until none is. hurry is set on a tick a
	// player pressed Confirm or clicked, asking to skip ahead.
	Animate(ctx *scenes.Context, st *Status, hurry bool) (busy bool)
	// Private reports whether the choices owed in the public view pub
	// are private (a card from a hidden hand), so the privacy gate passes
	// the screen from one human to the next; a public choice (which pile
	// to claim) is made in the open.
	Private(pub *V) bool
	// Input turns the buttons human seat v.Viewer() pressed on this tick
	// (and the pointer, from ctx.Nav) into its choice among legal, if it
	// made one. v is the seat's own view.
	Input(ctx *scenes.Context, st *Status, v *V, legal []A, pressed rulesets.Buttons) (a A, ok bool)
	// Draw draws the table as v's viewer may see it: the seat the privacy
	// gate shows, or the public view (Viewer -1) while nobody's hand may
	// show. The runner draws the curtain, the peek hint and its notices
	// over it.
	Draw(c *scenes.Canvas, st *Status, v *V)
	// Detail is seat's line on the results screen: "12 cards taken".
	Detail(pub *V, seat int) string
}

// Status is what the runner knows that a Table may read: whose the
// screen is, the seats' names and the log. Tables add to the log with
// Log as their animations reach an event.
type Status struct {
	// Tick counts the runner's ticks since the table opened.
	Tick int64
	// Shown is the seat whose private view the screen may show now, or -1.
	Shown int
	// Acting is the human seat choosing on this screen now, or -1.
	Acting int
	// Names names every seat the one way every table does; Who names its
	// player briefly, as the lines about the play do: a phone's player's
	// name ("Ann"), else "Player N", for a bot's seat too.
	Names, Who []string
	// Humans are the seats played at this screen.
	Humans rulesets.Audience
	// Bots are the seats this machine's bots play. A seat in neither is
	// a person at another machine of a network match.
	Bots rulesets.Audience
	// Networked is set in a network match: no pause, no rematch.
	Networked bool
	// Curtain is set while the hand-off curtain hides the table.
	Curtain bool
	// PeekButton is set while the runner offers the hold-to-peek button
	// (Places.PeekX, PeekY) to a seat played on the touch screen: a table
	// keeps that place clear.
	PeekButton bool
	// PeekHint is set while the runner draws Peek mode's banner in its
	// box (Places.HintX, HintY, HintW): a table keeps that box clear.
	PeekHint bool
	log      []string
	router   *input.Router
}

// Log appends a line to the game log, dropping the oldest beyond MaxLog.
func (st *Status) Log(line string) {
	if line == "" {
		return
	}
	if len(st.log) == MaxLog {
		st.log = slices.Delete(st.log, 0, 1)
	}
	st.log = append(st.log, line)
}

// WhoList names the players of the seats in reports (an Audience's
// Sees, a set's Has) as a sentence does: "Players 2 and 3", or with a
// phone's player among them "Ann and Player 3"; "" for none.
func (st *Status) WhoList(in func(seat int) bool) string {
	var names []string
	named := false
	for seat, who := range st.Who {
		if in(seat) {
			names = append(names, who)
			named = named || who != scenes.SeatName(seat, "")
		}
	}
	if !named {
		return scenes.SeatList(seatsIn(in))
	}
	return scenes.AndList(names)
}

// seatsIn is a set of seats given by its test.
type seatsIn func(seat int) bool

func (in seatsIn) Has(seat int) bool { return in(seat) }

// Lines returns the log, oldest first.
func (st *Status) Lines() []string { return st.log }

// Awaiting is the word a table shows by a seat it waits on: "thinking…"
// for this machine's bots, "choosing…" for a person, at this screen or
// at another machine.
func (st *Status) Awaiting(seat int) string {
	if st.Bots.Sees(seat) {
		return "thinking…"
	}
	return "choosing…"
}

// MaxLog is how many lines the log keeps.
const MaxLog = 60

// Timing, in ticks.
const (
	// BotMinTicks is the least time a bot takes over a choice, so the
	// players can follow the table.
	BotMinTicks = 24
	// ResultsDelay is how long the final table stays before the results.
	ResultsDelay = 90
	// NoticeTicks is how long a refused action's notice shows.
	NoticeTicks = 180
)

// Config starts a runner.
type Config[V any, A comparable, E any] struct {
	Name  string // the scene's name: "ninjan"
	Title string // the game's title: "Ninjan"
	Table Table[V, A, E]
	Match Match[V, A, E]
	// Seating says who plays each seat and on which device.
	Seating lobby.Seating
	// Secret is the match's secret; bots' seeds and the rematch's secret
	// derive from it one way.
	Secret uint64
	// NewBot makes the named bot for seat, seeded.
	NewBot func(name string, seat int, seed uint64) (rulesets.Bot[V, A], error)
	// Rules returns the game's rules summary.
	Rules func() scenes.Scene
	// Again, if set, deals the rematch from its secret, for the same
	// seating ("Play again" on the results). A network match has none.
	Again func(d *scenes.Director, s lobby.Seating, secret uint64) (scenes.Scene, error)
	// Net, if set, is the network match's connection.
	Net Link
	// Places puts the buttons and the connection line.
	Places Places
}

// Runner is a turn-based card table scene: the shared loop around a
// game's Table. Make one with New.
//
// What does not depend on the game's types lives in its chrome, compiled
// once for every game; Runner's own methods are compiled once per game, so
// they do only what needs the game's views, actions and events.
type Runner[V any, A comparable, E any, PV rulesets.View[V, A]] struct {
	chrome
	table  Table[V, A, E]
	match  Match[V, A, E]
	newBot func(name string, seat int, seed uint64) (rulesets.Bot[V, A], error)
	thinks thinkers[V, A]
	legal  []A
	// pub, seatView and drawView hold the views a tick and a frame ask
	// for, so that neither allocates one.
	pub, seatView, drawView V
}

// New returns the runner of cfg's match at cfg's table.
func New[V any, A comparable, E any, PV rulesets.View[V, A]](d *scenes.Director, cfg Config[V, A, E]) (*Runner[V, A, E, PV], error) {
	n := cfg.Match.Seats()
	if cfg.Match.Ready() && len(cfg.Seating.Seats) != n {
		return nil, fmt.Errorf("cardtable: %d seats for a %d-player game", len(cfg.Seating.Seats), n)
	}
	r := &Runner[V, A, E, PV]{table: cfg.Table, match: cfg.Match, newBot: cfg.NewBot}
	r.chrome = chrome{d: d, name: cfg.Name, seating: cfg.Seating, secret: cfg.Secret, rules: cfg.Rules,
		rematch: cfg.Again, net: cfg.Net, places: cfg.Places, seats: n, stopBots: r.thinks.stop}
	r.thinks.init()
	r.seatPlayers()
	for seat, s := range cfg.Seating.Seats {
		if s.Kind == lobby.Bot {
			if err := r.seatBot(seat, s.Bot); err != nil {
				return nil, err
			}
		}
	}
	r.setGate()
	return r, nil
}

// seatBot gives seat to the named bot.
func (r *Runner[V, A, E, PV]) seatBot(seat int, name string) error {
	b, err := r.newBot(name, seat, rulesets.DeriveSeed(r.secret, "bot", seat))
	if err == nil {
		r.thinks.seat(seat, b)
	}
	return r.botSeated(seat, name, err)
}

// ThinkInline makes the bots answer on the tick they are asked, on the
// game thread, instead of on their own goroutine: tests step a table tick
// by tick and get the same game on any machine, however busy. The bots
// still take BotMinTicks over a choice, as they do live.
func (r *Runner[V, A, E, PV]) ThinkInline() { r.thinks.inline = true }

// Match returns the match being played.
func (r *Runner[V, A, E, PV]) Match() Match[V, A, E] { return r.match }

// Update implements scenes.Scene: the match's news, then the menu, the
// animations, the results, the privacy gate, and one choice at most.
func (r *Runner[V, A, E, PV]) Update(ctx *scenes.Context) error {
	if r.quit {
		r.leave(ctx)
		return nil
	}
	leave, spent := r.tick(ctx)
	if leave {
		r.leave(ctx)
	}
	// A lost link takes a client back to ask for its seats again, unless
	// the game is over, when the link matters no more.
	if over := r.started && PV(&r.pub).Over(); !over && r.reconnect(ctx) {
		return nil
	}
	if spent || !r.news(ctx) || !r.match.Ready() {
		return nil
	}
	f, hurry, ok := r.poll(ctx)
	if !ok {
		return nil
	}
	busy := r.table.Animate(ctx, &r.st, hurry)
	// A press that hurried an animation on is spent: it must not also
	// make the next choice.
	spent = hurry && r.wasBusy
	r.wasBusy = busy
	r.pub = r.match.View(-1)
	if PV(&r.pub).Over() {
		r.closeGate(f)
		if !r.watching {
			r.finish(ctx, &r.pub, busy)
		}
		return nil
	}
	r.owe = PV(&r.pub).ToAct(r.owe[:0])
	r.updateGate(ctx, f, !busy && r.table.Private(&r.pub), busy)
	if busy {
		return nil
	}
	if r.watching || r.botMoves(ctx) {
		return nil
	}
	if !spent {
		r.humanMoves(ctx, f)
	}
	return nil
}

// news takes in the match's tick: events to show, a refusal, seats taken
// over. It reports false when the match cannot go on (a network fault),
// which the shell then shows.
func (r *Runner[V, A, E, PV]) news(ctx *scenes.Context) bool {
	if r.shell.Fault != "" {
		return false
	}
	n, err := r.match.Update()
	if err != nil {
		r.fail(err)
		return false
	}
	if n.Refused != "" {
		r.refused(ctx, "The host refused: "+n.Refused)
	}
	r.st.Log(n.Said)
	for seat := range r.seats {
		if n.Taken.Sees(seat) {
			if err := r.seatBot(seat, "medium"); err != nil {
				r.fail(err)
				return false
			}
			r.st.Log(r.st.Who[seat] + " left: a bot plays for them.")
		}
		if n.Returned.Sees(seat) {
			r.thinks.unseat(seat)
			r.botUnseated(seat)
			r.st.Log(r.st.Who[seat] + " came back to the table.")
		}
	}
	if !r.started {
		if !r.match.Ready() {
			return true
		}
		pub := r.match.View(-1)
		r.table.Start(&r.st, &pub)
		r.started = true
	}
	if len(n.Events) > 0 {
		r.table.Show(ctx, &r.st, n.Events)
	}
	return true
}

// botMoves lets one bot that owes a choice and has answered act; it asks
// the others. It reports whether a bot acted.
func (r *Runner[V, A, E, PV]) botMoves(ctx *scenes.Context) bool {
	for _, seat := range r.owe {
		if !r.thinks.has(seat) {
			continue
		}
		if a, ok := r.thinks.answer(seat, r.st.Tick); ok {
			r.act(ctx, seat, a)
			return true // the state changed: ask again next tick
		}
		r.thinks.ask(seat, r.match.View(seat), r.st.Tick)
	}
	return false
}

// humanMoves reads the acting human seat's choice.
func (r *Runner[V, A, E, PV]) humanMoves(ctx *scenes.Context, f *rulesets.Frame) {
	seat := r.st.Acting
	if seat < 0 {
		return
	}
	r.seatView = r.match.View(seat)
	r.legal = PV(&r.seatView).Legal(r.legal[:0])
	if len(r.legal) == 0 {
		return // a client waits for the host's answer to its last choice
	}
	if a, ok := r.table.Input(ctx, &r.st, &r.seatView, r.legal, f.Pressed[seat]); ok {
		r.act(ctx, seat, a)
	}
}

// act plays seat's choice; a refusal is shown, and changes nothing.
func (r *Runner[V, A, E, PV]) act(ctx *scenes.Context, seat int, a A) {
	if err := r.match.Act(seat, a); err != nil {
		r.refused(ctx, r.st.Who[seat]+": "+err.Error())
		return
	}
	r.acted(ctx)
}

// leave stops the bots and leaves the table (and a network match),
// keeping the replay of the match so far.
func (r *Runner[V, A, E, PV]) leave(ctx *scenes.Context) {
	var pub rulesets.Scoreboard
	if r.match.Ready() {
		v := r.match.View(-1)
		pub = PV(&v)
	}
	r.leaveWith(ctx, pub)
}
