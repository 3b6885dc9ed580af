package thatsminetable

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/persist"
	"github.com/jankenarcade/janken/rulesets"
	tm "github.com/jankenarcade/janken/rulesets/thatsmine"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/cardtable"
	"github.com/jankenarcade/janken/scenes/lobby"
	"github.com/jankenarcade/janken/scenes/privacy"
	"github.com/jankenarcade/janken/scenes/scenetest"
)

// sharedKeys is the keyboard zone with the arrows and Enter.
var sharedKeys = input.Device{Kind: input.KeyZone, Index: 1}

// harness runs a table in a headless director fed by a Script.
type harness struct {
	t     *testing.T
	d     *scenes.Director
	src   *input.Script
	run   *Runner
	table *table    // the game's part of the scene
	game  *tm.State // the whole game
}

// localMatch is a couch match of That's Mine.
type localMatch = cardtable.Local[*tm.State, tm.View, tm.Action, tm.Event]

// seating seats humans ('h') on the shared keyboard zone and easy bots
// ('b') elsewhere.
func seating(t *testing.T, kinds string) lobby.Seating {
	var names []string
	for _, k := range kinds {
		name := "easy"
		if k == 'h' {
			name = "h"
		}
		names = append(names, name)
	}
	return seatingFor(t, names...)
}

