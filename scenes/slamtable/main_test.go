package slamtable

import (
	"encoding/json"
	"fmt"
	"image/color"
	"os"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/persist"
	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/rulesets/slam"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/lobby"
	"github.com/jankenarcade/janken/scenes/privacy/screenshot"
)

// The end-to-end game: three players on three keyboard zones (keys 1–4,
// 7–0 and Z–V) and an easy bot. On the first card, Player 3 makes a
// mistake 12 ticks after the flip, Player 2 presses the correct key 31
// ticks after it and Player 1 one tick later.
var (
	midShot, endShot *screenshot.Shot
	e2eTable         *Table
	e2eFlip          int64 // tick of the first flip
	e2eCorrect       rulesets.Buttons
)

// zoneKeys are the Rock, Paper, Scissors and Clap keys of keyboard zones 2,
// 3 and 4 (the Slam zones), as the default controls bind them.
var zoneKeys = map[int][4]ebiten.Key{
	2: {ebiten.KeyDigit1, ebiten.KeyDigit2, ebiten.KeyDigit3, ebiten.KeyDigit4},
	3: {ebiten.KeyDigit7, ebiten.KeyDigit8, ebiten.KeyDigit9, ebiten.KeyDigit0},
	4: {ebiten.KeyZ, ebiten.KeyX, ebiten.KeyC, ebiten.KeyV},
}

// keyFor returns zone's key for gesture b.
func keyFor(zone int, b rulesets.Buttons) ebiten.Key {
	for i, g := range input.Gestures {
		if g == b {
			return zoneKeys[zone][i]
		}
	}
	panic(fmt.Sprintf("no key for %v", b))
}

