package headless

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"sort"

	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/rulesets/slam"
)

// maxSlamTicks bounds a simulated game of Slam (about 28 hours of play):
// a game that has not ended by then is a bug.
const maxSlamTicks = 6_000_000

// SlamTool is the Tool of Slam, a per-tick game: its rules subcommand reads
// a tick script, its sim reports reaction times, and it supports synctest.
type SlamTool struct{}

// slamPress is one entry of a tick script (see rulesets/slam/FORMAT.md).
type slamPress struct {
	Tick  *int64   `json:"tick"`
	Seat  *int     `json:"seat"`
	Press []string `json:"press"`
}

// slamRulesOutput is what rules prints for Slam.
type slamRulesOutput struct {
	State  json.RawMessage `json:"state"`
	Hash   string          `json:"hash"`
	Events []slam.Event    `json:"events"`
}

// Rules steps the position through the ticks of the script and prints the
// resulting position, its hash and every event.
func (SlamTool) Rules(statePath, actionsPath string, stdout io.Writer) error {
	data, err := os.ReadFile(statePath)
	if err != nil {
		return fmt.Errorf("read position: %w", err)
	}
	s, err := slam.Decode(data)
	if err != nil {
		return fmt.Errorf("position %s: %w", statePath, err)
	}
	frames, last, err := readTickScript(actionsPath, &s)
	if err != nil {
		return err
	}
	events := []slam.Event{}
	for s.Tick() <= last && !s.Over() {
		f := frames[s.Tick()]
		f.Tick = s.Tick()
		s.Step(&f)
		events = append(events, s.Events()...)
	}
	state, err := slam.Encode(&s)
	if err != nil {
		return fmt.Errorf("encode position: %w", err)
	}
	return writeJSON(stdout, slamRulesOutput{State: state, Hash: fmt.Sprintf("%#016x", s.Hash()), Events: events})
}

// readTickScript reads a tick script into one frame per tick named, and
// returns the last tick named.
func readTickScript(path string, s *slam.State) (map[int64]rulesets.Frame, int64, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, 0, fmt.Errorf("read tick script: %w", err)
	}
	var script []slamPress
	if err := rulesets.UnmarshalStrict(data, &script); err != nil {
		return nil, 0, fmt.Errorf("tick script %s: want a JSON array of {\"tick\": T, \"seat\": N, \"press\": [\"rock\"]}: %w", path, err)
	}
	frames := map[int64]rulesets.Frame{}
	last := s.Tick() - 1
	for i, p := range script {
		switch {
		case p.Tick == nil:
			return nil, 0, fmt.Errorf("tick script %s: entry %d has no \"tick\"", path, i)
		case *p.Tick < s.Tick():
			return nil, 0, fmt.Errorf("tick script %s: entry %d: tick %d is before the position's tick %d", path, i, *p.Tick, s.Tick())
		case p.Seat == nil && len(p.Press) > 0:
			return nil, 0, fmt.Errorf("tick script %s: entry %d presses without a \"seat\"", path, i)
		case p.Seat != nil && (*p.Seat < 0 || *p.Seat >= s.Seats()):
			return nil, 0, fmt.Errorf("tick script %s: entry %d: seat %d of %d players", path, i, *p.Seat, s.Seats())
		}
		b, err := slam.ParseButtons(p.Press)
		if err != nil {
			return nil, 0, fmt.Errorf("tick script %s: entry %d: %w", path, i, err)
		}
		last = max(last, *p.Tick)
		if p.Seat != nil {
			f := frames[*p.Tick]
			f.Pressed[*p.Seat] |= b
			frames[*p.Tick] = f
		}
	}
	return frames, last, nil
}

// slamGameStats is what one simulated game reports beyond the result: each
// seat's presses on cards up, how many were correct, and their total
// reaction time in ticks after the flip.
type slamGameStats struct {
	presses, correct [rulesets.MaxSeats]int
	reaction         [rulesets.MaxSeats]int64
}

// Sim plays bot tournaments of Slam and reports win rates with 95%
// intervals, mean reaction times and accuracy.
func (SlamTool) Sim(opts SimOptions, stdout, stderr io.Writer) error {
	cfg, err := slam.ParseConfig(opts.Players, opts.Config)
	if err != nil {
		return err
	}
	levels := make([]slam.Difficulty, len(opts.Bots))
	for i, name := range opts.Bots {
		if levels[i], err = slam.ParseDifficulty(name); err != nil {
			return err
		}
	}
	stats := make([]slamGameStats, opts.Games)
	results, err := Tournament(opts, stderr, func(i int, secret uint64) (GameResult, error) {
		return playSlam(cfg, opts, levels, i, secret, &stats[i])
	})
	if err != nil {
		return err
	}
	writeSlamReport(stdout, cfg, opts, results, stats)
	return nil
}

