package headless

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/jankenarcade/janken/rulesets"
)

// maxActions bounds a simulated game: a turn-based game that has not ended
// by then is a bug in its rules or bots, reported as an error.
const maxActions = 100000

// Turns returns the Tool of a turn-based ruleset.
func Turns[G rulesets.Game[A, E], V any, A comparable, E any](r rulesets.Ruleset[G, V, A, E]) Tool {
	return turnsTool[G, V, A, E]{r}
}

type turnsTool[G rulesets.Game[A, E], V any, A comparable, E any] struct {
	r rulesets.Ruleset[G, V, A, E]
}

// scriptedAction is one entry of an actions file.
type scriptedAction struct {
	Seat   *int            `json:"seat"`
	Action json.RawMessage `json:"action"`
}

// rulesOutput is what the rules subcommand prints.
type rulesOutput[E any] struct {
	State  json.RawMessage `json:"state"`
	Events []E             `json:"events"`
}

func (t turnsTool[G, V, A, E]) Rules(statePath, actionsPath string, stdout io.Writer) error {
	data, err := os.ReadFile(statePath)
	if err != nil {
		return fmt.Errorf("read position: %w", err)
	}
	g, err := t.r.Decode(data)
	if err != nil {
		return fmt.Errorf("position %s: %w", statePath, err)
	}
	script, err := readScript(actionsPath)
	if err != nil {
		return err
	}
	events := []E{}
	for i, s := range script {
		a, err := t.r.DecodeAction(s.Action)
		if err != nil {
			return fmt.Errorf("%s: action %d: %w", actionsPath, i, err)
		}
		g.ClearEvents()
		if err := g.Apply(*s.Seat, a); err != nil {
			return fmt.Errorf("%s: action %d (seat %d): %w", actionsPath, i, *s.Seat, err)
		}
		events = append(events, g.Events()...)
	}
	state, err := t.r.Encode(g)
	if err != nil {
		return fmt.Errorf("encode position: %w", err)
	}
	return writeJSON(stdout, rulesOutput[E]{State: state, Events: events})
}

func readScript(path string) ([]scriptedAction, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read actions: %w", err)
	}
	var script []scriptedAction
	if err := rulesets.UnmarshalStrict(data, &script); err != nil {
		return nil, fmt.Errorf("actions %s: want a JSON array of {\"seat\": N, \"action\": …}: %w", path, err)
	}
	for i, s := range script {
		if s.Seat == nil || len(s.Action) == 0 {
			return nil, fmt.Errorf("actions %s: entry %d needs both \"seat\" and \"action\"", path, i)
		}
	}
	return script, nil
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return fmt.Errorf("write result: %w", err)
	}
	return nil
}

func (t turnsTool[G, V, A, E]) Sim(opts SimOptions, stdout, stderr io.Writer) error {
	if opts.Players < t.r.MinSeats || opts.Players > t.r.MaxSeats {
		return fmt.Errorf("%s is for %d to %d players, not %d", t.r.Title, t.r.MinSeats, t.r.MaxSeats, opts.Players)
	}
	for _, b := range opts.Bots {
		if _, err := t.r.NewBot(b, 0, 0); err != nil {
			return fmt.Errorf("bot %q: %w (bots: %v)", b, err, t.r.BotNames)
		}
	}
	results, err := Tournament(opts, stderr, func(i int, seed uint64) (GameResult, error) {
		return t.play(opts, i, seed)
	})
	if err != nil {
		return err
	}
	WriteReport(stdout, t.r.Name, opts, results, "actions")
	return nil
}

// play runs game i, whose deal and bots' seeds derive from secret, to its
// end. Each bot sees only its seat's view.
func (t turnsTool[G, V, A, E]) play(opts SimOptions, i int, secret uint64) (GameResult, error) {
	var res GameResult
	g, err := t.r.New(opts.Players, opts.Config, rulesets.DeriveSeed(secret, "deal", -1))
	if err != nil {
		return res, fmt.Errorf("new game: %w", err)
	}
	bots := make([]rulesets.Bot[V, A], opts.Players)
	for seat := range bots {
		bots[seat], err = t.r.NewBot(opts.Bots[opts.botFor(seat, i)], seat, rulesets.DeriveSeed(secret, "bot", seat))
		if err != nil {
			return res, err
		}
	}
	var toAct []int
	for !g.Over() {
		if res.Length >= maxActions {
			return res, fmt.Errorf("no end after %d actions", maxActions)
		}
		toAct = g.ToAct(toAct[:0])
		if len(toAct) == 0 {
			return res, fmt.Errorf("game not over but no seat owes an action")
		}
		seat := toAct[0]
		start := time.Now()
		v := t.r.View(g, seat)
		a := bots[seat].Choose(&v)
		res.Think[seat] += time.Since(start)
		res.Decisions[seat]++
		g.ClearEvents()
		if err := g.Apply(seat, a); err != nil {
			return res, fmt.Errorf("bot %s at seat %d chose an illegal action: %w", opts.Bots[opts.botFor(seat, i)], seat, err)
		}
		res.Length++
	}
	res.Winners = g.Winners(nil)
	return res, nil
}
