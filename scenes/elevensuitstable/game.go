package elevensuitstable

import (
	"github.com/jankenarcade/janken/catalog"
	"github.com/jankenarcade/janken/replay"
	es "github.com/jankenarcade/janken/rulesets/elevensuits"
)

// Game is Eleven Suits as the arcade lists it: its title menu entry, network
// lobby, headless tool, replays and deck.
func Game() catalog.Game {
	return catalog.Game{Entry: Entry(), Network: Network(), Tool: catalog.Turns(es.Definition()), Deck: deck,
		Replay: replay.Turns(es.Definition(), RulesVersion)}
}
