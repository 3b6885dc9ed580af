package elevensuitstable

import (
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/persist"
	"github.com/jankenarcade/janken/rulesets"
	es "github.com/jankenarcade/janken/rulesets/elevensuits"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/lobby"
	"github.com/jankenarcade/janken/scenes/privacy"
	"github.com/jankenarcade/janken/scenes/privacy/screenshot"
)

// The shots, rendered in a real window by TestMain (Ebitengine runs on
// the main thread only) and checked by the tests below.
var (
	midGame   *screenshot.Shot // a solo game against a bot, mid-game, memory aid on
	threeWay  *screenshot.Shot // three players: two humans sharing a keyboard and a bot
	wholeGame *screenshot.Shot // a solo game played to the results screen
	guessing  *screenshot.Shot // the human guesses to win: the naming grid
	setupShot *screenshot.Shot // the settings screen after a few key presses
	peekShot  *screenshot.Shot // the human answers a bot's wrong guess and sees a card
	pauseShot *screenshot.Shot // Esc over a table: the pause menu
	peekTab   *Table
	setupScr  *setup
	midTable  *Table
	small     *image.RGBA // midGame drawn at 640×360
	guessTab  *Table
	threeTab  *Table
	played    *Table
)

// solo seats a human on the right-hand keys at seat 0 and bots elsewhere.
func seating(players int, humans ...int) lobby.Seating {
	r := input.NewRouter()
	s := lobby.Seating{Router: r, Privacy: privacy.HandOff}
	for seat := range players {
		st := lobby.Seat{Kind: lobby.Bot, Bot: "medium"}
		for _, h := range humans {
			if h == seat {
				st = lobby.Seat{Kind: lobby.Human, Device: input.Device{Kind: input.KeyZone, Index: 1}}
				if err := r.Bind(seat, st.Device); err != nil {
					panic(err)
				}
			}
		}
		s.Seats = append(s.Seats, st)
	}
	return s
}

// director returns a director whose first scene is made by start.
func director(dir string, src *input.Script, start func(d *scenes.Director) scenes.Scene) *scenes.Director {
	return scenes.New(scenes.Options{Source: src, Store: persist.At(dir), Start: start})
}

// fastForward plays the game with bots for every seat until stop says so.
func fastForward(t *Table, stop func(g *es.State) bool) {
	bots := make([]*es.Bot, t.state.Seats())
	for seat := range bots {
		bots[seat], _ = es.NewBot("greedy", seat, uint64(seat)+40)
	}
	for !t.state.Over() && !stop(t.state) {
		seat := t.state.ToAct(nil)[0]
		t.state.ClearEvents()
		v := t.state.View(seat)
		if err := t.state.Apply(seat, bots[seat].Choose(&v)); err != nil {
			panic(err)
		}
		for _, e := range t.state.Events() {
			t.addLog(logLine(e))
		}
	}
	t.state.ClearEvents()
	t.busy, t.flights = 0, nil
}

