// Package thatsminetable is the table scene of That's Mine: the couch
// (and bots) choose a play card and a wager in private, then the reveal
// plays out tier by tier — wagers flip together, each tier's cards turn
// over, the comparison is explained as it happens (matches, then
// rock-paper-scissors or the stalemate), the survivor is highlighted, and
// the kitty flies to the last survivor.
//
// The scene never reads the game's hidden state: it draws the public
// board from events and a seat's hand only through the privacy gate
// (hand-off curtain or hold-to-peek), asking the ruleset for that seat's
// view alone.
package thatsminetable

import (
	"fmt"
	"slices"

	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"github.com/jankenarcade/janken/assets"
	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/rulesets"
	tm "github.com/jankenarcade/janken/rulesets/thatsmine"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/lobby"
	"github.com/jankenarcade/janken/scenes/privacy"
	"github.com/jankenarcade/janken/settings"
	"github.com/jankenarcade/janken/sprites"
)

// Entry registers That's Mine with the title menu: it opens the lobby,
// which starts a table.
func Entry() scenes.Entry {
	return scenes.Entry{
		Name:       "thatsmine",
		Title:      "That's Mine",
		Blurb:      "Pick a card, wager your tokens, and be the last one standing when the tiers turn over.",
		Credit:     "That's Mine by Matthew C. Anderson, Smirking Storm Games (2014)",
		MinPlayers: tm.MinPlayers,
		MaxPlayers: tm.MaxPlayers,
		Open:       openLobby,
	}
}

func openLobby(d *scenes.Director) scenes.Scene {
	return lobby.New(d, lobby.Config{
		Title: "That's Mine", MinPlayers: tm.MinPlayers, MaxPlayers: tm.MaxPlayers,
		Bots: []string{"easy", "medium", "hard"},
		Start: func(ctx *scenes.Context, s lobby.Seating) {
			t, err := New(ctx.Director(), s, nil, uint64(ctx.Tick())*0x9e3779b97f4a7c15+1)
			if err != nil {
				return // the lobby enforces the player range: cannot happen
			}
			ctx.Replace(t, scenes.FadeQuick)
		},
	})
}

// Table is the That's Mine table scene.
type Table struct {
	d       *scenes.Director
	seating lobby.Seating
	game    match     // the game as this machine knows it
	state   *tm.State // the whole game, on the couch or a network host; nil on a network client
	bots    [tm.MaxPlayers]rulesets.Bot[*tm.State, tm.Action]
	humans  rulesets.Audience
	gate    *privacy.Gate
	seed    uint64

	board board
	show  show
	now   int64 // the scene's own ticks

	picks  [tm.MaxPlayers]pick
	botDue [tm.MaxPlayers]int64
	owe    []int
	frame  rulesets.Frame // this tick's frame when the scene adds a tap
	keys   []ebiten.Key
	quit   bool
	ended  bool

	// networked: the match is played over the network, where the game
	// cannot pause and the players meet again in the network lobby.
	networked bool

	disc     vector.Path // a wager chip's disc, radius 22, built once
	atlas    *sprites.Atlas
	atlasFor settings.Palette
	shown    bool // drawn at least once: it needs its sprites
	hits     hitAreas
}

// pick is a human seat's choice in progress.
type pick struct {
	cursor int // index into the hand, by increasing number
	wager  int
}

// New starts a table for the seating. position, if not nil, is the game to
// continue (a decoded position, for tests and saved games); otherwise a
// new game is dealt from seed.
func New(d *scenes.Director, s lobby.Seating, position *tm.State, seed uint64) (*Table, error) {
	game := position
	if game == nil {
		var err error
		if game, err = tm.New(tm.Config{Players: len(s.Seats)}, seed); err != nil {
			return nil, err
		}
	}
	return newTable(d, s, game, game, seed)
}

// newTable seats s at game g, of which state is the whole game when this
// machine has it.
func newTable(d *scenes.Director, s lobby.Seating, g match, state *tm.State, seed uint64) (*Table, error) {
	game := g
	if game.Seats() != len(s.Seats) {
		return nil, fmt.Errorf("thatsminetable: %d seats for a %d-player game", len(s.Seats), game.Seats())
	}
	t := &Table{d: d, seating: s, game: game, state: state, seed: seed, humans: s.Humans()}
	for seat, st := range s.Seats {
		if st.Kind == lobby.Bot {
			bot, err := tm.NewBot(st.Bot, seed^uint64(seat+1)*0xbf58476d1ce4e5b9)
			if err != nil {
				return nil, err
			}
			t.bots[seat] = bot
		}
	}
	mode := s.Privacy
	if t.single() >= 0 {
		mode = privacy.HandOff // one human: nothing to hide from anyone
	}
	var focus func(int)
	if s.Router != nil {
		focus = s.Router.Focus
	}
	t.gate = privacy.NewGate(mode, t.humans, focus)
	t.board = newBoard(game.View(-1))
	t.show.log = append(t.show.log, fmt.Sprintf("Round %d: the kitty holds %d; first to %d wins.", t.board.round, t.board.kitty, t.board.target))
	t.disc.Arc(0, 0, 22, 0, 2*math.Pi, vector.Clockwise)
	t.disc.Close()
	t.layoutHand(0, false)
	game.ClearEvents()
	t.scheduleBots()
	return t, nil
}

