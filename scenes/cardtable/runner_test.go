package cardtable

import (
	"slices"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/persist"
	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/lobby"
	"github.com/jankenarcade/janken/scenes/privacy"
	"github.com/jankenarcade/janken/scenes/scenetest"
)

func TestMain(m *testing.M) { scenetest.Main(m) }

// rightKeys and leftKeys are the keyboard's two zones.
var (
	leftKeys  = input.Device{Kind: input.KeyZone, Index: 0}
	rightKeys = input.Device{Kind: input.KeyZone, Index: 1}
)

// fixture is a toy table under a director, its bots recorded.
type fixture struct {
	t      *testing.T
	src    *input.Script
	d      *scenes.Director
	r      *Runner[toyView, int, toyEvent, *toyView]
	game   *toy
	table  *toyTable
	bots   []*highBot
	agains []uint64 // the secrets rematches were dealt from
	// againErr, if set, is the error the rematch's deal fails with.
	againErr error
	// closing is the window's closing, as Run reports it.
	closing bool
}

// newFixture seats humans on the given devices (nil: a bot) at a toy game
// of len(devices) seats and rounds rounds.
func newFixture(t *testing.T, rounds int, mode privacy.Mode, devices ...*input.Device) *fixture {
	return newFixtureWith(t, rounds, mode, nil, devices...)
}

// newFixtureWith is newFixture whose runner's config adjust changes
// first (nil: none).
func newFixtureWith(t *testing.T, rounds int, mode privacy.Mode, adjust func(*Config[toyView, int, toyEvent]), devices ...*input.Device) *fixture {
	f := &fixture{t: t, src: new(input.Script), game: newToy(len(devices), rounds), table: &toyTable{}}
	router := input.NewRouter()
	seating := lobby.Seating{Router: router, Privacy: mode}
	for seat, dev := range devices {
		if dev == nil {
			seating.Seats = append(seating.Seats, lobby.Seat{Kind: lobby.Bot, Bot: "high"})
			continue
		}
		seating.Seats = append(seating.Seats, lobby.Seat{Kind: lobby.Human, Device: *dev})
		if err := router.Bind(seat, *dev); err != nil {
			t.Fatal(err)
		}
	}
	cfg := Config[toyView, int, toyEvent]{
		Name: "toy", Title: "Toy", Table: f.table, Seating: seating, Secret: 42,
		Match: NewLocal[*toy, toyView, int, toyEvent](f.game, (*toy).view),
		NewBot: func(name string, seat int, seed uint64) (rulesets.Bot[toyView, int], error) {
			b := &highBot{}
			f.bots = append(f.bots, b)
			return b, nil
		},
		Rules: func() scenes.Scene { return scenes.NewRules(nil, "Toy") },
		Again: func(d *scenes.Director, s lobby.Seating, secret uint64) (scenes.Scene, error) {
			f.agains = append(f.agains, secret)
			if f.againErr != nil {
				return nil, f.againErr
			}
			return scenes.NewRules(d, "Rematch"), nil
		},
	}
	if adjust != nil {
		adjust(&cfg)
	}
	// The table opens over the credits, as it would over its lobby.
	f.d = scenes.New(scenes.Options{Source: f.src, Store: persist.At(t.TempDir()), Start: func(d *scenes.Director) scenes.Scene {
		return scenes.NewCredits(d)
	}, Closing: func() bool { return f.closing }})
	r, err := New[toyView, int, toyEvent](f.d, cfg)
	if err != nil {
		t.Fatal(err)
	}
	r.ThinkInline()
	f.r = r
	f.d.Push(r, scenes.Transition{Kind: scenes.Cut})
	f.tick()
	return f
}

// tick runs one director tick with events, then releases the keys pressed.
func (f *fixture) tick(events ...input.Event) {
	f.t.Helper()
	f.src.Do(events...)
	if err := f.d.Update(); err != nil {
		f.t.Fatal(err)
	}
	f.src.Advance()
	f.src.Do(input.Releases(events)...)
}

// until ticks until done, at most limit ticks.
func (f *fixture) until(limit int, done func() bool) {
	f.t.Helper()
	for range limit {
		if done() {
			return
		}
		f.tick()
	}
	if !done() {
		f.t.Fatalf("not done after %d ticks; top scene %q", limit, f.d.Top().Name())
	}
}

// TestSoloGameToResults plays a human (Enter: the highest card) against a
// bot to the results: the bot sees only its own views, answers no sooner
// than BotMinTicks, and the results rank the seats with the winner in the
// headline.
func TestSoloGameToResults(t *testing.T) {
	f := newFixture(t, 3, privacy.HandOff, &rightKeys, nil)
	for round := range 3 {
		f.until(200, func() bool { return f.r.Status().Acting == 0 })
		f.tick(input.KeyDown(ebiten.KeyEnter))
		f.until(200, func() bool { return f.game.round == round+1 })
	}
	f.until(400, func() bool { return f.d.Top().Name() == "results" })
	if len(f.bots) != 1 || len(f.bots[0].asked) != 3 {
		t.Fatalf("bots %v asked", f.bots)
	}
	for _, v := range f.bots[0].asked {
		if v.Seat != 1 {
			t.Errorf("the bot of seat 1 was asked with the view of seat %d", v.Seat)
		}
	}
	if got := len(f.table.shown); got != 3 {
		t.Errorf("%d rounds shown, want 3", got)
	}
	res := f.d.Top().(*Results)
	if got := res.Title(); got != "A shared win!" {
		t.Errorf("title %q: both played 3, 2, 1 and tied every round", got)
	}
}

