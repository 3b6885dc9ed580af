package netlobby

import (
	"time"

	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/lobby"
	"github.com/jankenarcade/janken/scenes/privacy"
)

// Seated is a hidden-hand game's own table in a network match, as Play
// runs it: what each game does its own way with the network's news.
type Seated[E any] interface {
	Update(ctx *scenes.Context) error
	Draw(c *scenes.Canvas)
	// Show animates events from the network: the clients' actions on the
	// host, the host's news on a client.
	Show(ctx *scenes.Context, evs []E)
	// Refused tells the player the host refused their action, and why.
	Refused(reason string)
	// TakeOver gives the seat of a machine gone for good to a bot.
	TakeOver(seat int) error
	// Ended reports whether the results have replaced the table.
	Ended() bool
	// MenuClicked reports whether the pointer clicked the table's own
	// menu button, which opens the leave prompt.
	MenuClicked(nav *scenes.Nav) bool
}

// Play is one machine's side of a hidden-hand network match with its
// table: it runs the network each tick before the table, builds the
// table once this machine knows the game (at once on the host, from the
// host's first view on a client), and draws the Shell over it.
type Play[G rulesets.Game[A, E], A comparable, E, V any] struct {
	Side  *Side[G, A, E, V]
	Match Match
	// Clock is the time the network runs on: the wall clock since the
	// match began (tests run it on simulated time).
	Clock func() time.Duration
	// LineX, LineY is where the connection line ends: the bottom right
	// corner unless the table has something there.
	LineX, LineY float64

	d     *scenes.Director
	table Seated[E] // nil on a client until the host's first view
	seat  func(*Side[G, A, E, V]) (Seated[E], error)
}

// OpenPlay opens this machine's side of match m, which it owns from now
// on; seat builds the game's table for the side, reading the whole game
// from side.Hosted on the host and the seat's view from side.Remote on a
// client.
func OpenPlay[G rulesets.Game[A, E], A comparable, E, V any](d *scenes.Director, m Match, rules Rules[G, A, E, V],
	seat func(side *Side[G, A, E, V]) (Seated[E], error)) (*Play[G, A, E, V], error) {
	side, err := OpenSide(d, m, rules)
	if err != nil {
		return nil, err
	}
	start := time.Now()
	p := &Play[G, A, E, V]{Side: side, Match: m, d: d, seat: seat,
		Clock: func() time.Duration { return time.Since(start) },
		LineX: scenes.ScreenWidth - 16, LineY: scenes.ScreenHeight - 8}
	if side.Hosted != nil {
		if p.table, err = seat(side); err != nil {
			return nil, err
		}
	}
	return p, nil
}

// RunOn runs the network on clock from now on, instead of the wall
// clock: tests run a match on a simulated network's time.
func (p *Play[G, A, E, V]) RunOn(clock func() time.Duration) { p.Clock = clock }

// Update runs a tick: the network first (whatever the couch does, the
// other machines must hear from this one), then the table, unless the
// leave prompt is up or the match is over for good.
func (p *Play[G, A, E, V]) Update(ctx *scenes.Context) error {
	menu := p.table != nil && p.table.MenuClicked(ctx.Nav())
	if p.Side.LeaveAsked(ctx, menu) {
		p.Match.Close()
		ctx.Pop(scenes.Backward)
		return nil
	}
	news, err := p.Side.Update(p.Clock())
	if err != nil {
		return err
	}
	switch {
	case news.First: // the table starts from this view: its events are in it
		if p.table, err = p.seat(p.Side); err != nil {
			return err
		}
	case p.table != nil && len(news.Events) > 0:
		p.table.Show(ctx, news.Events)
	}
	if p.table == nil {
		return nil
	}
	if news.Refused != "" {
		p.table.Refused(news.Refused)
	}
	for seat := range rulesets.MaxSeats {
		if news.Taken.Has(seat) {
			if err := p.table.TakeOver(seat); err != nil {
				return err
			}
		}
	}
	if p.Side.Paused() {
		return nil
	}
	over := p.table.Ended()
	err = p.table.Update(ctx)
	p.Side.Adopt()
	if !over && p.table.Ended() {
		p.Match.Close() // the results replaced the table
	}
	return err
}

// Seating is the seating of a networked table: this machine's seats are
// its couch's, sharing the Right keys (any other device may adopt them),
// handed off from player to player behind a curtain; the others are
// played elsewhere.
func (s *Side[G, A, E, V]) Seating() lobby.Seating {
	seating := lobby.Seating{Router: s.Router, Seats: make([]lobby.Seat, s.Players), Privacy: privacy.HandOff}
	for seat := range seating.Seats {
		if s.Seats.Has(seat) {
			seating.Seats[seat] = lobby.Seat{Kind: lobby.Human, Device: RightKeys}
		}
	}
	return seating
}

// Draw draws the table (or the waiting screen) and the Shell over it.
func (p *Play[G, A, E, V]) Draw(c *scenes.Canvas) {
	var table func(*scenes.Canvas)
	if p.table != nil {
		table = p.table.Draw
	}
	p.Side.Draw(c, p.d.Palette(), table, p.LineX, p.LineY)
}
