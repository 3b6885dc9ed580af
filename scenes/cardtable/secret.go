package cardtable

import "github.com/jankenarcade/janken/scenes/netlobby"

// NewSecret returns a new couch match's secret from the system's secure
// random source, as the network lobby draws a hosted match's: nothing
// about it can be guessed from the time or from an earlier match.
func NewSecret() uint64 { return netlobby.NewSecret() }
