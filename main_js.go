//go:build js

package main

import (
	"fmt"
	"os"
	"runtime/debug"

	"github.com/jankenarcade/janken/scenes"
)

// browserGCPercent is the browser's garbage collection target (Go's
// default is 100). A page's WebAssembly memory only ever grows, so the
// heap's highest point stays reserved for as long as the page is open:
// collecting when the heap has grown by half instead of doubled keeps that
// point lower (the page's memory once the title has warmed up: 25.7 MB
// instead of 26.7 MB) for a few more collections during the start, when
// the sprites are painted; drawing a frame is meant to allocate nothing,
// so play itself hardly collects either way.
const browserGCPercent = 50

// main opens the title screen. A page has no command line, no headless
// subcommand and no browser build to serve, so the browser's main parses
// no flags: the flag package stays out of the download.
func main() {
	debug.SetGCPercent(browserGCPercent)
	if err := scenes.Run(options(arcade, nil)); err != nil {
		fmt.Fprintln(os.Stderr, "janken:", err)
		os.Exit(1)
	}
}
