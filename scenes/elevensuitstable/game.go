package elevensuitstable

import (
	"encoding/json"

	"github.com/jankenarcade/janken/catalog"
	"github.com/jankenarcade/janken/replay"
	es "github.com/jankenarcade/janken/rulesets/elevensuits"
)

// Game is Eleven Suits as the arcade lists it: its title menu entry, network
// lobby, headless tool, replays and deck.
func Game() catalog.Game {
	return catalog.Game{Entry: Entry(), Network: Network(), Tool: catalog.Turns(es.Definition()), Deck: deck,
		Replay: replay.Turns(es.Definition(), RulesVersion), Watch: Watch}
}

// replayHeader starts the replay of a match of game g, dealt by the
// rules: its config is g's (nil g: a network client's, which knows none).
func replayHeader(g *es.State) replay.Header {
	h := replay.Header{Game: "elevensuits", Rules: RulesVersion}
	if g != nil {
		if config, err := json.Marshal(g.Config()); err == nil {
			h.Config = config
		}
	}
	return h
}
