package sprites

import (
	"image/color"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/jankenarcade/janken/rulesets"
)

// sampleDeck is a deck painted with every primitive the games' decks use,
// as they use them: numbered faces, a framed face with a boxed value,
// faces under a suit's banner, both kinds of plain back, every suit's
// back and a chip for each of Slam's colours. The games' own decks are
// checked where the arcade lists them (main_test.go).
var sampleDeck = Deck{Name: "sample", Size: sampleSize, Paint: paintSample}

// Where the sample deck's sprites are.
const (
	sampleFaces     = 0                                 // one numbered face per symbol
	sampleFramed    = sampleFaces + 3                   // a framed face with a boxed value
	sampleBanners   = sampleFramed + 1                  // one face per symbol under a suit's banner
	samplePlainBack = sampleBanners + 3                 // a back with the three symbols
	sampleStarBack  = samplePlainBack + 1               // a back with a star in its medallion
	sampleSuitBacks = sampleStarBack + 1                // every suit's back
	sampleChips     = sampleSuitBacks + ElevenSuitCount // Slam's colours' chips
	sampleSize      = sampleChips + len(Palette{}.SlamColours)
)

var sampleBackColour = color.RGBA{0x6b, 0x23, 0x40, 0xff}

func paintSample(p *Painter, i int) Sprite {
	pal := p.Palette()
	switch {
	case i < sampleFramed:
		sym, sw := rulesets.Symbols[i-sampleFaces], pal.SymbolInk[i-sampleFaces]
		c := p.Card(pal.Card, pal.CardEdge)
		c.Corners(strconv.Itoa(i-sampleFaces+1), sym, sw, pal.Ink, 17)
		c.Symbol(sym, CardWidth/2, CardHeight/2+4, 30, sw)
		return c.Sprite()
	case i == sampleFramed:
		c := p.Card(pal.Card, pal.CardEdge)
		c.Band(5, 5, CardWidth-10, CardHeight-10, 5, pal.SymbolInk[1])
		c.Text("\u22124", CardWidth/2, CardHeight/2+23, 22, true, pal.Ink)
		c.Stroke(0, 0, 1, 0, 2, pal.Ink, func(p Pen) { p.RoundRect(CardWidth/2-18, CardHeight/2+12, 36, 22, 6) })
		return c.Sprite()
	case i < samplePlainBack:
		k := i - sampleBanners
		c := p.Card(pal.Card, pal.CardEdge)
		c.Stamp(CardWidth/2, 22, CardWidth/2, pal.Suits[k], pal.Ink, 0, func(p Pen) { p.RoundRect(-0.92, -0.32, 1.84, 0.6, 0.12) })
		c.Emblem(CardWidth/2, 22, 11, pal.Suits[k])
		c.Text(pal.Suits[k].Name, CardWidth/2, 47, 11, true, pal.Ink)
		c.Symbol(rulesets.Symbols[k], CardWidth/2, CardHeight/2+18, 30, pal.SymbolInk[k])
		return c.Sprite()
	case i == samplePlainBack:
		return p.Back(sampleBackColour, "SAMPLE", nil)
	case i == sampleStarBack:
		return p.Back(sampleBackColour, "STAR", func(c *Painting) {
			c.Fill(CardWidth/2, CardHeight/2, 24, math.Pi/8, c.Palette().Card, func(p Pen) { p.Star(4, 1, 0.32) })
			c.Fill(CardWidth/2, CardHeight/2, 24, math.Pi/8, sampleBackColour, func(p Pen) { p.Circle(0, 0, 0.16) })
		})
	case i < sampleChips:
		return p.SuitBack(pal.Suits[i-sampleSuitBacks])
	}
	return p.Chip(pal.SlamColours[i-sampleChips])
}

// TestDeckHolePanics: a deck that leaves one of its sprites unpainted is
// a bug in the game's code, and painting it says which sprite.
func TestDeckHolePanics(t *testing.T) {
	holed := Deck{Name: "holed", Size: 3, Paint: func(p *Painter, i int) Sprite {
		if i == 1 {
			return Sprite{}
		}
		return p.Back(sampleBackColour, "A", nil)
	}}
	defer func() {
		msg, _ := recover().(string)
		if !strings.Contains(msg, `"holed"`) || !strings.Contains(msg, "sprite 1 of 3") {
			t.Errorf("painting a deck with a hole panicked with %q", msg)
		}
	}()
	paintAll(NewDeckAtlas(newShared(Standard(), false), holed))
}

// paintAll paints all of a, as NewAtlas does, on the CPU only.
func paintAll(a *Atlas) *Atlas {
	for !a.Ready() {
		a.Paint(a.Remaining())
	}
	return a
}

// TestPaintOnlyTheDeck: an atlas holds its deck's sprites and the shared
// ones, and an atlas without a deck only the shared ones.
func TestPaintOnlyTheDeck(t *testing.T) {
	a := paintAll(NewDeckAtlas(newShared(Standard(), false), sampleDeck))
	if len(a.cards) != sampleSize || a.Card(sampleSize-1).w == 0 {
		t.Errorf("the sample atlas holds %d cards, want %d painted", len(a.cards), sampleSize)
	}
	bare := paintAll(NewDeckAtlas(newShared(Standard(), false), Deck{}))
	if len(bare.cards) != 0 {
		t.Errorf("an atlas without a deck holds %d cards", len(bare.cards))
	}
	if bare.Gesture(1).w == 0 || bare.Seat(0).w == 0 || bare.Felt().w == 0 {
		t.Error("shared sprites missing from an atlas without a deck")
	}
}
