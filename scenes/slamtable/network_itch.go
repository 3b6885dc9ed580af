//go:build itch

package slamtable

import "github.com/jankenarcade/janken/scenes/netlobby"

// Network returns no lobby, which keeps Slam off the network menu: the
// itch.io build has no network play (see package wasm), which keeps the
// network client out of its download.
func Network() netlobby.Config { return netlobby.Config{} }
