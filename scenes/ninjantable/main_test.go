package ninjantable

import (
	"fmt"
	"image"
	"image/color"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/persist"
	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/rulesets/ninjan"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/cardtable"
	"github.com/jankenarcade/janken/scenes/lobby"
	"github.com/jankenarcade/janken/scenes/privacy"
	"github.com/jankenarcade/janken/scenes/scenetest"
)

func TestMain(m *testing.M) { scenetest.Main(m) }

// soloSeating is one human on the right-hand keys against three bots.
func soloSeating(t *testing.T) lobby.Seating {
	r := input.NewRouter()
	human := input.Device{Kind: input.KeyZone, Index: 1}
	if err := r.Bind(0, human); err != nil {
		t.Fatal(err)
	}
	return lobby.Seating{Router: r, Privacy: privacy.HandOff, Seats: []lobby.Seat{
		{Kind: lobby.Human, Device: human}, {Kind: lobby.Bot, Bot: "easy"},
		{Kind: lobby.Bot, Bot: "medium"}, {Kind: lobby.Bot, Bot: "easy"},
	}}
}

// couchSeating is two humans sharing the right-hand keys, and a bot.
func couchSeating(t *testing.T) lobby.Seating {
	r := input.NewRouter()
	shared := input.Device{Kind: input.KeyZone, Index: 1}
	for seat := range 2 {
		if err := r.Bind(seat, shared); err != nil {
			t.Fatal(err)
		}
	}
	return lobby.Seating{Router: r, Privacy: privacy.HandOff, Seats: []lobby.Seat{
		{Kind: lobby.Human, Device: shared}, {Kind: lobby.Human, Device: shared}, {Kind: lobby.Bot, Bot: "easy"},
	}}
}

// couch is a table on the couch under test: its director, fed by a
// Script, the runner, the table, and the whole game.
type couch struct {
	d    *scenes.Director
	src  *input.Script
	r    *Runner
	tb   *table
	game *ninjan.State
	rec  *recordedMatch
}

