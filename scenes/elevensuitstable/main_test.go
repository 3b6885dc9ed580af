package elevensuitstable

import (
	"image"
	"image/color"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/persist"
	"github.com/jankenarcade/janken/rulesets"
	es "github.com/jankenarcade/janken/rulesets/elevensuits"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/lobby"
	"github.com/jankenarcade/janken/scenes/privacy"
	"github.com/jankenarcade/janken/scenes/scenetest"
	"github.com/jankenarcade/janken/sprites"
)

func TestMain(m *testing.M) { scenetest.Main(m) }

// seating seats humans on the right-hand keys and medium bots elsewhere.
func seating(t *testing.T, players int, humans ...int) lobby.Seating {
	r := input.NewRouter()
	s := lobby.Seating{Router: r, Privacy: privacy.HandOff}
	for seat := range players {
		st := lobby.Seat{Kind: lobby.Bot, Bot: "medium"}
		for _, h := range humans {
			if h == seat {
				st = lobby.Seat{Kind: lobby.Human, Device: input.Device{Kind: input.KeyZone, Index: 1}}
				if err := r.Bind(seat, st.Device); err != nil {
					t.Fatal(err)
				}
			}
		}
		s.Seats = append(s.Seats, st)
	}
	return s
}

// director returns a director of its own, fed by a Script, whose first
// scene is made by start.
func director(t *testing.T, start func(d *scenes.Director) scenes.Scene) (*scenes.Director, *input.Script) {
	src := new(input.Script)
	return scenes.New(scenes.Options{Source: src, Store: persist.At(t.TempDir()), Start: start}), src
}

// couch is a couch's table under test: the runner, the game's table and
// the whole game.
type couch struct {
	*Runner
	tab  *table
	game *es.State
}

// prepared turns the game dealt for a test into the one to play, with
// the log lines of what it played.
type prepared func(g *es.State) (*es.State, []string)

// openTable returns a director whose first scene is the table for opts,
// its bots answering on the tick they are asked (so that a game takes the
// same ticks on any machine); prepare, if not nil, sets the game up
// before the table's first tick.
func openTable(t *testing.T, opts Options, prepare prepared) (*scenes.Director, *input.Script, *couch) {
	c := &couch{}
	d, src := director(t, func(d *scenes.Director) scenes.Scene {
		cfg := opts.Rules
		cfg.Players = len(opts.Seating.Seats)
		g, err := es.New(cfg, rulesets.DeriveSeed(opts.Secret, "deal", -1))
		if err != nil {
			t.Fatal(err)
		}
		var log []string
		if prepare != nil {
			g, log = prepare(g)
			g.ClearEvents()
		}
		if c.Runner, c.tab, err = newCouchTable(d, opts, g); err != nil {
			t.Fatal(err)
		}
		c.game = g
		c.ThinkInline()
		for _, line := range log {
			c.Status().Log(line)
		}
		return c.Runner
	})
	return d, src, c
}

// fastForward plays the table's game with greedy bots for every seat
// until stop says so.
func fastForward(t *testing.T, stop func(g *es.State) bool) prepared {
	return func(g *es.State) (*es.State, []string) {
		bots := make([]*es.Bot, g.Seats())
		for seat := range bots {
			var err error
			if bots[seat], err = es.NewBot("greedy", seat, uint64(seat)+40); err != nil {
				t.Fatal(err)
			}
		}
		var log []string
		for !g.Over() && !stop(g) {
			seat := g.ToAct(nil)[0]
			g.ClearEvents()
			v := g.View(seat)
			if err := g.Apply(seat, bots[seat].Choose(&v)); err != nil {
				t.Fatal(err)
			}
			for _, e := range g.Events() {
				if line := logLine(e, testNames); line != "" {
					log = append(log, line)
				}
			}
		}
		return g, log
	}
}

