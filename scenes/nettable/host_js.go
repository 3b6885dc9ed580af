//go:build js

package nettable

import (
	"errors"

	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/scenes/netlobby"
)

// openHosted refuses: a browser joins a desktop host's match and never
// hosts one (package netlobby offers it no way to), so the browser build
// leaves the host's side of a match, netplay.Host and all, out of the
// download.
func openHosted[G rulesets.Game[A, E], A comparable, E, V any](netlobby.Match, int, Rules[G, A, E, V]) (*Hosted[G, A, E], error) {
	return nil, errors.New("nettable: a browser cannot host a match")
}
