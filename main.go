// Janken Arcade is a collection of rock-paper-scissors card games for
// desktop, the browser and couch multiplayer; games.go lists them.
//
// With no subcommand it opens the game window at the title screen, or
// at the replay viewer on a replay file:
//
//	janken [-version] [FILE.jrp]
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
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/jankenarcade/janken/catalog"
	"github.com/jankenarcade/janken/replay"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/controls"
	"github.com/jankenarcade/janken/scenes/replayview"
)

// version is set at build time with -ldflags "-X main.version=…".
var version = "dev"

// options wires games, the controls screen and network play into the
// title menu. web, if not nil, is the browser build a network host serves.
func options(games catalog.List, web fs.FS) scenes.Options {
	return scenes.Options{
		Games:    games.Entries(),
		Controls: func(d *scenes.Director) scenes.Scene { return controls.New(d) },
		Network:  networkMenu(games, web),
		Replays:  func(d *scenes.Director) scenes.Scene { return replayview.NewList(d) },
		Watch:    games.Watch,
		Version:  version,
	}
}

// readReplay reads the replay file at path, refusing one that games
// cannot show: another game, or other rules.
func readReplay(path string, games catalog.List) (*replay.Replay, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	r, err := replay.Decode(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	g, ok := games.Find(r.Header.Game)
	if !ok || g.Replay == nil || g.Watch == nil {
		return nil, fmt.Errorf("%s: a replay of %q, which this build cannot show", path, r.Header.Game)
	}
	if err := replay.CheckRules(&r.Header, g.Replay.Rules()); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return r, nil
}

// watchFirst opens the title screen with the viewer of r over it, so
// that leaving the viewer lands on the title.
func watchFirst(r *replay.Replay) func(d *scenes.Director) scenes.Scene {
	return func(d *scenes.Director) scenes.Scene {
		title := scenes.NewTitle(d)
		if v, err := d.Watch(r); err == nil {
			d.Push(v, scenes.FadeQuick)
		}
		return title
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
  janken [-version] [FILE.jrp] play (opens the window; at the replay viewer on FILE)
  janken sim -game GAME ...    bot tournaments (no window; -h for flags)
  janken rules -game GAME ...  apply actions to a JSON position (no window)
  janken synctest -game slam   rollback determinism check (no window)
  janken replay verify FILE    re-run a replay and check its hashes (also: info, json)
GAME: %s
`, strings.Join(games.ToolNames(), ", "))
}
