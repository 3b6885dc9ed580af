package slamtable

import (
	"image/color"

	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/rulesets/slam"
	"github.com/jankenarcade/janken/sprites"
)

// deck is Slam's cards. A card's front is one of six colourings of the
// three symbols and its back one of nine (a symbol in a colour), so the
// deck paints each once, in the ruleset's order: sprite card/9 is the
// front of card and sprite backs+card%9 its back (symbol, then colour).
// Sprite chips+c is colour c's chip, for legends, and plainBack the back
// of a card still in the deck.
var deck = sprites.Deck{Name: "slam", Size: plainBack + 1, Paint: paintDeck}

// Where the sprites are in the deck.
const (
	fronts    = 0
	backs     = fronts + 6
	chips     = backs + 9
	plainBack = chips + 3
)

// backColour is the colour of every card's back, in every palette.
var backColour = color.RGBA{0x2b, 0x2d, 0x36, 0xff}

func paintDeck(p *sprites.Painter, i int) sprites.Sprite {
	switch {
	case i < backs:
		return paintFront(p, slam.Card(9*(i-fronts)))
	case i < chips:
		return paintBack(p, rulesets.Symbols[(i-backs)/3], slam.Colour((i-backs)%3))
	case i < plainBack:
		return p.Chip(p.Palette().SlamColours[i-chips])
	}
	return p.Back(backColour, "SLAM", nil)
}

// Where a card's symbols are: a front's, by frontSymbolY, within
// frontSymbolR of their centres; a back's at the card's centre, within
// backSymbolR.
const (
	frontSymbolR = 22.0
	backSymbolR  = 38.0
	frontMarkX   = 14.0 // a front's colour marks, from each side
	colourMarkR  = 7.0
)

// frontSymbolY is the y of sym's centre on a front, from the card's top.
func frontSymbolY(sym rulesets.Symbol) float64 { return 27 + 43*float64(sym-rulesets.Rock) }

// paintFront paints card's front: Rock, Paper and Scissors from top to
// bottom, each in its colour.
func paintFront(p *sprites.Painter, card slam.Card) sprites.Sprite {
	pal := p.Palette()
	c := p.Card(pal.Card, pal.CardEdge)
	for _, sym := range rulesets.Symbols {
		sw, y := pal.SlamColours[card.FrontColour(sym)], frontSymbolY(sym)
		c.Symbol(sym, sprites.CardWidth/2, y, 19, sw)
		// The colour's shape on either side: the pattern alone does not
		// show on thin scissors blades, nor hue in greyscale.
		colourMark(c, frontMarkX, y, sw, pal.Ink)
		colourMark(c, sprites.CardWidth-frontMarkX, y, sw, pal.Ink)
	}
	return c.Sprite()
}

// paintBack paints the back that shows sym in colour col: the symbol
// large, and the colour's shape in two corners, so the colour reads at a
// glance even where the pattern is small.
func paintBack(p *sprites.Painter, sym rulesets.Symbol, col slam.Colour) sprites.Sprite {
	pal := p.Palette()
	sw := pal.SlamColours[col]
	c := p.Card(backColour, pal.Ink)
	c.Fill(0, 0, 1, 0, pal.Card, func(p sprites.Pen) {
		p.RoundRect(8, 8, sprites.CardWidth-16, sprites.CardHeight-16, 6)
	})
	c.Symbol(sym, sprites.CardWidth/2, sprites.CardHeight/2, 36, sw)
	for _, xy := range [2][2]float64{{18, 18}, {sprites.CardWidth - 18, sprites.CardHeight - 18}} {
		colourMark(c, xy[0], xy[1], sw, pal.Ink)
	}
	return c.Sprite()
}

// colourMark stamps colour sw's shape, in its fill and outlined in ink,
// centred at (x, y): the mark that names a colour without hue.
func colourMark(c *sprites.Painting, x, y float64, sw sprites.Swatch, ink color.RGBA) {
	c.Stamp(x, y, colourMarkR, sprites.Swatch{Fill: sw.Fill, Shade: sw.Shade}, ink, 0.15,
		func(p sprites.Pen) { p.Emblem(sw.Shape) })
}

// frontSprite returns card's front, or the zero Sprite if it is no card.
func frontSprite(a *sprites.Atlas, card slam.Card) sprites.Sprite {
	if !card.Valid() {
		return sprites.Sprite{}
	}
	return a.Card(fronts + int(card)/9)
}

// backSprite returns back b, or the zero Sprite if it is no back.
func backSprite(a *sprites.Atlas, b slam.Back) sprites.Sprite {
	if !b.Valid() {
		return sprites.Sprite{}
	}
	return a.Card(backs + int(b))
}

// chipSprite returns colour c's chip, or the zero Sprite if it is no
// colour.
func chipSprite(a *sprites.Atlas, c slam.Colour) sprites.Sprite {
	if c > slam.Blue {
		return sprites.Sprite{}
	}
	return a.Card(chips + int(c))
}
