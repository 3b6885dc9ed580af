//go:build !js

package main

import (
	"io"

	"github.com/jankenarcade/janken/catalog"
	"github.com/jankenarcade/janken/headless"
)

// runHeadless runs a headless subcommand if args name one, with the tools
// of games, and returns its exit code and true; otherwise it returns
// false.
func runHeadless(args []string, games catalog.List, stdout, stderr io.Writer) (code int, ok bool) {
	if len(args) > 0 && args[0] == headless.ReplayCommand {
		return headless.ReplayMain(args[1:], games.Replays(), stdout, stderr), true
	}
	if len(args) == 0 || !headless.IsCommand(args[0]) {
		return 0, false
	}
	return headless.Main(args, games.Tools(), stdout, stderr), true
}