// keyed returns a Run step that presses keys[tick] on that tick and lets
// it go on the next.
func keyed(src *input.Script, keys map[int]ebiten.Key) func(tick int) {
	return func(tick int) {
		src.Advance()
		if k, ok := keys[tick]; ok {
			src.Do(input.KeyDown(k))
		}
		if k, ok := keys[tick-1]; ok && keys[tick] != k {
			src.Do(input.KeyUp(k))
		}
	}
}

func distinct(img *image.RGBA) int {
	seen := map[[3]uint8]bool{}
	for i := 0; i < len(img.Pix); i += 4 * 7 {
		seen[[3]uint8{img.Pix[i], img.Pix[i+1], img.Pix[i+2]}] = true
	}
	return len(seen)
}

func near(a, b color.RGBA) bool {
	d := func(x, y uint8) int { return max(int(x)-int(y), int(y)-int(x)) }
	return d(a.R, b.R) < 16 && d(a.G, b.G) < 16 && d(a.B, b.B) < 16
}

// resultsListSeats reports whether img is a results screen with a row for
// each of seats seats, each marked in its seat's colour (the rows go by
// rank, not by seat).
func resultsListSeats(img *image.RGBA, pal *scenes.Palette, seats int) bool {
	var listed rulesets.Audience
	for row := range seats {
		for seat := range seats {
			if near(img.RGBAAt(312, 210+60*row), pal.Seats[seat]) {
				listed |= rulesets.Only(seat)
			}
		}
	}
	return listed == rulesets.Audience(1)<<seats-1
}

// TestMidGameScreenshot: the table drawn mid-game, the human to defend,
// at full size and in a small browser window.
func TestMidGameScreenshot(t *testing.T) {
	d, src, c := openTable(t, Options{Rules: es.Config{Advanced: true}, MemoryAid: true, Seating: seating(t, 2, 0), Secret: 5},
		fastForward(t, func(g *es.State) bool {
			v := g.View(-1)
			return g.Phase() == es.PhaseDefend && g.ToAct(nil)[0] == 0 && v.GraveLen[0]+v.GraveLen[1] >= 2
		}))
	scenetest.Run(t, d, 61, keyed(src, map[int]ebiten.Key{30: ebiten.KeyArrowRight}))
	small := scenetest.ShootSize(t, d, "elevensuits-small", 640, 360)
	img := scenetest.Shoot(t, d, "elevensuits-midgame")
	if n := distinct(small); n < 100 {
		t.Errorf("the small table has %d colours", n)
	}
	if n := distinct(img); n < 200 {
		t.Errorf("the table has %d colours: blank or nearly", n)
	}
	if c.game.Phase() != es.PhaseDefend || c.Status().Acting != 0 {
		t.Errorf("phase %v, acting seat %d: the human should be defending", c.game.Phase(), c.Status().Acting)
	}
	if c.tab.cursor != 1 {
		t.Errorf("the Right key left the cursor at %d", c.tab.cursor)
	}
	if len(c.Status().Lines()) == 0 {
		t.Error("empty game log")
	}
}

// TestThreePlayerPrivacy: two humans share the screen; when it is seat 2's
// (the bot's) turn nobody's hand may show: the table asked only for the
// spectator's view, and the humans' cards show their backs.
func TestThreePlayerPrivacy(t *testing.T) {
	d, _, c := openTable(t, Options{Rules: es.Config{}, Seating: seating(t, 3, 0, 1), Secret: 9},
		fastForward(t, func(g *es.State) bool {
			v := g.View(-1)
			return g.Phase() == es.PhaseAttack && v.GraveLen[0]+v.GraveLen[1]+v.GraveLen[2] >= 3 && g.ToAct(nil)[0] == 2
		}))
	scenetest.Run(t, d, 11, nil)
	img := scenetest.Shoot(t, d, "elevensuits-three")
	if shown := c.Gate().Shown(); shown != 0 {
		t.Errorf("hands shown during the bot's turn: %b", shown)
	}
	if s := c.Status().Shown; s != -1 {
		t.Errorf("shown seat %d during the bot's turn", s)
	}
	pub := c.game.View(-1)
	for _, seat := range []int{0, 1} {
		for i, box := range handBoxes(c.tab, c.Status(), &pub, seat) {
			if share := paleShare(img, box); share > 0.4 {
				t.Errorf("seat %d's card %d at %v is %.0f%% pale: a face shows", seat, i, box, share*100)
			}
		}
	}
}

