package ninjantable

import (
	"fmt"

	"github.com/jankenarcade/janken/assets"
	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/rulesets/ninjan"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/lobby"
	"github.com/jankenarcade/janken/scenes/privacy"
	"github.com/jankenarcade/janken/settings"
	"github.com/jankenarcade/janken/sprites"
)

// botMinTicks is the least time a bot takes over a choice, so that the
// players can follow the table.
const botMinTicks = 24

// Table is the Ninjan table scene.
type Table struct {
	d       *scenes.Director
	seating lobby.Seating
	seed    uint64
	game    match         // the game as this machine knows it
	state   *ninjan.State // the whole game, on the couch or a network host; nil on a network client
	players int
	humans  rulesets.Audience
	router  *input.Router
	gate    *privacy.Gate
	bots    *botPool
	tick    int64

	pic   picture
	queue []ninjan.Event // events not yet shown
	cur   *show          // the event being shown, nil when idle
	log   []string

	cursor  [ninjan.MaxPlayers]int // each human seat's highlighted card, pile or throw
	hover   int                    // hand card, pile or throw under the pointer, or -1
	atlas   *sprites.Atlas
	atlasOf settings.Palette
	owe     []int
	legal   []ninjan.Action
	err     string // a rejected action, shown briefly (a bug if it happens)
	ended   int    // ticks since the game-over event was shown

	// networked: the match is played over the network, where the game
	// cannot pause and the players meet again in the network lobby.
	networked bool
}

// New returns a table for the seating, dealt from seed.
func New(d *scenes.Director, s lobby.Seating, seed uint64) *Table {
	game, err := ninjan.New(ninjan.Config{Players: len(s.Seats)}, seed)
	if err != nil {
		panic(fmt.Sprintf("ninjantable: the lobby seated %d players: %v", len(s.Seats), err)) // the lobby enforces 2..5
	}
	return Resume(d, s, game, seed)
}

// Resume returns a table that goes on with game (a saved or hand-written
// position) for the seating, which must have one seat per player; seed
// seeds the bots and the rematch. The table's picture starts from what
// everyone may see of the position.
func Resume(d *scenes.Director, s lobby.Seating, game *ninjan.State, seed uint64) *Table {
	return newTable(d, s, game, game, seed)
}

// newTable seats s at game g, of which state is the whole game when this
// machine has it.
func newTable(d *scenes.Director, s lobby.Seating, game match, state *ninjan.State, seed uint64) *Table {
	t := &Table{d: d, seating: s, seed: seed, players: game.Seats(), humans: s.Humans(), router: s.Router, hover: -1}
	if t.router == nil {
		t.router = d.Router()
	}
	t.game, t.state = game, state
	t.pic.init(game.View(-1))
	t.gate = privacy.NewGate(s.Privacy, t.humans, t.router.Focus)
	t.bots = newBotPool(s, seed)
	t.takeEvents()
	return t
}

// Name implements scenes.Scene.
func (t *Table) Name() string { return "ninjan" }

// Game returns the match being played, for tests and debug tools.
func (t *Table) Game() *ninjan.State { return t.state }

// Idle reports whether every event has been shown.
func (t *Table) Idle() bool { return t.cur == nil && len(t.queue) == 0 }

// seatName names a seat on screen: "Player 2", or "Hard bot 3".
func (t *Table) seatName(seat int) string {
	if seat >= 0 && seat < len(t.seating.Seats) && t.seating.Seats[seat].Kind == lobby.Bot {
		return fmt.Sprintf("%s bot %d", capital(t.seating.Seats[seat].Bot), seat+1)
	}
	return privacy.SeatName(seat)
}

func capital(s string) string {
	if s == "" {
		return s
	}
	b := []byte(s)
	if b[0] >= 'a' && b[0] <= 'z' {
		b[0] -= 'a' - 'A'
	}
	return string(b)
}

func (t *Table) isHuman(seat int) bool { return t.humans.Sees(seat) }

// takeEvents moves the ruleset's new events into the show queue, keeping
// a private deal only for nobody: the table shows hands through views.
func (t *Table) takeEvents() {
	t.take(t.game.Events())
	t.game.ClearEvents()
}

// take queues events for the show: the public ones, and that a hand was
// dealt.
func (t *Table) take(evs []ninjan.Event) {
	for _, ev := range evs {
		if ev.Audience == rulesets.Everyone || ev.Kind == ninjan.EventDeal {
			if ev.Kind == ninjan.EventDeal {
				ev.Hand = 0 // the picture needs only that a hand was dealt
			}
			t.queue = append(t.queue, ev)
		}
	}
}

// Update implements scenes.Scene.
func (t *Table) Update(ctx *scenes.Context) error {
	t.ensureAtlas(ctx.Settings().Palette)
	f, ok := t.router.Poll(ctx.Source(), t.tick)
	t.tick++
	if !ok {
		return nil // a gamepad left: wait for it to be reclaimed
	}
	if !t.networked && t.menuPressed(ctx, f) {
		ctx.Push(t.pause(), scenes.FadeQuick)
		return nil
	}
	t.stepShow(ctx)
	if t.pic.over {
		t.ended++
		if t.ended == resultsDelay {
			t.showResults(ctx)
		}
		return nil
	}
	t.owe = t.owe[:0]
	if t.Idle() {
		t.owe = t.game.ToAct(t.owe)
	}
	t.updateGate(f)
	if t.Idle() {
		t.humanInput(ctx, f)
		t.botMoves()
	}
	return nil
}

