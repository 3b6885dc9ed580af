package cardtable

import (
	"fmt"
	"slices"

	"github.com/jankenarcade/janken/assets"
	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/lobby"
	"github.com/jankenarcade/janken/scenes/nettable"
	"github.com/jankenarcade/janken/scenes/privacy"
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
type Runner[V any, A comparable, E any, PV rulesets.View[V, A]] struct {
	d      *scenes.Director
	cfg    Config[V, A, E]
	router *input.Router
	gate   *privacy.Gate
	thinks thinkers[V, A]
	st     Status
	shell  nettable.Shell

	owe, priv []int
	legal     []A
	tapped    rulesets.Frame
	notice    string
	noticeAt  int64
	ended     int
	done      bool
	quit      bool
	started   bool // the table was set out
	// pub, seatView and drawView hold the views a tick and a frame ask
	// for, so that neither allocates one.
	pub, seatView, drawView V
	wasBusy                 bool // an animation ran on the last tick
	seats                   int
	rec                     *recording
	levels                  [rulesets.MaxSeats]string // each bot seat's bot
	// watching is set when the runner plays a recorded match for the
	// replay viewer: nobody acts, no results end it, and the screen shows
	// watchSeat's hand (-1: nobody's).
	watching  bool
	watchSeat int
	// peeking is set while a finger holds the Peek button, and peeked is
	// the tick's frame with its seat's Peek held (see peek).
	peeking bool
	peeked  rulesets.Frame
}

// New returns the runner of cfg's match at cfg's table.
func New[V any, A comparable, E any, PV rulesets.View[V, A]](d *scenes.Director, cfg Config[V, A, E]) (*Runner[V, A, E, PV], error) {
	n := cfg.Match.Seats()
	if cfg.Match.Ready() && len(cfg.Seating.Seats) != n {
		return nil, fmt.Errorf("cardtable: %d seats for a %d-player game", len(cfg.Seating.Seats), n)
	}
	r := &Runner[V, A, E, PV]{d: d, cfg: cfg, router: cfg.Seating.Router, seats: n}
	if r.router == nil {
		r.router = d.Router()
	}
	r.st.Humans, r.st.Networked = cfg.Seating.Humans(), cfg.Net != nil
	r.st.Shown, r.st.Acting, r.st.router = -1, -1, r.router
	r.st.Names, r.st.Who = make([]string, n), make([]string, n)
	r.thinks.init()
	for seat := range n {
		r.st.Who[seat] = scenes.SeatName(seat, "")
	}
	for seat, s := range cfg.Seating.Seats {
		r.st.Who[seat] = s.Who(seat)
		r.st.Names[seat] = r.st.Who[seat]
		if s.Kind == lobby.Bot {
			if err := r.seatBot(seat, s.Bot); err != nil {
				return nil, err
			}
		}
	}
	mode := cfg.Seating.Privacy
	if r.solo() >= 0 {
		mode = privacy.HandOff // one human: nothing to hide from anyone
	}
	r.gate = privacy.NewGate(mode, r.st.Humans, r.router.Focus)
	r.st.PeekHint = mode == privacy.Peek && r.st.Humans != 0 // several players share the screen
	return r, nil
}

// seatBot gives seat to the named bot.
func (r *Runner[V, A, E, PV]) seatBot(seat int, name string) error {
	b, err := r.cfg.NewBot(name, seat, rulesets.DeriveSeed(r.cfg.Secret, "bot", seat))
	if err != nil {
		return fmt.Errorf("cardtable: seat %d: %w", seat, err)
	}
	r.thinks.seat(seat, b)
	r.levels[seat] = name
	r.st.Names[seat] = r.st.Who[seat] + " (" + name + " bot)"
	r.st.Bots |= rulesets.Only(seat)
	return nil
}

// ThinkInline makes the bots answer on the tick they are asked, on the
// game thread, instead of on their own goroutine: tests step a table tick
// by tick and get the same game on any machine, however busy. The bots
// still take BotMinTicks over a choice, as they do live.
func (r *Runner[V, A, E, PV]) ThinkInline() { r.thinks.inline = true }

// Name implements scenes.Scene.
func (r *Runner[V, A, E, PV]) Name() string { return r.cfg.Name }

// Status returns what the runner knows: the log, the names, the shown
// seat.
func (r *Runner[V, A, E, PV]) Status() *Status { return &r.st }

// Gate returns the privacy gate, for tests.
func (r *Runner[V, A, E, PV]) Gate() *privacy.Gate { return r.gate }

// Match returns the match being played.
func (r *Runner[V, A, E, PV]) Match() Match[V, A, E] { return r.cfg.Match }

// Fault returns what ended a network match on this machine ("" while
// none did): the table shows it and offers to leave.
func (r *Runner[V, A, E, PV]) Fault() string { return r.shell.Fault }

// Busy reports whether an animation ran on the last tick: the table is
// still showing what happened.
func (r *Runner[V, A, E, PV]) Busy() bool { return r.wasBusy }

// Ended reports whether the results have replaced the table.
func (r *Runner[V, A, E, PV]) Ended() bool { return r.done }

// solo returns the only human seat, or -1 when there are none or several,
// or others watch the screen (Seating.Onlookers).
func (r *Runner[V, A, E, PV]) solo() int {
	if r.cfg.Seating.Onlookers {
		return -1
	}
	for seat := range r.seats {
		if r.st.Humans == rulesets.Only(seat) {
			return seat
		}
	}
	return -1
}

// Update implements scenes.Scene: the match's news, then the menu, the
// animations, the results, the privacy gate, and one choice at most.
func (r *Runner[V, A, E, PV]) Update(ctx *scenes.Context) error {
	if r.quit {
		r.leave(ctx)
		return nil
	}
	r.st.Tick++
	if r.cfg.Net != nil {
		leave, spent := r.leaveAsked(ctx)
		if leave {
			r.leave(ctx)
		}
		if spent {
			return nil
		}
	}
	if !r.news(ctx) || !r.cfg.Match.Ready() {
		return nil
	}
	f, ok := r.router.Poll(ctx.Source(), r.st.Tick)
	if !ok {
		return nil // a player's gamepad left: the table waits for it (Draw says so)
	}
	if a, ok := r.cfg.Net.(interface{ Adopt(*rulesets.Frame) }); ok {
		a.Adopt(f) // a device without a seat takes this machine's seats up with its press
	}
	if r.cfg.Net == nil && r.menuAsked(ctx, f) {
		return nil
	}
	if r.shell.Paused() {
		return nil
	}
	hurry := !r.watching && r.hurry(ctx, f)
	busy := r.cfg.Table.Animate(ctx, &r.st, hurry)
	// A press that hurried an animation on is spent: it must not also
	// make the next choice.
	spent := hurry && r.wasBusy
	r.wasBusy = busy
	r.pub = r.cfg.Match.View(-1)
	if PV(&r.pub).Over() {
		r.gate.Owe(nil)
		r.gate.Update(f)
		// Nobody chooses once the game is over: the last seat to act
		// must not stay the one whose view the table draws.
		r.st.Shown, r.st.Acting = r.shownSeat(), -1
		_, r.st.Curtain = r.gate.Curtain()
		if !r.watching {
			r.finish(ctx, &r.pub, busy)
		}
		return nil
	}
	r.owe = PV(&r.pub).ToAct(r.owe[:0])
	r.updateGate(ctx, f, &r.pub, busy)
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

// leaveAsked takes the network's news and works the shell's prompt (Back
// or the Menu button open and close it; its buttons, Confirm and Back
// answer it). It reports whether to leave, and whether the prompt took
// this tick's input, which the table must not also take.
func (r *Runner[V, A, E, PV]) leaveAsked(ctx *scenes.Context) (leave, spent bool) {
	if r.shell.Fault == "" {
		r.shell.Notice, r.shell.Gone = r.cfg.Net.Notice()
	}
	w, waits := r.cfg.Net.(waiter)
	var awaited rulesets.Audience
	if waits {
		awaited = w.Awaited()
	}
	r.shell.Awaited = "" // named only while someone is awaited: no sentence built every tick
	if awaited != 0 {
		r.shell.Awaited = r.st.WhoList(awaited.Sees)
	}
	switch r.shell.Ask(ctx, r.menuClicked(ctx)) {
	case nettable.Leave:
		return true, true
	case nettable.LetBotPlay:
		if err := w.Release(awaited); err != nil {
			r.fail(err)
		}
		return false, true
	case nettable.Spent:
		return false, true
	}
	return false, false
}

// waiter is a hosted match that may wait for a silent phone: the host
// lets a bot play its seats when it chooses.
type waiter interface {
	Awaited() rulesets.Audience
	Release(seats rulesets.Audience) error
}

// news takes in the match's tick: events to show, a refusal, seats taken
// over. It reports false when the match cannot go on (a network fault),
// which the shell then shows.
func (r *Runner[V, A, E, PV]) news(ctx *scenes.Context) bool {
	if r.shell.Fault != "" {
		return false
	}
	n, err := r.cfg.Match.Update()
	if err != nil {
		r.fail(err)
		return false
	}
	if n.Refused != "" {
		r.refused(ctx, "The host refused: "+n.Refused)
	}
	for seat := range r.seats {
		if n.Taken.Sees(seat) {
			if err := r.seatBot(seat, "medium"); err != nil {
				r.fail(err)
				return false
			}
			r.st.Log(r.st.Who[seat] + " left: a bot plays for them.")
		}
	}
	if !r.started {
		if !r.cfg.Match.Ready() {
			return true
		}
		pub := r.cfg.Match.View(-1)
		r.cfg.Table.Start(&r.st, &pub)
		r.started = true
	}
	if len(n.Events) > 0 {
		r.cfg.Table.Show(ctx, &r.st, n.Events)
	}
	return true
}

// fail ends the match on this machine: whatever went wrong with the
// network or a peer, the table says so and offers to leave, its bots
// stop, and its link closes, so the other machines hear it go. The error
// never leaves Update: a fault ends a match, never the program.
func (r *Runner[V, A, E, PV]) fail(err error) {
	r.shell.Fail(err)
	r.thinks.stop()
	if r.cfg.Net != nil {
		r.cfg.Net.Close()
	}
}

// refused shows why an action was refused, for a while, and logs it.
func (r *Runner[V, A, E, PV]) refused(ctx *scenes.Context, why string) {
	r.notice, r.noticeAt = why, r.st.Tick
	r.st.Log(why)
	ctx.Play(assets.Error)
}

// hurry reports a Confirm from a human seat, or a click, on this tick
// (but for a tap on the Peek button, which only peeks).
func (r *Runner[V, A, E, PV]) hurry(ctx *scenes.Context, f *rulesets.Frame) bool {
	if nav := ctx.Nav(); nav.Click && !r.onPeek(nav.PointerX, nav.PointerY) {
		return true
	}
	for seat := range r.seats {
		if r.st.Humans.Sees(seat) && f.Pressed[seat].Has(rulesets.ButtonConfirm) {
			return true
		}
	}
	return false
}

// updateGate tells the privacy gate which human seats owe a private
// choice, and lets a tap lift the curtain (a tablet passed round).
func (r *Runner[V, A, E, PV]) updateGate(ctx *scenes.Context, f *rulesets.Frame, pub *V, busy bool) {
	r.priv = r.priv[:0]
	if !busy && r.cfg.Table.Private(pub) {
		r.priv = append(r.priv, r.owe...)
	}
	r.gate.Owe(r.priv)
	if seat, up := r.gate.Curtain(); up && ctx.Nav().Click {
		r.tapped = *f
		r.tapped.Pressed[seat] |= rulesets.ButtonConfirm
		f = &r.tapped
	}
	r.gate.Update(r.peek(f))
	if !busy && !r.cfg.Table.Private(pub) {
		for _, seat := range r.owe {
			if r.st.Humans.Sees(seat) {
				r.router.Focus(seat) // a shared device's presses go to the seat choosing in the open
				break
			}
		}
	}
	r.st.Shown, r.st.Acting = r.shownSeat(), r.actingSeat(busy)
	_, r.st.Curtain = r.gate.Curtain()
}

// shownSeat returns the seat whose private view the screen may show, or
// -1. A lone human's hand always shows: nobody else at the screen plays.
func (r *Runner[V, A, E, PV]) shownSeat() int {
	if r.watching {
		return r.watchSeat
	}
	if s := r.solo(); s >= 0 {
		return s
	}
	if v := r.gate.Viewer(); v != privacy.NoViewer && r.gate.MayShow(v) {
		return v
	}
	return -1
}

// actingSeat returns the human seat that chooses on this screen now, or
// -1: the lone human, the seat the gate shows, or the seat choosing in
// the open.
func (r *Runner[V, A, E, PV]) actingSeat(busy bool) int {
	if busy {
		return -1
	}
	for _, seat := range r.owe {
		if r.mayAct(seat) {
			return seat
		}
	}
	return -1
}

// mayAct reports whether human seat may choose on this tick.
func (r *Runner[V, A, E, PV]) mayAct(seat int) bool {
	switch {
	case !r.st.Humans.Sees(seat):
		return false
	case r.solo() == seat, !slices.Contains(r.priv, seat):
		return true // alone at the screen, or a choice in the open
	}
	return r.gate.MayAct(seat)
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
		r.thinks.ask(seat, r.cfg.Match.View(seat), r.st.Tick)
	}
	return false
}

// humanMoves reads the acting human seat's choice.
func (r *Runner[V, A, E, PV]) humanMoves(ctx *scenes.Context, f *rulesets.Frame) {
	seat := r.st.Acting
	if seat < 0 {
		return
	}
	r.seatView = r.cfg.Match.View(seat)
	r.legal = PV(&r.seatView).Legal(r.legal[:0])
	if len(r.legal) == 0 {
		return // a client waits for the host's answer to its last choice
	}
	if a, ok := r.cfg.Table.Input(ctx, &r.st, &r.seatView, r.legal, f.Pressed[seat]); ok {
		r.act(ctx, seat, a)
	}
}

// act plays seat's choice; a refusal is shown, and changes nothing.
func (r *Runner[V, A, E, PV]) act(ctx *scenes.Context, seat int, a A) {
	if err := r.cfg.Match.Act(seat, a); err != nil {
		r.refused(ctx, r.st.Who[seat]+": "+err.Error())
		return
	}
	r.notice = ""
	ctx.Play(assets.Click)
}

// leave stops the bots and leaves the table (and a network match),
// keeping the replay of the match so far.
func (r *Runner[V, A, E, PV]) leave(ctx *scenes.Context) {
	r.thinks.stop()
	if r.cfg.Match.Ready() {
		pub := r.cfg.Match.View(-1)
		r.keepReplay(&pub)
	}
	if r.cfg.Net != nil {
		r.cfg.Net.Close()
	}
	ctx.Pop(scenes.Backward)
}
