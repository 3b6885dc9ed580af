package ninjantable

import (
	"image/color"
	"math"
	"strconv"

	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/rulesets/ninjan"
	"github.com/jankenarcade/janken/sprites"
)

// deck is Ninjan's cards: sprite i is the face of the card of deck index
// i (ninjan.Card.Index), and backSprite is the back.
var deck = sprites.Deck{Name: "ninjan", Size: backSprite + 1, Paint: paintDeck}

// backSprite is the index of the cards' back.
const backSprite = ninjan.NumCards

// backColour is the colour of the cards' back, in every palette.
var backColour = color.RGBA{0x26, 0x30, 0x5e, 0xff}

func paintDeck(p *sprites.Painter, i int) sprites.Sprite {
	if i < backSprite {
		return paintFace(p, ninjan.CardAt(i))
	}
	return p.Back(backColour, "NINJAN", paintShuriken)
}

// paintFace paints card c: a frame in its suit's colour and pattern, its
// value in the corners and under its suit's symbol, boxed when negative.
func paintFace(p *sprites.Painter, card ninjan.Card) sprites.Sprite {
	pal := p.Palette()
	suit, v := card.Suit, int(card.Value)
	sw := pal.SymbolInk[suit-rulesets.Rock]
	c := p.Card(pal.Card, pal.CardEdge)
	c.Band(5, 5, sprites.CardWidth-10, sprites.CardHeight-10, 5, sw)
	c.Corners(number(v), suit, sw, pal.Ink, 22)
	c.Symbol(suit, sprites.CardWidth/2, sprites.CardHeight/2-12, 23, sw)
	c.Text(number(v), sprites.CardWidth/2, sprites.CardHeight/2+23, 22, true, pal.Ink)
	if v < 0 {
		// Negative cards count against their taker: a box around the value
		// says so without relying on colour.
		c.Stroke(0, 0, 1, 0, 2, pal.Ink, func(p sprites.Pen) {
			p.RoundRect(sprites.CardWidth/2-18, sprites.CardHeight/2+12, 36, 22, 6)
		})
	}
	return c.Sprite()
}

// paintShuriken paints the back's medallion: a four-pointed star.
func paintShuriken(c *sprites.Painting) {
	const x, y, r = sprites.CardWidth / 2, sprites.CardHeight / 2, 24
	c.Fill(x, y, r, math.Pi/8, c.Palette().Card, func(p sprites.Pen) { p.Star(4, 1, 0.32) })
	c.Fill(x, y, r, math.Pi/8, backColour, func(p sprites.Pen) { p.Circle(0, 0, 0.16) })
}

// number formats a card value with a true minus sign.
func number(v int) string {
	if v < 0 {
		return "\u2212" + strconv.Itoa(-v)
	}
	return strconv.Itoa(v)
}

// face returns the face of card, or the zero Sprite if it is no card.
func face(a *sprites.Atlas, card ninjan.Card) sprites.Sprite {
	if !card.Valid() {
		return sprites.Sprite{}
	}
	return a.Card(card.Index())
}