// resultsDelay is how long the final table stays before the results.
const resultsDelay = 90

// menuPressed reports whether someone asked for the pause menu: a seat's
// Menu button, any Back (Esc, Backspace, a pad's B: the table has no other
// use for it), or the Menu button on screen. A click on "Rules" opens the
// summary.
func (t *Table) menuPressed(ctx *scenes.Context, f *rulesets.Frame) bool {
	for s := range rulesets.MaxSeats {
		if f.Pressed[s].Has(rulesets.ButtonMenu) {
			return true
		}
	}
	nav := ctx.Nav()
	if nav.Back || nav.Click && inBox(nav.PointerX, nav.PointerY, menuBtX, buttonY, buttonW, buttonH) {
		return true
	}
	if nav.Click && inBox(nav.PointerX, nav.PointerY, rulesBtnX, buttonY, buttonW, buttonH) {
		ctx.Push(rulesOverlay(t.d), scenes.FadeQuick)
	}
	return false
}

// pause returns the pause menu; leaving it stops the bots and leaves the
// table.
func (t *Table) pause() scenes.Scene {
	return scenes.NewPause(t.d, "ninjan-pause", func() scenes.Scene { return rulesOverlay(t.d) },
		func(ctx *scenes.Context) {
			t.bots.stop()
			ctx.Pop(scenes.FadeQuick)
			ctx.Pop(scenes.Backward)
		})
}

// updateGate tells the privacy gate who owes a private choice: the human
// seats choosing a card or a throw. Choosing a pile is public.
func (t *Table) updateGate(f *rulesets.Frame) {
	private := t.owe[:0:0]
	if ph := t.game.Phase(); ph == ninjan.PhasePlay || ph == ninjan.PhaseDecider {
		private = t.owe
	}
	t.gate.Owe(private)
	t.gate.Update(f)
	if r := t.game.Resolving(); r >= 0 && t.isHuman(r) && t.Idle() {
		t.router.Focus(r) // a shared device's presses go to the seat choosing a pile
	}
}

// shownSeat returns the seat whose hand the screen may show now, or -1. A
// lone human's hand is always shown: nobody else at the screen plays.
func (t *Table) shownSeat() int {
	for s := range t.players {
		if t.humans == rulesets.Only(s) {
			return s
		}
	}
	if v := t.gate.Viewer(); v != privacy.NoViewer && t.gate.MayShow(v) {
		return v
	}
	return -1
}

// mayAct reports whether human seat may make its private choice now.
func (t *Table) mayAct(seat int) bool {
	if t.humans == rulesets.Only(seat) {
		return true
	}
	return t.gate.MayAct(seat)
}

// apply performs a seat's action and queues its events.
func (t *Table) apply(ctx *scenes.Context, seat int, a ninjan.Action) {
	if err := t.game.Apply(seat, a); err != nil {
		t.err = err.Error()
		if ctx != nil {
			ctx.Play(assets.Error)
		}
		return
	}
	t.err = ""
	t.takeEvents()
}

// botMoves asks the bots that owe an action and applies their answers.
func (t *Table) botMoves() {
	for _, seat := range t.owe {
		if t.isHuman(seat) {
			continue
		}
		if a, ok := t.bots.answer(seat, t.tick); ok {
			t.apply(nil, seat, a)
			return // the state changed: ask again next tick
		}
		t.bots.ask(seat, t.game.View(seat), t.tick)
	}
}

// ensureAtlas paints the deck for the palette of the settings, once per
// palette; it is called from Update, so Draw never paints.
func (t *Table) ensureAtlas(p settings.Palette) {
	t.atlas, t.atlasOf = scenes.PaletteAtlas(t.atlas, t.atlasOf, p, deck), p
}

// showResults replaces the table with the results screen; "Play again"
// deals a new game to the same seats.
func (t *Table) showResults(ctx *scenes.Context) {
	t.bots.stop()
	scores := t.game.Scores(nil)
	winners := t.game.Winners(nil)
	rows := make([]scenes.ResultRow, t.players)
	for s := range rows {
		rows[s] = scenes.ResultRow{Name: t.seatName(s), Seat: s, Score: scores[s],
			Detail: fmt.Sprintf("%d cards taken", t.pic.taken[s])}
	}
	for _, w := range winners {
		rows[w].Winner = true
	}
	title := t.seatName(winners[0]) + " wins!"
	if len(winners) > 1 {
		title = "A shared win!"
	}
	seating, seed := t.seating, t.seed
	again := func(ctx *scenes.Context) {
		ctx.Replace(New(ctx.Director(), seating, seed*0x9e3779b97f4a7c15+1), scenes.FadeQuick)
	}
	if t.networked {
		again = nil // the players meet again in the network lobby
	}
	ctx.Replace(scenes.NewResults(t.d, title, rows, again), scenes.FadeQuick)
}