// TestWholeGame: a human on the keyboard, playing the card under the
// cursor, plays a game against a bot to the results screen, which lists
// both seats; its "Play again" deals the next game from the secret the
// match's derives for the rematch.
func TestWholeGame(t *testing.T) {
	opts := Options{Rules: es.Config{Suits: 5}, Seating: seating(t, 2, 0), Secret: 3}
	d, src, c := openTable(t, opts, nil)
	ticks := scenetest.Until(t, d, 36000, func(tick int) {
		src.Advance()
		switch tick % 8 {
		case 0:
			src.Do(input.KeyDown(ebiten.KeyEnter))
		case 1:
			src.Do(input.KeyUp(ebiten.KeyEnter))
		}
	}, func() bool { return d.Top().Name() == "results" && !d.Transitioning() })
	t.Logf("the results after %d ticks, turn %d", ticks, c.game.Turn())
	img := scenetest.Shoot(t, d, "elevensuits-results")
	if !c.game.Over() || !c.Ended() {
		t.Error("results shown before the game ended")
	}
	if !resultsListSeats(img, d.Palette(), 2) {
		t.Error("the results screen does not list both seats in their colours")
	}
	var human int
	for _, l := range c.Status().Lines() {
		if strings.HasPrefix(l, "Player 1 ") {
			human++
		}
	}
	if human == 0 {
		t.Error("the human never acted")
	}

	scenetest.Run(t, d, 3, keyed(src, map[int]ebiten.Key{1: ebiten.KeyEnter})) // "Play again"
	scenetest.Until(t, d, 200, func(int) { src.Advance() }, func() bool { return d.Top().Name() == "elevensuits" && !d.Transitioning() })
	again, ok := d.Top().(*Runner)
	if !ok || again == c.Runner {
		t.Fatalf("the top scene %T is not a new table", d.Top())
	}
	next := rulesets.DeriveSeed(opts.Secret, "rematch", -1)
	want, err := es.New(es.Config{Players: 2, Suits: 5}, rulesets.DeriveSeed(next, "deal", -1))
	if err != nil {
		t.Fatal(err)
	}
	if got := again.Match().View(-1); got != want.View(-1) || again.Match().View(0) != want.View(0) {
		t.Errorf("the rematch's deal\n%+v\nis not the one its secret derives\n%+v", got, want.View(-1))
	}
}

// TestDealFollowsSecret: a couch's table deals from the seed its secret
// derives for the deal, and two secrets deal two games.
func TestDealFollowsSecret(t *testing.T) {
	deal := func(secret uint64) es.View {
		var r *Runner
		director(t, func(d *scenes.Director) scenes.Scene {
			var err error
			if r, err = NewTable(d, Options{Seating: seating(t, 2, 0), Secret: secret}); err != nil {
				t.Fatal(err)
			}
			return r
		})
		return r.Match().View(0)
	}
	want, err := es.New(es.Config{Players: 2}, rulesets.DeriveSeed(77, "deal", -1))
	if err != nil {
		t.Fatal(err)
	}
	if got := deal(77); got != want.View(0) {
		t.Errorf("secret 77 dealt\n%+v\nwant\n%+v", got, want.View(0))
	}
	if deal(77) == deal(78) {
		t.Error("secrets 77 and 78 dealt the same hand")
	}
}