// seatingFor seats "h" on the shared keyboard zone and bots by level.
func seatingFor(t *testing.T, kinds ...string) lobby.Seating {
	router := input.NewRouter()
	s := lobby.Seating{Router: router, Privacy: privacy.HandOff}
	for seat, k := range kinds {
		if k != "h" {
			s.Seats = append(s.Seats, lobby.Seat{Kind: lobby.Bot, Bot: k})
			continue
		}
		s.Seats = append(s.Seats, lobby.Seat{Kind: lobby.Human, Device: sharedKeys})
		if err := router.Bind(seat, sharedKeys); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// newHarness opens the table and runs its first tick.
func newHarness(t *testing.T, s lobby.Seating, position *tm.State, seed uint64) *harness {
	h := openTable(t, s, position, seed)
	h.tick()
	return h
}

// openTable opens the table for s at position (a new game dealt from
// secret if nil) in a director of its own; its bots answer inline.
func openTable(t *testing.T, s lobby.Seating, position *tm.State, secret uint64) *harness {
	t.Helper()
	h := &harness{t: t, src: new(input.Script)}
	var err error
	h.d = scenes.New(scenes.Options{Source: h.src, Store: persist.At(t.TempDir()),
		Start: func(d *scenes.Director) scenes.Scene {
			h.run, h.table, err = open(d, s, position, secret)
			if err != nil {
				return scenes.NewTitle(d)
			}
			h.run.ThinkInline()
			h.game = h.run.Match().(*localMatch).Game
			return h.run
		}})
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// view returns seat's view of the game, as the runner gives it.
func (h *harness) view(seat int) tm.View { return h.run.Match().View(seat) }

// tick runs one director tick with a tap of keys.
func (h *harness) tick(keys ...ebiten.Key) {
	h.t.Helper()
	for _, k := range keys {
		h.src.Do(input.KeyDown(k))
	}
	if err := h.d.Update(); err != nil {
		h.t.Fatal(err)
	}
	h.src.Advance()
	for _, k := range keys {
		h.src.Do(input.KeyUp(k))
	}
}

// click moves the pointer to (x, y) on the logical screen and clicks.
func (h *harness) click(x, y float64) {
	sx, sy := h.d.ToScreen(x, y)
	h.src.Do(input.MouseMove(sx, sy))
	h.tick()
	h.src.Do(input.MouseDown(ebiten.MouseButtonLeft))
	h.tick()
	h.src.Do(input.MouseUp(ebiten.MouseButtonLeft))
}

// TestRulebookExampleOnScreen drives the rules file's example through the
// scene: four humans on one keyboard pass it round behind the curtain and
// play their cards, then the reveal must show every step the rules tell,
// in order, with the board matching at each step.
func TestRulebookExampleOnScreen(t *testing.T) {
	pos, err := tm.Decode([]byte(tm.RulebookExample))
	if err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, seating(t, "hhhhb"), pos, 1)
	tab, gate, st := h.table, h.run.Gate(), h.run.Status()
	for seat, want := range []tm.Card{7, 3, 26, 12} {
		if c, ok := gate.Curtain(); !ok || c != seat {
			t.Fatalf("curtain for %d, %v; want it up for seat %d", c, ok, seat)
		}
		if st.Shown != -1 {
			t.Fatalf("a hand shows while the curtain waits for seat %d", seat)
		}
		h.tick(ebiten.KeyEnter) // lift the curtain
		if got := st.Shown; got != seat {
			t.Fatalf("after the curtain lifted, seat %d's hand shows, want %d", got, seat)
		}
		if card := h.view(seat).Hand.Cards(nil)[tab.picks[seat].cursor]; card != want {
			t.Fatalf("seat %d's cursor is on %v, want %v", seat, card, want)
		}
		h.tick(ebiten.KeyEnter) // play it with wager 0
		// The last choice ends the round: it is a new one's by then.
		if seat < 3 && !h.view(seat).Chosen[seat] {
			t.Fatalf("seat %d did not play", seat)
		}
		h.tick() // the table hears of the choice: the next curtain, or the reveal
	}
	// The round resolved in the game; the show plays it out beat by beat.
	type shown struct {
		caption, detail string
		survivor        int
		kitty           int
	}
	var beats []shown
	for i := 0; tab.show.busy(tab.now) && i < 5000; i++ {
		if tab.show.start == tab.now {
			beats = append(beats, shown{tab.show.cur.caption, tab.show.cur.detail, tab.board.survivor, tab.board.kitty})
		}
		h.tick()
	}
	var got []string
	for _, b := range beats {
		got = append(got, fmt.Sprintf("%s | %s | survivor %d | kitty %d", b.caption, b.detail, b.survivor, b.kitty))
	}
	want := []string{
		"Wagers revealed | Lowest tier first: 0, 2 | survivor -1 | kitty 1",
		"Tier 0 | Players 1, 2, 3 and 4 reveal first | survivor -1 | kitty 1",
		"Cards turn over | Rock 7 · Scissors 3 · Paper 26 · Scissors 12 | survivor -1 | kitty 1",
		"Match! Scissors 3, Scissors 12 | Same symbol: the lowest number stays — Scissors 3 | survivor -1 | kitty 1",
		"Stalemate! Scissors 3, Rock 7, Paper 26 | All three symbols: the highest number survives — Paper 26 | survivor -1 | kitty 1",
		"Player 3 survives | with Paper 26 after tier 0 | survivor 2 | kitty 1",
		"Tier 2 | Player 5 challenges Player 3, the survivor | survivor 2 | kitty 1",
		"Player 5 puts 2 into the kitty | The kitty now holds 3 | survivor 2 | kitty 3",
		"Cards turn over | Rock 33 | survivor 2 | kitty 3",
		"Paper 26 beats Rock 33 | Paper covers Rock | survivor 2 | kitty 3",
		"Player 3 survives | with Paper 26 after tier 2 | survivor 2 | kitty 3",
		"That's mine! Player 3 takes 3 | Player 3 now holds 5 of 15 | survivor 2 | kitty 0",
		"Play cards to the discard pile |  | survivor -1 | kitty 0",
		"Round 5 | 1 token from the supply (45 left) to the kitty | survivor -1 | kitty 1",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("the show:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if tab.board.tokens != [tm.MaxPlayers]int{2, 3, 5, 2, 2} {
		t.Errorf("tokens on the table %v", tab.board.tokens)
	}
	// The log tells the same story in the rules' words.
	log := strings.Join(st.Lines(), "\n")
	for _, line := range []string{"Player 3 reveals Paper 26.", "Match of Scissors 3, Scissors 12: the lowest, Scissors 3, stays.",
		"Stalemate of Scissors 3, Rock 7, Paper 26: the highest, Paper 26, survives.", "Paper 26 beats Rock 33.",
		"That's mine! Player 3 takes 3 tokens (now 5)."} {
		if !strings.Contains(log, line) {
			t.Errorf("the log lacks %q:\n%s", line, log)
		}
	}
	// The next round begins with the curtain for the first human.
	h.tick()
	if c, ok := gate.Curtain(); !ok || c != 0 {
		t.Errorf("next round: curtain %d, %v", c, ok)
	}
}

// TestWholeGameAgainstBots plays a game to the results screen: one human
// on the keyboard (Enter plays the raised card and speeds the reveal) and
// four bots.
func TestWholeGameAgainstBots(t *testing.T) {
	h := newHarness(t, seating(t, "hbbbb"), nil, 7)
	tab := h.table
	for i := 0; i < 60000 && h.d.Top() == scenes.Scene(h.run); i++ {
		if i%2 == 0 {
			h.tick(ebiten.KeyEnter)
		} else {
			h.tick()
		}
		if err := h.game.Check(); err != nil {
			t.Fatal(err)
		}
	}
	if !h.game.Over() {
		t.Fatalf("the game did not end (round %d)", tab.board.round)
	}
	log := h.run.Status().Lines()
	t.Logf("the game ended after %d rounds, %d ticks, %d log lines", tab.board.round, tab.now, len(log))
	h.tick()
	if name := h.d.Top().Name(); name != "results" {
		t.Errorf("after the game the top scene is %q, want results", name)
	}
	if all := strings.Join(log, "\n"); !strings.Contains(all, "wins!") && !strings.Contains(all, "win!") {
		t.Errorf("the log does not tell who won")
	}
	res := h.d.Top().(*cardtable.Results)
	if rows := res.Rows(); rows[0].Name == "" || rows[len(rows)-1].Detail != "" {
		t.Errorf("results rows %+v: want names, and no detail for the bots", rows)
	}
}

// TestSecretDealsAndRematch: a table deals from its match's secret one
// way, and "Play again" deals the rematch from the secret derived for it.
func TestSecretDealsAndRematch(t *testing.T) {
	const secret = 7
	h := newHarness(t, seating(t, "bbb"), nil, secret)
	want, err := tm.New(tm.Config{Players: 3}, rulesets.DeriveSeed(secret, "deal", -1))
	if err != nil {
		t.Fatal(err)
	}
	if h.game.View(-1) != want.View(-1) || h.game.View(0) != want.View(0) {
		t.Fatal("the table's game is not the one its secret deals")
	}
	first := h.run
	for i := 0; i < 60000 && h.d.Top() == scenes.Scene(first); i++ {
		h.tick()
	}
	for range 60 { // the results fade in
		h.tick()
	}
	h.tick(ebiten.KeyEnter) // "Play again"
	var next *Runner
	for i := 0; i < 120 && next == nil; i++ { // compared as dealt, before its bots choose
		h.tick()
		next, _ = h.d.Top().(*Runner)
	}
	if next == nil {
		t.Fatalf("after Play again the top scene is %q", h.d.Top().Name())
	}
	rematch, err := tm.New(tm.Config{Players: 3}, rulesets.DeriveSeed(rulesets.DeriveSeed(secret, "rematch", -1), "deal", -1))
	if err != nil {
		t.Fatal(err)
	}
	if got := next.Match().View(0); got != rematch.View(0) {
		t.Errorf("the rematch dealt seat 0 %v, want %v", got.Hand.Cards(nil), rematch.View(0).Hand.Cards(nil))
	}
}

// TestHumanControls: the arrows move the card cursor and the wager, which
// stays within the tokens held; the pointer plays too.
func TestHumanControls(t *testing.T) {
	pos, err := tm.Decode([]byte(tm.RulebookExample))
	if err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, seating(t, "hbbbb"), pos, 3)
	tab := h.table
	// Seat 0 holds Rock 7, Rock 16, Scissors 18 and 2 tokens.
	h.tick(ebiten.KeyArrowRight)
	h.tick(ebiten.KeyArrowRight)
	h.tick(ebiten.KeyArrowUp)
	h.tick(ebiten.KeyArrowUp)
	h.tick(ebiten.KeyArrowUp)
	if p := tab.picks[0]; p.cursor != 2 || p.wager != 2 {
		t.Fatalf("cursor %d wager %d, want 2 and 2 (capped at the tokens)", p.cursor, p.wager)
	}
	h.tick(ebiten.KeyArrowDown)
	h.tick(ebiten.KeyEnter)
	v := h.view(0)
	if !v.Chosen[0] || v.Choice != (tm.Action{Card: 18, Wager: 1}) {
		t.Errorf("played %v (chosen %v), want Scissors 18 with 1", v.Choice, v.Chosen[0])
	}
}

// TestPeekPrivacy: with a device each, no hand shows until its player
// holds Peek, and none while two hold it at once.
func TestPeekPrivacy(t *testing.T) {
	router := input.NewRouter()
	left, right := input.Device{Kind: input.KeyZone, Index: 0}, sharedKeys
	s := lobby.Seating{Router: router, Privacy: privacy.Peek, Seats: []lobby.Seat{
		{Kind: lobby.Human, Device: left}, {Kind: lobby.Human, Device: right}, {Kind: lobby.Bot, Bot: "easy"}}}
	if err := router.Bind(0, left); err != nil {
		t.Fatal(err)
	}
	if err := router.Bind(1, right); err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, s, nil, 5)
	step := func(events ...input.Event) int {
		h.src.Do(events...)
		if err := h.d.Update(); err != nil {
			t.Fatal(err)
		}
		h.src.Advance()
		return h.run.Status().Shown
	}
	if got := step(); got != -1 {
		t.Errorf("seat %d's hand shows with nobody peeking", got)
	}
	scenetest.Shoot(t, h.d, "thatsmine-peek-hint") // "Hold L-Shift or R-Shift …"
	if got := step(input.KeyDown(ebiten.KeyShiftLeft)); got != 0 {
		t.Errorf("seat 0 peeks but seat %d shows", got)
	}
	if got := step(input.KeyDown(ebiten.KeyShiftRight)); got != -1 {
		t.Errorf("two peek at once but seat %d shows", got)
	}
	if got := step(input.KeyUp(ebiten.KeyShiftLeft)); got != 1 {
		t.Errorf("seat 1 peeks alone but seat %d shows", got)
	}
	if got := step(input.KeyUp(ebiten.KeyShiftRight)); got != -1 {
		t.Errorf("seat %d's hand stays after Peek is let go", got)
	}
}

// TestTapLiftsCurtain: on a tablet passed round, a tap lifts the curtain
// for the seat it waits for, and the next taps choose and play.
func TestTapLiftsCurtain(t *testing.T) {
	pos, err := tm.Decode([]byte(tm.RulebookExample))
	if err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, seating(t, "hhhhb"), pos, 1)
	tab, click := h.table, h.click
	click(640, 360)
	if h.run.Status().Shown != 0 {
		t.Fatalf("the tap did not lift seat 0's curtain")
	}
	h.tick() // the hand is laid out for the seat
	g := &tab.graph
	click(g.cards[1].X, g.cards[1].Y) // raise Rock 16
	click(g.plus.X, g.plus.Y)         // wager 1
	click(g.play.X, g.play.Y)
	if v := h.view(0); v.Choice != (tm.Action{Card: 16, Wager: 1}) {
		t.Errorf("seat 0 played %v, want Rock 16 with 1", v.Choice)
	}
}