// playSlam plays game i, whose deal and bots' seeds derive from secret.
func playSlam(cfg slam.Config, opts SimOptions, levels []slam.Difficulty, i int, secret uint64, st *slamGameStats) (GameResult, error) {
	var res GameResult
	s, err := slam.New(cfg, rulesets.DeriveSeed(secret, "deal", -1))
	if err != nil {
		return res, err
	}
	bots := make([]slam.Bot, opts.Players)
	for seat := range bots {
		bots[seat] = slam.NewBot(seat, levels[opts.botFor(seat, i)], rulesets.DeriveSeed(secret, "bot", seat))
	}
	err = slam.PlayBots(&s, bots, maxSlamTicks, func(s *slam.State) error {
		for _, e := range s.Events() {
			if e.Kind != slam.EventPress {
				continue
			}
			st.presses[e.Seat]++
			st.reaction[e.Seat] += e.Tick - s.Card().FlipTick
			if e.Result == slam.ResultCorrect || e.Result == slam.ResultLate {
				st.correct[e.Seat]++
			}
		}
		return nil
	})
	if err != nil {
		return res, err
	}
	res.Winners = s.Winners(nil)
	res.Length = int(s.Tick())
	for seat := range bots {
		res.Decisions[seat] = st.presses[seat]
	}
	return res, nil
}

func writeSlamReport(w io.Writer, cfg slam.Config, opts SimOptions, results []GameResult, stats []slamGameStats) {
	fmt.Fprintf(w, "slam (%v): %d games, %d players, seeds %d..%d", cfg.Mode, opts.Games, opts.Players, opts.Seed, opts.Seed+uint64(opts.Games)-1)
	if opts.Rotate {
		fmt.Fprint(w, ", bots rotate through the seats")
	}
	fmt.Fprintln(w)
	// Sum the reactions per row of the standings: per seat, or per bot
	// when the seats rotate.
	rows := opts.Players
	presses, correct := make([]int, rows), make([]int, rows)
	reaction := make([]int64, rows)
	for i, st := range stats {
		for seat := 0; seat < opts.Players; seat++ {
			k := opts.row(seat, i)
			presses[k] += st.presses[seat]
			correct[k] += st.correct[seat]
			reaction[k] += st.reaction[seat]
		}
	}
	fmt.Fprintf(w, "%-22s %8s %8s  %-17s %13s %9s\n", "", "wins", "rate", "95% interval", "mean reaction", "accuracy")
	for k, s := range Standings(opts, results) {
		ms, acc := math.NaN(), math.NaN()
		if presses[k] > 0 {
			ms = float64(reaction[k]) * 1000 / 60 / float64(presses[k])
			acc = 100 * float64(correct[k]) / float64(presses[k])
		}
		fmt.Fprintf(w, "%-22s %8.1f %7.1f%%  [%5.1f%%, %5.1f%%] %10.0f ms %8.1f%%\n",
			s.Label, s.Wins, 100*s.WinRate(), 100*s.Low, 100*s.High, ms, acc)
	}
	lengths := make([]int, len(results))
	for i, r := range results {
		lengths[i] = r.Length
	}
	sort.Ints(lengths)
	total := 0
	for _, n := range lengths {
		total += n
	}
	mean := float64(total) / float64(len(lengths))
	fmt.Fprintf(w, "game length: mean %.0f ticks (%.1f s), median %d ticks\n", mean, mean/60, lengths[len(lengths)/2])
}

// SyncTest runs netplay's rollback path over random presses for ticks
// ticks, rolling back checkDistance ticks after every tick, and fails on
// the first tick whose hash differs after a rollback.
func (SlamTool) SyncTest(ticks, checkDistance int, seed uint64, stdout io.Writer) error {
	s, err := slam.New(slam.DefaultConfig(rulesets.MaxSeats), seed)
	if err != nil {
		return err
	}
	return RollbackSyncTest[slam.State]("slam", s, rulesets.MaxSeats, ticks, checkDistance, seed, stdout)
}
