package ninjantable

import (
	"github.com/jankenarcade/janken/catalog"
	"github.com/jankenarcade/janken/replay"
	"github.com/jankenarcade/janken/rulesets/ninjan"
)

// Game is Ninjan as the arcade lists it: its title menu entry, network
// lobby, headless tool, replays and deck.
func Game() catalog.Game {
	return catalog.Game{Entry: Entry(), Network: Network(), Tool: catalog.Turns(ninjan.Definition()), Deck: deck,
		Replay: replay.Turns(ninjan.Definition(), RulesVersion), Watch: Watch}
}

// replayHeader starts the replay of every match dealt by the rules:
// Ninjan plays its default config.
var replayHeader = replay.Header{Game: "ninjan", Rules: RulesVersion}
