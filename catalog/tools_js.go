//go:build js

package catalog

import (
	"github.com/jankenarcade/janken/headless"
	"github.com/jankenarcade/janken/rulesets"
)

// Turns returns nil: the browser build has no headless subcommands, and
// leaving their tools out keeps the download smaller.
func Turns[G rulesets.Game[A, E], V any, A comparable, E any](rulesets.Ruleset[G, V, A, E]) headless.Tool {
	return nil
}

// Tool returns nil, as Turns does.
func Tool[T headless.Tool]() headless.Tool { return nil }