func TestMain(m *testing.M) {
	if code, rerun := screenshot.EnsureDisplay(); rerun {
		os.Exit(code)
	}
	dir, err := os.MkdirTemp("", "elevensuits-test")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	defer os.RemoveAll(dir)

	src1 := new(input.Script)
	d1 := director(dir, src1, func(d *scenes.Director) scenes.Scene {
		midTable, _ = NewTable(d, Options{Rules: es.Config{Advanced: true}, MemoryAid: true, Seating: seating(2, 0), Seed: 5})
		fastForward(midTable, func(g *es.State) bool {
			v := g.View(-1)
			return g.Phase() == es.PhaseDefend && g.ToAct(nil)[0] == 0 && v.GraveLen[0]+v.GraveLen[1] >= 2
		})
		return midTable
	})
	midGame = &screenshot.Shot{Name: "elevensuits-midgame", Director: d1, Step: func(tick int) bool {
		src1.Advance()
		if tick == 30 {
			src1.Do(input.KeyDown(ebiten.KeyArrowRight))
		}
		if tick == 31 {
			src1.Do(input.KeyUp(ebiten.KeyArrowRight))
		}
		if tick == 60 { // the same table in a small browser window
			img := ebiten.NewImage(640, 360)
			d1.Draw(img)
			small = image.NewRGBA(image.Rect(0, 0, 640, 360))
			img.ReadPixels(small.Pix)
		}
		return tick == 60
	}}

	src2 := new(input.Script)
	d2 := director(dir, src2, func(d *scenes.Director) scenes.Scene {
		threeTab, _ = NewTable(d, Options{Rules: es.Config{}, Seating: seating(3, 0, 1), Seed: 9})
		fastForward(threeTab, func(g *es.State) bool {
			v := g.View(-1)
			return g.Phase() == es.PhaseAttack && v.GraveLen[0]+v.GraveLen[1]+v.GraveLen[2] >= 3 && g.ToAct(nil)[0] == 2
		})
		return threeTab
	})
	threeWay = &screenshot.Shot{Name: "elevensuits-three", Director: d2, Step: func(tick int) bool {
		src2.Advance()
		return tick == 10
	}}

	src3 := new(input.Script)
	d3 := director(dir, src3, func(d *scenes.Director) scenes.Scene {
		played, _ = NewTable(d, Options{Rules: es.Config{Suits: 5}, Seating: seating(2, 0), Seed: 3})
		return played
	})
	// The director runs many ticks per frame so that a whole game takes
	// seconds; the human keeps playing the card under the cursor.
	ticks := 0
	step := func() {
		src3.Advance()
		switch ticks % 8 {
		case 0:
			src3.Do(input.KeyDown(ebiten.KeyEnter))
		case 1:
			src3.Do(input.KeyUp(ebiten.KeyEnter))
		}
		ticks++
	}
	wholeGame = &screenshot.Shot{Name: "elevensuits-results", Director: d3, Step: func(int) bool {
		for range 40 {
			if d3.Top().Name() == "results" {
				break // let the screen settle at the real pace
			}
			step()
			if err := d3.Update(); err != nil {
				panic(err)
			}
		}
		step()
		return d3.Top().Name() == "results" && !d3.Transitioning() || ticks > 60*60*10
	}}

	src4 := new(input.Script)
	d4 := director(dir, src4, func(d *scenes.Director) scenes.Scene {
		guessTab, _ = NewTable(d, Options{Rules: es.Config{Advanced: true}, Seating: seating(2, 0), Seed: 11})
		fastForward(guessTab, func(g *es.State) bool {
			v := g.View(-1)
			return g.Phase() == es.PhaseAttack && g.ToAct(nil)[0] == 0 && v.GraveLen[0]+v.GraveLen[1] >= 2
		})
		return guessTab
	})
	keys := map[int]ebiten.Key{20: ebiten.KeyArrowLeft, 30: ebiten.KeyEnter, 40: ebiten.KeyArrowRight, 50: ebiten.KeyEnter, 60: ebiten.KeyArrowDown, 70: ebiten.KeyEnter}
	guessing = &screenshot.Shot{Name: "elevensuits-guess", Director: d4, Step: func(tick int) bool {
		src4.Advance()
		if k, ok := keys[tick]; ok {
			src4.Do(input.KeyDown(k))
		}
		if k, ok := keys[tick-1]; ok {
			src4.Do(input.KeyUp(k))
		}
		return tick == 90
	}}

	src5 := new(input.Script)
	d5 := director(dir, src5, func(d *scenes.Director) scenes.Scene {
		setupScr = newSetup(d)
		return setupScr
	})
	setupKeys := map[int]ebiten.Key{5: ebiten.KeyArrowDown, 10: ebiten.KeyArrowDown, 15: ebiten.KeyArrowDown,
		20: ebiten.KeyEnter, 25: ebiten.KeyArrowDown, 30: ebiten.KeyEnter, 35: ebiten.KeyArrowUp, 38: ebiten.KeyArrowUp,
		41: ebiten.KeyArrowUp, 45: ebiten.KeyArrowUp, 50: ebiten.KeyArrowRight}
	setupShot = &screenshot.Shot{Name: "elevensuits-setup", Director: d5, Step: func(tick int) bool {
		src5.Advance()
		if k, ok := setupKeys[tick]; ok {
			src5.Do(input.KeyDown(k))
		}
		if k, ok := setupKeys[tick-1]; ok && setupKeys[tick] != k {
			src5.Do(input.KeyUp(k))
		}
		return tick == 70
	}}

	src6 := new(input.Script)
	d6 := director(dir, src6, func(d *scenes.Director) scenes.Scene {
		peekTab, _ = NewTable(d, Options{Rules: es.Config{Suits: 5, Advanced: true}, Seating: seating(2, 0), Seed: 1})
		g, err := es.Decode([]byte(wrongGuess))
		if err != nil {
			panic(err)
		}
		peekTab.game, peekTab.state, peekTab.flights, peekTab.busy = g, g, nil, 0
		return peekTab
	})
	peekKeys := map[int]ebiten.Key{10: ebiten.KeyArrowRight, 20: ebiten.KeyEnter}
	peekShot = &screenshot.Shot{Name: "elevensuits-peek", Director: d6, Step: func(tick int) bool {
		src6.Advance()
		if k, ok := peekKeys[tick]; ok {
			src6.Do(input.KeyDown(k))
		}
		if k, ok := peekKeys[tick-1]; ok {
			src6.Do(input.KeyUp(k))
		}
		return tick == 60
	}}

	src7 := new(input.Script)
	d7 := director(dir, src7, func(d *scenes.Director) scenes.Scene {
		t, _ := NewTable(d, Options{Seating: seating(2, 0), Seed: 2})
		return t
	})
	pauseShot = &screenshot.Shot{Name: "elevensuits-pause", Director: d7, Step: func(tick int) bool {
		src7.Advance()
		switch tick {
		case 30:
			src7.Do(input.KeyDown(ebiten.KeyEscape))
		case 31:
			src7.Do(input.KeyUp(ebiten.KeyEscape))
		}
		return tick == 70
	}}

	shots := append([]*screenshot.Shot{midGame, threeWay, wholeGame, guessing, setupShot, peekShot, pauseShot}, netShots(dir)...)
	shots = append(shots, couchShots(dir)...)
	shots = append(shots, variantShots(dir)...)
	err = screenshot.Run(shots...)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Exit(m.Run())
}

