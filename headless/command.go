//go:build !js

package headless

import (
	"flag"
	"fmt"
	"io"
	"runtime"
	"sort"
	"strings"
)

// The command line of the subcommands is the desktop's alone: the
// browser build has no command line (its main never calls Main), and
// leaving this file out of it keeps package flag out of the download.

// Main runs the subcommand args[0] with the games in catalog and returns
// the process exit code: 0 on success, 2 on any error (printed on stderr).
func Main(args []string, catalog map[string]Tool, stdout, stderr io.Writer) int {
	if err := run(args, catalog, stdout, stderr); err != nil {
		fmt.Fprintf(stderr, "janken %s: %v\n", args[0], err)
		return 2
	}
	return 0
}

func run(args []string, catalog map[string]Tool, stdout, stderr io.Writer) error {
	if len(args) == 0 || !IsCommand(args[0]) {
		return fmt.Errorf("%w: want one of %s", ErrUsage, strings.Join(Commands, ", "))
	}
	fs := flag.NewFlagSet(args[0], flag.ContinueOnError)
	fs.SetOutput(stderr)
	game := fs.String("game", "", "the game: "+strings.Join(names(catalog), ", "))
	var opts SimOptions
	var state, actions, bots, config string
	var ticks, check int
	switch args[0] {
	case "rules":
		fs.StringVar(&state, "state", "", "the JSON position file")
		fs.StringVar(&actions, "actions", "", "the JSON actions file")
	case "sim":
		fs.IntVar(&opts.Players, "players", 2, "seats in each game")
		fs.IntVar(&opts.Games, "games", 1000, "games to play")
		fs.Uint64Var(&opts.Seed, "seed", 1, "seed of the first game; game i uses seed+i")
		fs.StringVar(&bots, "bots", "random", "comma-separated bot per seat, or one for all")
		fs.StringVar(&config, "config", "", "the ruleset's JSON config (default rules if empty)")
		fs.BoolVar(&opts.Rotate, "rotate", false, "rotate the bots through the seats game by game")
		fs.IntVar(&opts.Workers, "workers", runtime.GOMAXPROCS(0), "games played at once")
	case "synctest":
		fs.IntVar(&ticks, "ticks", 10000, "ticks to simulate")
		fs.IntVar(&check, "check", 2, "ticks rolled back and re-simulated every tick")
		fs.Uint64Var(&opts.Seed, "seed", 1, "seed of the game and of the random presses")
	}
	if err := fs.Parse(args[1:]); err != nil {
		return fmt.Errorf("%w: %v", ErrUsage, err)
	}
	tool, ok := catalog[*game]
	if !ok {
		return fmt.Errorf("%w: unknown game %q (want one of %s)", ErrUsage, *game, strings.Join(names(catalog), ", "))
	}
	switch args[0] {
	case "synctest":
		st, ok := tool.(SyncTester)
		if !ok {
			return fmt.Errorf("%w: %s has no synctest (it is not a per-tick game)", ErrUsage, *game)
		}
		return st.SyncTest(ticks, check, opts.Seed, stdout)
	case "rules":
		if state == "" || actions == "" {
			return fmt.Errorf("%w: rules needs -state and -actions", ErrUsage)
		}
		return tool.Rules(state, actions, stdout)
	}
	opts.Bots = strings.Split(bots, ",")
	if config != "" {
		opts.Config = []byte(config)
	}
	if err := opts.validate(); err != nil {
		return err
	}
	return tool.Sim(opts, stdout, stderr)
}

func (o SimOptions) validate() error {
	switch {
	case o.Players < 1:
		return fmt.Errorf("%w: -players %d", ErrUsage, o.Players)
	case o.Games < 1:
		return fmt.Errorf("%w: -games %d", ErrUsage, o.Games)
	case len(o.Bots) != 1 && len(o.Bots) != o.Players:
		return fmt.Errorf("%w: -bots names %d bots for %d players (name one for all, or one per seat)", ErrUsage, len(o.Bots), o.Players)
	case o.Workers < 1:
		return fmt.Errorf("%w: -workers %d", ErrUsage, o.Workers)
	}
	return nil
}

func names(catalog map[string]Tool) []string {
	var out []string
	for n := range catalog {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}