// TestBotWaitsBotMinTicks: a bot answering inline still takes
// BotMinTicks over its choice, as it does live.
func TestBotWaitsBotMinTicks(t *testing.T) {
	f := newFixture(t, 2, privacy.HandOff, nil, nil)
	start := f.r.Status().Tick
	f.until(200, func() bool { return f.game.round == 1 })
	if took := f.r.Status().Tick - start; took < BotMinTicks {
		t.Errorf("the bots' first round took %d ticks, less than %d", took, BotMinTicks)
	}
}

// TestHandOffShowsOneHandAtATime: two humans on one keyboard pass the
// screen behind the curtain; while one chooses, only its view is drawn or
// asked for input.
func TestHandOffShowsOneHandAtATime(t *testing.T) {
	f := newFixture(t, 2, privacy.HandOff, &rightKeys, &rightKeys)
	f.until(50, func() bool { return f.r.Status().Curtain })
	f.table.drawn, f.table.inputs = nil, nil
	f.d.Draw(ebiten.NewImage(scenes.ScreenWidth, scenes.ScreenHeight))
	if !slices.Equal(f.table.drawn, []int{-1}) {
		t.Errorf("under the curtain the table drew the views of %v, want only the public one", f.table.drawn)
	}
	f.tick(input.KeyDown(ebiten.KeyEnter)) // lifts the curtain for the first seat
	seat := f.r.Gate().Viewer()
	if seat < 0 {
		t.Fatal("no viewer after the curtain lifted")
	}
	f.tick()
	f.tick(input.KeyDown(ebiten.KeyEnter)) // plays its card
	if f.game.chosen[seat] == 0 {
		t.Fatalf("seat %d did not choose", seat)
	}
	for _, s := range f.table.inputs {
		if s != seat {
			t.Errorf("input asked of seat %d while seat %d held the screen", s, seat)
		}
	}
	f.until(50, func() bool { return f.r.Status().Curtain })
	if other, _ := f.r.Gate().Curtain(); other == seat {
		t.Errorf("the curtain waits for seat %d again", seat)
	}
}

// TestRefusedActionChangesNothing: a choice the match refuses is shown
// and logged; the game is as it was.
func TestRefusedActionChangesNothing(t *testing.T) {
	f := newFixture(t, 2, privacy.HandOff, &rightKeys, nil)
	f.until(50, func() bool { return f.r.Status().Acting == 0 })
	hands := slices.Clone(f.game.hands)
	f.table.cheat = 9 // no such card
	f.tick(input.KeyDown(ebiten.KeyEnter))
	if !slices.Equal(f.game.hands, hands) || f.game.round != 0 || f.game.chosen[0] != 0 {
		t.Error("a refused choice changed the game")
	}
	log := f.r.Status().Lines()
	if len(log) == 0 || !strings.Contains(log[len(log)-1], "not a card you may play") {
		t.Errorf("log %q does not say why", log)
	}
}

// TestPauseLeaveAndRematch: Esc opens the pause menu, whose Leave leaves
// the table; a finished game's "Play again" deals from the secret derived
// for the rematch.
func TestPauseLeaveAndRematch(t *testing.T) {
	f := newFixture(t, 1, privacy.HandOff, nil, nil)
	f.until(300, func() bool { return f.d.Top().Name() == "results" && !f.d.Transitioning() })
	f.tick(input.KeyDown(ebiten.KeyEnter)) // "Play again"
	f.until(60, func() bool { return len(f.agains) == 1 })
	if want := rulesets.DeriveSeed(42, "rematch", -1); f.agains[0] != want {
		t.Errorf("rematch secret %d, want %d", f.agains[0], want)
	}

	g := newFixture(t, 3, privacy.HandOff, &rightKeys, nil)
	g.tick(input.KeyDown(ebiten.KeyEscape))
	g.until(60, func() bool { return g.d.Top().Name() == "toy-pause" && !g.d.Transitioning() })
	pause := g.d.Top().(*scenes.Pause)
	for pause.Cursor() != 2 { // Resume, Rules, Leave
		g.tick(input.KeyDown(ebiten.KeyDown))
	}
	g.tick(input.KeyDown(ebiten.KeyEnter))
	g.until(200, func() bool { return g.d.Top().Name() == "credits" && !g.d.Transitioning() })
	if g.r.thinks.asked[1] >= 0 {
		t.Error("the bot's question is still in flight after leaving")
	}
}

// TestNewSecretDiffers: two matches never share a secret (64 random bits).
func TestNewSecretDiffers(t *testing.T) {
	seen := map[uint64]bool{}
	for range 64 {
		s := NewSecret()
		if seen[s] {
			t.Fatalf("secret %d twice in 64 draws", s)
		}
		seen[s] = true
	}
}

// TestHurryIsSpent: a Confirm that hurries the last animation on does not
// also play the next card (before, one press did both).
func TestHurryIsSpent(t *testing.T) {
	f := newFixture(t, 3, privacy.HandOff, &rightKeys, nil)
	f.until(200, func() bool { return f.r.Status().Acting == 0 })
	f.tick(input.KeyDown(ebiten.KeyEnter))
	f.until(200, func() bool { return len(f.table.shown) == 1 })
	f.tick()
	if f.r.Status().Tick >= f.table.busyTill {
		t.Fatal("the round's show is not running")
	}
	f.tick(input.KeyDown(ebiten.KeyEnter)) // hurries the show to its end
	if f.table.busyTill > f.r.Status().Tick {
		t.Fatal("Confirm did not hurry the show")
	}
	if f.game.chosen[0] != 0 {
		t.Error("the Confirm that hurried the show also played a card")
	}
}
