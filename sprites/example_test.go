package sprites_test

import (
	"image/color"
	"strconv"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/sprites"
)

// deck is a game's cards, defined next to its table: ten numbered cards,
// sprites 0 to 9, each showing a symbol, and their back, sprite 10.
var deck = sprites.Deck{Name: "tens", Size: backSprite + 1, Paint: paintDeck}

const backSprite = 10

func paintDeck(p *sprites.Painter, i int) sprites.Sprite {
	if i == backSprite {
		return p.Back(color.RGBA{0x26, 0x30, 0x5e, 0xff}, "TENS", nil)
	}
	pal := p.Palette()
	sym, sw := rulesets.Symbols[i%3], pal.SymbolInk[i%3]
	c := p.Card(pal.Card, pal.CardEdge)
	c.Corners(strconv.Itoa(i+1), sym, sw, pal.Ink, 17)
	c.Symbol(sym, sprites.CardWidth/2, sprites.CardHeight/2, 30, sw)
	return c.Sprite()
}

// table is a scene showing a hand of the game's cards.
type table struct {
	atlas  *sprites.Atlas
	hand   []int // card numbers, 1 to 10
	cursor int
	vp     int
	flip   float64 // 0 … 2: a card turning over, back then face
}

func (t *table) Draw(screen *ebiten.Image) {
	a := t.atlas
	a.DrawFelt(screen)
	for i, n := range t.hand {
		p := sprites.Place{X: 640 + float64(i-len(t.hand)/2)*106, Y: 620}
		if i == t.cursor {
			p.Y -= 24 // lift the selected card and give it a halo
			a.Draw(screen, a.CardGlow(), p)
		}
		a.Draw(screen, a.Card(n-1), p)
	}
	// A card turning over in the middle: the back squashes to its edge,
	// then the face opens out.
	mid := sprites.Place{X: 640, Y: 300}
	if t.flip < 1 {
		mid.Turn = t.flip
		a.Draw(screen, a.Card(backSprite), mid)
	} else {
		mid.Turn = 2 - t.flip
		a.Draw(screen, a.Card(7-1), mid)
	}
	a.Draw(screen, a.Seat(0), sprites.Place{X: 640, Y: 485})
	a.DrawTokens(screen, t.vp, 760, 490, 0.8)
	a.Draw(screen, a.Gesture(rulesets.Rock), sprites.Place{X: 1100, Y: 300, Scale: 0.75})
}

// A table paints its own deck once, from its Update, and composes from
// the atlas every frame.
func Example() {
	t := &table{
		atlas: sprites.NewAtlas(sprites.ColourBlind(), deck),
		hand:  []int{1, 10, 3},
		vp:    5,
	}
	_ = t // t.Draw(screen) from the game's Draw
}
