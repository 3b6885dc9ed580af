//go:build js

package main

import (
	"fmt"
	"math"
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

// startHeapLimit bounds the heap before the first frame, when the program
// does not collect: the start allocates about 10 MB, much of it to keep
// (fonts, glyphs, textures), and collecting that at browserGCPercent took
// eight collections, whose assists showed as a tenth of the start's CPU
// profile. Not collecting costs about 1.3 MB of WebAssembly memory after
// the load (25.2 → 26.5 MB in the browser benchmark), well inside issue
// 14's 2× the bare page; the limit matters only if the start ever
// allocates far more than it does.
const startHeapLimit = 32 << 20

// main opens the title screen. A page has no command line, no headless
// subcommand and no browser build to serve, so the browser's main parses
// no flags: the flag package stays out of the download.
func main() {
	debug.SetGCPercent(-1)
	debug.SetMemoryLimit(startHeapLimit)
	opts := options(arcade, nil)
	opts.Start = resumeFirst(arcade)
	opts.Shown = func() {
		debug.SetGCPercent(browserGCPercent)
		debug.SetMemoryLimit(math.MaxInt64)
	}
	if err := scenes.Run(opts); err != nil {
		fmt.Fprintln(os.Stderr, "janken:", err)
		os.Exit(1)
	}
}
