//go:build !js

package catalog

import (
	"github.com/jankenarcade/janken/headless"
	"github.com/jankenarcade/janken/rulesets"
)

// Turns returns the headless tool of a turn-based ruleset
// (headless.Turns). In the browser build, which has no headless
// subcommands, it returns nil: leaving the tools out keeps the download
// smaller.
func Turns[G rulesets.Game[A, E], V any, A comparable, E any](r rulesets.Ruleset[G, V, A, E]) headless.Tool {
	return headless.Turns(r)
}

// Tool returns the headless tool of type T, a game's own (Slam's
// headless.SlamTool). In the browser build it returns nil, as Turns does.
func Tool[T headless.Tool]() headless.Tool {
	var t T
	return t
}
