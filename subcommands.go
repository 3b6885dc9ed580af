//go:build !js

package main

import (
	"os"

	"github.com/jankenarcade/janken/headless"
	"github.com/jankenarcade/janken/rulesets/elevensuits"
	"github.com/jankenarcade/janken/rulesets/ninjan"
	"github.com/jankenarcade/janken/rulesets/thatsmine"
)

// runHeadless runs a headless subcommand if args name one, and returns its
// exit code and true; otherwise it returns false.
func runHeadless(args []string) (code int, ok bool) {
	if len(args) == 0 || !headless.IsCommand(args[0]) {
		return 0, false
	}
	return headless.Main(args, tools(), os.Stdout, os.Stderr), true
}

// tools lists the games the headless subcommands know.
func tools() map[string]headless.Tool {
	return map[string]headless.Tool{
		"elevensuits": headless.Turns(elevensuits.Definition()),
		"ninjan":      headless.Turns(ninjan.Definition()),
		"slam":        headless.SlamTool{},
		"thatsmine":   headless.Turns(thatsmine.Definition()),
	}
}
