//go:build itch

package elevensuitstable

import (
	"github.com/jankenarcade/janken/scenes/lobby"
	"github.com/jankenarcade/janken/scenes/netlobby"
)

// Network returns no lobby, which keeps Eleven Suits off the network menu, and
// phones none: the itch.io build has no network play (see package wasm),
// which keeps the network client out of its download.
func Network() netlobby.Config { return netlobby.Config{} }

// phones returns nil: no phones as private hands without network play.
func (s *setup) phones() *lobby.Phones { return nil }
