//go:build js

package main

import (
	"fmt"
	"os"

	"github.com/jankenarcade/janken/scenes"
)

// main opens the title screen. A page has no command line, no headless
// subcommand and no browser build to serve, so the browser's main parses
// no flags: the flag package stays out of the download.
func main() {
	if err := scenes.Run(options(arcade, nil)); err != nil {
		fmt.Fprintln(os.Stderr, "janken:", err)
		os.Exit(1)
	}
}
