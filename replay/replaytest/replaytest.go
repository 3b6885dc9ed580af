// Package replaytest makes replays of turn-based games for tests: whole
// games played by random legal actions, recorded as the card tables
// record them.
package replaytest

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/jankenarcade/janken/replay"
	"github.com/jankenarcade/janken/rulesets"
)

// Every is how many actions apart Play's checkpoints are, as the card
// tables' (cardtable.CheckpointEvery).
const Every = 8

// Build is the Header.Build of Play's replays.
const Build = "replaytest"

// Date is the Header.Date of Play's replays: fixed, so that a replay
// played again is the same file.
var Date = time.Date(2026, 11, 24, 5, 40, 0, 0, time.UTC)

// Play plays a whole game of def for players seats, dealt from config
// and seed, each action drawn at random (from seed) among the legal
// ones, and returns its replay under the rules version rules, its header
// as complete as a card table's (Build, Date).
func Play[G rulesets.Game[A, E], V any, A comparable, E any](def rulesets.Ruleset[G, V, A, E], rules string, players int, config []byte, seed uint64) (*replay.Replay, error) {
	g, err := def.New(players, config, seed)
	if err != nil {
		return nil, err
	}
	seats := make([]replay.Seat, players)
	for i := range seats {
		seats[i] = replay.Seat{Kind: replay.Bot, Name: fmt.Sprintf("Player %d", i+1), Bot: "random"}
	}
	rec := replay.NewRecorder(replay.Header{Game: def.Name, Rules: rules, Build: Build, Config: config, Seed: seed, SeedKnown: true,
		Viewer: replay.WholeGame, Seats: seats, Date: Date})
	rec.Checkpoint(0, g.Hash())
	rng := rulesets.NewRand(seed)
	var toAct []int
	var legal []A
	for n := int64(1); !g.Over(); n++ {
		toAct = g.ToAct(toAct[:0])
		seat := toAct[rng.IntN(len(toAct))]
		legal = g.Legal(seat, legal[:0])
		a := legal[rng.IntN(len(legal))]
		data, err := json.Marshal(a)
		if err != nil {
			return nil, err
		}
		if err := g.Apply(seat, a); err != nil {
			return nil, err
		}
		rec.Step(n-1, seat, data)
		if n%Every == 0 || g.Over() {
			rec.Checkpoint(n, g.Hash())
		}
		if n > 100000 {
			return nil, fmt.Errorf("replaytest: %s did not end in %d actions", def.Name, n)
		}
	}
	return rec.Finish(replay.Result{Over: true, Winners: g.Winners(nil), Scores: g.Scores(nil)}), nil
}