// single returns the only human seat, or -1 when there are none or
// several.
func (t *Table) single() int {
	for seat := range t.game.Seats() {
		if t.humans == rulesets.Only(seat) {
			return seat
		}
	}
	return -1
}

// Name implements scenes.Scene.
func (t *Table) Name() string { return "thatsmine" }

// Game returns the game being played (for tests and the debug overlay).
func (t *Table) Game() *tm.State { return t.state }

// Log returns the game log so far, oldest first: the public events in the
// words of the rules, as the show reached them.
func (t *Table) Log() []string { return t.show.log }

// Update implements scenes.Scene.
func (t *Table) Update(ctx *scenes.Context) error {
	if t.quit {
		ctx.Pop(scenes.Backward)
		return nil
	}
	if t.shown {
		t.ensureAtlas(ctx.Settings().Palette)
	}
	var f *rulesets.Frame
	if r := t.seating.Router; r != nil {
		fr, ok := r.Poll(ctx.Source(), ctx.Tick())
		if !ok {
			return nil // a controller is unplugged: the table waits (Draw says so)
		}
		f = fr
	}
	t.now++
	if !t.networked && t.menuPressed(ctx, f) {
		ctx.Push(scenes.NewPause(t.d, "thatsmine-pause", func() scenes.Scene { return rulesOverlay(t.d) },
			func(ctx *scenes.Context) {
				t.quit = true // the table leaves when it is on top again
				ctx.Pop(scenes.FadeQuick)
			}), scenes.FadeQuick)
		return nil
	}
	if !t.networked && t.rulesPressed(ctx) {
		ctx.Push(rulesOverlay(t.d), scenes.FadeQuick)
		return nil
	}
	speed := 1
	if ctx.ReducedMotion() {
		speed = 2
	}
	if t.show.busy(t.now) {
		t.gate.Owe(nil)
		t.gate.Update(f)
		if t.anyConfirm(f) || ctx.Nav().Click {
			t.show.skip(t.now)
		}
		t.show.step(t.now, &t.board, speed)
		t.beatSound(ctx)
		if !t.show.busy(t.now) {
			t.roundBegins(ctx)
		}
		return nil
	}
	if t.game.Over() {
		t.finish(ctx)
		return nil
	}
	t.owe = t.game.ToAct(t.owe[:0])
	t.gate.Owe(t.owe)
	if seat, ok := t.gate.Curtain(); ok && ctx.Nav().Click {
		f = t.tapCurtain(f, seat) // a tap lifts the curtain too (a tablet passed round)
	}
	t.gate.Update(f)
	if t.actBots(ctx) {
		return nil
	}
	if seat := t.gate.Viewer(); t.gate.MayAct(seat) && t.owes(seat) {
		t.actHuman(ctx, seat, f)
	}
	return nil
}

