package slamtable

import (
	"github.com/jankenarcade/janken/catalog"
	"github.com/jankenarcade/janken/headless"
)

// Game is Slam as the arcade lists it: its title menu entry, network
// lobby, headless tool and deck.
func Game() catalog.Game {
	return catalog.Game{Entry: Entry(), Network: Network(), Tool: catalog.Tool[headless.SlamTool](), Deck: deck}
}
