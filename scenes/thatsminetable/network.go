//go:build !itch

package thatsminetable

import (
	tm "github.com/jankenarcade/janken/rulesets/thatsmine"
	"github.com/jankenarcade/janken/scenes/lobby"
	"github.com/jankenarcade/janken/scenes/netlobby"
	"github.com/jankenarcade/janken/scenes/phoneplay"
)

// Network returns That's Mine's network lobby: each machine plays one
// seat or, chosen in the lobby, several passing the keys behind a
// curtain; the host runs the game and every other machine sees only its
// own seats' hands.
func Network() netlobby.Config {
	return netlobby.Config{
		Title: "That's Mine", Rules: RulesVersion, MinPlayers: tm.MinPlayers, MaxPlayers: tm.MaxPlayers, LocalSeats: 1, MaxLocalSeats: tm.MaxPlayers,
		Blurb:   "The host's machine deals and judges; every other machine is told only its own hand, so nobody can peek over the network.",
		Bots:    []string{"easy", "medium", "hard"}, // the host's bots fill empty seats
		Start:   netlobby.Replace(NewNetTable),
		Rejoins: true, // a browser that reloads takes its seats back (nettable)
	}
}

// phones is the couch lobby's Phones: phones as private hands play a
// network match this machine hosts (package phoneplay).
func phones() *lobby.Phones { return phoneplay.Lobby("thatsmine", NewNetTable, nil) }
