package scenes

import (
	"image/color"
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

// TestSeatInkReads: text written on any seat's colour (the order badges
// of Ninjan's lane) has a contrast ratio of at least 4.5:1 (WCAG's for
// text), in both palettes. Dark text on the colour-blind palette's blue
// seat had 3.6:1.
func TestSeatInkReads(t *testing.T) {
	for _, setting := range []settings.Palette{settings.Standard, settings.ColourBlind} {
		pal := paletteFor(setting)
		for seat, c := range pal.Seats {
			if r := contrast(pal.SeatInk[seat], c); r < 4.5 {
				t.Errorf("%s: seat %d: %v on %v: contrast %.2f:1, want at least 4.5:1", setting, seat, pal.SeatInk[seat], c, r)
			}
		}
	}
}
