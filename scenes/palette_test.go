package scenes

import (
	"image/color"
	"math"
	"testing"

	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/settings"
	"github.com/jankenarcade/janken/sprites"
)

// TestSymbolsShowInTheCardsColours: menus and buttons colour each symbol
// as the cards do, in both palettes (menus once drew paper blue and
// scissors green beside cards with paper green and scissors blue).
func TestSymbolsShowInTheCardsColours(t *testing.T) {
	for _, c := range []struct {
		setting settings.Palette
		cards   sprites.Palette
	}{
		{settings.Standard, sprites.Standard()},
		{settings.ColourBlind, sprites.ColourBlind()},
	} {
		pal := paletteFor(c.setting)
		for _, s := range rulesets.Symbols {
			if got, want := pal.Symbol(s), c.cards.SymbolColour(s); got != want {
				t.Errorf("%s: %s is %v in menus, %v on the cards", c.setting, s, got, want)
			}
		}
	}
}

// TestSymbolsReadOnTheBackdrop: every symbol's colour stands out from
// both ends of the menus' backdrop with a contrast ratio of at least 3:1
// (WCAG's for graphics), in both palettes. The colour-blind palette's
// indigo scissors once had 1.6:1.
func TestSymbolsReadOnTheBackdrop(t *testing.T) {
	for _, setting := range []settings.Palette{settings.Standard, settings.ColourBlind} {
		pal := paletteFor(setting)
		for _, s := range rulesets.Symbols {
			for _, ground := range []color.RGBA{pal.Backdrop, pal.BackdropDeep} {
				if r := contrast(pal.Symbol(s), ground); r < 3 {
					t.Errorf("%s: %s (%v) on %v: contrast %.2f:1, want at least 3:1", setting, s, pal.Symbol(s), ground, r)
				}
			}
		}
	}
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
