package headless

import (
	"fmt"
	"io"

	"github.com/jankenarcade/janken/netplay"
	"github.com/jankenarcade/janken/rulesets"
)

// RollbackSyncTest is the synctest subcommand for any per-tick ruleset: it
// runs netplay.SyncTest (the rollback session's own save, restore and
// re-simulate path) from initial with seats pressing at random, rolling
// back check ticks after every tick, and prints the result. It fails on
// the first tick whose hash differs after a rollback. A Tool's SyncTest
// method can be this one call.
func RollbackSyncTest[S any, P netplay.Sim[S]](name string, initial S, seats, ticks, check int, seed uint64, stdout io.Writer) error {
	if ticks < 1 {
		return fmt.Errorf("%w: -ticks %d", ErrUsage, ticks)
	}
	if check < 1 || check > netplay.MaxPrediction {
		return fmt.Errorf("%w: -check %d: want 1 to %d (the prediction window)", ErrUsage, check, netplay.MaxPrediction)
	}
	// The presses draw from their own generator, never the game's.
	presses := rulesets.Derive(seed, 0x5eed)
	rep, err := netplay.SyncTest[S, P](initial, netplay.SyncTestConfig{
		Seats: seats, Ticks: ticks, Check: check, Seed: presses.Uint64(),
	})
	if err != nil {
		return fmt.Errorf("%s synctest: %w", name, err)
	}
	fmt.Fprintf(stdout, "%s synctest: %d ticks, %d rollbacks of %d ticks (%d re-simulated), %d presses, final hash %#016x: ok\n",
		name, rep.Ticks, rep.Rollbacks, check, rep.Resteps, rep.Presses, rep.Final)
	return nil
}
