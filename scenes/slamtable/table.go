package slamtable

import (
	"fmt"
	"image"
	"math/rand/v2"

	"github.com/jankenarcade/janken/assets"
	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/replay"
	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/rulesets/slam"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/lobby"
	"github.com/jankenarcade/janken/settings"
	"github.com/jankenarcade/janken/sprites"
)

// resultsDelay is how long the final card stays on the table before the
// results screen.
const resultsDelay = 150

// seatStats is what the results screen tells about a seat.
type seatStats struct {
	presses, mistakes int
	reaction          int64 // ticks from flip to press, summed
}

// Table is the Slam table scene. Its methods other than the Scene ones
// are for tests.
type Table struct {
	d      *scenes.Director
	seats  lobby.Seating
	router *input.Router
	state  slam.State
	err    error

	bots  [rulesets.MaxSeats]slam.Bot
	isBot [rulesets.MaxSeats]bool

	atlas   *sprites.Atlas
	reduced bool
	deck    scenes.Layer[deckKey]   // the deck's thickness (draw.go)
	chrome  scenes.Layer[chromeKey] // the felt and the panels (draw.go)

	shown

	// remote marks the seats played on other machines (a network match,
	// which also has no rematch on its results).
	remote rulesets.Audience

	// rec records the match as the state recorded follows it: the table's
	// own in a local game, the settled one in a network match.
	rec      *slam.Recorder
	recorded *slam.State
	// replayed marks a table that shows a replay (Watcher).
	replayed bool
	// pausable marks a local table, which a tap on its pause button
	// pauses (touch.go).
	pausable bool
	// touchLaidFor is the screen's corner the router's touch areas were
	// laid out for (touch.go).
	touchLaidFor image.Point
}

// shown is the table's display state derived from the rules' events, all
// in ticks of the rules' clock: a plain value, so a replay viewer that
// seeks rebuilds it from a little before the tick it seeks to.
type shown struct {
	falseStart [rulesets.MaxSeats]int64 // tick of the seat's last false start
	penalty    [rulesets.MaxSeats]int64 // tick of its last penalty
	lost       [rulesets.MaxSeats]uint8 // cards that penalty cost
	showdown   int64                    // tick of the last playoff showdown
	overTick   int64
	stats      [rulesets.MaxSeats]seatStats
}

// showAge is how long ago, at most, an event still shows on the table:
// the results' delay after the game's end, longer than any flash.
const showAge = resultsDelay

// newShown returns the display state of a table where nothing happened.
func newShown() shown {
	sh := shown{overTick: -1, showdown: -1000}
	for i := range sh.falseStart {
		sh.falseStart[i], sh.penalty[i] = -1000, -1000
	}
	return sh
}

// NewTable starts a game of Slam for the lobby's seating with cfg (its
// Players must match the seating) and a fresh seed.
func NewTable(d *scenes.Director, seats lobby.Seating, cfg slam.Config, seed uint64) *Table {
	s, err := slam.New(cfg, seed)
	t := newTableFrom(d, seats, s, seed)
	t.pausable = true
	if err != nil {
		t.err = fmt.Errorf("slamtable: %w", err)
		return t
	}
	t.record(&t.state, slam.PublicSeed(seed), t.header(seed, true, replay.WholeGame))
	return t
}

// newTableFrom seats the lobby's players at a game already set up.
func newTableFrom(d *scenes.Director, seats lobby.Seating, s slam.State, seed uint64) *Table {
	t := &Table{d: d, seats: seats, router: seats.Router, state: s, shown: newShown()}
	var people slam.Seats // the adaptive bots pace themselves on them
	for seat, st := range seats.Seats {
		if st.Kind != lobby.Bot {
			people |= 1 << seat
			continue
		}
		level, err := slam.ParseDifficulty(st.Bot)
		if err != nil {
			level = slam.Medium
		}
		t.isBot[seat] = true
		t.bots[seat] = slam.NewBot(seat, level, seed)
	}
	for seat := range t.bots {
		t.bots[seat].Watch(people)
	}
	if t.router == nil {
		t.router = input.NewRouter()
	}
	return t
}

// State returns the game being played.
func (t *Table) State() *slam.State { return &t.state }

// Name implements scenes.Scene.
func (t *Table) Name() string { return "slam" }

// Update implements scenes.Scene: one tick of the rules with this tick's
// presses.
func (t *Table) Update(ctx *scenes.Context) error {
	if t.err != nil {
		return t.err
	}
	t.reduced = ctx.ReducedMotion()
	t.ensureAtlas(ctx.Settings().Palette)
	s := &t.state
	if s.Over() {
		if s.Tick()-t.overTick >= resultsDelay || ctx.Nav().Confirm {
			ctx.Replace(t.results(), scenes.FadeQuick)
		}
		var idle rulesets.Frame
		s.Step(&idle) // the clock runs on for the animations; the rules ignore it
		t.recordTick(&idle, s)
		return nil
	}
	t.layTouchAreas()
	f, ok := t.router.Poll(ctx.Source(), s.Tick())
	if !ok {
		return nil // a gamepad left: wait for it to be reclaimed
	}
	if t.pauseAsked(f) || t.pauseTapped(ctx.Nav()) {
		ctx.Push(t.pause(), scenes.FadeQuick)
		return nil
	}
	frame := rulesets.Frame{Tick: s.Tick()}
	for seat := 0; seat < s.Seats(); seat++ {
		if !t.isBot[seat] {
			frame.Pressed[seat] = f.Pressed[seat] & (rulesets.Gestures | rulesets.ButtonConfirm)
		} else {
			t.bots[seat].Act(s, &frame)
		}
	}
	s.Step(&frame)
	t.recordTick(&frame, s)
	for _, e := range s.Events() {
		t.react(ctx, e, s.Card().FlipTick)
	}
	return nil
}

