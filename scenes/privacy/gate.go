// Package privacy keeps a human seat's hidden hand off a shared screen.
//
// Hidden-hand tables (That's Mine, Ninjan, Eleven Suits) are played by
// several people in front of one screen. A Gate decides, tick by tick,
// whose private view may be drawn — at most one seat's, and a human seat's
// only when its player asked for it:
//
//   - HandOff (pass-and-play, one shared device): between two human turns a
//     curtain covers the table, "Pass to Player 3 — press to reveal"; the
//     hand shows once that seat presses Confirm, and hides again when the
//     seat has acted. Simultaneous choices are collected privately one human
//     after the other, in the order the table gives.
//   - Peek (every human has a device): the table shows no hand until a
//     seat holds its Peek button; while two seats hold Peek at once, none
//     is shown.
//
// Bots need no curtain: a Gate only follows the human seats.
//
// A table scene uses a Gate like this, once per tick in Update:
//
//	f, ok := router.Poll(ctx.Source(), tick)     // package input
//	gate.Owe(game.ToAct(owe[:0]))                // who owes an action now
//	gate.Update(f)                               // reveal, peek, focus
//	if s := gate.Viewer(); gate.MayAct(s) { … accept s's choices … }
//
// and in Draw asks the ruleset for a seat's view only through the gate:
//
//	if seat := gate.Viewer(); gate.MayShow(seat) { v := game.View(seat); … draw seat's hand … }
//	else { … draw the table with every hand face down … }
//	if seat, ok := gate.Curtain(); ok { privacy.DrawCurtain(c, pal, seat, …) }
//
// Gate.Shown records every seat whose view was asked for, so tests assert
// that while it is seat B's private moment no other seat's hand was drawn.
package privacy

import "github.com/jankenarcade/janken/rulesets"

// Mode is how private hands are shown on the shared screen.
type Mode uint8

// The modes.
const (
	// HandOff is pass-and-play: a curtain between human turns.
	HandOff Mode = iota
	// Peek shows a seat's hand while that seat holds Peek.
	Peek
)

// NoViewer is Viewer's answer when no private view may be drawn.
const NoViewer = -1

// Gate decides whose private view a shared screen may show. The zero Gate
// is not usable: use NewGate.
type Gate struct {
	mode   Mode
	humans rulesets.Audience
	focus  func(seat int)

	owe      [rulesets.MaxSeats]int8 // human seats owing an action, in order
	nowe     int
	curtain  int // seat the curtain waits for, or -1
	revealed int // seat whose hand is up (HandOff), or -1
	last     int // the last seat revealed: it needs no curtain again
	peekers  rulesets.Audience
	viewer   int
	fresh    bool // the curtain lifted on this tick
	shown    rulesets.Audience
}

// NewGate returns a gate for a table whose human seats are humans. focus,
// if not nil, is called with the seat the curtain waits for, so that a
// shared device's presses go to it (input.Router.Focus).
func NewGate(mode Mode, humans rulesets.Audience, focus func(seat int)) *Gate {
	return &Gate{mode: mode, humans: humans, focus: focus, curtain: -1, revealed: -1, last: -1, viewer: NoViewer}
}

// Mode returns the gate's mode.
func (g *Gate) Mode() Mode { return g.mode }

// Owe tells the gate which seats owe an action now (the ruleset's ToAct),
// in the order their private moments should come. Bots are ignored.
func (g *Gate) Owe(seats []int) {
	g.nowe = 0
	for _, s := range seats {
		if g.humans.Sees(s) && g.nowe < len(g.owe) {
			g.owe[g.nowe] = int8(s)
			g.nowe++
		}
	}
}

func (g *Gate) owes(seat int) bool {
	for _, s := range g.owe[:g.nowe] {
		if int(s) == seat {
			return true
		}
	}
	return false
}

// Update advances the gate by one tick with that tick's frame (nil while
// the input is paused): a Confirm lifts the curtain for its seat, Peek
// held shows its seat's hand.
func (g *Gate) Update(f *rulesets.Frame) {
	if g.mode == Peek {
		g.updatePeek(f)
		return
	}
	up := g.curtain // a press lifts only a curtain that was already up
	if g.revealed >= 0 && !g.owes(g.revealed) {
		g.revealed = -1 // acted: hide the hand before anyone else comes
	}
	if g.revealed < 0 && g.nowe > 0 {
		next := int(g.owe[0])
		switch {
		case next == g.last || g.humans == rulesets.Only(next):
			g.revealed, g.curtain = next, -1 // the same player, or the only one
		case g.curtain != next:
			g.curtain = next
			if g.focus != nil {
				g.focus(next)
			}
		}
	}
	if g.nowe == 0 {
		g.curtain = -1
	}
	g.fresh = false
	if g.curtain >= 0 && g.curtain == up && f != nil && f.Pressed[g.curtain].Has(rulesets.ButtonConfirm) {
		g.revealed, g.curtain, g.fresh = g.curtain, -1, true
	}
	if g.revealed >= 0 {
		g.last = g.revealed
	}
	g.viewer = NoViewer
	if g.revealed >= 0 {
		g.viewer = g.revealed
	}
}

func (g *Gate) updatePeek(f *rulesets.Frame) {
	g.peekers = 0
	if f != nil {
		for s := range f.Held {
			if g.humans.Sees(s) && f.Held[s].Has(rulesets.ButtonPeek) {
				g.peekers |= rulesets.Only(s)
			}
		}
	}
	g.viewer = NoViewer
	for s := range rulesets.MaxSeats {
		if g.peekers == rulesets.Only(s) {
			g.viewer = s
		}
	}
}

// Viewer returns the seat whose private view may be drawn now, or
// NoViewer.
func (g *Gate) Viewer() int { return g.viewer }

// MayAct reports whether seat may make its private choices on this tick:
// it is the viewer, and its press did not just lift the curtain (that
// Confirm must not also play a card).
func (g *Gate) MayAct(seat int) bool { return seat == g.viewer && seat >= 0 && !g.fresh }

// Curtain returns the seat the hand-off curtain waits for, if it is up.
// While it is, the scene draws the curtain over the whole table.
func (g *Gate) Curtain() (seat int, ok bool) { return g.curtain, g.curtain >= 0 }

// Crowded reports that several seats hold Peek at once, so none is shown
// ("One at a time").
func (g *Gate) Crowded() bool {
	return g.peekers != 0 && g.viewer == NoViewer
}

// MayShow reports whether seat's private view may be drawn now, and
// records the seats it allowed. Ask before every View call of the ruleset.
func (g *Gate) MayShow(seat int) bool {
	if seat < 0 || seat >= rulesets.MaxSeats || seat != g.viewer || g.curtain >= 0 {
		return false
	}
	g.shown |= rulesets.Only(seat)
	return true
}

// Shown returns the seats MayShow allowed since the last ResetShown, for
// tests.
func (g *Gate) Shown() rulesets.Audience { return g.shown }

// ResetShown forgets the seats asked about.
func (g *Gate) ResetShown() { g.shown = 0 }
