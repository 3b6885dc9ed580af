package headless

import (
	"errors"
	"io"
)

// Tool is what one game offers the headless subcommands.
type Tool interface {
	// Rules applies the actions file to the position file and writes the
	// resulting position and the events as JSON to stdout.
	Rules(statePath, actionsPath string, stdout io.Writer) error
	// Sim plays bot games and writes a report to stdout, with progress on
	// stderr.
	Sim(opts SimOptions, stdout, stderr io.Writer) error
}

// SimOptions are the flags of the sim subcommand.
type SimOptions struct {
	Players int      // seats in each game
	Games   int      // games to play; game i's secret is Seed+i
	Seed    uint64   // the secret of game 0, its deal and bots' seeds derived from it
	Bots    []string // one bot name per seat, or one for all seats
	Config  []byte   // the ruleset's JSON config; nil means defaults
	Rotate  bool     // game i seats bot j at seat (j+i) mod Players
	Workers int      // goroutines; results never depend on it
}

// botFor returns the bot list index that plays seat in game i.
func (o SimOptions) botFor(seat, game int) int {
	if len(o.Bots) == 1 {
		return 0
	}
	if o.Rotate {
		return ((seat-game)%o.Players + o.Players) % o.Players
	}
	return seat
}

// row returns the row of the standings that seat's play in game i counts
// for: the seat itself, or the bot that played it when the bots rotate.
func (o SimOptions) row(seat, game int) int {
	if o.Rotate {
		return o.botFor(seat, game)
	}
	return seat
}

// SyncTester is implemented by the Tool of a per-tick ruleset that
// supports the synctest subcommand: a rollback session that rolls back
// every tick by checkDistance ticks and compares checksums.
type SyncTester interface {
	SyncTest(ticks, checkDistance int, seed uint64, stdout io.Writer) error
}

// ErrUsage marks an error in the command line; Main exits 2 for it as for
// any other error, but also prints the usage.
var ErrUsage = errors.New("usage")

// Commands lists the subcommand names that Main handles.
var Commands = []string{"rules", "sim", "synctest"}

// IsCommand reports whether name is a headless subcommand.
func IsCommand(name string) bool {
	for _, c := range Commands {
		if c == name {
			return true
		}
	}
	return false
}
