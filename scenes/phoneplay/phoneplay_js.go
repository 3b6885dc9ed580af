package phoneplay

import (
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/lobby"
	"github.com/jankenarcade/janken/scenes/netlobby"
)

// Lobby offers no phones in the browser, which cannot serve them.
func Lobby[S scenes.Scene](string, func(*scenes.Director, netlobby.Match) (S, error), func(players int) ([]byte, error)) *lobby.Phones {
	return nil
}
