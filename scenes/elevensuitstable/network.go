//go:build !itch

package elevensuitstable

import (
	es "github.com/jankenarcade/janken/rulesets/elevensuits"
	"github.com/jankenarcade/janken/scenes/lobby"
	"github.com/jankenarcade/janken/scenes/netlobby"
	"github.com/jankenarcade/janken/scenes/phoneplay"
)

// Network returns Eleven Suits' network lobby: each machine plays one
// seat or, chosen in the lobby, two of three passing the keys behind a
// curtain; the host runs the game and every other machine sees only what
// its seats may: the backs of every card, each own seat's hand's faces
// and the cards it has seen.
func Network() netlobby.Config {
	return netlobby.Config{
		Title: "Eleven Suits", Rules: RulesVersion, MinPlayers: 2, MaxPlayers: es.MaxPlayers, LocalSeats: 1, MaxLocalSeats: es.MaxPlayers - 1,
		Blurb:   "The host's machine deals and judges; every other machine is told only its own hand's faces and the cards it has seen.",
		Options: netOptions,
		Game:    netlobby.PublicRules(netRulesConfig),
		Bots:    []string{"easy", "medium", "hard"}, // the host's bots fill empty seats
		Start:   netlobby.Replace(NewNetTable),
		Rejoins: true, // a browser that reloads takes its seats back (nettable)
	}
}

// phones is the couch lobby's Phones: phones as private hands play a
// network match this machine hosts (package phoneplay).
func (s *setup) phones() *lobby.Phones {
	return phoneplay.Lobby("elevensuits", NewNetTable, s.phoneSettings)
}