func TestMain(m *testing.M) {
	if code, rerun := screenshot.EnsureDisplay(); rerun {
		os.Exit(code)
	}
	dir, err := os.MkdirTemp("", "slamtable-test")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	err = runShots(dir)
	os.RemoveAll(dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Exit(m.Run())
}

func runShots(dir string) error {
	router := input.NewRouter()
	seats := lobby.Seating{Router: router, Seats: []lobby.Seat{
		{Kind: lobby.Human, Device: input.Device{Kind: input.KeyZone, Index: 2}},
		{Kind: lobby.Human, Device: input.Device{Kind: input.KeyZone, Index: 3}},
		{Kind: lobby.Human, Device: input.Device{Kind: input.KeyZone, Index: 4}},
		{Kind: lobby.Bot, Bot: "easy"},
	}}
	for seat := 0; seat < 3; seat++ {
		if err := router.Bind(seat, seats.Seats[seat].Device); err != nil {
			return err
		}
	}
	state, err := slam.New(slam.DefaultConfig(4), 42)
	if err != nil {
		return err
	}
	// Find the first flip and its answer on a copy.
	probe := state
	for probe.Phase() != slam.PhaseRacing {
		probe.Step(&rulesets.Frame{})
	}
	e2eFlip, e2eCorrect = probe.Card().FlipTick, probe.Card().Correct
	wrong := rulesets.ButtonClap
	if e2eCorrect == rulesets.ButtonClap {
		wrong = rulesets.ButtonRock
	}
	script := map[int64][]input.Event{
		e2eFlip + 12: {input.KeyDown(keyFor(4, wrong))},
		e2eFlip + 13: {input.KeyUp(keyFor(4, wrong))},
		e2eFlip + 31: {input.KeyDown(keyFor(3, e2eCorrect))},
		e2eFlip + 32: {input.KeyUp(keyFor(3, e2eCorrect)), input.KeyDown(keyFor(2, e2eCorrect))},
		e2eFlip + 33: {input.KeyUp(keyFor(2, e2eCorrect))},
	}
	src := new(input.Script)
	d := scenes.New(scenes.Options{Source: src, Store: persist.At(dir),
		Start: func(d *scenes.Director) scenes.Scene {
			e2eTable = newTableFrom(d, seats, state, 7)
			return e2eTable
		}})
	// Before each director tick, feed the keys for the rules tick that
	// tick will process.
	step := func(until int64) func(int) bool {
		return func(int) bool {
			src.Advance()
			tick := e2eTable.State().Tick()
			src.Do(script[tick]...)
			return tick >= until
		}
	}
	midShot = &screenshot.Shot{Name: "slam-mid", Director: d, Step: step(e2eFlip + 24)}
	endShot = &screenshot.Shot{Name: "slam-photo-finish", Director: d, Step: step(e2eFlip + 40)}
	full, err := fullTableShot(dir)
	if err != nil {
		return err
	}
	po, err := playoffShot(dir)
	if err != nil {
		return err
	}
	net, err := netShots(dir)
	if err != nil {
		return err
	}
	couch, err := couchShot(dir)
	if err != nil {
		return err
	}
	shots := append([]*screenshot.Shot{midShot, endShot, full, po, couch, hostLostShot(dir)}, net...)
	return screenshot.Run(append(shots, optShots(dir)...)...)
}

// fullShot is eight players in Last One Loses, late in a game played by
// bots, to see the two rows of seats and the won piles.
var fullShot *screenshot.Shot

func fullTableShot(dir string) (*screenshot.Shot, error) {
	cfg := slam.DefaultConfig(8)
	cfg.Mode = slam.LastOneLoses
	state, err := slam.New(cfg, 5)
	if err != nil {
		return nil, err
	}
	seats := lobby.Seating{Router: input.NewRouter()}
	bots := make([]slam.Bot, 8)
	for seat := range bots {
		level := slam.Difficulty(1 + seat%3)
		bots[seat] = slam.NewBot(seat, level, 3)
		seats.Seats = append(seats.Seats, lobby.Seat{Kind: lobby.Bot, Bot: level.String()})
	}
	// Play on until a card is up late in the game.
	if err := slam.PlayBots(&state, bots, 4000, nil); err != nil && !state.Over() {
		for state.Phase() != slam.PhaseRacing {
			f := rulesets.Frame{Tick: state.Tick()}
			state.Step(&f)
		}
	}
	d := scenes.New(scenes.Options{Source: new(input.Script), Store: persist.At(dir),
		Start: func(d *scenes.Director) scenes.Scene { return newTableFrom(d, seats, state, 9) }})
	fullShot = &screenshot.Shot{Name: "slam-eight", Director: d, Step: func(tick int) bool { return tick >= 20 }}
	return fullShot, nil
}

// TestEarlierKeyWins drives two keyboard zones through the real input path
// (Script source, Router, director, table) and checks the judge.
func TestEarlierKeyWins(t *testing.T) {
	r := e2eTable.State().Card()
	if r.FlipTick != e2eFlip {
		t.Fatalf("card flipped on %d, want %d", r.FlipTick, e2eFlip)
	}
	if r.Taker != 1 {
		t.Errorf("card went to seat %d, want seat 1 (pressed on tick %d)", r.Taker, e2eFlip+31)
	}
	want := map[int]slam.Press{
		1: {Tick: e2eFlip + 31, Buttons: e2eCorrect, Result: slam.ResultCorrect},
		0: {Tick: e2eFlip + 32, Buttons: e2eCorrect, Result: slam.ResultLate},
		2: {Tick: e2eFlip + 12, Buttons: map[bool]rulesets.Buttons{true: rulesets.ButtonRock, false: rulesets.ButtonClap}[e2eCorrect == rulesets.ButtonClap], Result: slam.ResultWrong},
	}
	for seat, w := range want {
		if got := r.Presses[seat]; got != w {
			t.Errorf("seat %d: press %+v, want %+v", seat, got, w)
		}
	}
	if got := e2eTable.headline(r); got != "P2 by 16 ms" {
		t.Errorf("headline %q, want \"P2 by 16 ms\"", got)
	}
}

// TestScreenshots checks the rendered table: the photo-finish strip shows
// Player 2's marker in its seat colour, and mid-race Player 3's mistake is
// already marked.
func TestScreenshots(t *testing.T) {
	t.Logf("screenshots: %s %s", midShot.Path, endShot.Path)
	pal := endShot.Director.Palette()
	axisY := int(stripY + 62)
	x := func(ticks float64) int { return int(stripAxisX + ticks/stripSpan*stripAxisW) }
	if got := endShot.Image.RGBAAt(x(31)-3, axisY); !near(got, pal.Seats[1]) {
		t.Errorf("Player 2's photo-finish marker is %v, want %v", got, pal.Seats[1])
	}
	if got := midShot.Image.RGBAAt(x(12), axisY); !near(got, pal.Seats[2]) {
		t.Errorf("mid-race, Player 3's mistake marker is %v, want %v", got, pal.Seats[2])
	}
	if got := midShot.Image.RGBAAt(x(31), axisY); near(got, pal.Seats[1]) {
		t.Errorf("mid-race, Player 2's marker shows before the press")
	}
}

// playoff is a sudden-death decider between Players 1 and 2, just after a
// drawn round (rock against rock), decoded from a hand-made position.
var playoff *screenshot.Shot

func playoffShot(dir string) (*screenshot.Shot, error) {
	s, _ := slam.New(slam.DefaultConfig(3), 1)
	data, _ := slam.Encode(&s)
	var m map[string]any
	json.Unmarshal(data, &m)
	deck := m["deck"].([]any)
	m["deck"] = deck[:1]
	m["piles"] = []any{deck[1:27], deck[27:53], deck[53:54]}
	m["phase"] = "playoff"
	m["tick"] = 5000
	m["playoff"] = map[string]any{"kind": "decider", "seats": []int{0, 1}, "start": 4990, "round": 1, "thrown": []string{"none", "rock", "none"}, "shown": []string{"rock", "rock", "none"}}
	data, _ = json.Marshal(m)
	st, err := slam.Decode(data)
	if err != nil {
		return nil, err
	}
	seats := lobby.Seating{Router: input.NewRouter(), Seats: []lobby.Seat{{Kind: lobby.Bot, Bot: "easy"}, {Kind: lobby.Bot, Bot: "hard"}, {Kind: lobby.Bot, Bot: "easy"}}}
	d := scenes.New(scenes.Options{Source: new(input.Script), Store: persist.At(dir),
		Start: func(d *scenes.Director) scenes.Scene {
			tb := newTableFrom(d, seats, st, 9)
			tb.showdown = 4995
			return tb
		}})
	playoff = &screenshot.Shot{Name: "slam-playoff", Director: d, Step: func(tick int) bool { return tick >= 3 }}
	return playoff, nil
}

// TestPlayoffScreenshot checks the decider panel: both players' markers in
// their colours, centred.
func TestPlayoffScreenshot(t *testing.T) {
	t.Logf("screenshot: %s", playoff.Path)
	pal := playoff.Director.Palette()
	for i, seat := range []int{0, 1} {
		if got := playoff.Image.RGBAAt(int(playoffX(i, 2)), 290); !near(got, pal.Seats[seat]) {
			t.Errorf("P%d's playoff marker is %v, want %v", seat+1, got, pal.Seats[seat])
		}
	}
}

// TestEightSeats checks the full table: all eight seats have their panel
// in their colour.
func TestEightSeats(t *testing.T) {
	t.Logf("screenshot: %s", fullShot.Path)
	pal := fullShot.Director.Palette()
	tb := fullShot.Director.Top().(*Table)
	for seat := 0; seat < 8; seat++ {
		x, y := tb.panelPos(seat)
		if got := fullShot.Image.RGBAAt(int(x)+4, int(y+panelH/2)); !near(got, pal.Seats[seat]) {
			t.Errorf("seat %d's panel band is %v, want %v", seat, got, pal.Seats[seat])
		}
	}
}

func near(a, b color.RGBA) bool {
	d := func(x, y uint8) int { return max(int(x)-int(y), int(y)-int(x)) }
	return d(a.R, b.R) < 24 && d(a.G, b.G) < 24 && d(a.B, b.B) < 24
}
