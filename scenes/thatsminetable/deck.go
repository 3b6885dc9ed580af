package thatsminetable

import (
	"image/color"
	"strconv"

	"github.com/jankenarcade/janken/rulesets"
	tm "github.com/jankenarcade/janken/rulesets/thatsmine"
	"github.com/jankenarcade/janken/sprites"
)

// deck is That's Mine's cards: sprite n-1 is the face of card n, and
// backSprite is the back.
var deck = sprites.Deck{Name: "thatsmine", Size: backSprite + 1, Paint: paintDeck}

// backSprite is the index of the cards' back.
const backSprite = tm.NumCards

// backColour is the colour of the cards' back, in every palette.
var backColour = color.RGBA{0x6b, 0x23, 0x40, 0xff}

func paintDeck(p *sprites.Painter, i int) sprites.Sprite {
	if i < backSprite {
		return paintFace(p, tm.Card(i+1))
	}
	return p.Back(backColour, "THAT'S MINE", nil)
}

// paintFace paints card n: its number in the corners and its symbol large.
func paintFace(p *sprites.Painter, n tm.Card) sprites.Sprite {
	pal := p.Palette()
	sym := n.Symbol()
	sw := pal.SymbolInk[sym-rulesets.Rock]
	c := p.Card(pal.Card, pal.CardEdge)
	c.Corners(strconv.Itoa(int(n)), sym, sw, pal.Ink, 17)
	c.Symbol(sym, sprites.CardWidth/2, sprites.CardHeight/2+4, 30, sw)
	return c.Sprite()
}

// face returns the face of card n, or the zero Sprite if there is no such
// card.
func face(a *sprites.Atlas, n tm.Card) sprites.Sprite {
	if n < 1 || n > tm.NumCards {
		return sprites.Sprite{}
	}
	return a.Card(int(n) - 1)
}
