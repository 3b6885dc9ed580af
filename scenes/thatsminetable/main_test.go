package thatsminetable

import (
	"image"
	"image/color"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
	tm "github.com/jankenarcade/janken/rulesets/thatsmine"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/scenetest"
)

func TestMain(m *testing.M) { scenetest.Main(m) }

// midgameShot renders a five-player table caught in the middle of a
// reveal: one human (whose hand shows) and four bots. Three rounds are
// played before the table opens, the fourth on it: Enter plays and hurries
// the reveal along until a comparison is on screen, which then runs at its
// own pace to the middle of its beat.
func midgameShot(t *testing.T) (*harness, *image.RGBA) {
	game, err := tm.New(tm.Config{Players: 5}, 11)
	if err != nil {
		t.Fatal(err)
	}
	for range 3 {
		for seat := range 5 {
			bot, err := tm.NewBot("easy", seat, uint64(seat))
			if err != nil {
				t.Fatal(err)
			}
			v := game.View(seat)
			if err := game.Apply(seat, bot.Choose(&v)); err != nil {
				t.Fatal(err)
			}
		}
	}
	h := openTable(t, seatingFor(t, "h", "easy", "medium", "medium", "easy"), game, 11)
	tab := h.table
	comparing := func() bool {
		if len(tab.show.cur.events) == 0 || !tab.show.busy(tab.now) {
			return false
		}
		switch tab.show.cur.events[0].Kind {
		case tm.EventMatch, tm.EventStalemate, tm.EventBeats:
			return true
		}
		return false
	}
	scenetest.Until(t, h.d, 30000, func(tick int) {
		h.src.Advance()
		h.src.Do(input.KeyUp(ebiten.KeyEnter))
		if !comparing() && tick%2 == 0 {
			h.src.Do(input.KeyDown(ebiten.KeyEnter))
		}
	}, func() bool { return comparing() && tab.show.progress(tab.now) > 0.5 })
	return h, scenetest.Shoot(t, h.d, "thatsmine-midgame")
}

// choosingShot renders a four-player table at its first round, the human
// choosing: card cursor moved twice to the right, wager raised once.
func choosingShot(t *testing.T) (*harness, *image.RGBA) {
	h := openTable(t, seatingFor(t, "h", "hard", "medium", "easy"), nil, 21)
	keys := []ebiten.Key{ebiten.KeyArrowRight, ebiten.KeyArrowRight, ebiten.KeyArrowUp}
	scenetest.Run(t, h.d, 2*len(keys)+3, func(tick int) {
		h.src.Advance()
		if tick/2 >= len(keys) {
			return
		}
		if tick%2 == 0 {
			h.src.Do(input.KeyDown(keys[tick/2]))
		} else {
			h.src.Do(input.KeyUp(keys[tick/2]))
		}
	})
	return h, scenetest.Shoot(t, h.d, "thatsmine-choosing")
}

// TestChoosingScreenshot checks the private choice on screen: the raised
// card, the wager and the Play button, and keeps the picture.
func TestChoosingScreenshot(t *testing.T) {
	h, img := choosingShot(t)
	if p := h.table.picks[0]; p.cursor != 2 || p.wager != 1 {
		t.Fatalf("the keys gave cursor %d wager %d, want 2 and 1", p.cursor, p.wager)
	}
	pal := h.d.Palette()
	if got := img.RGBAAt(int(playX+10), int(wagerTop+buttonH/2)); !near(got, pal.Accent) {
		t.Errorf("the Play button is %v, want the accent %v", got, pal.Accent)
	}
}

// TestMidgameScreenshot checks the rendered table and keeps the picture
// under artifacts/ for people to look at.
func TestMidgameScreenshot(t *testing.T) {
	h, img := midgameShot(t)
	tab := h.table
	if len(tab.show.cur.events) == 0 || tab.board.round < 4 {
		t.Fatalf("not caught mid-reveal: round %d", tab.board.round)
	}
	pal := h.d.Palette()
	for seat := range 5 {
		x, w := tab.seatBox(seat)
		if got := img.RGBAAt(int(x+w/2), int(seatTop+3)); !near(got, pal.Seats[seat]) {
			t.Errorf("seat %d's band is %v, want its colour %v", seat, got, pal.Seats[seat])
		}
	}
	if !handDrawn(tab, img) {
		t.Error("no card in the hand")
	}
}

// handDrawn reports whether the hand's first card is on img: its face
// differs from the felt below it.
func handDrawn(tab *table, img *image.RGBA) bool {
	cx := int(tab.graph.cards[0].X)
	return !near(img.RGBAAt(cx, int(handY)), img.RGBAAt(cx, 712))
}

// handLabelIn reports whether the label over the hand ("Player 2 — your
// hand") is written in clr.
func handLabelIn(img *image.RGBA, clr color.RGBA) bool {
	for y := int(handLabelY) - 10; y < int(handLabelY)+10; y++ {
		for x := 24; x < 224; x++ {
			if near(img.RGBAAt(x, y), clr) {
				return true
			}
		}
	}
	return false
}

// curtainIn reports whether img is the hand-off curtain in clr, the
// colour of the seat it names: its bands run across the whole screen.
func curtainIn(img *image.RGBA, clr color.RGBA) bool {
	const band = scenes.ScreenHeight/2 - 126 // inside the upper band
	return near(img.RGBAAt(8, band), clr) && near(img.RGBAAt(scenes.ScreenWidth-8, band), clr)
}

func near(a, b color.RGBA) bool {
	d := func(x, y uint8) int { return max(int(x)-int(y), int(y)-int(x)) }
	return d(a.R, b.R) < 16 && d(a.G, b.G) < 16 && d(a.B, b.B) < 16
}

// TestRaisedCardClearsHandLabel: the raised first card of the hand stays
// below "Player 1 — your hand" (before, it covered the line).
func TestRaisedCardClearsHandLabel(t *testing.T) {
	h := openTable(t, seatingFor(t, "h", "hard", "medium", "easy"), nil, 21)
	scenetest.Run(t, h.d, 3, func(int) { h.src.Advance() })
	scenetest.Shoot(t, h.d, "thatsmine-hand-label")
	g := &h.table.graph
	if h.table.picks[0].cursor != 0 || len(g.cards) == 0 {
		t.Fatalf("cursor %d with %d cards, want the first card chosen", h.table.picks[0].cursor, len(g.cards))
	}
	if top, labelBottom := g.cards[0].Y-handCardH/2, handLabelY+handLabelSize/2; top <= labelBottom {
		t.Errorf("the raised card's top at y %.0f covers the hand's label (down to y %.0f)", top, labelBottom)
	}
}
