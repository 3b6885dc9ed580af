package ninjantable

import (
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/persist"
	"github.com/jankenarcade/janken/rulesets/ninjan"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/lobby"
	"github.com/jankenarcade/janken/scenes/privacy"
	"github.com/jankenarcade/janken/scenes/privacy/screenshot"
)

// The screenshots, taken once in TestMain (Ebitengine needs the main
// thread) and checked by the tests.
var (
	midShot, curtainShot *screenshot.Shot
	deciderShot          *screenshot.Shot
	deciderTable         *Table
	claimShot            *screenshot.Shot
	claimByKeys          string // what the keyboard claim did
	midTable             *Table
	midMismatch          string // a disagreement between picture and game seen while playing
	couchReport          couchResult
)

// couchResult is what a whole couch game played through the table saw.
type couchResult struct {
	leak        string // a hand shown when its seat had no private moment
	curtains    int    // ticks the curtain was up
	finalTop    string // the scene after the game
	rematchTop  string // the scene after choosing "Play again"
	rounds      int
	decisions   int
	overWinners []int
}

// soloSeating is one human on the right-hand keys against three bots.
func soloSeating() lobby.Seating {
	r := input.NewRouter()
	human := input.Device{Kind: input.KeyZone, Index: 1}
	if err := r.Bind(0, human); err != nil {
		panic(err)
	}
	return lobby.Seating{Router: r, Privacy: privacy.HandOff, Seats: []lobby.Seat{
		{Kind: lobby.Human, Device: human}, {Kind: lobby.Bot, Bot: "easy"},
		{Kind: lobby.Bot, Bot: "medium"}, {Kind: lobby.Bot, Bot: "easy"},
	}}
}

// couchSeating is two humans sharing the right-hand keys, and a bot.
func couchSeating() lobby.Seating {
	r := input.NewRouter()
	shared := input.Device{Kind: input.KeyZone, Index: 1}
	for seat := range 2 {
		if err := r.Bind(seat, shared); err != nil {
			panic(err)
		}
	}
	return lobby.Seating{Router: r, Privacy: privacy.HandOff, Seats: []lobby.Seat{
		{Kind: lobby.Human, Device: shared}, {Kind: lobby.Human, Device: shared}, {Kind: lobby.Bot, Bot: "easy"},
	}}
}

func TestMain(m *testing.M) {
	if code, rerun := screenshot.EnsureDisplay(); rerun {
		os.Exit(code)
	}
	dir, err := os.MkdirTemp("", "ninjantable-test")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	defer os.RemoveAll(dir)

	src := new(input.Script)
	d := scenes.New(scenes.Options{Source: src, Store: persist.At(dir), Start: func(d *scenes.Director) scenes.Scene {
		midTable = New(d, soloSeating(), 2024)
		return midTable
	}})
	// The game is played headless inside the first step, as fast as the
	// bots answer; the window then draws the moment reached.
	midShot = &screenshot.Shot{Name: "ninjantable-midgame", Director: d, Step: func(tick int) bool {
		if tick == 0 {
			playUntilMidGame(d, src)
		}
		return true
	}}

	src2 := new(input.Script)
	var couch *Table
	d2 := scenes.New(scenes.Options{Source: src2, Store: persist.At(dir), Start: func(d *scenes.Director) scenes.Scene {
		couch = New(d, couchSeating(), 7)
		return couch
	}})
	curtainShot = &screenshot.Shot{Name: "ninjantable-curtain", Director: d2, Step: func(tick int) bool {
		src2.Advance()
		_, up := couch.gate.Curtain()
		return up && tick > 5 || tick > 3000
	}}

	couchReport = playCouchGame(dir)

	// A tie after the ninth round, resumed from a hand-written position:
	// the human's throw buttons, and long piles.
	game, err := ninjan.Decode([]byte(deciderPosition))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	src3 := new(input.Script)
	d3 := scenes.New(scenes.Options{Source: src3, Store: persist.At(dir), Start: func(d *scenes.Director) scenes.Scene {
		s := soloSeating()
		s.Seats = s.Seats[:2]
		deciderTable = Resume(d, s, game, 5)
		return deciderTable
	}})
	deciderShot = &screenshot.Shot{Name: "ninjantable-decider", Director: d3, Step: func(tick int) bool {
		src3.Advance()
		return tick == 3
	}}

	claimPos, err := os.ReadFile(filepath.Join("..", "..", "rulesets", "ninjan", "testdata", "claim.json"))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	claimByKeys = claimWithKeys(dir, claimPos)
	d4, _ := claimDirector(dir, claimPos, new(input.Script))
	claimShot = &screenshot.Shot{Name: "ninjantable-claim", Director: d4, Step: func(tick int) bool { return tick == 3 }}

	playHostCouch(dir)
	shots := append([]*screenshot.Shot{midShot, curtainShot, deciderShot, claimShot}, netShots(dir)...)
	shots = append(shots, couchShots(dir)...)
	if err := screenshot.Run(shots...); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Exit(m.Run())
}

