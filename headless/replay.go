package headless

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/jankenarcade/janken/replay"
)

// ReplayCommand is the name of the replay subcommand.
const ReplayCommand = "replay"

// ReplayMain runs "janken replay ACTION FILE" with each game's replay
// hook, by game name, and returns the exit code:
//
//	verify  re-runs the replay and checks every checkpoint and the result:
//	        exit 0, or 1 naming the first divergent action or tick and
//	        both hashes
//	info    describes the replay: game, rules, seats, result, steps
//	json    writes the replay as JSON (replay.ExportJSON)
//
// A file that is not a readable replay, an unknown game or a bad command
// line exits 2.
func ReplayMain(args []string, games map[string]replay.Game, stdout, stderr io.Writer) int {
	code, err := runReplay(args, games, stdout)
	if err != nil {
		fmt.Fprintf(stderr, "janken replay: %v\n", err)
	}
	return code
}

func runReplay(args []string, games map[string]replay.Game, stdout io.Writer) (int, error) {
	if len(args) != 2 || (args[0] != "verify" && args[0] != "info" && args[0] != "json") {
		return 2, fmt.Errorf("%w: janken replay verify|info|json FILE", ErrUsage)
	}
	path := args[1]
	data, err := os.ReadFile(path)
	if err != nil {
		return 2, err
	}
	r, err := replay.Decode(data)
	if err != nil {
		return 2, fmt.Errorf("%s: %w", path, err)
	}
	game := games[r.Header.Game]
	switch args[0] {
	case "json":
		out, err := replay.ExportJSON(r)
		if err != nil {
			return 2, err
		}
		_, err = fmt.Fprintf(stdout, "%s\n", out)
		return 0, err
	case "info":
		_, err := io.WriteString(stdout, describe(r, game, data))
		return 0, err
	}
	if game == nil {
		return 2, fmt.Errorf("%s: a replay of %q, a game this build does not have", path, r.Header.Game)
	}
	if err := game.Verify(r); err != nil {
		return 1, fmt.Errorf("%s: %w", path, err)
	}
	_, err = fmt.Fprintf(stdout, "%s: verified: %d steps, %d checkpoints and the result agree\n", path, len(r.Steps), len(r.Checkpoints))
	return 0, err
}

// describe returns what "janken replay info" prints of r, read from the
// file data; game is its game's replay hook, nil if this build lacks it.
func describe(r *replay.Replay, game replay.Game, data []byte) string {
	h := &r.Header
	var b strings.Builder
	line := func(label, format string, args ...any) {
		fmt.Fprintf(&b, "%-9s %s\n", label, fmt.Sprintf(format, args...))
	}
	line("format", "%d, %d bytes", replay.FileFormat(data), len(data))
	switch {
	case game == nil:
		line("game", "%s, rules %s (not in this build)", h.Game, h.Rules)
	case replay.CheckRules(h, game.Rules()) == nil:
		line("game", "%s, rules %s", h.Game, h.Rules)
	default:
		line("game", "%s, rules %s (this build plays %s)", h.Game, h.Rules, game.Rules())
	}
	if h.Build != "" {
		line("build", "%s", h.Build)
	}
	line("date", "%s", h.Date.UTC().Format("2006-01-02 15:04:05 MST"))
	if h.Viewer == replay.WholeGame {
		line("recorded", "the whole game (offline or by the network host)")
	} else {
		line("recorded", "by Player %d's machine, a network client: what that seat saw", h.Viewer+1)
	}
	if h.SeedKnown {
		line("seed", "%d", h.Seed)
	}
	if len(h.Config) > 0 {
		line("config", "%s", h.Config)
	}
	for i, s := range h.Seats {
		kind := string(s.Kind)
		if s.Bot != "" {
			kind += " " + s.Bot
		}
		line(fmt.Sprintf("seat %d", i+1), "%s (%s)", s.Name, kind)
	}
	switch res := h.Result; {
	case !res.Over:
		line("result", "left before the end")
	default:
		line("result", "winners %s, scores %v", seatList(res.Winners), res.Scores)
	}
	last := int64(0)
	if len(r.Steps) > 0 {
		last = r.Steps[len(r.Steps)-1].At
	}
	line("steps", "%d (the last at %d), %d checkpoints", len(r.Steps), last, len(r.Checkpoints))
	return b.String()
}

// seatList names seats from 1: "Player 2, Player 3".
func seatList(seats []int) string {
	if len(seats) == 0 {
		return "none"
	}
	names := make([]string, len(seats))
	for i, s := range seats {
		names[i] = fmt.Sprintf("Player %d", s+1)
	}
	return strings.Join(names, ", ")
}
