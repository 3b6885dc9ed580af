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
	"os"

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
	flag.Usage = usage
	flag.Parse()
	if *showVersion {
		fmt.Println("janken", version)
		return
	}
	if err := scenes.Run(options()); err != nil {
		fmt.Fprintln(os.Stderr, "janken:", err)
		os.Exit(1)
	}
}

// options wires the games, the controls screen and network play into the
// title menu.
func options() scenes.Options {
	return scenes.Options{
		Games:    games(),
		Controls: func(d *scenes.Director) scenes.Scene { return controls.New(d) },
		Network: func(d *scenes.Director) scenes.Scene {
			return netlobby.Choose(d, slamtable.Network(), thatsminetable.Network(), ninjantable.Network(), elevensuitstable.Network())
		},
		Version: version,
	}
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
