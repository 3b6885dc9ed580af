package sprites

import (
	"image/color"

	"github.com/jankenarcade/janken/rulesets"
)

// Shape is an emblem: a small filled shape that identifies a suit, a seat
// or a colour where colour alone would not do.
type Shape uint8

// The emblem shapes.
const (
	ShapeCircle Shape = iota
	ShapeSquare
	ShapeTriangle
	ShapeDiamond
	ShapeStar
	ShapePlus
	ShapeHexagon
	ShapeCrescent
	ShapeDrop
	ShapeSaltire
	ShapeHeart
	ShapeSun
	numShapes
)

// Pattern is a texture laid over a colour (stripes, dots …), so that two
// areas of different colour also differ in texture.
type Pattern uint8

// The patterns.
const (
	PatternPlain Pattern = iota
	PatternStripes
	PatternDots
	PatternChevrons
	PatternChecks
	PatternWaves
	PatternBars
	PatternGrid
	PatternRings
	PatternDiamonds
	PatternZigzag
	PatternBricks
	PatternCrosshatch
	numPatterns
)

// Swatch is one game colour with the marks that stand in for it: a fill,
// a darker shade used for its pattern and outlines, an emblem shape and a
// pattern. Name is what the screen calls it ("red", "Tundra", "Player 3").
type Swatch struct {
	Name    string
	Fill    color.RGBA
	Shade   color.RGBA
	Shape   Shape
	Pattern Pattern
}

// Palette is every colour the sprites use. Two palettes exist, Standard and
// ColourBlind; both give each swatch the same shape and pattern, so a
// player who switches keeps every mark they learnt.
type Palette struct {
	Name string

	Felt, FeltDark    color.RGBA // the table
	Ink               color.RGBA // outlines, text on cards
	Card, CardEdge    color.RGBA // card faces
	Skin, SkinShade   color.RGBA // hands
	Sleeve            color.RGBA // the cuff of a gesture's hand
	Gold, GoldShade   color.RGBA // VP tokens
	Highlight         color.RGBA // selection glow
	SymbolInk         [3]Swatch  // Rock, Paper, Scissors: glyph colours and Ninjan's suits
	SlamColours       [3]Swatch  // Slam's red, yellow, blue
	Suits             [ElevenSuitCount]Swatch
	Seats             [SeatCount]Swatch
	Good, Bad, Muted  color.RGBA // feedback and secondary text
	Shadow            color.RGBA // drop shadows (with alpha)
	TitleInk, TextInk color.RGBA // text on the felt
}

// ElevenSuitCount is the number of suits of Eleven Suits.
const ElevenSuitCount = 11

// SeatCount is the most seats any game has.
const SeatCount = 8

func rgb(hex uint32) color.RGBA {
	return color.RGBA{uint8(hex >> 16), uint8(hex >> 8), uint8(hex), 0xff}
}

// mark is the colour-independent identity of a swatch.
type mark struct {
	name    string
	shape   Shape
	pattern Pattern
}

// The marks are the same in every palette.
var (
	symbolMarks = [3]mark{
		{"rock", ShapeCircle, PatternDots},
		{"paper", ShapeSquare, PatternBars},
		{"scissors", ShapeTriangle, PatternStripes},
	}
	slamMarks = [3]mark{
		{"red", ShapeSquare, PatternStripes},
		{"yellow", ShapeCircle, PatternDots},
		{"blue", ShapeTriangle, PatternChevrons},
	}
	// suitMarks give Eleven Suits' suits their identity: places and
	// epochs, each with a shape and a pattern that tell it apart on a
	// small card back without colour.
	suitMarks = [ElevenSuitCount]mark{
		{"Savanna", ShapeSun, PatternZigzag},
		{"Tundra", ShapeHexagon, PatternDots},
		{"Reef", ShapeCircle, PatternWaves},
		{"Gothic", ShapeDiamond, PatternBricks},
		{"Deco", ShapeTriangle, PatternChevrons},
		{"Steppe", ShapeCrescent, PatternBars},
		{"Jungle", ShapeDrop, PatternStripes},
		{"Bazaar", ShapeStar, PatternChecks},
		{"Harbour", ShapePlus, PatternGrid},
		{"Baroque", ShapeHeart, PatternRings},
		{"Frontier", ShapeSaltire, PatternCrosshatch},
	}
	seatMarks = [SeatCount]mark{
		{"Player 1", ShapeCircle, PatternPlain},
		{"Player 2", ShapeSquare, PatternPlain},
		{"Player 3", ShapeTriangle, PatternPlain},
		{"Player 4", ShapeDiamond, PatternPlain},
		{"Player 5", ShapeStar, PatternPlain},
		{"Player 6", ShapePlus, PatternPlain},
		{"Player 7", ShapeHexagon, PatternPlain},
		{"Player 8", ShapeHeart, PatternPlain},
	}
)

func fillSwatches(dst []Swatch, marks []mark, fill, shade []uint32) {
	for i, m := range marks {
		dst[i] = Swatch{Name: m.name, Fill: rgb(fill[i]), Shade: rgb(shade[i]), Shape: m.shape, Pattern: m.pattern}
	}
}