// playUntilMidGame runs the director, the human on seat 0 always taking
// the highlighted option, until round 4 has a pile being claimed halfway
// through its animation. It checks the picture against the game whenever
// the table is idle.
func playUntilMidGame(d *scenes.Director, src *input.Script) {
	press := false
	for range 2_000_000 {
		src.Advance()
		if press {
			src.Do(input.KeyUp(ebiten.KeyEnter))
			press = false
		} else if midTable.Idle() && slices.Contains(midTable.owe, 0) {
			src.Do(input.KeyDown(ebiten.KeyEnter))
			press = true
		}
		if err := d.Update(); err != nil {
			midMismatch = err.Error()
			return
		}
		if midTable.Idle() && midMismatch == "" {
			midMismatch = pictureMismatch(midTable)
		}
		if cur := midTable.cur; midTable.pic.round >= 4 && cur != nil && cur.ev.Kind == ninjan.EventClaimed && cur.elapsed == cur.ticks/2 {
			return
		}
	}
}

// playCouchGame plays a whole game with two humans sharing the keyboard
// and a bot, through the table's own input: Enter lifts each curtain and
// takes each highlighted option. It watches that no hand is shown outside
// its seat's private moment, then chooses "Play again" on the results.
func playCouchGame(dir string) couchResult {
	var res couchResult
	src := new(input.Script)
	var tb *Table
	d := scenes.New(scenes.Options{Source: src, Store: persist.At(dir), Start: func(d *scenes.Director) scenes.Scene {
		tb = New(d, couchSeating(), 99)
		return tb
	}})
	press := false
	var before []int
	for range 2_000_000 {
		src.Advance()
		if press {
			src.Do(input.KeyUp(ebiten.KeyEnter))
			press = false
		} else if _, up := tb.gate.Curtain(); up || tb.Idle() && len(tb.owe) > 0 || d.Top().Name() == "results" {
			src.Do(input.KeyDown(ebiten.KeyEnter))
			press = true
		}
		top := d.Top().Name()
		if err := d.Update(); err != nil {
			res.leak = err.Error()
			return res
		}
		if top == "results" && d.Top().Name() != "results" {
			res.rematchTop = d.Top().Name()
			return res
		}
		if d.Top().Name() == "results" {
			if res.finalTop == "" {
				res.finalTop = "results"
				res.rounds, res.overWinners = tb.game.Round(), tb.game.Winners(nil)
			}
			continue
		}
		if _, up := tb.gate.Curtain(); up {
			res.curtains++
			if s := tb.shownSeat(); s >= 0 {
				res.leak = fmt.Sprintf("seat %d's hand shown under the curtain", s)
			}
		}
		if s := tb.shownSeat(); s >= 0 && !slices.Contains(before, s) && !slices.Contains(tb.owe, s) && res.leak == "" {
			res.leak = fmt.Sprintf("seat %d's hand shown in %v while it owed nothing", s, tb.game.Phase())
		}
		before = append(before[:0], tb.owe...)
	}
	return res
}

// TestCouchGameThroughTheTable checks the couch game: it ran to the
// results, the curtain came up between the two humans, no hand was shown
// outside its private moment, and "Play again" dealt a new table.
func TestCouchGameThroughTheTable(t *testing.T) {
	r := couchReport
	if r.leak != "" {
		t.Fatal(r.leak)
	}
	if r.finalTop != "results" || r.rounds != ninjan.Rounds || len(r.overWinners) != 1 {
		t.Fatalf("the game did not reach the results: %+v", r)
	}
	if r.curtains == 0 {
		t.Error("two humans on one keyboard never saw the hand-off curtain")
	}
	if r.rematchTop != "ninjan" {
		t.Errorf("Play again led to %q, want a new table", r.rematchTop)
	}
}

