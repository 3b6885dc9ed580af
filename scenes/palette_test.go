package scenes

import (
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