// openTable returns a director of its own, fed by a Script, whose first
// scene is a table for seating s playing position (dealt from secret if
// nil); its bots answer on the tick they are asked, so that a game takes
// the same ticks on any machine.
func openTable(t *testing.T, s lobby.Seating, position *ninjan.State, secret uint64) *couch {
	c := &couch{src: new(input.Script)}
	var err error
	c.d = scenes.New(scenes.Options{Source: c.src, Store: persist.At(t.TempDir()), Start: func(d *scenes.Director) scenes.Scene {
		game := position
		if game == nil {
			game, err = ninjan.New(ninjan.Config{Players: len(s.Seats)}, rulesets.DeriveSeed(secret, "deal", -1))
			if err != nil {
				return scenes.NewTitle(d)
			}
		}
		c.rec = record(cardtable.NewLocal[*ninjan.State, ninjan.View, ninjan.Action, ninjan.Event](game, (*ninjan.State).View))
		if c.r, c.tb, err = open(d, c.rec, s, secret, nil); err != nil {
			return scenes.NewTitle(d)
		}
		c.r.ThinkInline()
		c.game = game
		return c.r
	}})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// playUntilMidGame runs a solo game, the human on seat 0 always taking
// the highlighted option, until round 4 has a pile being claimed halfway
// through its animation. It returns the table and the first disagreement
// between the table's picture and the game seen whenever the table was
// set out and idle ("" if none).
func playUntilMidGame(t *testing.T) (*couch, string) {
	c := openTable(t, soloSeating(t), nil, 2024)
	tb, src := c.tb, c.src
	press, mismatch := false, ""
	scenetest.Until(t, c.d, 20000, func(int) {
		src.Advance()
		if press {
			src.Do(input.KeyUp(ebiten.KeyEnter))
			press = false
		} else if c.r.Status().Acting == 0 {
			src.Do(input.KeyDown(ebiten.KeyEnter))
			press = true
		}
	}, func() bool {
		// The runner sets the table out on its first tick, and shows an
		// action's events from the tick after it.
		if c.r.Status().Tick > 0 && tb.idle() && !c.rec.unseen && mismatch == "" {
			mismatch = pictureMismatch(tb, c.game)
		}
		cur := tb.cur
		return tb.pic.round >= 4 && cur != nil && cur.ev.Kind == ninjan.EventClaimed && cur.elapsed == cur.ticks/2
	})
	return c, mismatch
}

// couchResult is what a whole couch game played through the table saw.
type couchResult struct {
	leak        string // a hand shown when its seat had no private moment
	curtains    int    // ticks the curtain was up
	finalTop    string // the scene after the game
	rematchTop  string // the scene after choosing "Play again"
	rematch     uint64 // the hash of the game it deals
	rounds      int
	overWinners []int
}

// playCouchGame plays a whole game with two humans sharing the keyboard
// and a bot, through the table's own input: Enter lifts each curtain and
// takes each highlighted option. It watches that no hand is shown outside
// its seat's private moment, then chooses "Play again" on the results.
func playCouchGame(t *testing.T) couchResult {
	var res couchResult
	c := openTable(t, couchSeating(t), nil, 99)
	d, src, r := c.d, c.src, c.r
	press := false
	var before, owe []int
	for range 100_000 {
		src.Advance()
		if press {
			src.Do(input.KeyUp(ebiten.KeyEnter))
			press = false
		} else if _, up := r.Gate().Curtain(); up || r.Status().Acting >= 0 || d.Top().Name() == "results" {
			src.Do(input.KeyDown(ebiten.KeyEnter))
			press = true
		}
		top := d.Top().Name()
		if err := d.Update(); err != nil {
			t.Fatal(err)
		}
		if top == "results" && d.Top().Name() != "results" {
			res.rematchTop = d.Top().Name()
			if next, ok := d.Top().(*Runner); ok {
				res.rematch = next.Match().(*local).Game.Hash()
			}
			return res
		}
		if d.Top().Name() == "results" {
			if res.finalTop == "" {
				res.finalTop = "results"
				res.rounds, res.overWinners = c.game.Round(), c.game.Winners(nil)
			}
			continue
		}
		shown := r.Status().Shown
		if _, up := r.Gate().Curtain(); up {
			res.curtains++
			if shown >= 0 {
				res.leak = fmt.Sprintf("seat %d's hand shown under the curtain", shown)
			}
		}
		owe = c.game.ToAct(owe[:0])
		if shown >= 0 && !slices.Contains(before, shown) && !slices.Contains(owe, shown) && res.leak == "" {
			res.leak = fmt.Sprintf("seat %d's hand shown in %v while it owed nothing", shown, c.game.Phase())
		}
		before = append(before[:0], owe...)
	}
	return res
}

// local is a match on the couch.
type local = cardtable.Local[*ninjan.State, ninjan.View, ninjan.Action, ninjan.Event]

// TestCouchGameThroughTheTable checks the couch game: it ran to the
// results, the curtain came up between the two humans, no hand was shown
// outside its private moment, and "Play again" dealt a new table from the
// secret that follows the match's.
func TestCouchGameThroughTheTable(t *testing.T) {
	r := playCouchGame(t)
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
	secret := rulesets.DeriveSeed(99, "rematch", -1)
	want, err := ninjan.New(ninjan.Config{Players: 3}, rulesets.DeriveSeed(secret, "deal", -1))
	if err != nil {
		t.Fatal(err)
	}
	if r.rematch != want.Hash() {
		t.Error("the rematch is not the game dealt from the rematch's secret")
	}
}

// pictureMismatch compares the table's picture, built from events, with
// the game once every event has been shown.
func pictureMismatch(t *table, g *ninjan.State) string {
	for p := range ninjan.NumPiles {
		if got, want := t.pic.piles[p], g.Pile(p).Cards(); !slices.Equal(got, want) {
			return fmt.Sprintf("pile %d shows %v, the game has %v", p, got, want)
		}
	}
	scores := g.Scores(nil)
	for s := range g.Seats() {
		if t.pic.points[s] != scores[s] {
			return fmt.Sprintf("seat %d shows %d points, the game has %d", s, t.pic.points[s], scores[s])
		}
	}
	return ""
}

// TestMidGameScreenshot checks the mid-game table: the game really is in
// its fourth round with a pile being claimed, the picture drawn from the
// events agreed with the game whenever the table was idle, and the screen
// shows the legend, the piles, the human's hand and the log in its panel.
func TestMidGameScreenshot(t *testing.T) {
	c, mismatch := playUntilMidGame(t)
	tb := c.tb
	img := scenetest.Shoot(t, c.d, "ninjantable-midgame")
	if mismatch != "" {
		t.Errorf("picture and game disagree: %s", mismatch)
	}
	if tb.pic.round < 4 || tb.cur == nil || tb.cur.ev.Kind != ninjan.EventClaimed {
		t.Fatalf("the shot is not mid-game: round %d", tb.pic.round)
	}
	// The legend's symbols carry the suit colours; the hand's cards are
	// light card faces where the felt would be dark.
	pal := tb.atlas.Palette()
	for i, y := range []int{int(sideTop + 66), int(sideTop + 120), int(sideTop + 174)} {
		if !regionHas(img, int(legendX)+16, y-16, 40, 32, pal.SymbolInk[i].Fill) {
			t.Errorf("legend row %d lacks the %s colour", i, pal.SymbolInk[i].Name)
		}
	}
	hand := c.game.View(0).Hand.Len()
	if hand == 0 {
		t.Fatal("the human has no cards in round 4")
	}
	x, y := handPos(0, hand)
	if !regionHas(img, int(x)-30, int(y)-40, 60, 80, pal.Card) {
		t.Error("no card face where the hand's first card should be")
	}
	// The log's lines, naming bots at length, wrap inside their panel.
	if len(c.r.Status().Lines()) < 17 {
		t.Fatalf("only %d log lines by round 4", len(c.r.Status().Lines()))
	}
	if right := int(logX + logW); regionHas(img, right+8, int(sideTop)+40, scenes.ScreenWidth-right-8, int(sideBottom-sideTop)-40, c.d.Palette().Text) {
		t.Error("the log's text runs past its panel")
	}
}

// TestCurtainScreenshot: two humans share a keyboard, so the table opens
// with the hand-off curtain and no hand shown.
func TestCurtainScreenshot(t *testing.T) {
	c := openTable(t, couchSeating(t), nil, 7)
	ticks := 0
	scenetest.Until(t, c.d, 3000, func(tick int) { c.src.Advance(); ticks = tick + 1 }, func() bool {
		_, up := c.r.Gate().Curtain()
		return up && ticks > 6
	})
	img := scenetest.Shoot(t, c.d, "ninjantable-curtain")
	// The curtain is opaque: the felt and the cards are gone.
	if regionHas(img, 500, 300, 280, 60, c.tb.atlas.Palette().Card) {
		t.Error("card faces show through the curtain")
	}
	if !regionHas(img, 0, 230, scenes.ScreenWidth, 10, c.d.Palette().Seats[0]) {
		t.Error("the curtain is not in Player 1's colour")
	}
}

// claimTable opens the rules file's forced-claim example (seat 0's 8 Rock
// beats the Scissors tops of piles 1 and 2) with a human on seat 0.
func claimTable(t *testing.T) *couch {
	pos, err := os.ReadFile(filepath.Join("..", "..", "rulesets", "ninjan", "testdata", "claim.json"))
	if err != nil {
		t.Fatal(err)
	}
	game, err := ninjan.Decode(pos)
	if err != nil {
		t.Fatal(err)
	}
	s := soloSeating(t)
	s.Seats = s.Seats[:2]
	return openTable(t, s, game, 3)
}

// TestClaimScreenshot: in the forced-claim example, the two piles the
// 8 Rock may take glow, the cursor on the first, and the keyboard takes
// the one highlighted.
func TestClaimScreenshot(t *testing.T) {
	c := claimTable(t)
	scenetest.Run(t, c.d, 4, nil)
	img := scenetest.Shoot(t, c.d, "ninjantable-claim")
	accent := c.d.Palette().Accent
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
	// Under each card of the lane, its place in the order in a badge of
	// its owner's colour, the first over the resolving card's glow (the
	// numbers once stood above the cards, which covered them).
	pal, n := c.d.Palette(), c.tb.pic.laneN
	if n != 2 {
		t.Fatalf("%d cards in the lane, want 2", n)
	}
	for i := range n {
		seat := c.tb.pic.lane[i]
		x, y := lanePos(i, n)
		bx, by := int(x)-laneBadgeR+2, int(y+laneBadgeDY-laneBadgeR)+2
		if !regionHas(img, bx, by, 2*laneBadgeR-4, 2*laneBadgeR-4, pal.Seats[seat]) || !regionHas(img, bx, by, 2*laneBadgeR-4, 2*laneBadgeR-4, pal.SeatInk[seat]) {
			t.Errorf("lane card %d (seat %d): no badge with its number under it", i+1, seat)
		}
	}

	// Right then Enter on the right-hand keys, on a table of its own.
	c = claimTable(t)
	keys := [][]input.Event{
		{input.KeyDown(ebiten.KeyArrowRight)}, {input.KeyUp(ebiten.KeyArrowRight)},
		{input.KeyDown(ebiten.KeyEnter)}, {input.KeyUp(ebiten.KeyEnter)},
	}
	scenetest.Run(t, c.d, len(keys), func(tick int) {
		c.src.Advance()
		c.src.Do(keys[tick]...)
	})
	if got := c.game.View(0).Taken[0].Cards(nil); len(got) != 1 || got[0].String() != "2S" {
		t.Errorf("Right then Enter took %v, want pile 2's 2S", got)
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
	game, err := ninjan.Decode([]byte(deciderPosition))
	if err != nil {
		t.Fatal(err)
	}
	s := soloSeating(t)
	s.Seats = s.Seats[:2]
	c := openTable(t, s, game, 5)
	scenetest.Run(t, c.d, 4, nil)
	img := scenetest.Shoot(t, c.d, "ninjantable-decider")
	if c.game.Phase() != ninjan.PhaseDecider || c.r.Status().Acting != 0 {
		t.Fatalf("phase %v, owing %v, acting %d", c.game.Phase(), c.game.ToAct(nil), c.r.Status().Acting)
	}
	pal := c.d.Palette()
	for i := range 4 {
		x, y, w, _ := throwBox(i)
		if !regionHas(img, int(x), int(y)-2, int(w), 5, pal.PanelEdge) && !regionHas(img, int(x), int(y)-2, int(w), 5, pal.Accent) {
			t.Errorf("throw button %d is not drawn", i)
		}
	}
	ink := c.tb.atlas.Palette().SymbolInk[0].Fill
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
