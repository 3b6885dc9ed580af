package slam

import (
	"fmt"

	"github.com/jankenarcade/janken/rulesets"
)

// PlayBots steps s with the bots' presses until the game ends, calling
// after (if not nil) after every tick; an error from after stops the game.
// It fails if the game has not ended by tick maxTicks.
func PlayBots(s *State, bots []Bot, maxTicks int64, after func(*State) error) error {
	for !s.Over() {
		if s.Tick() >= maxTicks {
			return fmt.Errorf("slam: no end after %d ticks", maxTicks)
		}
		f := rulesets.Frame{Tick: s.Tick()}
		for i := range bots {
			bots[i].Act(s, &f)
		}
		s.Step(&f)
		if after != nil {
			if err := after(s); err != nil {
				return err
			}
		}
	}
	return nil
}