func build(p Palette, symbol, symbolShade, slam, slamShade, suit, suitShade, seat, seatShade []uint32) Palette {
	fillSwatches(p.SymbolInk[:], symbolMarks[:], symbol, symbolShade)
	fillSwatches(p.SlamColours[:], slamMarks[:], slam, slamShade)
	fillSwatches(p.Suits[:], suitMarks[:], suit, suitShade)
	fillSwatches(p.Seats[:], seatMarks[:], seat, seatShade)
	return p
}

// base holds the colours both palettes share.
func base(name string) Palette {
	return Palette{
		Name:      name,
		Felt:      rgb(0x1f5e45),
		FeltDark:  rgb(0x0c2a1f),
		Ink:       rgb(0x1d1b26),
		Card:      rgb(0xfbf6ea),
		CardEdge:  rgb(0xc9bfa8),
		Skin:      rgb(0xf2c49b),
		SkinShade: rgb(0xc98b62),
		Sleeve:    rgb(0x26305e),
		Gold:      rgb(0xf3c84b),
		GoldShade: rgb(0xa8741a),
		Highlight: rgb(0xfff27a),
		Good:      rgb(0x7ee081),
		Bad:       rgb(0xff6b5e),
		Muted:     rgb(0x9fb3a9),
		Shadow:    color.RGBA{0, 0, 0, 0x70},
		TitleInk:  rgb(0xfff3d6),
		TextInk:   rgb(0xe9f0ea),
	}
}

// Standard returns the default palette: saturated colours on green felt.
func Standard() Palette {
	return build(base("standard"),
		[]uint32{0xd6453d, 0x3c9b4f, 0x2f6fd0}, // rock red, paper green, scissors blue
		[]uint32{0x8e2420, 0x1f5e2c, 0x1a3f82},
		[]uint32{0xe23b33, 0xf5c92e, 0x1f4fb8}, // Slam red, yellow, blue: blue darker than red in grey
		[]uint32{0x8a1d18, 0xa8800c, 0x0f2a6a},
		[]uint32{0xe8872a, 0x8fcbe8, 0x1ea59a, 0x7a4bb0, 0xd9b23a, 0xc8a66e, 0x3f9e3a, 0xd2428f, 0x2b4f8c, 0xb8323f, 0x8a5a3c},
		[]uint32{0x8d4a0f, 0x3f7d9c, 0x0d5e58, 0x46266d, 0x86671a, 0x7a6238, 0x1f5a1c, 0x7d1f52, 0x142849, 0x6a1620, 0x4b2e1d},
		[]uint32{0xe8513f, 0x3a86e0, 0xf2c230, 0x43b35c, 0xa05ad6, 0xf08a2c, 0x2fc0c0, 0xe660a8},
		[]uint32{0x8c2519, 0x1d4b86, 0x9a7a10, 0x1f6a31, 0x5b2a85, 0x93500f, 0x137070, 0x8c2a5f},
	)
}

// ColourBlind returns a palette for players with colour-vision
// deficiencies, built on Okabe and Ito's colour-universal-design set: its
// hues stay apart under protanopia, deuteranopia and tritanopia, and they
// differ in lightness too.
func ColourBlind() Palette {
	return build(base("colour-blind"),
		// Vermillion, a light bluish green and a bright indigo: Okabe and
		// Ito's green and blue sit too close for tritanopes, these do
		// not. The indigo is light enough to read on the dark backdrop
		// (contrast 3.4:1), and still dark on a card (3.9:1).
		[]uint32{0xd55e00, 0x3fb58a, 0x7468f2},
		[]uint32{0x7a3500, 0x1f6e52, 0x17225a},
		[]uint32{0xd55e00, 0xf0e442, 0x0072b2}, // Slam: vermillion, yellow, blue
		[]uint32{0x7a3500, 0x9a9120, 0x003f63},
		[]uint32{0xe69f00, 0x56b4e9, 0x009e73, 0xcc79a7, 0xf0e442, 0xbbbbbb, 0x006d4f, 0xd55e00, 0x0072b2, 0x8c3b6b, 0x666666},
		[]uint32{0x8a5f00, 0x2b6f96, 0x00573f, 0x7d3f63, 0x8f8820, 0x6b6b6b, 0x003d2c, 0x7a3500, 0x003f63, 0x4d1f3a, 0x2e2e2e},
		[]uint32{0xe69f00, 0x56b4e9, 0xf0e442, 0x009e73, 0xcc79a7, 0xd55e00, 0x0072b2, 0xeeeeee},
		[]uint32{0x8a5f00, 0x2b6f96, 0x8f8820, 0x00573f, 0x7d3f63, 0x7a3500, 0x003f63, 0x777777},
	)
}

// SymbolColour returns the colour the cards draw symbol s in, the one
// source for every screen that colours a symbol; black for NoSymbol.
func (p *Palette) SymbolColour(s rulesets.Symbol) color.RGBA {
	if !s.Valid() {
		return color.RGBA{A: 0xff}
	}
	return p.SymbolInk[s-rulesets.Rock].Fill
}
