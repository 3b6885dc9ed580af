package slam

import (
	"fmt"
	"runtime"
	"sync"
	"testing"

	"github.com/jankenarcade/janken/rulesets"
)

// randomConfig varies every setting that changes the flow, keeping the
// flip delays short so that ten thousand games stay fast.
func randomConfig(r *rulesets.Rand, game int) Config {
	cfg := DefaultConfig(2 + r.IntN(7))
	cfg.Mode = Mode(game % 2)
	if game%10 != 0 { // every tenth game keeps the default timing
		cfg.FlipDelayMin = 1 + r.IntN(4)
		cfg.FlipDelayMax = cfg.FlipDelayMin + r.IntN(6)
		cfg.LateWindow = r.IntN(8)
		cfg.Timeout = 100 + r.IntN(100)
	}
	cfg.WinnerFlips = r.IntN(4) == 0
	cfg.FalseStarts = r.IntN(8) != 0
	cfg.OneTry = r.IntN(8) != 0
	cfg.Mashing = r.IntN(8) != 0
	cfg.DeadHeat = DeadHeat(r.IntN(2))
	cfg.Penalty = r.IntN(3)
	cfg.EndAt = 1 + r.IntN(3)*r.IntN(2)
	cfg.Decider = r.IntN(6) != 0
	cfg.FirstFlipper = r.IntN(cfg.Players)
	return cfg
}

// botsFor seats a mix of levels. A random bot joins only games with two
// real bots: random bots alone lose more cards to mistakes than they win,
// and their game would never reach the end.
func botsFor(r *rulesets.Rand, cfg Config, seed uint64) []Bot {
	bots := make([]Bot, cfg.Players)
	for seat := range bots {
		level := Novice + Difficulty(r.IntN(6))
		if seat >= 2 && r.IntN(3) == 0 {
			level = Random
		}
		bots[seat] = NewBot(seat, level, seed)
	}
	return bots
}

// chaos presses random buttons now and then on top of the bots, so false
// starts, mashing and late presses all happen.
type chaos struct{ r rulesets.Rand }

func (c *chaos) add(f *rulesets.Frame, players int) {
	if c.r.IntN(500) == 0 {
		f.Pressed[c.r.IntN(players)] |= rulesets.Buttons(c.r.IntN(16)) << 8
	}
}

func TestInvariantsOverBotGames(t *testing.T) {
	games := 10000
	if testing.Short() {
		games = 1000
	}
	workers := runtime.GOMAXPROCS(0)
	errs := make(chan error, workers)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Go(func() {
			for g := w; g < games; g += workers {
				if err := invariantGame(g); err != nil {
					errs <- err
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

func invariantGame(g int) error {
	r := rulesets.NewRand(uint64(g))
	cfg := randomConfig(&r, g)
	s, err := New(cfg, uint64(g))
	if err != nil {
		return fmt.Errorf("game %d: %v", g, err)
	}
	bots := botsFor(&r, cfg, uint64(g))
	noise := chaos{rulesets.Derive(uint64(g), 99)}
	for !s.Over() {
		if s.Tick() > 1_000_000 {
			return fmt.Errorf("game %d (%+v): no end after %d ticks, deck %d", g, cfg, s.Tick(), s.DeckLen())
		}
		f := rulesets.Frame{Tick: s.Tick()}
		for i := range bots {
			bots[i].Act(&s, &f)
		}
		noise.add(&f, cfg.Players)
		s.Step(&f)
		if err := s.Check(); err != nil {
			return fmt.Errorf("game %d (%+v) tick %d: %v", g, cfg, f.Tick, err)
		}
	}
	if len(s.Winners(nil)) == 0 || (cfg.Decider && len(s.Winners(nil)) != 1) {
		return fmt.Errorf("game %d: winners %v", g, s.Winners(nil))
	}
	return nil
}
