package elevensuitstable

import (
	"image/color"

	"github.com/jankenarcade/janken/rulesets"
	es "github.com/jankenarcade/janken/rulesets/elevensuits"
	"github.com/jankenarcade/janken/sprites"
)

// deck is Eleven Suits' cards: sprite i is the face of card i
// (es.Card), sprite suitBacks+s the back of suit s, and plainBack the
// back of a card whose suit is unknown.
var deck = sprites.Deck{Name: "elevensuits", Size: plainBack + 1, Paint: paintDeck}

// Where the backs are among the deck's sprites.
const (
	suitBacks = es.NumCards
	plainBack = suitBacks + es.NumSuits
)

// plainBackColour is the colour of the plain back, in every palette:
// halfway between That's Mine's and Ninjan's.
var plainBackColour = color.RGBA{0x49, 0x2a, 0x4f, 0xff}

func paintDeck(p *sprites.Painter, i int) sprites.Sprite {
	switch {
	case i < suitBacks:
		return paintFace(p, es.Card(i))
	case i < plainBack:
		return p.SuitBack(p.Palette().Suits[i-suitBacks])
	}
	return p.Back(plainBackColour, "ELEVEN SUITS", nil)
}

// paintFace paints card: its suit's banner across the top (colour,
// pattern, emblem and name) over its symbol.
func paintFace(p *sprites.Painter, card es.Card) sprites.Sprite {
	pal := p.Palette()
	sw, sym := pal.Suits[card.Suit()], card.Symbol()
	c := p.Card(pal.Card, pal.CardEdge)
	c.Stamp(sprites.CardWidth/2, 22, sprites.CardWidth/2, sw, pal.Ink, 0, func(p sprites.Pen) {
		p.RoundRect(-0.92, -0.32, 1.84, 0.6, 0.12)
	})
	c.Emblem(sprites.CardWidth/2, 22, 11, sw)
	c.Text(sw.Name, sprites.CardWidth/2, 47, 11, true, pal.Ink)
	c.Symbol(sym, sprites.CardWidth/2, sprites.CardHeight/2+18, 30, pal.SymbolInk[sym-rulesets.Rock])
	return c.Sprite()
}

// face returns the face of card, or the zero Sprite if it is no card.
func face(a *sprites.Atlas, card es.Card) sprites.Sprite {
	if !card.Valid() {
		return sprites.Sprite{}
	}
	return a.Card(int(card))
}

// suitBack returns the back of a card of suit, or the zero Sprite if
// there is no such suit.
func suitBack(a *sprites.Atlas, suit int) sprites.Sprite {
	if suit < 0 || suit >= es.NumSuits {
		return sprites.Sprite{}
	}
	return a.Card(suitBacks + suit)
}
