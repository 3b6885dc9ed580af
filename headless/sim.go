package headless

import (
	"fmt"
	"io"
	"math"
	"sync"
	"time"

	"github.com/jankenarcade/janken/rulesets"
)

// GameResult is what one simulated game reports to Tournament.
type GameResult struct {
	Winners []int // winning seats; a win shared by k seats counts 1/k to each
	Length  int   // the game's length: decisions, or ticks for real time
	// Think is the time each seat's bot spent deciding, and Decisions how
	// many decisions it made.
	Think     [rulesets.MaxSeats]time.Duration
	Decisions [rulesets.MaxSeats]int
}

// PlayFunc plays game number i and reports its result. The game's deal
// and its bots' seeds derive from its secret (rulesets.DeriveSeed).
type PlayFunc func(i int, secret uint64) (GameResult, error)

// Tournament plays opts.Games games with play, spread over opts.Workers
// goroutines, and returns their results in game order. Game i's secret is
// always opts.Seed+i, so the results never depend on the number of workers.
// A progress line is written to progress (nil for none) while it runs.
func Tournament(opts SimOptions, progress io.Writer, play PlayFunc) ([]GameResult, error) {
	results := make([]GameResult, opts.Games)
	errs := make([]error, opts.Games)
	next := make(chan int)
	var done sync.WaitGroup
	var mu sync.Mutex
	finished := 0
	start := time.Now()
	for w := 0; w < opts.Workers; w++ {
		done.Go(func() {
			for i := range next {
				results[i], errs[i] = play(i, opts.Seed+uint64(i))
				mu.Lock()
				finished++
				if progress != nil && (finished%50 == 0 || finished == opts.Games) {
					fmt.Fprintf(progress, "\r%d/%d games, %.1f s", finished, opts.Games, time.Since(start).Seconds())
				}
				mu.Unlock()
			}
		})
	}
	for i := 0; i < opts.Games; i++ {
		next <- i
	}
	close(next)
	done.Wait()
	if progress != nil {
		fmt.Fprintln(progress)
	}
	for i, err := range errs {
		if err != nil {
			return nil, fmt.Errorf("game %d (seed %d): %w", i, opts.Seed+uint64(i), err)
		}
	}
	return results, nil
}

// Standing is one bot's record over a tournament: by seat, or by bot when
// the seats rotate.
type Standing struct {
	Label       string
	Games       int
	Wins        float64 // shared wins count fractionally
	Low, High   float64 // 95% Wilson interval of the win rate
	Decisions   int
	Think       time.Duration
	MeanThinkUS float64 // mean think time per decision in microseconds
}

// WinRate returns the share of games won.
func (s Standing) WinRate() float64 { return s.Wins / float64(s.Games) }

// Standings sums results per seat, or per bot when opts.Rotate is set.
func Standings(opts SimOptions, results []GameResult) []Standing {
	out := make([]Standing, opts.Players)
	for seat := range out {
		name := opts.Bots[opts.botFor(seat, 0)]
		out[seat].Label = fmt.Sprintf("seat %d (%s)", seat+1, name)
		if opts.Rotate {
			out[seat].Label = fmt.Sprintf("bot %d (%s)", seat+1, opts.Bots[seat])
		}
	}
	for i, r := range results {
		for seat := 0; seat < opts.Players; seat++ {
			k := opts.row(seat, i)
			out[k].Games++
			out[k].Decisions += r.Decisions[seat]
			out[k].Think += r.Think[seat]
		}
		for _, w := range r.Winners {
			k := opts.row(w, i)
			out[k].Wins += 1 / float64(len(r.Winners))
		}
	}
	for i := range out {
		s := &out[i]
		s.Low, s.High = Wilson(s.Wins, s.Games)
		if s.Decisions > 0 {
			s.MeanThinkUS = float64(s.Think.Microseconds()) / float64(s.Decisions)
		}
	}
	return out
}

// Wilson returns the 95% Wilson score interval of wins out of n.
func Wilson(wins float64, n int) (low, high float64) {
	if n == 0 {
		return 0, 1
	}
	const z = 1.959964
	p := wins / float64(n)
	nf := float64(n)
	den := 1 + z*z/nf
	mid := (p + z*z/(2*nf)) / den
	half := z * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf)) / den
	return math.Max(0, mid-half), math.Min(1, mid+half)
}

// WriteReport prints the standings, the mean game length (in unit) and
// the think times.
func WriteReport(w io.Writer, game string, opts SimOptions, results []GameResult, unit string) {
	fmt.Fprintf(w, "%s: %d games, %d players, seeds %d..%d", game, opts.Games, opts.Players, opts.Seed, opts.Seed+uint64(opts.Games)-1)
	if opts.Rotate {
		fmt.Fprint(w, ", bots rotate through the seats")
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "%-22s %8s %8s  %-17s %12s\n", "", "wins", "rate", "95% interval", "think/move")
	for _, s := range Standings(opts, results) {
		fmt.Fprintf(w, "%-22s %8.1f %7.1f%%  [%5.1f%%, %5.1f%%] %10.1fµs\n",
			s.Label, s.Wins, 100*s.WinRate(), 100*s.Low, 100*s.High, s.MeanThinkUS)
	}
	total := 0
	for _, r := range results {
		total += r.Length
	}
	fmt.Fprintf(w, "mean game length: %.1f %s\n", float64(total)/float64(len(results)), unit)
}