// pictureMismatch compares the table's picture, built from events, with
// the game once every event has been shown.
func pictureMismatch(t *Table) string {
	for p := range ninjan.NumPiles {
		if got, want := t.pic.piles[p], t.game.Pile(p).Cards(); !slices.Equal(got, want) {
			return fmt.Sprintf("pile %d shows %v, the game has %v", p, got, want)
		}
	}
	scores := t.game.Scores(nil)
	for s := range t.players {
		if t.pic.points[s] != scores[s] {
			return fmt.Sprintf("seat %d shows %d points, the game has %d", s, t.pic.points[s], scores[s])
		}
	}
	return ""
}

// saveArtifact copies a screenshot to artifacts/ninjantable/ for people to
// look at.
func saveArtifact(t *testing.T, shot *screenshot.Shot) {
	dir := filepath.Join("..", "..", "artifacts", "ninjantable")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(filepath.Join(dir, shot.Name+".png"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, shot.Image); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot: %s", f.Name())
}

// TestMidGameScreenshot checks the mid-game table: the game really is in
// its fourth round with a pile being claimed, the picture drawn from the
// events agreed with the game whenever the table was idle, and the screen
// shows the legend, the piles and the human's hand.
func TestMidGameScreenshot(t *testing.T) {
	saveArtifact(t, midShot)
	if midMismatch != "" {
		t.Errorf("picture and game disagree: %s", midMismatch)
	}
	if midTable.pic.round < 4 || midTable.cur == nil || midTable.cur.ev.Kind != ninjan.EventClaimed {
		t.Fatalf("the shot is not mid-game: round %d", midTable.pic.round)
	}
	img := midShot.Image
	if img.Bounds() != image.Rect(0, 0, scenes.ScreenWidth, scenes.ScreenHeight) {
		t.Fatalf("screen %v", img.Bounds())
	}
	// The legend's symbols carry the suit colours; the hand's cards are
	// light card faces where the felt would be dark.
	pal := midTable.atlas.Palette()
	for i, y := range []int{int(sideTop + 66), int(sideTop + 120), int(sideTop + 174)} {
		if !regionHas(img, int(legendX)+16, y-16, 40, 32, pal.SymbolInk[i].Fill) {
			t.Errorf("legend row %d lacks the %s colour", i, pal.SymbolInk[i].Name)
		}
	}
	hand := midTable.game.View(0).Hand.Len()
	if hand == 0 {
		t.Fatal("the human has no cards in round 4")
	}
	x, y := handPos(0, hand)
	if !regionHas(img, int(x)-30, int(y)-40, 60, 80, pal.Card) {
		t.Error("no card face where the hand's first card should be")
	}
}

// TestCurtainScreenshot: two humans share a keyboard, so the table opens
// with the hand-off curtain and no hand shown.
func TestCurtainScreenshot(t *testing.T) {
	saveArtifact(t, curtainShot)
	img := curtainShot.Image
	pal := curtainShot.Director.Palette()
	// The curtain is opaque: the felt and the cards are gone.
	if regionHas(img, 500, 300, 280, 60, midTable.atlas.Palette().Card) {
		t.Error("card faces show through the curtain")
	}
	if !regionHas(img, 0, 230, scenes.ScreenWidth, 10, pal.Seats[0]) {
		t.Error("the curtain is not in Player 1's colour")
	}
}

// claimDirector opens the rules file's forced-claim example (seat 0's
// 8 Rock beats the Scissors tops of piles 1 and 2) with a human on seat 0.
func claimDirector(dir string, pos []byte, src *input.Script) (*scenes.Director, *Table) {
	game, err := ninjan.Decode(pos)
	if err != nil {
		panic(err)
	}
	var tb *Table
	d := scenes.New(scenes.Options{Source: src, Store: persist.At(dir), Start: func(d *scenes.Director) scenes.Scene {
		s := soloSeating()
		s.Seats = s.Seats[:2]
		tb = Resume(d, s, game, 3)
		return tb
	}})
	return d, tb
}

// claimWithKeys presses Right then Enter on the right-hand keys in the
// forced-claim example and reports the pile seat 0 took ("" if nothing).
func claimWithKeys(dir string, pos []byte) string {
	src := new(input.Script)
	d, tb := claimDirector(dir, pos, src)
	for i, keys := range [][]input.Event{
		{input.KeyDown(ebiten.KeyArrowRight)}, {input.KeyUp(ebiten.KeyArrowRight)},
		{input.KeyDown(ebiten.KeyEnter)}, {input.KeyUp(ebiten.KeyEnter)},
	} {
		src.Advance()
		src.Do(keys...)
		if err := d.Update(); err != nil {
			return fmt.Sprintf("tick %d: %v", i, err)
		}
	}
	return tb.game.View(0).Taken[0].Cards(nil)[0].String()
}

// TestClaimScreenshot: in the forced-claim example, the two piles the
// 8 Rock may take glow and the keyboard takes the one highlighted.
func TestClaimScreenshot(t *testing.T) {
	saveArtifact(t, claimShot)
	if claimByKeys != "2S" {
		t.Errorf("Right then Enter took %q, want pile 2's 2S", claimByKeys)
	}
	img := claimShot.Image
	accent := claimShot.Director.Palette().Accent
	yellowish := func(c color.RGBA) bool { return c.R > 200 && c.G > 200 && c.B < 170 }
	for p := range ninjan.NumPiles {
		x, y := pileCardPos(p, 0, 1)
		glows := regionMatch(img, int(x)-36, int(y)-20, 5, 40, yellowish)
		outlined := regionHas(img, int(pileX(p))-112, int(pileTop)-10, 8, 40, accent)
		// Piles 1 and 2 may be claimed; the cursor starts on pile 1.
		if glows != (p > 0) || outlined != (p == 1) {
			t.Errorf("pile %d: glows %v, outlined %v", p, glows, outlined)
		}
	}
}

// regionMatch reports whether some pixel of the box satisfies ok.
func regionMatch(img *image.RGBA, x, y, w, h int, ok func(color.RGBA) bool) bool {
	for py := y; py < y+h; py++ {
		for px := x; px < x+w; px++ {
			if ok(img.RGBAAt(px, py)) {
				return true
			}
		}
	}
	return false
}

// deciderPosition is a two-player game tied on 10 after nine rounds, with
// the other dealt cards on long piles.
const deciderPosition = `{"players": 2, "round": 9, "phase": "decider",
	"piles": [["-6R","-5R","-4R","-3R","-2R","-1R","1R","2R","3R"], ["4R","5R","6R","7R","8R","9R"], ["1P","2P","3P","4P"]],
	"hands": [[], []], "taken": [["10R"], ["10P"]]}`

// TestDeciderScreenshot: the human in a tie sees the four throw buttons,
// and every card of the nine-card pile is on screen.
func TestDeciderScreenshot(t *testing.T) {
	saveArtifact(t, deciderShot)
	tb := deciderTable
	if tb.game.Phase() != ninjan.PhaseDecider || !slices.Contains(tb.owe, 0) {
		t.Fatalf("phase %v, owing %v", tb.game.Phase(), tb.owe)
	}
	img := deciderShot.Image
	pal := deciderShot.Director.Palette()
	for i := range 4 {
		x, y, w, _ := throwBox(i)
		if !regionHas(img, int(x), int(y)-2, int(w), 5, pal.PanelEdge) && !regionHas(img, int(x), int(y)-2, int(w), 5, pal.Accent) {
			t.Errorf("throw button %d is not drawn", i)
		}
	}
	ink := tb.atlas.Palette().SymbolInk[0].Fill
	for i := range 9 {
		x, y := pileCardPos(0, i, 9)
		if !regionHas(img, int(x)-28, int(y)-42, 20, 14, ink) {
			t.Errorf("card %d of pile 1 is hidden", i)
		}
	}
}

// regionHas reports whether some pixel of the box is close to clr.
func regionHas(img *image.RGBA, x, y, w, h int, clr color.RGBA) bool {
	for py := y; py < y+h; py++ {
		for px := x; px < x+w; px++ {
			c := img.RGBAAt(px, py)
			d := func(a, b uint8) int { return max(int(a)-int(b), int(b)-int(a)) }
			if d(c.R, clr.R) < 16 && d(c.G, clr.G) < 16 && d(c.B, clr.B) < 16 {
				return true
			}
		}
	}
	return false
}
