package headless

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"sort"
	"strconv"
	"strings"

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

// slamGameStats is what one simulated game reports beyond the result,
// per seat: the reaction in ticks after the flip of every correct press
// (late ones included), the mistakes (wrong, mashed and late wrong
// presses), the false starts, the cards won or taken and the cards held
// at the end; and the flips.
type slamGameStats struct {
	reactions          [rulesets.MaxSeats][]int16
	mistakes, falseSts [rulesets.MaxSeats]int
	cards, piles       [rulesets.MaxSeats]int
	flips              int
}

// add counts the events of one tick of s.
func (st *slamGameStats) add(s *slam.State) {
	for _, e := range s.Events() {
		switch {
		case e.Kind == slam.EventFlip:
			st.flips++
		case e.Kind == slam.EventFalseStart:
			st.falseSts[e.Seat]++
		case e.Kind == slam.EventWon || e.Kind == slam.EventTaken:
			st.cards[e.Seat]++
		case e.Kind != slam.EventPress:
		case e.Result == slam.ResultCorrect || e.Result == slam.ResultLate:
			st.reactions[e.Seat] = append(st.reactions[e.Seat], int16(e.Tick-s.Card().FlipTick))
		case e.Result.Mistake():
			st.mistakes[e.Seat]++
		}
	}
}

// slamPlayer is a seat of a simulated game: a bot or a scripted player.
type slamPlayer interface {
	Act(s *slam.State, f *rulesets.Frame)
}

// scriptPrefix names a scripted player in -bots: "script:450" always
// makes the correct action 450 ms after the flip.
const scriptPrefix = "script:"

// parseSlamPlayer checks a bot name of -bots: a level or a scripted
// player, whose delay in ticks it returns (0 for a bot).
func parseSlamPlayer(name string) (slam.Difficulty, int64, error) {
	ms, ok := strings.CutPrefix(name, scriptPrefix)
	if !ok {
		d, err := slam.ParseDifficulty(name)
		return d, 0, err
	}
	n, err := strconv.Atoi(ms)
	if err != nil || n < 17 || n > 4000 {
		return 0, 0, fmt.Errorf("slam: scripted player %q: want %s and a delay from 17 to 4000 ms", name, scriptPrefix)
	}
	return 0, int64(n*60+999) / 1000, nil
}

// Sim plays bot tournaments of Slam and reports win rates with 95%
// intervals, each bot's share of the cards, its median reaction and its
// mistake and false-start rates.
func (SlamTool) Sim(opts SimOptions, stdout, stderr io.Writer) error {
	cfg, err := slam.ParseConfig(opts.Players, opts.Config)
	if err != nil {
		return err
	}
	for _, name := range opts.Bots {
		if _, _, err := parseSlamPlayer(name); err != nil {
			return err
		}
	}
	stats := make([]slamGameStats, opts.Games)
	results, err := Tournament(opts, stderr, func(i int, secret uint64) (GameResult, error) {
		return playSlam(cfg, opts, i, secret, &stats[i])
	})
	if err != nil {
		return err
	}
	writeSlamReport(stdout, cfg, opts, results, stats)
	return nil
}

// slamPlayers seats game i's players: bots with seeds from secret, and
// scripted players, whom the Adaptive bots watch as the people.
func slamPlayers(opts SimOptions, i int, secret uint64) []slamPlayer {
	players := make([]slamPlayer, opts.Players)
	var bots []*slam.Bot
	var people slam.Seats
	for seat := range players {
		level, after, _ := parseSlamPlayer(opts.Bots[opts.botFor(seat, i)])
		if after > 0 {
			players[seat] = &slam.Scripted{Seat: seat, After: after}
			people |= 1 << seat
			continue
		}
		b := slam.NewBot(seat, level, rulesets.DeriveSeed(secret, "bot", seat))
		players[seat] = &b
		bots = append(bots, &b)
	}
	for _, b := range bots {
		if people != 0 {
			b.Watch(people)
		}
	}
	return players
}