// TestLogLinesArePublic: private events never reach the shared log.
func TestLogLinesArePublic(t *testing.T) {
	e := es.Event{Kind: es.EvDrawCard, Seat: 0, Card: 3, Audience: rulesets.Only(0)}
	if l := logLine(e, testNames); l != "" {
		t.Errorf("a private draw was logged: %q", l)
	}
	e = es.Event{Kind: es.EvPeekCard, Seat: 1, Card: 3, Audience: rulesets.Only(1)}
	if l := logLine(e, testNames); l != "" {
		t.Errorf("a private peek was logged: %q", l)
	}
}

// TestGuessFlow: Left from the first card wraps to the guess button,
// Confirm starts the guess, and the naming grid names cards by arrows,
// its cursor drawn on the cell the keys chose.
func TestGuessFlow(t *testing.T) {
	d, src, c := openTable(t, Options{Rules: es.Config{Advanced: true}, Seating: seating(t, 2, 0), Secret: 11},
		fastForward(t, func(g *es.State) bool {
			v := g.View(-1)
			return g.Phase() == es.PhaseAttack && g.ToAct(nil)[0] == 0 && v.GraveLen[0]+v.GraveLen[1] >= 2
		}))
	scenetest.Run(t, d, 91, keyed(src, map[int]ebiten.Key{20: ebiten.KeyArrowLeft, 30: ebiten.KeyEnter, 40: ebiten.KeyArrowRight,
		50: ebiten.KeyEnter, 60: ebiten.KeyArrowDown, 70: ebiten.KeyEnter}))
	img := scenetest.Shoot(t, d, "elevensuits-guess")
	v := c.game.View(0)
	if v.Phase != es.PhaseNaming || v.NamedLen != 2 {
		t.Fatalf("phase %v with %d named, want naming with 2", v.Phase, v.NamedLen)
	}
	want := []es.Card{es.MakeCard(1, rulesets.Rock), es.MakeCard(1, rulesets.Paper)}
	if v.Named[0] != want[0] || v.Named[1] != want[1] {
		t.Errorf("named %v %v, want %v %v", v.Named[0], v.Named[1], want[0], want[1])
	}
	accent := d.Palette().Accent
	tab := c.tab
	for _, cell := range [][2]int{{tab.gridS, tab.gridY}, {tab.gridS + 1, tab.gridY}} {
		x, y := gridCell(cell[0], cell[1])
		lit := near(img.RGBAAt(int(x)+5, int(y+gridCellH/2)), accent)
		if lit != (cell[0] == tab.gridS) {
			t.Errorf("grid cell %v lit %v; the cursor is on %d, %d", cell, lit, tab.gridS, tab.gridY)
		}
	}
}

// TestSetup: the settings screen turns on the guess to win and the memory
// aid, and steps the number of suits from the default.
func TestSetup(t *testing.T) {
	var scr *setup
	d, src := director(t, func(d *scenes.Director) scenes.Scene { scr = newSetup(d); scr.menu.Cursor = itemSuits; return scr })
	scenetest.Run(t, d, 71, keyed(src, map[int]ebiten.Key{5: ebiten.KeyArrowDown, 10: ebiten.KeyArrowDown, 15: ebiten.KeyArrowDown,
		20: ebiten.KeyEnter, 25: ebiten.KeyArrowDown, 30: ebiten.KeyEnter, 35: ebiten.KeyArrowUp, 38: ebiten.KeyArrowUp,
		41: ebiten.KeyArrowUp, 45: ebiten.KeyArrowUp, 50: ebiten.KeyArrowRight}))
	cfg := scr.rules()
	if !cfg.Advanced || !scr.memory || cfg.OpenCasket || cfg.TwoPiece {
		t.Errorf("settings %+v, memory aid %v", cfg, scr.memory)
	}
	if cfg.Suits != 8 {
		t.Errorf("suits %d, want 8 (one step up from the default 7)", cfg.Suits)
	}
}

