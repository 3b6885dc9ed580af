package thatsminetable

import (
	"fmt"
	"image/color"
	"os"
	"path/filepath"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/persist"
	tm "github.com/jankenarcade/janken/rulesets/thatsmine"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/lobby"
	"github.com/jankenarcade/janken/scenes/privacy"
	"github.com/jankenarcade/janken/scenes/privacy/screenshot"
)

// midgame is a five-player table caught in the middle of a reveal, drawn
// in a real window: one human (whose hand shows) and four bots.
var (
	midgame      *screenshot.Shot
	midgameTable *Table
	// choosing is a four-player table at its first round, the human
	// choosing: card cursor moved, wager raised.
	choosing      *screenshot.Shot
	choosingTable *Table
)

func TestMain(m *testing.M) {
	if code, rerun := screenshot.EnsureDisplay(); rerun {
		os.Exit(code)
	}
	dir, err := os.MkdirTemp("", "thatsminetable-test")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	midgame, err = midgameShot(dir)
	if err == nil {
		choosing, err = choosingShot(dir)
	}
	var net []*screenshot.Shot
	if err == nil {
		net, err = netShots(dir)
	}
	if err == nil {
		net = append(net, couchShots(dir)...)
		err = screenshot.Run(append([]*screenshot.Shot{midgame, choosing}, net...)...)
	}
	os.RemoveAll(dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Exit(m.Run())
}

func midgameShot(dir string) (*screenshot.Shot, error) {
	router := input.NewRouter()
	s := lobby.Seating{Router: router, Privacy: privacy.HandOff,
		Seats: []lobby.Seat{{Kind: lobby.Human, Device: sharedKeys}, {Kind: lobby.Bot, Bot: "easy"},
			{Kind: lobby.Bot, Bot: "medium"}, {Kind: lobby.Bot, Bot: "medium"}, {Kind: lobby.Bot, Bot: "easy"}}}
	if err := router.Bind(0, sharedKeys); err != nil {
		return nil, err
	}
	// Three rounds are played off screen (the window runs in real time),
	// the fourth on the table.
	game, err := tm.New(tm.Config{Players: 5}, 11)
	if err != nil {
		return nil, err
	}
	for range 3 {
		for seat := range 5 {
			bot, _ := tm.NewBot("easy", seat, uint64(seat))
			v := game.View(seat)
			if err := game.Apply(seat, bot.Choose(&v)); err != nil {
				return nil, err
			}
		}
	}
	src := new(input.Script)
	d := scenes.New(scenes.Options{Source: src, Store: persist.At(dir),
		Start: func(d *scenes.Director) scenes.Scene {
			midgameTable, err = New(d, s, game, 11)
			return midgameTable
		}})
	if err != nil {
		return nil, err
	}
	return &screenshot.Shot{Name: "thatsmine-midgame", Director: d, Step: func(tick int) bool {
		t := midgameTable
		src.Advance()
		src.Do(input.KeyUp(ebiten.KeyEnter))
		// Play, and hurry the reveal along until a comparison is on screen;
		// then let it run at its own pace to the middle of that beat.
		comparing := false
		if len(t.show.cur.events) > 0 && t.show.busy(t.now) {
			switch t.show.cur.events[0].Kind {
			case tm.EventMatch, tm.EventStalemate, tm.EventBeats:
				comparing = true
			}
		}
		if comparing {
			return t.show.progress(t.now) > 0.5
		}
		if tick%2 == 0 {
			src.Do(input.KeyDown(ebiten.KeyEnter))
		}
		return tick > 30000
	}}, nil
}

func choosingShot(dir string) (*screenshot.Shot, error) {
	s := seatingFor([]string{"h", "hard", "medium", "easy"})
	src := new(input.Script)
	var err error
	d := scenes.New(scenes.Options{Source: src, Store: persist.At(dir + "/choosing"),
		Start: func(d *scenes.Director) scenes.Scene {
			choosingTable, err = New(d, s, nil, 21)
			return choosingTable
		}})
	if err != nil {
		return nil, err
	}
	keys := []ebiten.Key{ebiten.KeyArrowRight, ebiten.KeyArrowRight, ebiten.KeyArrowUp}
	return &screenshot.Shot{Name: "thatsmine-choosing", Director: d, Step: func(tick int) bool {
		src.Advance()
		if tick%2 == 1 && tick/2 < len(keys) {
			src.Do(input.KeyUp(keys[tick/2]))
		}
		if tick%2 == 0 && tick/2 < len(keys) {
			src.Do(input.KeyDown(keys[tick/2]))
		}
		return tick == 2*len(keys)+2
	}}, nil
}

// seatingFor seats "h" on the shared keyboard zone and bots by name.
func seatingFor(kinds []string) lobby.Seating {
	router := input.NewRouter()
	s := lobby.Seating{Router: router, Privacy: privacy.HandOff}
	for seat, k := range kinds {
		if k == "h" {
			s.Seats = append(s.Seats, lobby.Seat{Kind: lobby.Human, Device: sharedKeys})
			router.Bind(seat, sharedKeys)
			continue
		}
		s.Seats = append(s.Seats, lobby.Seat{Kind: lobby.Bot, Bot: k})
	}
	return s
}

// TestChoosingScreenshot checks the private choice on screen: the raised
// card, the wager and the Play button, and keeps the picture.
func TestChoosingScreenshot(t *testing.T) {
	img := choosing.Image
	t.Logf("screenshot: %s", choosing.Path)
	tab := choosingTable
	if p := tab.picks[0]; p.cursor != 2 || p.wager != 1 {
		t.Fatalf("the keys gave cursor %d wager %d, want 2 and 1", p.cursor, p.wager)
	}
	pal := choosing.Director.Palette()
	if got := img.RGBAAt(int(playButton.x+10), int(playButton.y+buttonH/2)); !near(got, pal.Accent) {
		t.Errorf("the Play button is %v, want the accent %v", got, pal.Accent)
	}
	if err := keep(choosing.Path, "thatsmine-choosing.png"); err != nil {
		t.Error(err)
	}
}

// TestMidgameScreenshot checks the rendered table and keeps the picture
// under artifacts/ for people to look at.
func TestMidgameScreenshot(t *testing.T) {
	img := midgame.Image
	t.Logf("screenshot: %s", midgame.Path)
	if img.Bounds().Dx() != scenes.ScreenWidth || img.Bounds().Dy() != scenes.ScreenHeight {
		t.Fatalf("screen %v", img.Bounds())
	}
	tab := midgameTable
	if len(tab.show.cur.events) == 0 || tab.board.round < 4 {
		t.Fatalf("not caught mid-reveal: round %d", tab.board.round)
	}
	pal := midgame.Director.Palette()
	for seat := range 5 {
		x, w := tab.seatBox(seat)
		if got := img.RGBAAt(int(x+w/2), int(seatTop+3)); !near(got, pal.Seats[seat]) {
			t.Errorf("seat %d's band is %v, want its colour %v", seat, got, pal.Seats[seat])
		}
	}
	// The human's hand is drawn: the first card's face differs from the
	// felt below it.
	first := tab.hits.cards[0]
	if cx := int(first.x + first.w/2); near(img.RGBAAt(cx, int(handY)), img.RGBAAt(cx, 712)) {
		t.Error("no card in the hand")
	}
	if err := keep(midgame.Path, "thatsmine-midgame.png"); err != nil {
		t.Error(err)
	}
}

// keep copies the screenshot into the repository's artifacts folder
// (ignored by git).
func keep(path, name string) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	dir := filepath.Join("..", "..", "artifacts")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, name), b, 0o644)
}

func near(a, b color.RGBA) bool {
	d := func(x, y uint8) int { return max(int(x)-int(y), int(y)-int(x)) }
	return d(a.R, b.R) < 16 && d(a.G, b.G) < 16 && d(a.B, b.B) < 16
}
