package thatsminetable

import (
	"github.com/jankenarcade/janken/catalog"
	tm "github.com/jankenarcade/janken/rulesets/thatsmine"
)

// Game is That's Mine as the arcade lists it: its title menu entry, network
// lobby, headless tool and deck.
func Game() catalog.Game {
	return catalog.Game{Entry: Entry(), Network: Network(), Tool: catalog.Turns(tm.Definition()), Deck: deck}
}