// save copies a shot to artifacts/ for a person to look at.
func save(t *testing.T, s *screenshot.Shot) {
	b, err := os.ReadFile(s.Path)
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join("..", "..", "artifacts", "elevensuits")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, s.Name+".png"), b, 0o644); err != nil {
		t.Fatal(err)
	}
}

func distinct(img *image.RGBA) int {
	seen := map[[3]uint8]bool{}
	for i := 0; i < len(img.Pix); i += 4 * 7 {
		seen[[3]uint8{img.Pix[i], img.Pix[i+1], img.Pix[i+2]}] = true
	}
	return len(seen)
}

// TestMidGameScreenshot: the table drawn mid-game, the human to defend,
// at full size and in a small window.
func TestMidGameScreenshot(t *testing.T) {
	save(t, midGame)
	f, err := os.Create(filepath.Join("..", "..", "artifacts", "elevensuits", "elevensuits-small.png"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, small); err != nil {
		t.Fatal(err)
	}
	if n := distinct(small); n < 100 {
		t.Errorf("the small table has %d colours", n)
	}
	if n := distinct(midGame.Image); n < 200 {
		t.Errorf("the table has %d colours: blank or nearly", n)
	}
	if midTable.game.Phase() != es.PhaseDefend || midTable.actingSeat() != 0 {
		t.Errorf("phase %v, acting seat %d: the human should be defending", midTable.game.Phase(), midTable.actingSeat())
	}
	if midTable.cursor != 1 {
		t.Errorf("the Right key left the cursor at %d", midTable.cursor)
	}
	if len(midTable.Log()) == 0 {
		t.Error("empty game log")
	}
}

// TestThreePlayerPrivacy: two humans share the screen; when it is seat 2's
// (the bot's) turn nobody's hand may show, and the table asked only for
// the spectator's view.
func TestThreePlayerPrivacy(t *testing.T) {
	save(t, threeWay)
	if shown := threeTab.gate.Shown(); shown != 0 {
		t.Errorf("hands shown during the bot's turn: %b", shown)
	}
	if s := threeTab.shownSeat(); s != -1 {
		t.Errorf("shown seat %d during the bot's turn", s)
	}
}

// TestWholeGame: a human on the keyboard plays a game against a bot to
// the results screen.
func TestWholeGame(t *testing.T) {
	save(t, wholeGame)
	if wholeGame.Director.Top().Name() != "results" {
		t.Fatalf("the game did not reach the results (top scene %q, phase %v, turn %d)",
			wholeGame.Director.Top().Name(), played.game.Phase(), played.state.Turn())
	}
	if !played.game.Over() {
		t.Error("results shown before the game ended")
	}
	var human int
	for _, l := range played.Log() {
		if len(l) > 8 && l[:8] == "Player 1" {
			human++
		}
	}
	if human == 0 {
		t.Error("the human never acted")
	}
}

// TestLogLinesArePublic: private events never reach the shared log.
func TestLogLinesArePublic(t *testing.T) {
	e := es.Event{Kind: es.EvDrawCard, Seat: 0, Card: 3, Audience: rulesets.Only(0)}
	if l := logLine(e); l != "" {
		t.Errorf("a private draw was logged: %q", l)
	}
	e = es.Event{Kind: es.EvPeekCard, Seat: 1, Card: 3, Audience: rulesets.Only(1)}
	if l := logLine(e); l != "" {
		t.Errorf("a private peek was logged: %q", l)
	}
}

// TestGuessFlow: Left from the first card wraps to the guess button,
// Confirm starts the guess, and the naming grid names cards by arrows.
func TestGuessFlow(t *testing.T) {
	save(t, guessing)
	v := guessTab.game.View(0)
	if v.Phase != es.PhaseNaming || v.NamedLen != 2 {
		t.Fatalf("phase %v with %d named, want naming with 2", v.Phase, v.NamedLen)
	}
	want := []es.Card{es.MakeCard(1, rulesets.Rock), es.MakeCard(1, rulesets.Paper)}
	if v.Named[0] != want[0] || v.Named[1] != want[1] {
		t.Errorf("named %v %v, want %v %v", v.Named[0], v.Named[1], want[0], want[1])
	}
}

// TestSetup: the settings screen turns on the guess to win and the memory
// aid, and steps the number of suits from the default.
func TestSetup(t *testing.T) {
	save(t, setupShot)
	cfg := setupScr.rules()
	if !cfg.Advanced || !setupScr.memory || cfg.OpenCasket || cfg.TwoPiece {
		t.Errorf("settings %+v, memory aid %v", cfg, setupScr.memory)
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
// card with the keys and alone sees it; play passes on.
func TestPenaltyPeek(t *testing.T) {
	save(t, peekShot)
	g := peekTab.game
	if g.Phase() != es.PhaseAttack || g.ToAct(nil)[0] != 0 {
		t.Fatalf("phase %v, to act %v: the peek should pass play to seat 0", g.Phase(), g.ToAct(nil))
	}
	want, _ := es.ParseCard("tundra-rock")
	if peekTab.peek.card != want || peekTab.peek.seat != 0 {
		t.Errorf("peek shows %v to seat %d, want %v to seat 0", peekTab.peek.card, peekTab.peek.seat, want)
	}
	v := g.View(0)
	if v.Hand(1)[1].Card != want {
		t.Error("the target does not remember the card it saw")
	}
	if v := g.View(1); v.Hand(0)[1].Card != es.NoCard {
		t.Error("the guesser learned a card of the target's hand")
	}
}

// TestPauseScreenshot: Esc opens the pause menu over the table, which
// shows dimmed under it.
func TestPauseScreenshot(t *testing.T) {
	save(t, pauseShot)
	if top := pauseShot.Director.Top().Name(); top != "elevensuits-pause" {
		t.Errorf("Esc left %q on top, want the pause menu", top)
	}
}
