package elevensuitstable

import (
	"fmt"

	"github.com/jankenarcade/janken/assets"
	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/rulesets"
	es "github.com/jankenarcade/janken/rulesets/elevensuits"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/lobby"
	"github.com/jankenarcade/janken/scenes/privacy"
	"github.com/jankenarcade/janken/settings"
	"github.com/jankenarcade/janken/sprites"
)

// Options start a table.
type Options struct {
	Rules     es.Config     // the game's settings (Players comes from the seating)
	MemoryAid bool          // mark face-down cards the viewer has seen
	Seating   lobby.Seating // who plays each seat, and their devices
	Seed      uint64        // the deal; a rematch uses the next one
}

// Pacing, in ticks.
const (
	botDelay   = 24 // a bot waits this long after the table is still
	flightTime = 16 // a card crossing the table
	drawStep   = 5  // between two cards drawn in a row
	revealHold = 34 // the revealed pair stays in the middle
	bannerTime = 70
)

// Table is the Eleven Suits table: it runs the game between human and bot
// seats, animates the events, and keeps hidden hands private on a shared
// screen.
type Table struct {
	d      *scenes.Director
	opts   Options
	game   match     // the game as this machine knows it
	state  *es.State // the whole game, on the couch or a network host; nil on a network client
	bots   [es.MaxPlayers]*es.Bot
	humans rulesets.Audience
	router *input.Router
	gate   *privacy.Gate

	atlas   *sprites.Atlas
	palette settings.Palette

	tick     int64
	busy     int64 // animations run until this tick; nobody acts before
	flights  []flight
	battle   battle
	banner   string
	bannerAt int64
	peek     peekShow
	log      []string
	err      string // the last refused action, shown briefly
	errAt    int64

	bottom int // the seat drawn at the bottom of the screen
	cursor int // the acting human's choice in the current list
	gridS  int // naming grid: suit
	gridY  int // naming grid: symbol index
	owe    []int
	legal  []es.Action
	opts2  []option // the acting seat's choices, rebuilt each tick

	// A bot thinks on its own goroutine, on a copy of the game, so that a
	// long search never stalls the animations; thinking is the seat
	// waiting for its answer on choice (-1: none). With inlineBots (for
	// tests whose tick counts must not depend on the machine's speed) it
	// thinks on the tick it is asked, and still answers after botDelay.
	thinking   int
	choice     chan es.Action
	inlineBots bool

	reduced bool // the player asked for reduced motion

	// networked: the match is played over the network, where the game
	// cannot pause and the players meet again in the network lobby;
	// ended: the results have replaced the table.
	networked, ended bool
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

// NewTable returns a table for opts.
func NewTable(d *scenes.Director, opts Options) (*Table, error) {
	cfg := opts.Rules
	cfg.Players = len(opts.Seating.Seats)
	g, err := es.New(cfg, opts.Seed)
	if err != nil {
		return nil, fmt.Errorf("eleven suits table: %w", err)
	}
	return newTable(d, opts, g, g)
}

// newTable seats opts.Seating at game g, of which state is the whole game
// when this machine has it.
func newTable(d *scenes.Director, opts Options, g match, state *es.State) (*Table, error) {
	var err error
	t := &Table{d: d, opts: opts, game: g, state: state, router: opts.Seating.Router, humans: opts.Seating.Humans(),
		thinking: -1, choice: make(chan es.Action, 1)}
	if t.router == nil {
		t.router = input.NewRouter()
	}
	for seat, s := range opts.Seating.Seats {
		if s.Kind == lobby.Bot {
			if t.bots[seat], err = es.NewBot(s.Bot, seat, rulesets.DeriveSeed(opts.Seed, "bot", seat)); err != nil {
				return nil, fmt.Errorf("eleven suits table: seat %d: %w", seat, err)
			}
		}
	}
	t.gate = privacy.NewGate(opts.Seating.Privacy, t.humans, t.router.Focus)
	for seat := range g.Seats() {
		if t.humans.Sees(seat) {
			t.bottom = seat
			break
		}
	}
	t.schedule(g.Events())
	g.ClearEvents()
	return t, nil
}

// Name implements scenes.Scene.
func (t *Table) Name() string { return "elevensuits" }

// Game returns the whole game being played, for tests; nil on a network
// client, which knows only its seats' views.
func (t *Table) Game() *es.State { return t.state }

// Log returns the game log, oldest first.
func (t *Table) Log() []string { return t.log }

// solo reports whether one human plays against bots: nobody else looks at
// the screen who must not see that human's hand.
func (t *Table) solo() bool { return t.humans != 0 && t.humans&(t.humans-1) == 0 }

// shownSeat is the seat whose private view the screen may show now, or -1
// (the spectator's view: only public faces).
func (t *Table) shownSeat() int {
	if t.solo() {
		return t.bottom
	}
	if s := t.gate.Viewer(); t.gate.MayShow(s) {
		return s
	}
	return -1
}

// Update implements scenes.Scene.
func (t *Table) Update(ctx *scenes.Context) error {
	t.tick++
	t.reduced = ctx.ReducedMotion()
	t.stepFlights()
	t.ensureAtlas(ctx)
	// The network shell owns the menu key, and the match cannot pause for
	// the rules.
	if nav := ctx.Nav(); !t.networked {
		switch {
		case nav.Rules:
			ctx.Push(scenes.NewRules(t.d, "Eleven Suits", rulesSections...), scenes.FadeQuick)
			return nil
		case nav.Menu:
			ctx.Push(t.pause(), scenes.FadeQuick)
			return nil
		}
	}
	f, ok := t.router.Poll(ctx.Source(), ctx.Tick())
	if !ok {
		return nil // a player's gamepad left: wait for it
	}
	if !t.networked && t.pauseAsked(ctx, f) {
		ctx.Push(t.pause(), scenes.FadeQuick)
		return nil
	}
	t.owe = t.game.ToAct(t.owe[:0])
	if t.tick < t.busy {
		t.gate.Owe(nil)
	} else {
		t.gate.Owe(t.owe)
	}
	t.gate.Update(f)
	if v := t.gate.Viewer(); v >= 0 && !t.solo() {
		t.bottom = v
	}
	if t.game.Over() {
		if t.tick >= t.busy+bannerTime && !t.ended {
			t.ended = true
			ctx.Replace(t.results(), scenes.FadeQuick)
		}
		return nil
	}
	if t.tick < t.busy {
		return nil
	}
	for _, seat := range t.owe {
		switch {
		case t.bots[seat] != nil:
			if a, ok := t.botAnswer(seat); ok {
				t.act(ctx, seat, a)
				return nil
			}
		case t.mayAct(seat):
			if a, ok := t.humanInput(ctx, seat, f); ok {
				t.act(ctx, seat, a)
				return nil
			}
		}
	}
	return nil
}

// pause returns the pause menu; leaving it leaves the table too.
func (t *Table) pause() scenes.Scene {
	return scenes.NewPause(t.d, "elevensuits-pause",
		func() scenes.Scene { return scenes.NewRules(t.d, "Eleven Suits", rulesSections...) },
		func(ctx *scenes.Context) {
			ctx.Pop(scenes.FadeQuick)
			ctx.Pop(scenes.FadeQuick)
		})
}

// botAnswer starts bot seat thinking, and returns its action once it has
// one and the table has been still for botDelay.
func (t *Table) botAnswer(seat int) (es.Action, bool) {
	if t.thinking < 0 {
		t.thinking = seat
		bot, v := t.bots[seat], t.game.View(seat)
		bot.SetPause(scenes.ThinkPause())
		think := func() { t.choice <- bot.Choose(&v) }
		if t.inlineBots {
			think()
		} else {
			go think()
		}
		return es.Action{}, false
	}
	if t.thinking != seat || t.tick < t.busy+botDelay {
		return es.Action{}, false
	}
	select {
	case a := <-t.choice:
		t.thinking = -1
		return a, true
	default:
		return es.Action{}, false
	}
}

// pauseAsked reports a Back or Menu press from any human seat (or Back
// from any device when only bots play).
func (t *Table) pauseAsked(ctx *scenes.Context, f *rulesets.Frame) bool {
	for seat := range t.game.Seats() {
		if t.humans.Sees(seat) && f.Pressed[seat]&(rulesets.ButtonBack|rulesets.ButtonMenu) != 0 {
			return true
		}
	}
	return t.humans == 0 && ctx.Nav().Back
}

// mayAct reports whether human seat may choose now: never a seat played
// on another machine of a network match.
func (t *Table) mayAct(seat int) bool {
	if !t.humans.Sees(seat) {
		return false
	}
	if t.solo() {
		return true
	}
	return t.gate.MayAct(seat)
}

// ensureAtlas keeps the card sprites drawn for the palette setting.
func (t *Table) ensureAtlas(ctx *scenes.Context) {
	p := ctx.Settings().Palette
	t.atlas, t.palette = scenes.PaletteAtlas(t.atlas, t.palette, p, deck), p
}

// act applies seat's action and schedules its events.
func (t *Table) act(ctx *scenes.Context, seat int, a es.Action) {
	t.game.ClearEvents()
	if err := t.game.Apply(seat, a); err != nil {
		t.err, t.errAt = err.Error(), t.tick
		ctx.Play(assets.Error)
		return
	}
	t.cursor = 0
	t.schedule(t.game.Events())
	for _, e := range t.game.Events() {
		switch e.Kind {
		case es.EvDefend, es.EvAttack:
			ctx.Play(assets.Slam)
		case es.EvReveal:
			ctx.Play(assets.Flip)
		case es.EvOver:
			ctx.Play(assets.Win)
		}
	}
	t.game.ClearEvents()
}

// results builds the results screen, with a rematch on the next deal.
func (t *Table) results() scenes.Scene {
	var rows []scenes.ResultRow
	winners := t.game.Winners(nil)
	lives := t.game.Scores(nil)
	v := t.game.View(-1)
	for seat := range t.game.Seats() {
		row := scenes.ResultRow{Name: t.seatLabel(seat), Seat: seat, Score: lives[seat],
			Detail: fmt.Sprintf("%d in graveyard", v.GraveLen[seat])}
		if v.Out[seat] {
			row.Detail = "out"
		}
		for _, w := range winners {
			row.Winner = row.Winner || w == seat
		}
		rows = append(rows, row)
	}
	title := "Eleven Suits"
	if len(winners) == 1 {
		title = t.seatLabel(winners[0]) + " wins!"
	}
	next := t.opts
	next.Seed++
	again := func(ctx *scenes.Context) {
		if nt, err := NewTable(t.d, next); err == nil {
			ctx.Replace(nt, scenes.FadeQuick)
		}
	}
	if t.networked {
		again = nil // the players meet again in the network lobby
	}
	return scenes.NewResults(t.d, title, rows, again)
}

// seatLabel names a seat on screen: "Player 2" or "Player 2 (hard)".
func (t *Table) seatLabel(seat int) string {
	if s := t.opts.Seating.Seats[seat]; s.Kind == lobby.Bot {
		return privacy.SeatName(seat) + " (" + s.Bot + ")"
	}
	return privacy.SeatName(seat)
}

// addLog appends a line, dropping the oldest beyond maxLog.
func (t *Table) addLog(line string) {
	if line == "" {
		return
	}
	if len(t.log) == maxLog {
		copy(t.log, t.log[1:])
		t.log = t.log[:maxLog-1]
	}
	t.log = append(t.log, line)
}
