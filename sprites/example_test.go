package sprites_test

import (
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/sprites"
)

// table is a scene showing a Ninjan hand, as a per-game table would.
type table struct {
	atlas  *sprites.Atlas
	hand   []ninjanCard
	cursor int
	vp     int
	flip   float64 // 0 … 2: a card turning over, back then face
}

type ninjanCard struct {
	suit  rulesets.Symbol
	value int
}

func (t *table) Draw(screen *ebiten.Image) {
	a := t.atlas
	a.DrawFelt(screen)
	for i, c := range t.hand {
		p := sprites.Place{X: 640 + float64(i-len(t.hand)/2)*106, Y: 620}
		if i == t.cursor {
			p.Y -= 24 // lift the selected card and give it a halo
			a.Draw(screen, a.CardGlow(), p)
		}
		a.Draw(screen, a.NinjanCard(c.suit, c.value), p)
	}
	// A card turning over in the middle: the back squashes to its edge,
	// then the face opens out.
	mid := sprites.Place{X: 640, Y: 300}
	if t.flip < 1 {
		mid.Turn = t.flip
		a.Draw(screen, a.Back(sprites.Ninjan), mid)
	} else {
		mid.Turn = 2 - t.flip
		a.Draw(screen, a.NinjanCard(rulesets.Paper, 7), mid)
	}
	a.Draw(screen, a.Seat(0), sprites.Place{X: 640, Y: 485})
	a.DrawTokens(screen, t.vp, 760, 490, 0.8)
	a.Draw(screen, a.Gesture(rulesets.Rock), sprites.Place{X: 1100, Y: 300, Scale: 0.75})
}

// A table builds its atlas once, for the decks it shows, and composes
// from it every frame.
func Example() {
	t := &table{
		atlas: sprites.NewAtlas(sprites.ColourBlind(), sprites.Ninjan),
		hand:  []ninjanCard{{rulesets.Rock, -6}, {rulesets.Paper, 10}, {rulesets.Scissors, 3}},
		vp:    5,
	}
	_ = t // t.Draw(screen) from the game's Draw
}