// TestMenuAndRules: the Menu button pauses the table, Resume returns to
// it, F1 shows the rules summary and Back closes it.
func TestMenuAndRules(t *testing.T) {
	h := newHarness(t, seating(t, "hbb"), nil, 4)
	for _, step := range []struct {
		key  ebiten.Key
		want string
	}{
		{ebiten.KeyBackslash, "thatsmine-pause"}, // zone 1's Menu key
		{ebiten.KeyEnter, "thatsmine"},           // Resume
		{ebiten.KeyF1, "rules"},
		{ebiten.KeyEscape, "thatsmine"},
	} {
		h.tick(step.key)
		for range 30 { // let the transition finish
			h.tick()
		}
		if got := h.d.Top().Name(); got != step.want {
			t.Fatalf("after %v the top scene is %q, want %q", step.key, got, step.want)
		}
	}
}

// TestButtonsInLogPanel: the runner's Rules and Menu buttons sit at the
// top of the log panel, where the table puts them, and answer clicks.
func TestButtonsInLogPanel(t *testing.T) {
	h := newHarness(t, seating(t, "hbb"), nil, 4)
	places := h.table.config(nil, lobby.Seating{}, 0).Places
	for _, step := range []struct {
		x    float64
		want string
	}{
		{places.RulesX, "rules"},
		{places.MenuX, "thatsmine-pause"},
	} {
		if step.x < logX {
			t.Fatalf("a button at x %v, left of the log panel at %v", step.x, logX)
		}
		h.click(step.x+20, places.Y+10)
		for range 30 {
			h.tick()
		}
		if got := h.d.Top().Name(); got != step.want {
			t.Fatalf("a click at x %v opened %q, want %q", step.x, got, step.want)
		}
		h.tick(ebiten.KeyEscape)
		for range 30 {
			h.tick()
		}
	}
}
