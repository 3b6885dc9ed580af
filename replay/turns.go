package replay

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/jankenarcade/janken/rulesets"
)

// Turns returns the Game of the turn-based ruleset def, which plays the
// rules version rules. Its replays are of two kinds:
//
//   - The whole game (Header.Viewer WholeGame), recorded offline or by a
//     network host: step i (At i) is seat Seat's action in the ruleset's
//     JSON form, and a checkpoint at n holds the game's Hash once n
//     actions are applied. Verify re-deals the game from the header's
//     seed and config and re-applies every action.
//   - One seat's view (Header.Viewer that seat), recorded by a network
//     client, which never knows the seed: step i is a ClientStep as the
//     host's i-th update told it, and a checkpoint at n holds the hash
//     (rulesets.Hasher) of the data of the steps before n. Verify checks that every step is the viewer's
//     view and that the checkpoints hold.
func Turns[G rulesets.Game[A, E], V any, A comparable, E any, PV rulesets.View[V, A]](def rulesets.Ruleset[G, V, A, E], rules string) Game {
	return turns[G, V, A, E, PV]{def: def, rules: rules}
}

// ClientStep is a step of a network client's replay: what the host's
// update told the recording seat.
type ClientStep[V, E any] struct {
	View   V   `json:"view"`
	Events []E `json:"events,omitempty"`
}

type turns[G rulesets.Game[A, E], V any, A comparable, E any, PV rulesets.View[V, A]] struct {
	def   rulesets.Ruleset[G, V, A, E]
	rules string
}

func (t turns[G, V, A, E, PV]) Rules() string { return t.rules }

func (t turns[G, V, A, E, PV]) Verify(r *Replay) error {
	h := &r.Header
	switch {
	case h.Game != t.def.Name:
		return fmt.Errorf("replay: a replay of %q, not %s", h.Game, t.def.Name)
	case len(h.Seats) < t.def.MinSeats || len(h.Seats) > t.def.MaxSeats:
		return fmt.Errorf("replay: %d seats; %s seats %d to %d", len(h.Seats), t.def.Title, t.def.MinSeats, t.def.MaxSeats)
	}
	if err := CheckRules(h, t.rules); err != nil {
		return err
	}
	if h.Viewer != WholeGame {
		return t.verifyView(r)
	}
	return t.verifyGame(r)
}

// verifyGame re-deals and re-plays a whole-game replay.
func (t turns[G, V, A, E, PV]) verifyGame(r *Replay) error {
	h := &r.Header
	if !h.SeedKnown {
		return errors.New("replay: the whole game without its seed")
	}
	g, err := t.def.New(len(h.Seats), h.Config, h.Seed)
	if err != nil {
		return fmt.Errorf("replay: deal: %w", err)
	}
	return checkSteps(r, func(s Step) error {
		a, err := t.def.DecodeAction(s.Data)
		if err != nil {
			return fmt.Errorf("seat %d's action %s: %w", s.Seat, s.Data, err)
		}
		if err := g.Apply(s.Seat, a); err != nil {
			return fmt.Errorf("seat %d's action %s is refused: %w", s.Seat, s.Data, err)
		}
		return nil
	}, g.Hash, func() error {
		return checkResult("action", int64(len(r.Steps)), h.Result, g.Over(), g.Winners(nil), g.Scores(nil))
	})
}

// verifyView checks a network client's replay: every step is the
// viewer's view, and the checkpoints hold.
func (t turns[G, V, A, E, PV]) verifyView(r *Replay) error {
	h := &r.Header
	var hash rulesets.Hasher
	var last ClientStep[V, E]
	err := checkSteps(r, func(s Step) error {
		var c ClientStep[V, E]
		if err := json.Unmarshal(s.Data, &c); err != nil {
			return fmt.Errorf("the host's update: %w", err)
		}
		v := PV(&c.View)
		if v.Viewer() != h.Viewer || v.Seats() != len(h.Seats) || s.Seat != h.Viewer {
			return fmt.Errorf("a view for Player %d of %d in Player %d's replay of %d", v.Viewer()+1, v.Seats(), h.Viewer+1, len(h.Seats))
		}
		hash.Bytes(s.Data)
		last = c
		return nil
	}, hash.Sum, func() error {
		v := PV(&last.View)
		return checkResult("action", int64(len(r.Steps)), h.Result, v.Over(), v.Winners(nil), v.Scores(nil))
	})
	return err
}

// checkSteps applies r's steps in order with apply (step i must be at
// At i) and compares hash with each checkpoint on the way, then calls
// end.
func checkSteps(r *Replay, apply func(s Step) error, hash func() uint64, end func() error) error {
	cps := r.Checkpoints
	for n := 0; ; n++ {
		for len(cps) > 0 && cps[0].At == int64(n) {
			if got := hash(); got != cps[0].Hash {
				return &Divergence{Unit: "action", At: int64(n), Want: cps[0].Hash, Got: got}
			}
			cps = cps[1:]
		}
		if len(cps) > 0 && cps[0].At < int64(n) {
			return fmt.Errorf("replay: checkpoint at action %d out of order", cps[0].At)
		}
		if n == len(r.Steps) {
			break
		}
		s := r.Steps[n]
		if s.At != int64(n) {
			return fmt.Errorf("replay: step %d is at action %d", n, s.At)
		}
		if err := apply(s); err != nil {
			return &Divergence{Unit: "action", At: int64(n), Err: err}
		}
	}
	if len(cps) > 0 {
		return fmt.Errorf("replay: a checkpoint at action %d, after the last of %d actions", cps[0].At, len(r.Steps))
	}
	return end()
}
