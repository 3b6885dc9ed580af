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

// chrome is the part of a Runner that does not depend on the game's
// types: the seats and their names, the privacy gate, the menus and
// buttons, the notices, the network's shell, the results and the replay.
// Its methods are compiled once for every game, where a generic Runner's
// are compiled once per game (their view, action and event types differ
// in shape), which the web download pays for; Runner's methods keep only
// what needs the game's views, actions and events, and hand the rest to
// these.
type chrome struct {
	d       *scenes.Director
	name    string // the scene's name (Config.Name)
	seating lobby.Seating
	secret  uint64
	rules   func() scenes.Scene
	rematch func(d *scenes.Director, s lobby.Seating, secret uint64) (scenes.Scene, error) // Config.Again
	net     Link
	places  Places
	// stopBots forgets the bots' questions in flight (thinkers.stop): a
	// fault, the end and leaving stop the bots.
	stopBots func()

	router *input.Router
	gate   *privacy.Gate
	st     Status
	shell  nettable.Shell

	owe, priv []int
	tapped    rulesets.Frame
	notice    string
	noticeAt  int64
	ended     int
	done      bool
	quit      bool
	started   bool // the table was set out
	wasBusy   bool // an animation ran on the last tick
	seats     int
	rec       *recording
	levels    [rulesets.MaxSeats]string // each bot seat's bot
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

// seatPlayers names the seats and finds the router and the humans, before
// the bots are seated.
func (r *chrome) seatPlayers() {
	r.router = r.seating.Router
	if r.router == nil {
		r.router = r.d.Router()
	}
	r.st.Humans, r.st.Networked = r.seating.Humans(), r.net != nil
	r.st.Shown, r.st.Acting, r.st.router = -1, -1, r.router
	r.st.Names, r.st.Who = make([]string, r.seats), make([]string, r.seats)
	for seat := range r.seats {
		r.st.Who[seat] = scenes.SeatName(seat, "")
	}
	for seat, s := range r.seating.Seats {
		r.st.Who[seat] = s.Who(seat)
		r.st.Names[seat] = r.st.Who[seat]
	}
}

// botSeated names seat the named bot's and counts it among the bots,
// unless making the bot failed with err, which it returns wrapped.
func (r *chrome) botSeated(seat int, name string, err error) error {
	if err != nil {
		return fmt.Errorf("cardtable: seat %d: %w", seat, err)
	}
	r.levels[seat] = name
	r.st.Names[seat] = r.st.Who[seat] + " (" + name + " bot)"
	r.st.Bots |= rulesets.Only(seat)
	return nil
}

// botUnseated names seat's player again, its bot gone.
func (r *chrome) botUnseated(seat int) {
	r.levels[seat] = ""
	r.st.Names[seat] = r.st.Who[seat]
	r.st.Bots &^= rulesets.Only(seat)
}

// setGate puts the privacy gate up between the human seats, once the
// seats are known.
func (r *chrome) setGate() {
	mode := r.seating.Privacy
	if r.solo() >= 0 {
		mode = privacy.HandOff // one human: nothing to hide from anyone
	}
	r.gate = privacy.NewGate(mode, r.st.Humans, r.router.Focus)
	r.st.PeekHint = mode == privacy.Peek && r.st.Humans != 0 // several players share the screen
}

// Name implements scenes.Scene.
func (r *chrome) Name() string { return r.name }

// Status returns what the runner knows: the log, the names, the shown
// seat.
func (r *chrome) Status() *Status { return &r.st }

// Gate returns the privacy gate, for tests.
func (r *chrome) Gate() *privacy.Gate { return r.gate }

// Fault returns what ended a network match on this machine ("" while
// none did): the table shows it and offers to leave.
func (r *chrome) Fault() string { return r.shell.Fault }

// Busy reports whether an animation ran on the last tick: the table is
// still showing what happened.
func (r *chrome) Busy() bool { return r.wasBusy }

// Ended reports whether the results have replaced the table.
func (r *chrome) Ended() bool { return r.done }

// solo returns the only human seat, or -1 when there are none or several,
// or others watch the screen (Seating.Onlookers).
func (r *chrome) solo() int {
	if r.seating.Onlookers {
		return -1
	}
	for seat := range r.seats {
		if r.st.Humans == rulesets.Only(seat) {
			return seat
		}
	}
	return -1
}

// tick counts a tick and, in a network match, works the shell's prompt:
// see leaveAsked.
func (r *chrome) tick(ctx *scenes.Context) (leave, spent bool) {
	r.st.Tick++
	if r.net == nil {
		return false, false
	}
	return r.leaveAsked(ctx)
}

// poll reads the tick's frame of presses, lets a seatless device adopt
// this machine's seats, and works the pause menu (on the couch). It
// reports whether a press asks to hurry the animations, and false while
// nobody may play: a player's gamepad left (the table waits for it, and
// Draw says so), a menu opened, or the shell pauses.
func (r *chrome) poll(ctx *scenes.Context) (f *rulesets.Frame, hurry, ok bool) {
	f, ok = r.router.Poll(ctx.Source(), r.st.Tick)
	if !ok {
		return nil, false, false
	}
	if a, ok := r.net.(interface{ Adopt(*rulesets.Frame) }); ok {
		a.Adopt(f) // a device without a seat takes this machine's seats up with its press
	}
	if r.net == nil && r.menuAsked(ctx, f) {
		return nil, false, false
	}
	if r.shell.Paused() {
		return nil, false, false
	}
	return f, !r.watching && r.hurry(ctx, f), true
}

// closeGate lets nobody choose once the game is over: the last seat to
// act must not stay the one whose view the table draws.
func (r *chrome) closeGate(f *rulesets.Frame) {
	r.gate.Owe(nil)
	r.gate.Update(f)
	r.st.Shown, r.st.Acting = r.shownSeat(), -1
	_, r.st.Curtain = r.gate.Curtain()
}

// leaveAsked takes the network's news and works the shell's prompt (Back
// or the Menu button open and close it; its buttons, Confirm and Back
// answer it). It reports whether to leave, and whether the prompt took
// this tick's input, which the table must not also take.
func (r *chrome) leaveAsked(ctx *scenes.Context) (leave, spent bool) {
	if r.shell.Fault == "" {
		r.shell.Notice, r.shell.Gone = r.net.Notice()
		r.shell.Passing = r.net.Passing()
	}
	w, waits := r.net.(waiter)
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

// reconnecter is a client's match that can ask the host for its seats
// again when the link is lost (Net.Reconnect).
type reconnecter interface {
	Reconnect() func(d *scenes.Director) scenes.Scene
}

// reconnect replaces the table with the scene that asks the host for this
// machine's seats again once the link to the host is lost (a page's
// WebSocket closed while the phone slept, a Wi-Fi blip), and reports
// whether it did. The host keeps a browser's seats for
// nettable.ReloadWait; if the host is gone too, that scene says so.
func (r *chrome) reconnect(ctx *scenes.Context) bool {
	rc, ok := r.net.(reconnecter)
	if !ok || r.done {
		return false
	}
	again := rc.Reconnect()
	if again == nil {
		return false
	}
	r.net.Close()
	ctx.Replace(again(ctx.Director()), scenes.FadeQuick)
	return true
}

// waiter is a hosted match that may wait for a silent phone: the host
// lets a bot play its seats when it chooses.
type waiter interface {
	Awaited() rulesets.Audience
	Release(seats rulesets.Audience) error
}

// fail ends the match on this machine: whatever went wrong with the
// network or a peer, the table says so and offers to leave, its bots
// stop, and its link closes, so the other machines hear it go. The error
// never leaves Update: a fault ends a match, never the program.
func (r *chrome) fail(err error) {
	r.shell.Fail(err)
	r.stopBots()
	if r.net != nil {
		r.net.Close()
	}
}

// refused shows why an action was refused, for a while, and logs it.
func (r *chrome) refused(ctx *scenes.Context, why string) {
	r.notice, r.noticeAt = why, r.st.Tick
	r.st.Log(why)
	ctx.Play(assets.Error)
}

// acted clears the notice of a refusal once an action is played.
func (r *chrome) acted(ctx *scenes.Context) {
	r.notice = ""
	ctx.Play(assets.Click)
}

// hurry reports a Confirm from a human seat, or a click, on this tick
// (but for a tap on the Peek button, which only peeks).
func (r *chrome) hurry(ctx *scenes.Context, f *rulesets.Frame) bool {
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
// choice (private: the seats of owe, which owe one, if nothing is busy),
// and lets a tap lift the curtain (a tablet passed round).
func (r *chrome) updateGate(ctx *scenes.Context, f *rulesets.Frame, private, busy bool) {
	r.priv = r.priv[:0]
	if private {
		r.priv = append(r.priv, r.owe...)
	}
	r.gate.Owe(r.priv)
	if seat, up := r.gate.Curtain(); up && ctx.Nav().Click {
		r.tapped = *f
		r.tapped.Pressed[seat] |= rulesets.ButtonConfirm
		f = &r.tapped
	}
	r.gate.Update(r.peek(f))
	if !busy && !private {
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
func (r *chrome) shownSeat() int {
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
func (r *chrome) actingSeat(busy bool) int {
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
func (r *chrome) mayAct(seat int) bool {
	switch {
	case !r.st.Humans.Sees(seat):
		return false
	case r.solo() == seat, !slices.Contains(r.priv, seat):
		return true // alone at the screen, or a choice in the open
	}
	return r.gate.MayAct(seat)
}

// Quit implements scenes.Quitter: the program quits with the table open,
// its window closed. The bots stop, and a network match hears this
// machine leave as if its player had left the table (Link.Close).
func (r *chrome) Quit() {
	r.stopBots()
	if r.net != nil {
		r.net.Close()
	}
}

// leaveWith stops the bots and leaves the table (and a network match),
// keeping the replay of the match so far, as pub (nil: a client that
// never heard the host) shows it.
func (r *chrome) leaveWith(ctx *scenes.Context, pub rulesets.Scoreboard) {
	r.stopBots()
	if pub != nil {
		r.keepReplay(pub)
	}
	if r.net != nil {
		r.net.Close()
	}
	ctx.Pop(scenes.Backward)
}
