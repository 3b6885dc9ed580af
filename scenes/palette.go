package scenes

import (
	"image/color"
	"math"

	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/settings"
	"github.com/jankenarcade/janken/sprites"
)

// Palette is the set of colours every screen draws with. Scenes take it
// from Context.Palette each frame, so a change in the settings shows at
// once.
type Palette struct {
	Backdrop, BackdropDeep color.RGBA // the gradient behind everything
	Panel, PanelEdge       color.RGBA
	Text, TextDim          color.RGBA
	Accent, AccentText     color.RGBA // the highlighted entry and its text
	Notice                 color.RGBA
	Rock, Paper, Scissors  color.RGBA // the cards' symbol colours (sprites.Palette.SymbolColour)
	Seats                  [rulesets.MaxSeats]color.RGBA
	SeatInk                [rulesets.MaxSeats]color.RGBA // text on each seat's colour: Text or AccentText, whichever reads better
}

// Symbol returns the colour of a symbol (TextDim for NoSymbol).
func (p *Palette) Symbol(s rulesets.Symbol) color.RGBA {
	switch s {
	case rulesets.Rock:
		return p.Rock
	case rulesets.Paper:
		return p.Paper
	case rulesets.Scissors:
		return p.Scissors
	}
	return p.TextDim
}

func rgb(v uint32) color.RGBA {
	return color.RGBA{R: uint8(v >> 16), G: uint8(v >> 8), B: uint8(v), A: 0xff}
}

// withSymbols returns p with the symbol colours of the cards' palette, so
// that menus, buttons and cards show each symbol in the one colour.
func withSymbols(p Palette, cards sprites.Palette) Palette {
	p.Rock = cards.SymbolColour(rulesets.Rock)
	p.Paper = cards.SymbolColour(rulesets.Paper)
	p.Scissors = cards.SymbolColour(rulesets.Scissors)
	return p
}

// withSeatInks returns p with its SeatInk: for each seat, whichever of
// Text and AccentText has the higher contrast on the seat's colour.
func withSeatInks(p Palette) Palette {
	for i, seat := range p.Seats {
		p.SeatInk[i] = p.AccentText
		if contrast(p.Text, seat) > contrast(p.AccentText, seat) {
			p.SeatInk[i] = p.Text
		}
	}
	return p
}

// contrast returns the WCAG contrast ratio of two opaque colours.
func contrast(a, b color.RGBA) float64 {
	la, lb := luminance(a), luminance(b)
	return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
}

// luminance returns a colour's relative luminance (sRGB, WCAG 2).
func luminance(c color.RGBA) float64 {
	lin := func(v uint8) float64 {
		x := float64(v) / 255
		if x <= 0.04045 {
			return x / 12.92
		}
		return math.Pow((x+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(c.R) + 0.7152*lin(c.G) + 0.0722*lin(c.B)
}

// standardPalette is the game's own look: a deep indigo night with warm
// lantern accents.
var standardPalette = withSeatInks(withSymbols(Palette{
	Backdrop: rgb(0x2b1d4e), BackdropDeep: rgb(0x0f0a1f),
	Panel: color.RGBA{0x1a, 0x12, 0x33, 0xe0}, PanelEdge: rgb(0x6c5aa8),
	Text: rgb(0xf5f0ff), TextDim: rgb(0xa99bd0),
	Accent: rgb(0xffb547), AccentText: rgb(0x1c1030),
	Notice: rgb(0xff7a59),
	Seats: [rulesets.MaxSeats]color.RGBA{
		rgb(0xe8554e), rgb(0x4fb3f0), rgb(0x6cd67a), rgb(0xffc93c),
		rgb(0xc77dff), rgb(0xff8fb1), rgb(0x4ee0c8), rgb(0xf2f2f2),
	},
}, sprites.Standard()))

// colourBlindPalette uses the Okabe–Ito colours, distinct under the
// common colour-vision deficiencies; red and green never carry meaning
// against each other.
var colourBlindPalette = withSeatInks(withSymbols(Palette{
	Backdrop: rgb(0x1d2a44), BackdropDeep: rgb(0x0a0f1c),
	Panel: color.RGBA{0x10, 0x18, 0x2a, 0xe0}, PanelEdge: rgb(0x56b4e9),
	Text: rgb(0xffffff), TextDim: rgb(0xb8c4d6),
	Accent: rgb(0xf0e442), AccentText: rgb(0x101010),
	Notice: rgb(0xe69f00),
	Seats: [rulesets.MaxSeats]color.RGBA{
		rgb(0xe69f00), rgb(0x56b4e9), rgb(0x009e73), rgb(0xf0e442),
		rgb(0x0072b2), rgb(0xd55e00), rgb(0xcc79a7), rgb(0xffffff),
	},
}, sprites.ColourBlind()))

// paletteFor returns the palette a setting names.
func paletteFor(p settings.Palette) *Palette {
	if p == settings.ColourBlind {
		return &colourBlindPalette
	}
	return &standardPalette
}

// WithAlpha returns c with its alpha multiplied by a (0–1), premultiplied
// as color.RGBA requires.
func WithAlpha(c color.RGBA, a float64) color.RGBA {
	if a >= 1 {
		return c
	}
	if a <= 0 {
		return color.RGBA{}
	}
	return color.RGBA{R: uint8(float64(c.R) * a), G: uint8(float64(c.G) * a), B: uint8(float64(c.B) * a), A: uint8(float64(c.A) * a)}
}

// mix returns the colour t of the way from a to b.
func mix(a, b color.RGBA, t float64) color.RGBA {
	l := func(x, y uint8) uint8 { return uint8(float64(x) + (float64(y)-float64(x))*t + 0.5) }
	return color.RGBA{l(a.R, b.R), l(a.G, b.G), l(a.B, b.B), l(a.A, b.A)}
}
