package slamtable

import (
	"encoding/json"
	"fmt"
	"image/color"
	"math"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/persist"
	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/rulesets/slam"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/lobby"
	"github.com/jankenarcade/janken/scenes/scenetest"
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

func TestMain(m *testing.M) { scenetest.Main(m) }

// e2eGame is the end-to-end game: three players on three keyboard zones
// (keys 1–4, 7–0 and Z–V) and an easy bot, through the real input path
// (Script source, Router, director, table). On the first card, Player 3
// makes a mistake 12 ticks after the flip, Player 2 presses the correct
// key 31 ticks after it and Player 1 one tick later.
type e2eGame struct {
	t       *testing.T
	d       *scenes.Director
	src     *input.Script
	table   *Table
	flip    int64 // tick of the first flip
	correct rulesets.Buttons
	script  map[int64][]input.Event
}

func newE2EGame(t *testing.T) *e2eGame {
	router := input.NewRouter()
	seats := lobby.Seating{Router: router, Seats: []lobby.Seat{
		{Kind: lobby.Human, Device: input.Device{Kind: input.KeyZone, Index: 2}},
		{Kind: lobby.Human, Device: input.Device{Kind: input.KeyZone, Index: 3}},
		{Kind: lobby.Human, Device: input.Device{Kind: input.KeyZone, Index: 4}},
		{Kind: lobby.Bot, Bot: "easy"},
	}}
	for seat := 0; seat < 3; seat++ {
		if err := router.Bind(seat, seats.Seats[seat].Device); err != nil {
			t.Fatal(err)
		}
	}
	state, err := slam.New(slam.DefaultConfig(4), 42)
	if err != nil {
		t.Fatal(err)
	}
	g := &e2eGame{t: t, src: new(input.Script)}
	// Find the first flip and its answer on a copy.
	probe := state
	for probe.Phase() != slam.PhaseRacing {
		probe.Step(&rulesets.Frame{})
	}
	g.flip, g.correct = probe.Card().FlipTick, probe.Card().Correct
	wrong := rulesets.ButtonClap
	if g.correct == rulesets.ButtonClap {
		wrong = rulesets.ButtonRock
	}
	g.script = map[int64][]input.Event{
		g.flip + 12: {input.KeyDown(keyFor(4, wrong))},
		g.flip + 13: {input.KeyUp(keyFor(4, wrong))},
		g.flip + 31: {input.KeyDown(keyFor(3, g.correct))},
		g.flip + 32: {input.KeyUp(keyFor(3, g.correct)), input.KeyDown(keyFor(2, g.correct))},
		g.flip + 33: {input.KeyUp(keyFor(2, g.correct))},
	}
	g.d = scenes.New(scenes.Options{Source: g.src, Store: persist.At(t.TempDir()),
		Start: func(d *scenes.Director) scenes.Scene {
			g.table = newTableFrom(d, seats, state, 7)
			return g.table
		}})
	return g
}

// playTo plays until the rules have run tick, feeding before each
// director tick the keys for the rules tick it will process.
func (g *e2eGame) playTo(tick int64) {
	g.t.Helper()
	scenetest.Until(g.t, g.d, int(tick)+600, func(int) {
		g.src.Advance()
		g.src.Do(g.script[g.table.State().Tick()]...)
	}, func() bool { return g.table.State().Tick() > tick })
}

// TestEarlierKeyWins checks the judge of the end-to-end game: the earlier
// correct key takes the card, the later one is late, the mistake wrong.
func TestEarlierKeyWins(t *testing.T) {
	g := newE2EGame(t)
	g.playTo(g.flip + 40)
	r := g.table.State().Card()
	if r.FlipTick != g.flip {
		t.Fatalf("card flipped on %d, want %d", r.FlipTick, g.flip)
	}
	if r.Taker != 1 {
		t.Errorf("card went to seat %d, want seat 1 (pressed on tick %d)", r.Taker, g.flip+31)
	}
	want := map[int]slam.Press{
		1: {Tick: g.flip + 31, Buttons: g.correct, Result: slam.ResultCorrect},
		0: {Tick: g.flip + 32, Buttons: g.correct, Result: slam.ResultLate},
		2: {Tick: g.flip + 12, Buttons: map[bool]rulesets.Buttons{true: rulesets.ButtonRock, false: rulesets.ButtonClap}[g.correct == rulesets.ButtonClap], Result: slam.ResultWrong},
	}
	for seat, w := range want {
		if got := r.Presses[seat]; got != w {
			t.Errorf("seat %d: press %+v, want %+v", seat, got, w)
		}
	}
	if got := g.table.headline(r); got != "P2 by 16 ms" {
		t.Errorf("headline %q, want \"P2 by 16 ms\"", got)
	}
}

// TestScreenshots checks the end-to-end game as drawn: mid-race Player
// 3's mistake is already marked on the photo-finish strip, Player 2's
// press not yet; after the race Player 2's marker shows in its seat
// colour.
func TestScreenshots(t *testing.T) {
	g := newE2EGame(t)
	pal := g.d.Palette()
	axisY := int(stripY + 62)
	x := func(ticks float64) int { return int(stripAxisX + ticks/stripSpan*stripAxisW) }
	g.playTo(g.flip + 24)
	mid := scenetest.Shoot(t, g.d, "slam-mid")
	if got := mid.RGBAAt(x(12), axisY); !near(got, pal.Seats[2]) {
		t.Errorf("mid-race, Player 3's mistake marker is %v, want %v", got, pal.Seats[2])
	}
	if got := mid.RGBAAt(x(31), axisY); near(got, pal.Seats[1]) {
		t.Errorf("mid-race, Player 2's marker shows before the press")
	}
	g.playTo(g.flip + 40)
	end := scenetest.Shoot(t, g.d, "slam-photo-finish")
	if got := end.RGBAAt(x(31)-3, axisY); !near(got, pal.Seats[1]) {
		t.Errorf("Player 2's photo-finish marker is %v, want %v", got, pal.Seats[1])
	}
}

// TestDeadHeatHeadlineClearsTheAxis: Players 1 and 2 press the correct
// key on the same tick; the photo finish's "Dead heat! Drawn: P…" stays
// left of the time line (before, it ran over its start).
func TestDeadHeatHeadlineClearsTheAxis(t *testing.T) {
	g := newE2EGame(t)
	g.script = map[int64][]input.Event{
		g.flip + 31: {input.KeyDown(keyFor(2, g.correct)), input.KeyDown(keyFor(3, g.correct))},
		g.flip + 32: {input.KeyUp(keyFor(2, g.correct)), input.KeyUp(keyFor(3, g.correct))},
	}
	g.playTo(g.flip + 40)
	r := g.table.State().Card()
	if r.Tied.Len() != 2 {
		t.Fatalf("tied %v, want a dead heat of Players 1 and 2", r.Tied)
	}
	img := scenetest.Shoot(t, g.d, "slam-dead-heat")
	accent := g.d.Palette().Accent
	for y := int(stripY) + 36; y < int(stripY+stripH); y++ {
		for x := int(stripAxisX) - 12; x < int(stripAxisX)+80; x++ {
			if near(img.RGBAAt(x, y), accent) {
				t.Fatalf("the headline %q is drawn over the time line at (%d, %d)", g.table.headline(r), x, y)
			}
		}
	}
}

// TestEightSeats draws eight players in Last One Loses, late in a game
// played by bots: all eight seats have their panel in their colour.
func TestEightSeats(t *testing.T) {
	state, seats, bots := eightBots(t)
	// Play on until a card is up late in the game.
	if err := slam.PlayBots(&state, bots, 4000, nil); err != nil && !state.Over() {
		for state.Phase() != slam.PhaseRacing {
			f := rulesets.Frame{Tick: state.Tick()}
			state.Step(&f)
		}
	}
	var tb *Table
	d := scenes.New(scenes.Options{Source: new(input.Script), Store: persist.At(t.TempDir()),
		Start: func(d *scenes.Director) scenes.Scene { tb = newTableFrom(d, seats, state, 9); return tb }})
	scenetest.Run(t, d, 21, nil)
	img := scenetest.Shoot(t, d, "slam-eight")
	pal := d.Palette()
	for seat := 0; seat < 8; seat++ {
		x, y := tb.panelPos(seat)
		if got := img.RGBAAt(int(x)+4, int(y+panelH/2)); !near(got, pal.Seats[seat]) {
			t.Errorf("seat %d's panel band is %v, want %v", seat, got, pal.Seats[seat])
		}
	}
}

// eightBots returns a Last One Loses game of eight bots of every level
// (seed 5), their seating and the bots.
func eightBots(t *testing.T) (slam.State, lobby.Seating, []slam.Bot) {
	t.Helper()
	cfg := slam.DefaultConfig(8)
	cfg.Mode = slam.LastOneLoses
	state, err := slam.New(cfg, 5)
	if err != nil {
		t.Fatal(err)
	}
	seats := lobby.Seating{Router: input.NewRouter()}
	bots := make([]slam.Bot, 8)
	for seat := range bots {
		level := slam.Difficulty(1 + seat%3)
		bots[seat] = slam.NewBot(seat, level, 3)
		seats.Seats = append(seats.Seats, lobby.Seat{Kind: lobby.Bot, Bot: level.String()})
	}
	return state, seats, bots
}

// TestEightSeatResults plays eight bots to the end and shows the results:
// the winner headlined, every row in rank order (fewest cards first in
// Last One Loses), no "1 mistakes".
func TestEightSeatResults(t *testing.T) {
	state, seats, bots := eightBots(t)
	if err := slam.PlayBots(&state, bots, 200000, nil); err != nil {
		t.Fatal(err)
	}
	var tb *Table
	d := scenes.New(scenes.Options{Source: new(input.Script), Store: persist.At(t.TempDir()),
		Start: func(d *scenes.Director) scenes.Scene { tb = newTableFrom(d, seats, state, 9); return tb }})
	scenetest.Run(t, d, 2, nil)
	res := tb.results()
	d.Replace(res, scenes.Transition{Kind: scenes.Cut})
	scenetest.Run(t, d, 30, nil)
	scenetest.Shoot(t, d, "slam-eight-results")
	rows := res.Rows()
	if len(rows) != 8 || !rows[0].Winner || !strings.HasSuffix(res.Title(), "wins!") && res.Title() != "A shared win!" {
		t.Fatalf("title %q, rows %+v: want the winner headlined and first", res.Title(), rows)
	}
	for i, row := range rows {
		if i > 0 && !rows[i-1].Winner && !row.Winner && rows[i-1].Score > row.Score {
			t.Errorf("row %d (%d cards) after row %d (%d cards): want fewest first", i, row.Score, i-1, rows[i-1].Score)
		}
		if strings.Contains(row.Detail, " 1 mistakes") || strings.HasPrefix(row.Detail, "1 mistakes") {
			t.Errorf("row %d says %q", i, row.Detail)
		}
	}
}

// TestPlayoffScreenshot draws a sudden-death decider between Players 1
// and 2, just after a drawn round (rock against rock), decoded from a
// hand-made position: both players' markers in their colours, centred.
func TestPlayoffScreenshot(t *testing.T) {
	s, _ := slam.New(slam.DefaultConfig(3), 1)
	data, _ := slam.Encode(&s)
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	deck := m["deck"].([]any)
	m["deck"] = deck[:1]
	m["piles"] = []any{deck[1:27], deck[27:53], deck[53:54]}
	m["phase"] = "playoff"
	m["tick"] = 5000
	m["playoff"] = map[string]any{"kind": "decider", "seats": []int{0, 1}, "start": 4990, "round": 1, "thrown": []string{"none", "rock", "none"}, "shown": []string{"rock", "rock", "none"}}
	data, _ = json.Marshal(m)
	st, err := slam.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	seats := lobby.Seating{Router: input.NewRouter(), Seats: []lobby.Seat{{Kind: lobby.Bot, Bot: "easy"}, {Kind: lobby.Bot, Bot: "hard"}, {Kind: lobby.Bot, Bot: "easy"}}}
	d := scenes.New(scenes.Options{Source: new(input.Script), Store: persist.At(t.TempDir()),
		Start: func(d *scenes.Director) scenes.Scene {
			tb := newTableFrom(d, seats, st, 9)
			tb.showdown = 4995
			return tb
		}})
	scenetest.Run(t, d, 4, nil)
	img := scenetest.Shoot(t, d, "slam-playoff")
	pal := d.Palette()
	for i, seat := range []int{0, 1} {
		if got := img.RGBAAt(int(playoffX(i, 2)), 290); !near(got, pal.Seats[seat]) {
			t.Errorf("P%d's playoff marker is %v, want %v", seat+1, got, pal.Seats[seat])
		}
	}
}

func near(a, b color.RGBA) bool {
	d := func(x, y uint8) int { return max(int(x)-int(y), int(y)-int(x)) }
	return d(a.R, b.R) < 24 && d(a.G, b.G) < 24 && d(a.B, b.B) < 24
}

// TestLockoutHintClearsTheHand: mid-race Player 3 is locked out after a
// wrong press, and its panel says so left of the hand that shows the
// press (before, the full line ran on under the hand).
func TestLockoutHintClearsTheHand(t *testing.T) {
	g := newE2EGame(t)
	g.playTo(g.flip + 24)
	const seat = 2
	var line string
	var lineX float64
	g.d.RecordText(func(s string, x, _ float64) {
		if strings.HasPrefix(s, "locked out") {
			line, lineX = s, x
		}
	})
	scenetest.Shoot(t, g.d, "slam-locked-out")
	g.d.RecordText(nil)
	if line == "" {
		t.Fatal("no panel says a seat is locked out")
	}
	press := g.table.State().Card().Presses[seat]
	if press.Result != slam.ResultWrong {
		t.Fatalf("Player 3's press is %+v, want a wrong one", press)
	}
	x, _ := g.table.panelPos(seat)
	w, _ := g.table.atlas.Gesture(handOf(press.Buttons)).Size()
	handLeft := x + panelW - 48 - w*handScale/2
	_, st := lockoutHint(g.table.atlas.Palette(), math.Inf(1))
	if right := lineX + scenes.TextWidth(line, st); right > handLeft {
		t.Errorf("%q ends at x %.0f, under the hand, which starts at %.0f", line, right, handLeft)
	}
}
