// Package ninjantable is Ninjan's table: the scene where two to five
// players, humans on any device and bots, play a game of Ninjan on one
// screen.
//
// The table draws only what the rules let everyone see — all three piles
// card by card, the score areas, the cards once revealed and their order of
// resolution, a legend of which suit beats which — plus the hand of the one
// seat the privacy gate (package privacy) allows. Everything that moves is
// driven by the ruleset's events: the table keeps its own picture of the
// public game, changed one event at a time as the animations play, so a
// card lands on a pile exactly when the ruleset said it did and in the same
// order.
//
// Bots think on a goroutine of their own from their seat's View, so the
// table keeps animating while a search runs; their answers depend only on
// the view and their seed, so the game is the same on every machine.
//
// New deals a fresh game for a lobby's seating; Resume continues any
// position (a saved game, or a hand-written one in tests).
package ninjantable

import (
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/lobby"
)

// Entry registers Ninjan with the title menu: it opens the lobby, which
// starts a table once the seats are filled.
func Entry() scenes.Entry {
	return scenes.Entry{
		Name:  "ninjan",
		Title: "Ninjan",
		Blurb: "Everyone picks a card at once; the cards resolve from high to low, and each one " +
			"grabs a pile whose top it beats. Nine rounds, three piles, and the highest total wins.",
		Credit:     "Ninjan by 6jizo, published by Helvetiq",
		MinPlayers: 2,
		MaxPlayers: 5,
		Open:       openLobby,
	}
}

// openLobby returns the seating screen for a new game.
func openLobby(d *scenes.Director) scenes.Scene {
	return lobby.New(d, lobby.Config{
		Title: "Ninjan", MinPlayers: 2, MaxPlayers: 5,
		Bots: []string{"easy", "medium", "hard"},
		Start: func(ctx *scenes.Context, s lobby.Seating) {
			ctx.Replace(New(ctx.Director(), s, uint64(ctx.Tick())), scenes.FadeQuick)
		},
	})
}
