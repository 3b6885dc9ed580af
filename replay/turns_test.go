package replay

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/rulesets/ninjan"
)

// playNinjan records a whole game of Ninjan, each seat playing a random
// legal action, with a checkpoint every 3 actions and at the end.
func playNinjan(t *testing.T, players int, seed uint64) *Replay {
	t.Helper()
	def := ninjan.Definition()
	g, err := def.New(players, nil, seed)
	if err != nil {
		t.Fatal(err)
	}
	seats := make([]Seat, players)
	for i := range seats {
		seats[i] = Seat{Kind: Bot, Name: "bot", Bot: "random"}
	}
	rec := NewRecorder(Header{Game: "ninjan", Rules: "ninjan/1", Seed: seed, SeedKnown: true, Viewer: WholeGame, Seats: seats})
	rng := rulesets.NewRand(seed)
	var n int64
	for !g.Over() {
		if n%3 == 0 {
			rec.Checkpoint(n, g.Hash())
		}
		seat := g.ToAct(nil)[0]
		legal := g.Legal(seat, nil)
		a := legal[rng.IntN(len(legal))]
		data, err := json.Marshal(a)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Apply(seat, a); err != nil {
			t.Fatal(err)
		}
		rec.Step(n, seat, data)
		n++
	}
	rec.Checkpoint(n, g.Hash())
	return rec.Finish(Result{Over: true, Winners: g.Winners(nil), Scores: g.Scores(nil)})
}

func TestTurnsVerify(t *testing.T) {
	game := Turns(ninjan.Definition(), "ninjan/1")
	r := playNinjan(t, 3, 42)
	data, err := Encode(r)
	if err != nil {
		t.Fatal(err)
	}
	back, err := Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	if err := game.Verify(back); err != nil {
		t.Fatalf("a faithful replay: %v", err)
	}

	bad := *back
	bad.Checkpoints = append([]Checkpoint(nil), back.Checkpoints...)
	bad.Checkpoints[2].Hash++
	var div *Divergence
	if err := game.Verify(&bad); !errors.As(err, &div) || div.At != bad.Checkpoints[2].At || div.Want != bad.Checkpoints[2].Hash || div.Got != back.Checkpoints[2].Hash {
		t.Errorf("a changed checkpoint: %v, want a divergence at action %d", err, bad.Checkpoints[2].At)
	} else if want := "replay diverges at action 6: recorded hash " + HashString(div.Want) + ", replayed " + HashString(div.Got); err.Error() != want {
		t.Errorf("message %q, want %q", err, want)
	}

	bad = *back
	bad.Steps = append([]Step(nil), back.Steps...)
	bad.Steps[4].Seat = (bad.Steps[4].Seat + 1) % 3
	if err := game.Verify(&bad); !errors.As(err, &div) || div.At > 4 {
		t.Errorf("another seat's action: %v, want a divergence by action 4", err)
	}

	bad = *back
	bad.Header.Result.Winners = []int{0, 1, 2}
	if err := game.Verify(&bad); !errors.As(err, &div) || !strings.Contains(err.Error(), "recorded winners [0 1 2]") {
		t.Errorf("another result: %v", err)
	}

	bad = *back
	bad.Header.Rules = "ninjan/0"
	var rules *RulesError
	if err := game.Verify(&bad); !errors.As(err, &rules) || err.Error() != "rules version ninjan/0, this build plays ninjan/1" {
		t.Errorf("other rules: %v", err)
	}

	bad = *back
	bad.Header.SeedKnown = false
	if err := game.Verify(&bad); err == nil {
		t.Error("a whole game without its seed verified")
	}
}