// pauseAsked reports a Menu press from any device: a seated player's
// gamepad Start, or Esc on the keyboard (a tap on the pause button is
// pauseTapped's).
func (t *Table) pauseAsked(f *rulesets.Frame) bool {
	for seat := range f.Pressed {
		if f.Pressed[seat]&rulesets.ButtonMenu != 0 {
			return true
		}
	}
	for _, p := range t.router.Loose() {
		if p.Buttons&rulesets.ButtonMenu != 0 {
			return true
		}
	}
	return false
}

// pause returns the pause menu every table shares: Resume, Rules, or
// Leave, which leaves the table for the lobby.
func (t *Table) pause() scenes.Scene {
	return scenes.NewPause(t.d, "slam-pause", func() scenes.Scene { return Rules(t.d) }, func(ctx *scenes.Context) {
		ctx.Pop(scenes.FadeQuick)
		ctx.Pop(scenes.Backward)
	})
}

// react turns one rules event into sound and display state; flip is the
// flip tick of the card up after the event's tick.
func (t *Table) react(ctx *scenes.Context, e slam.Event, flip int64) {
	t.note(e, flip)
	if snd, ok := sound(e); ok {
		ctx.Play(snd)
	}
}

// note turns one rules event into display state; flip is the flip tick
// of the card up after the event's tick.
func (sh *shown) note(e slam.Event, flip int64) {
	seat := int(e.Seat)
	switch e.Kind {
	case slam.EventPress:
		if e.Result == slam.ResultCorrect || e.Result.Mistake() {
			st := &sh.stats[seat]
			st.presses++
			st.reaction += e.Tick - flip
		}
		if e.Result.Mistake() {
			sh.stats[seat].mistakes++
		}
	case slam.EventFalseStart:
		sh.falseStart[seat] = e.Tick
		sh.stats[seat].mistakes++
	case slam.EventPenalty:
		sh.penalty[seat], sh.lost[seat] = e.Tick, e.N
	case slam.EventShowdown:
		sh.showdown = e.Tick
	case slam.EventGameOver:
		sh.overTick = e.Tick
	}
}

// sound returns the sound of one rules event, if it has one.
func sound(e slam.Event) (assets.Sound, bool) {
	switch {
	case e.Kind == slam.EventFlip:
		return assets.Flip, true
	case e.Kind == slam.EventPress && e.Result.Mistake(), e.Kind == slam.EventFalseStart:
		return assets.Error, true
	case e.Kind == slam.EventPress && e.Result == slam.ResultCorrect && e.Buttons == rulesets.ButtonClap:
		return assets.Clap, true
	case e.Kind == slam.EventWon, e.Kind == slam.EventTaken:
		return assets.Slam, true
	}
	return 0, false
}

// ensureAtlas keeps the sprites drawn for palette p, the setting's.
func (t *Table) ensureAtlas(p settings.Palette) { t.atlas = t.d.Atlas(deck, p) }

// seatName returns the name the screen gives seat, as every table does.
func (t *Table) seatName(seat int) string {
	if seat >= len(t.seats.Seats) {
		return scenes.SeatName(seat, "")
	}
	if st := t.seats.Seats[seat]; st.Kind == lobby.Bot {
		return scenes.SeatName(seat, st.Bot)
	}
	return t.seats.Seats[seat].Who(seat)
}

// results builds the end screen, with a rematch for the same seats and
// the match's replay.
func (t *Table) results() *scenes.Results {
	s := &t.state
	winners := s.Winners(nil)
	rows := make([]scenes.ResultRow, s.Seats())
	for seat := range rows {
		st := t.stats[seat]
		detail := scenes.Count(st.mistakes, "mistake")
		if st.presses > 0 {
			detail = fmt.Sprintf("%d ms mean, %s", st.reaction*1000/60/int64(st.presses), detail)
		}
		rows[seat] = scenes.ResultRow{Name: t.seatName(seat), Seat: seat, Score: s.Won(seat), Detail: detail}
		for _, w := range winners {
			rows[seat].Winner = rows[seat].Winner || w == seat
		}
	}
	lol := s.Config().Mode == slam.LastOneLoses
	scenes.RankRows(rows, lol)
	title := "A shared win!"
	if len(winners) == 1 {
		title = t.seatName(winners[0]) + " wins!"
	}
	cfg := s.Config()
	again := func(ctx *scenes.Context) {
		ctx.Replace(NewTable(t.d, t.seats, cfg, rand.Uint64()), scenes.FadeQuick)
	}
	if t.remote != 0 {
		again = nil // the players meet again in the network lobby
	}
	res := scenes.NewResults(t.d, title, rows, again)
	rep := t.Replay()
	res.Failed = t.keep(rep)
	if v, err := Watch(t.d, rep); err == nil {
		res.AddAction("Watch replay", func(ctx *scenes.Context) { ctx.Push(v, scenes.Forward) })
	}
	return res
}