// wrongGuess: seat 1 (a bot) has named five cards that are all in the
// deck; seat 0, the human, picks a card of seat 1's hand to see.
const wrongGuess = `{
  "config": {"players": 2, "suits": 5, "advanced": true},
  "phase": "penalty", "turn": 3, "attacker": 1, "target": 0,
  "hands": [
    ["savanna-rock", "tundra-paper", "reef-scissors", "gothic-rock", "deco-paper"],
    ["savanna-scissors", "tundra-rock", "reef-paper", "gothic-scissors", "deco-rock"]
  ],
  "graveyards": [[], []],
  "deck": ["savanna-paper", "tundra-scissors", "reef-rock", "gothic-paper", "deco-scissors"],
  "named": ["savanna-paper", "tundra-scissors", "reef-rock", "gothic-paper", "deco-scissors"]
}`

// TestPenaltyPeek: the target of a wrong guess picks the guesser's second
// card with the keys and alone sees it, face up on the screen; play
// passes on.
func TestPenaltyPeek(t *testing.T) {
	d, src, c := openTable(t, Options{Rules: es.Config{Suits: 5, Advanced: true}, Seating: seating(t, 2, 0), Secret: 1}, func(*es.State) (*es.State, []string) {
		g, err := es.Decode([]byte(wrongGuess))
		if err != nil {
			t.Fatal(err)
		}
		return g, nil
	})
	scenetest.Run(t, d, 61, keyed(src, map[int]ebiten.Key{10: ebiten.KeyArrowRight, 20: ebiten.KeyEnter}))
	img := scenetest.Shoot(t, d, "elevensuits-peek")
	g, tab := c.game, c.tab
	if g.Phase() != es.PhaseAttack || g.ToAct(nil)[0] != 0 {
		t.Fatalf("phase %v, to act %v: the peek should pass play to seat 0", g.Phase(), g.ToAct(nil))
	}
	want, _ := es.ParseCard("tundra-rock")
	if tab.peek.card != want || tab.peek.seat != 0 {
		t.Errorf("peek shows %v to seat %d, want %v to seat 0", tab.peek.card, tab.peek.seat, want)
	}
	if share := paleShare(img, image.Rect(490-50, 390-70, 490+50, 390+70)); share < 0.4 {
		t.Errorf("the card seen is %.0f%% pale: not shown face up", share*100)
	}
	v := g.View(0)
	if v.Hand(1)[1].Card != want {
		t.Error("the target does not remember the card it saw")
	}
	if v := g.View(1); v.Hand(0)[1].Card != es.NoCard {
		t.Error("the guesser learned a card of the target's hand")
	}
}

// TestPause: Esc opens the pause menu over the table.
func TestPause(t *testing.T) {
	d, src, _ := openTable(t, Options{Seating: seating(t, 2, 0), Secret: 2}, nil)
	scenetest.Run(t, d, 71, keyed(src, map[int]ebiten.Key{30: ebiten.KeyEscape}))
	if top := d.Top().Name(); top != "elevensuits-pause" {
		t.Errorf("Esc left %q on top, want the pause menu", top)
	}
}

// TestThrowButtonsShowTheCardsColours shoots the opening throw: the
// throw buttons above the hand colour each symbol as the hand's cards do
// (paper once showed blue on its button and green on the cards).
func TestThrowButtonsShowTheCardsColours(t *testing.T) {
	d, _, c := openTable(t, Options{Seating: seating(t, 2, 0), Secret: 5}, nil)
	scenetest.Run(t, d, 150, nil)
	if c.game.Phase() != es.PhaseOpening {
		t.Fatalf("phase %v, want the opening throw", c.game.Phase())
	}
	img := scenetest.Shoot(t, d, "elevensuits-throw-colours")
	// The middle of the paper button's sheet.
	x := int(throwX0 + throwSpacing)
	cards := sprites.Standard()
	if got, want := img.RGBAAt(x, int(throwY)+10), cards.SymbolColour(rulesets.Paper); got != want {
		t.Errorf("the paper button is %v, want the cards' paper %v", got, want)
	}
}

// testNames names the seats of the tests' logs as the runner does.
var testNames = []string{"Player 1", "Player 2", "Player 3"}
