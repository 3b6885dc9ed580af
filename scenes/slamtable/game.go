package slamtable

import (
	"github.com/jankenarcade/janken/catalog"
	"github.com/jankenarcade/janken/headless"
	"github.com/jankenarcade/janken/rulesets/slam"
)

// Game is Slam as the arcade lists it: its title menu entry, network
// lobby, headless tool, deck, and its replays' check and viewer.
func Game() catalog.Game {
	return catalog.Game{Entry: Entry(), Network: Network(), Tool: catalog.Tool[headless.SlamTool](), Deck: deck,
		Replay: slam.ReplayGame(RulesVersion), Watch: Watch}
}
