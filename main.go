// Janken Arcade is a collection of four rock-paper-scissors card games:
// That's Mine, Ninjan, Eleven Suits and Slam, for desktop, the browser and
// couch multiplayer.
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
//
// GAME is one of elevensuits, ninjan, slam, thatsmine.
package main

import (
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/controls"
	"github.com/jankenarcade/janken/scenes/elevensuitstable"
	"github.com/jankenarcade/janken/scenes/netlobby"
	"github.com/jankenarcade/janken/scenes/ninjantable"
	"github.com/jankenarcade/janken/scenes/slamtable"
	"github.com/jankenarcade/janken/scenes/thatsminetable"
)

// version is set at build time with -ldflags "-X main.version=…".
var version = "dev"

func main() {
	if code, ok := runHeadless(os.Args[1:]); ok {
		os.Exit(code)
	}
	showVersion := flag.Bool("version", false, "print the version and exit")
	webDir := flag.String("web", "dist/web", "the browser build a network host also serves, so friends can join from a browser\n(make it with: go run ./wasm/webtool build)")
	flag.Usage = usage
	flag.Parse()
	if *showVersion {
		fmt.Println("janken", version)
		return
	}
	if err := scenes.Run(options(webBuild(*webDir))); err != nil {
		fmt.Fprintln(os.Stderr, "janken:", err)
		os.Exit(1)
	}
}

// options wires the games, the controls screen and network play into the
// title menu. web, if not nil, is the browser build a network host serves.
func options(web fs.FS) scenes.Options {
	return scenes.Options{
		Games:    games(),
		Controls: func(d *scenes.Director) scenes.Scene { return controls.New(d) },
		Network: func(d *scenes.Director) scenes.Scene {
			games := []netlobby.Config{slamtable.Network(), thatsminetable.Network(), ninjantable.Network(), elevensuitstable.Network()}
			for i := range games {
				games[i].WebBuild = web
			}
			return netlobby.Choose(d, games...)
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

// games lists the games on the title menu, in its order.
func games() []scenes.Entry {
	return []scenes.Entry{
		thatsminetable.Entry(),
		ninjantable.Entry(),
		elevensuitstable.Entry(),
		slamtable.Entry(),
	}
}

func usage() {
	fmt.Fprintf(flag.CommandLine.Output(), `usage:
  janken [-version]            play (opens the window)
  janken sim -game GAME ...    bot tournaments (no window; -h for flags)
  janken rules -game GAME ...  apply actions to a JSON position (no window)
  janken synctest -game slam   rollback determinism check (no window)
GAME: elevensuits, ninjan, slam, thatsmine
`)
	flag.PrintDefaults()
}
