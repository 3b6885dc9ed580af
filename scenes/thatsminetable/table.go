// Package thatsminetable is the table of That's Mine: the couch (and
// bots) choose a play card and a wager in private, then the reveal plays
// out tier by tier — wagers flip together, each tier's cards turn over,
// the comparison is explained as it happens (matches, then
// rock-paper-scissors or the stalemate), the survivor is highlighted, and
// the kitty flies to the last survivor.
//
// The scene is the shared card-table runner (scenes/cardtable), which
// owns the bots, the privacy gate, the menus and the results; this
// package supplies the layout, the input mapping and the animations. It
// never reads the game's hidden state: it draws the public board from the
// events and a seat's hand from the view the runner hands it.
package thatsminetable

import (
	"fmt"
	"math"

	"github.com/hajimehoshi/ebiten/v2/vector"

	"github.com/jankenarcade/janken/assets"
	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/rulesets"
	tm "github.com/jankenarcade/janken/rulesets/thatsmine"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/cardtable"
	"github.com/jankenarcade/janken/scenes/lobby"
	"github.com/jankenarcade/janken/sprites"
)

// Entry registers That's Mine with the title menu: it opens the game's
// menu, which starts a table against the computer at once or through the
// lobby.
func Entry() scenes.Entry {
	return scenes.Entry{
		Name:       "thatsmine",
		Title:      "That's Mine",
		Blurb:      "Pick a card, wager your tokens, and be the last one standing when the tiers turn over.",
		Credit:     "That's Mine by Matthew C. Anderson, Smirking Storm Games (2014)",
		MinPlayers: tm.MinPlayers,
		MaxPlayers: tm.MaxPlayers,
		Open:       openMenu,
	}
}

func openMenu(d *scenes.Director) scenes.Scene {
	rules := func(d *scenes.Director) scenes.Scene { return rulesOverlay(d) }
	return lobby.NewGameMenu(d, "thatsmine", lobby.Config{
		Title: "That's Mine", MinPlayers: tm.MinPlayers, MaxPlayers: tm.MaxPlayers,
		Bots: []string{"easy", "medium", "hard"}, Opponents: 3,
		Phones: phones(),
		Start: func(ctx *scenes.Context, s lobby.Seating) {
			r, err := New(ctx.Director(), s, nil, cardtable.NewSecret())
			if err != nil {
				return // the lobby enforces the player range: cannot happen
			}
			ctx.Replace(r, scenes.FadeQuick)
		},
	}, rules)
}

// Runner is the That's Mine table scene: the card-table runner around
// this package's table.
type Runner = cardtable.Runner[tm.View, tm.Action, tm.Event, *tm.View]

// New starts a table for the seating. position, if not nil, is the game to
// continue (a decoded position, for tests and saved games); otherwise a
// new game is dealt from the match's secret.
func New(d *scenes.Director, s lobby.Seating, position *tm.State, secret uint64) (*Runner, error) {
	r, _, err := open(d, s, position, secret)
	return r, err
}

// open is New, returning the game's table too (for the tests and the
// rematch, which keeps its sprites).
func open(d *scenes.Director, s lobby.Seating, position *tm.State, secret uint64) (*Runner, *table, error) {
	game := position
	if game == nil {
		var err error
		if game, err = tm.New(tm.Config{Players: len(s.Seats)}, rulesets.DeriveSeed(secret, "deal", -1)); err != nil {
			return nil, nil, fmt.Errorf("thatsminetable: %w", err)
		}
	}
	game.ClearEvents() // Start sets the dealt table out: the deal is not shown again
	t := newTable(d, s)
	cfg := t.config(cardtable.NewLocal[*tm.State, tm.View, tm.Action, tm.Event](game, (*tm.State).View), s, secret)
	cfg.Again = func(d *scenes.Director, s lobby.Seating, secret uint64) (scenes.Scene, error) {
		next, nt, err := open(d, s, nil, secret)
		if err != nil {
			return nil, err
		}
		nt.atlas = t.atlas
		return next, nil
	}
	r, err := cardtable.New[tm.View, tm.Action, tm.Event, *tm.View](d, cfg)
	if err != nil {
		return nil, nil, fmt.Errorf("thatsminetable: %w", err)
	}
	if position == nil {
		r.Record(replayHeader)
	}
	return r, t, nil
}

// table is That's Mine's part of the scene (cardtable.Table): the board
// as the show has reached it, the human seats' choices in progress, and
// the sprites.
type table struct {
	d       *scenes.Director
	seating lobby.Seating

	board board
	show  show
	now   int64 // the animations' ticks

	picks [tm.MaxPlayers]pick
	cards []tm.Card // the acting seat's hand, reused

	disc  vector.Path // a wager chip's disc, radius 22, built once
	atlas *sprites.Atlas
	graph graph
}

// pick is a human seat's choice in progress.
type pick struct {
	cursor int // index into the hand, by increasing number
	wager  int
}

func newTable(d *scenes.Director, s lobby.Seating) *table {
	t := &table{d: d, seating: s, cards: make([]tm.Card, 0, tm.NumCards), graph: newGraph()}
	t.disc.Arc(0, 0, 22, 0, 2*math.Pi, vector.Clockwise)
	t.disc.Close()
	return t
}

