//go:build !itch

package slamtable

import "github.com/jankenarcade/janken/scenes/netlobby"

// Network returns Slam's network lobby: each machine plays one seat or,
// chosen in the lobby, up to maxCouchSeats from its couch, the host may
// fill empty seats with reflex bots of BotLevels, and the match runs
// under a rollback session.
func Network() netlobby.Config {
	return netlobby.Config{
		Title: "Slam", Rules: RulesVersion, MinPlayers: 2, MaxPlayers: 8, LocalSeats: 1, MaxLocalSeats: maxCouchSeats, SitOut: true,
		Bots:    BotLevels,
		Blurb:   "Every press counts on the tick it was made, on every machine: a late message rolls the game back and plays it again.",
		Options: options,
		Game:    netGame,
		Start:   netlobby.Replace(NewNetTable),
	}
}