// beatSound plays the sound of a beat that starts on this tick.
func (t *Table) beatSound(ctx *scenes.Context) {
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

// tapCurtain returns f with a Confirm press for seat added.
func (t *Table) tapCurtain(f *rulesets.Frame, seat int) *rulesets.Frame {
	t.frame = rulesets.Frame{}
	if f != nil {
		t.frame = *f
	}
	t.frame.Pressed[seat] |= rulesets.ButtonConfirm
	return &t.frame
}

// owes reports whether seat owes its choice now.
func (t *Table) owes(seat int) bool {
	return slices.Contains(t.owe, seat)
}

// roundBegins runs when a show ends: the next choices start fresh.
func (t *Table) roundBegins(ctx *scenes.Context) {
	t.picks = [tm.MaxPlayers]pick{}
	t.scheduleBots()
}

// scheduleBots staggers the bots' choices so that the table does not
// decide in a single frame.
func (t *Table) scheduleBots() {
	k := int64(0)
	for seat := range t.game.Seats() {
		if t.bots[seat] != nil {
			k++
			t.botDue[seat] = t.now + 20 + 18*k
		}
	}
}

// actBots lets at most one due bot choose; it reports whether one did.
func (t *Table) actBots(ctx *scenes.Context) bool {
	for _, seat := range t.owe {
		if t.bots[seat] == nil || t.now < t.botDue[seat] {
			continue
		}
		t.apply(ctx, seat, t.bots[seat].Choose(t.state, seat))
		return true
	}
	return false
}

// apply plays seat's choice and queues the events it caused.
func (t *Table) apply(ctx *scenes.Context, seat int, a tm.Action) {
	t.game.ClearEvents()
	if err := t.game.Apply(seat, a); err != nil {
		return // the interface offers legal choices only
	}
	t.show.push(t.game.Events())
	t.show.step(t.now, &t.board, 1)
	ctx.Play(assets.Slam)
}

// finish opens the results screen.
func (t *Table) finish(ctx *scenes.Context) {
	if t.ended {
		return
	}
	t.ended = true
	var rows []scenes.ResultRow
	scores := t.game.Scores(nil)
	winners := t.board.winners
	for seat, score := range scores {
		rows = append(rows, scenes.ResultRow{Name: t.seatName(seat), Seat: seat, Score: score,
			Detail: t.seatKind(seat), Winner: winners.Has(seat)})
	}
	again := func(ctx *scenes.Context) {
		next, err := New(t.d, t.seating, nil, t.seed*6364136223846793005+1442695040888963407)
		if err == nil {
			next.atlas, next.atlasFor = t.atlas, t.atlasFor
			ctx.Replace(next, scenes.FadeQuick)
		}
	}
	if t.networked {
		again = nil // the players meet again in the network lobby
	}
	ctx.Replace(scenes.NewResults(t.d, "That's mine!", rows, again), scenes.FadeQuick)
}

// seatName is how the table names a seat.
func (t *Table) seatName(seat int) string { return privacy.SeatName(seat) }

// seatKind says who plays the seat: "bot · hard" or the human's device.
func (t *Table) seatKind(seat int) string {
	if seat < len(t.seating.Seats) && t.seating.Seats[seat].Kind == lobby.Bot {
		return "bot · " + t.seating.Seats[seat].Bot
	}
	if seat < len(t.seating.Seats) && t.seating.Seats[seat].Device != input.NoDevice {
		return lobby.DeviceName(t.seating.Seats[seat].Device)
	}
	if t.networked && !t.humans.Sees(seat) {
		return "over the network"
	}
	return "player"
}

func (t *Table) anyConfirm(f *rulesets.Frame) bool {
	if f == nil {
		return false
	}
	for seat := range t.game.Seats() {
		if t.humans.Sees(seat) && f.Pressed[seat].Has(rulesets.ButtonConfirm) {
			return true
		}
	}
	return false
}

func (t *Table) menuPressed(ctx *scenes.Context, f *rulesets.Frame) bool {
	if ctx.Nav().Click && t.hits.menu.contains(ctx.Nav().PointerX, ctx.Nav().PointerY) {
		return true
	}
	if f == nil {
		return false
	}
	for seat := range t.game.Seats() {
		if f.Pressed[seat].Has(rulesets.ButtonMenu) {
			return true
		}
	}
	return false
}

func (t *Table) rulesPressed(ctx *scenes.Context) bool {
	if ctx.Nav().Click && t.hits.rules.contains(ctx.Nav().PointerX, ctx.Nav().PointerY) {
		return true
	}
	t.keys = ctx.Source().AppendJustPressedKeys(t.keys[:0])
	for _, k := range t.keys {
		if k == ebiten.KeyF1 {
			return true
		}
	}
	return false
}

// actHuman moves seat's card cursor and wager with its buttons and the
// pointer, and plays the choice on Confirm or the Play button.
func (t *Table) actHuman(ctx *scenes.Context, seat int, f *rulesets.Frame) {
	v := t.game.View(seat)
	hand := v.Hand.Cards(nil)
	p := &t.picks[seat]
	tokens := v.Tokens[seat]
	var pressed rulesets.Buttons
	if f != nil {
		pressed = f.Pressed[seat]
	}
	nav := ctx.Nav()
	t.layoutHand(len(hand), true)
	switch {
	case pressed.Has(rulesets.ButtonLeft):
		p.cursor = (p.cursor + len(hand) - 1) % len(hand)
		ctx.Play(assets.Click)
	case pressed.Has(rulesets.ButtonRight):
		p.cursor = (p.cursor + 1) % len(hand)
		ctx.Play(assets.Click)
	case pressed.Has(rulesets.ButtonUp):
		p.wager = min(p.wager+1, tokens)
		ctx.Play(assets.Click)
	case pressed.Has(rulesets.ButtonDown):
		p.wager = max(p.wager-1, 0)
		ctx.Play(assets.Click)
	}
	play := pressed.Has(rulesets.ButtonConfirm)
	if nav.Click {
		x, y := nav.PointerX, nav.PointerY
		for i := range hand {
			if t.hits.cards[i].contains(x, y) {
				if p.cursor == i {
					play = true // a second tap on the raised card plays it
				}
				p.cursor = i
			}
		}
		switch {
		case t.hits.minus.contains(x, y):
			p.wager = max(p.wager-1, 0)
		case t.hits.plus.contains(x, y):
			p.wager = min(p.wager+1, tokens)
		case t.hits.play.contains(x, y):
			play = true
		}
	}
	p.cursor = min(p.cursor, len(hand)-1)
	p.wager = min(p.wager, tokens)
	if play {
		t.apply(ctx, seat, tm.Action{Card: hand[p.cursor], Wager: p.wager})
	}
}