// playSlam plays game i, whose deal and bots' seeds derive from secret.
func playSlam(cfg slam.Config, opts SimOptions, i int, secret uint64, st *slamGameStats) (GameResult, error) {
	var res GameResult
	s, err := slam.New(cfg, rulesets.DeriveSeed(secret, "deal", -1))
	if err != nil {
		return res, err
	}
	players := slamPlayers(opts, i, secret)
	for !s.Over() {
		if s.Tick() >= maxSlamTicks {
			return res, fmt.Errorf("slam: no end after %d ticks", maxSlamTicks)
		}
		f := rulesets.Frame{Tick: s.Tick()}
		for _, p := range players {
			p.Act(&s, &f)
		}
		s.Step(&f)
		st.add(&s)
	}
	for seat := range players {
		st.piles[seat] = s.Won(seat)
	}
	res.Winners = s.Winners(nil)
	res.Length = int(s.Tick())
	for seat := range players {
		res.Decisions[seat] = len(st.reactions[seat]) + st.mistakes[seat]
	}
	return res, nil
}

// slamRow is one row of the Slam report: a seat, or a bot when the seats
// rotate.
type slamRow struct {
	reactions                        []int
	mistakes, falseSts, cards, piles int
	flips                            int
}

func writeSlamReport(w io.Writer, cfg slam.Config, opts SimOptions, results []GameResult, stats []slamGameStats) {
	fmt.Fprintf(w, "slam (%v): %d games, %d players, seeds %d..%d", cfg.Mode, opts.Games, opts.Players, opts.Seed, opts.Seed+uint64(opts.Games)-1)
	if opts.Rotate {
		fmt.Fprint(w, ", bots rotate through the seats")
	}
	fmt.Fprintln(w)
	rows := make([]slamRow, opts.Players)
	allCards, allPiles := 0, 0
	for i, st := range stats {
		for seat := 0; seat < opts.Players; seat++ {
			r := &rows[opts.row(seat, i)]
			for _, t := range st.reactions[seat] {
				r.reactions = append(r.reactions, int(t))
			}
			r.mistakes += st.mistakes[seat]
			r.falseSts += st.falseSts[seat]
			r.cards += st.cards[seat]
			r.flips += st.flips
			allCards += st.cards[seat]
			r.piles += st.piles[seat]
			allPiles += st.piles[seat]
		}
	}
	fmt.Fprintf(w, "%-22s %8s %7s  %-16s %6s  %-16s %6s %8s %9s %8s\n", "", "wins", "rate", "95% interval",
		"cards", "95% interval", "held", "median", "mistakes", "f-starts")
	for k, s := range Standings(opts, results) {
		r := &rows[k]
		low, high := Wilson(float64(r.cards), allCards)
		fmt.Fprintf(w, "%-22s %8.1f %6.1f%%  [%5.1f%%, %5.1f%%] %5.1f%%  [%5.1f%%, %5.1f%%] %5.1f%% %5s ms %8.2f%% %7.2f%%\n",
			s.Label, s.Wins, 100*s.WinRate(), 100*s.Low, 100*s.High,
			percent(r.cards, allCards), 100*low, 100*high, percent(r.piles, allPiles), medianMS(r.reactions),
			percent(r.mistakes, r.flips), percent(r.falseSts, r.flips))
	}
	fmt.Fprintln(w, "cards: share of the cards won (taken in last-one-loses); held: share of the cards held at the end (the score);")
	fmt.Fprintln(w, "median: reaction from the flip of every correct press, late ones included; mistakes and f-starts (false starts): per card flipped")
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

// percent returns 100·n/of, or 0 when of is 0.
func percent(n, of int) float64 {
	if of == 0 {
		return 0
	}
	return 100 * float64(n) / float64(of)
}

// medianMS returns the median of reactions in ticks, as whole
// milliseconds, or "-" when there are none.
func medianMS(reactions []int) string {
	if len(reactions) == 0 {
		return "-"
	}
	sort.Ints(reactions)
	return strconv.Itoa(reactions[len(reactions)/2] * 1000 / 60)
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
