package thatsminetable

import (
	"github.com/jankenarcade/janken/catalog"
	"github.com/jankenarcade/janken/replay"
	tm "github.com/jankenarcade/janken/rulesets/thatsmine"
)

// Game is That's Mine as the arcade lists it: its title menu entry, network
// lobby, headless tool, replays and deck.
func Game() catalog.Game {
	return catalog.Game{Entry: Entry(), Network: Network(), Tool: catalog.Turns(tm.Definition()), Deck: deck,
		Replay: replay.Turns(tm.Definition(), RulesVersion), Watch: Watch}
}

// replayHeader starts the replay of every match dealt by the rules:
// That's Mine plays its default config.
var replayHeader = replay.Header{Game: "thatsmine", Rules: RulesVersion}
