// Janken Arcade is a collection of rock-paper-scissors card games for
// desktop, the browser and couch multiplayer; games.go lists them.
//
// With no subcommand it opens the game window at the title screen:
//
//	janken [-version]
//
// The headless subcommands share the binary and never open a window:
//
//	janken sim -game GAME -players N -games G -seed S -bots hard,greedy,…
//	janken rules -game GAME -state POSITION.json -actions ACTIONS.json
//	janken synctest -game slam -ticks N -check D
//	janken replay verify|info|json FILE.jrp
//
// GAME names a game; "janken -h" lists them.
package main

import (
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/jankenarcade/janken/catalog"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/controls"
	"github.com/jankenarcade/janken/scenes/netlobby"
)

// version is set at build time with -ldflags "-X main.version=…".
var version = "dev"

func main() {
	if code, ok := runHeadless(os.Args[1:], arcade, os.Stdout, os.Stderr); ok {
		os.Exit(code)
	}
	showVersion := flag.Bool("version", false, "print the version and exit")
	webDir := flag.String("web", "dist/web", "the browser build a network host also serves, so friends can join from a browser\n(make it with: go run ./wasm/webtool build)")
	flag.Usage = func() {
		usage(flag.CommandLine.Output(), arcade)
		flag.PrintDefaults()
	}
	flag.Parse()
	if *showVersion {
		fmt.Println("janken", version)
		return
	}
	if err := scenes.Run(options(arcade, webBuild(*webDir))); err != nil {
		fmt.Fprintln(os.Stderr, "janken:", err)
		os.Exit(1)
	}
}

// options wires games, the controls screen and network play into the
// title menu. web, if not nil, is the browser build a network host serves.
func options(games catalog.List, web fs.FS) scenes.Options {
	return scenes.Options{
		Games:    games.Entries(),
		Controls: func(d *scenes.Director) scenes.Scene { return controls.New(d) },
		Network: func(d *scenes.Director) scenes.Scene {
			return netlobby.Choose(d, games.Networked(web)...)
		},
		Version: version,
	}
}

// webBuild returns the browser build in dir, or nil if there is none (it
// is made by "go run ./wasm/webtool build", not by go run or go build).
func webBuild(dir string) fs.FS {
	if _, err := os.Stat(filepath.Join(dir, "index.html")); err != nil {
		return nil
	}
	return os.DirFS(dir)
}

// usage prints the command line's usage, with the games the headless
// subcommands know; the flags follow.
func usage(w io.Writer, games catalog.List) {
	fmt.Fprintf(w, `usage:
  janken [-version]            play (opens the window)
  janken sim -game GAME ...    bot tournaments (no window; -h for flags)
  janken rules -game GAME ...  apply actions to a JSON position (no window)
  janken synctest -game slam   rollback determinism check (no window)
  janken replay verify FILE    re-run a replay and check its hashes (also: info, json)
GAME: %s
`, strings.Join(games.ToolNames(), ", "))
}