// config returns the runner's configuration for the match m at seating s.
func (t *table) config(m cardtable.Match[tm.View, tm.Action, tm.Event], s lobby.Seating, secret uint64) cardtable.Config[tm.View, tm.Action, tm.Event] {
	return cardtable.Config[tm.View, tm.Action, tm.Event]{
		Name: "thatsmine", Title: "That's Mine", Table: t, Match: m, Seating: s, Secret: secret,
		NewBot: tm.NewBot,
		Rules:  func() scenes.Scene { return rulesOverlay(t.d) },
		Places: cardtable.Places{RulesX: logX + 11, MenuX: logX + 145, Y: 19, LineX: netStatsX, LineY: netStatsY,
			PeekX: peekX, PeekY: peekY, HintX: logX, HintY: hintY, HintW: logW},
	}
}

// Start implements cardtable.Table: the board from the public view; a
// finished game's (a replay sought to its end) says who won, as the
// game's last beat did, and waits for no choices.
func (t *table) Start(st *cardtable.Status, pub *tm.View) {
	t.board = newBoard(pub)
	t.show.cur = beat{}
	if pub.Ended {
		t.show.cur.caption, t.show.cur.detail, _ = describe([]tm.Event{{Kind: tm.EventWin, Seats: pub.Won}}, &t.board, st)
	}
	st.Log(fmt.Sprintf("Round %d: the kitty holds %d; first to %d wins.", t.board.round, t.board.kitty, t.board.target))
}

// LogEvents implements cardtable.Logger: the lines showing evs logs.
func (t *table) LogEvents(st *cardtable.Status, evs []tm.Event) {
	for _, e := range evs {
		logEvent(st, e)
	}
}

// Show implements cardtable.Table: the events wait their turn in the show.
func (t *table) Show(_ *scenes.Context, _ *cardtable.Status, evs []tm.Event) { t.show.push(evs) }

// Animate implements cardtable.Table: the show steps on, a beat at a
// time; when it has caught up, the next choices start fresh.
func (t *table) Animate(ctx *scenes.Context, st *cardtable.Status, hurry bool) bool {
	t.atlas = ctx.Atlas(deck)
	t.now++
	if !t.show.busy(t.now) {
		return false
	}
	if hurry {
		t.show.skip(t.now)
	}
	speed := 1
	if ctx.ReducedMotion() {
		speed = 2
	}
	t.show.step(t.now, &t.board, speed, st)
	t.beatSound(ctx)
	if !t.show.busy(t.now) {
		t.picks = [tm.MaxPlayers]pick{}
	}
	return t.show.busy(t.now)
}

// beatSound plays the sound of a beat that starts on this tick.
func (t *table) beatSound(ctx *scenes.Context) {
	if t.show.start != t.now || len(t.show.cur.events) == 0 {
		return
	}
	switch t.show.cur.events[0].Kind {
	case tm.EventReveal, tm.EventWager, tm.EventShuffle:
		ctx.Play(assets.Flip)
	case tm.EventMatch, tm.EventBeats, tm.EventStalemate:
		ctx.Play(assets.Slam)
	case tm.EventAward:
		ctx.Play(assets.Win)
	}
}

// Private implements cardtable.Table: every choice is a card from a
// hidden hand.
func (t *table) Private(*tm.View) bool { return true }

// Detail implements cardtable.Table: the device a human seat played on,
// or "over the network" (a bot's name says it is one).
func (t *table) Detail(_ *tm.View, seat int) string {
	if seat < len(t.seating.Seats) && t.seating.Seats[seat].Bot != "" {
		return ""
	}
	return t.seatKind(seat)
}

// seatKind says who plays the seat: "bot · hard", the human's device, or
// "over the network".
func (t *table) seatKind(seat int) string {
	if seat >= len(t.seating.Seats) {
		return "player"
	}
	switch s := t.seating.Seats[seat]; {
	case s.Bot != "": // here or, on a network joiner's table, the host's
		return "bot · " + s.Bot
	case s.Kind == lobby.Human && s.Device != input.NoDevice:
		return lobby.DeviceName(s.Device)
	case s.Kind == lobby.Phone:
		return "on their phone"
	case s.Kind != lobby.Human:
		return "over the network"
	}
	return "player"
}

// Input implements cardtable.Table: the seat's buttons and the pointer
// move its card cursor and wager; Confirm, a second click on the raised
// card, the Play button or a card dragged onto Play or the middle of the
// table plays them.
func (t *table) Input(ctx *scenes.Context, st *cardtable.Status, v *tm.View, legal []tm.Action, pressed rulesets.Buttons) (tm.Action, bool) {
	t.cards = v.Hand.Cards(t.cards[:0])
	hand := t.cards
	if len(hand) == 0 {
		return tm.Action{}, false
	}
	most := 0 // the highest wager the view allows
	for _, a := range legal {
		most = max(most, a.Wager)
	}
	p := &t.picks[v.Seat]
	switch {
	case pressed.Has(rulesets.ButtonLeft):
		p.cursor = (p.cursor + len(hand) - 1) % len(hand)
		ctx.Play(assets.Click)
	case pressed.Has(rulesets.ButtonRight):
		p.cursor = (p.cursor + 1) % len(hand)
		ctx.Play(assets.Click)
	case pressed.Has(rulesets.ButtonUp):
		p.wager = min(p.wager+1, most)
		ctx.Play(assets.Click)
	case pressed.Has(rulesets.ButtonDown):
		p.wager = max(p.wager-1, 0)
		ctx.Play(assets.Click)
	}
	p.cursor = min(p.cursor, len(hand)-1)
	t.graph.touch = t.d.TouchSeen()
	t.graph.layout(len(hand), true, p.cursor)
	play := t.graph.pointer(st.Tick, ctx.Nav(), p, most) || pressed.Has(rulesets.ButtonConfirm)
	p.cursor = min(p.cursor, len(hand)-1)
	p.wager = min(p.wager, most)
	return tm.Action{Card: hand[p.cursor], Wager: p.wager}, play
}
