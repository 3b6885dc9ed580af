package elevensuits

import (
	"fmt"
	"testing"

	"github.com/jankenarcade/janken/rulesets"
)

// configs covers every player count and variant.
var configs = []Config{
	{Players: 2},
	{Players: 2, Suits: 5},
	{Players: 2, Suits: 11, OpenCasket: true},
	{Players: 2, TwoPiece: true, Advanced: true},
	{Players: 2, Advanced: true},
	{Players: 3},
	{Players: 3, Suits: 7, Advanced: true},
	{Players: 3, TwoPiece: true, Advanced: true, OpenCasket: true},
	{Players: 2, Suits: 5, TurnLimit: 12},
}

// playRandom plays one game with uniformly random legal actions, calling
// after(s) after New and after every action.
func playRandom(t testing.TB, cfg Config, seed uint64, after func(s *State) error) *State {
	t.Helper()
	s, err := New(cfg, seed)
	if err != nil {
		t.Fatal(err)
	}
	r := rulesets.Derive(seed, 99)
	var legal []Action
	var toAct []int
	if err := after(s); err != nil {
		t.Fatalf("%+v seed %d after New: %v", cfg, seed, err)
	}
	for steps := 0; !s.Over(); steps++ {
		if steps > 5000 {
			t.Fatalf("%+v seed %d: no end after %d actions", cfg, seed, steps)
		}
		toAct = s.ToAct(toAct[:0])
		if len(toAct) == 0 {
			t.Fatalf("%+v seed %d: not over but nobody to act", cfg, seed)
		}
		seat := toAct[r.IntN(len(toAct))]
		legal = s.Legal(seat, legal[:0])
		if len(legal) == 0 {
			t.Fatalf("%+v seed %d: seat %d owes an action but has none", cfg, seed, seat)
		}
		a := legal[r.IntN(len(legal))]
		s.ClearEvents()
		if err := s.Apply(seat, a); err != nil {
			t.Fatalf("%+v seed %d: legal %v refused: %v", cfg, seed, a, err)
		}
		if err := after(s); err != nil {
			t.Fatalf("%+v seed %d after %v by seat %d: %v", cfg, seed, a, seat, err)
		}
	}
	return s
}

// TestInvariantsRandomGames checks Check after every action of 10,000
// random games over every configuration (1,000 with -short).
func TestInvariantsRandomGames(t *testing.T) {
	games := 10000
	if testing.Short() {
		games = 1000
	}
	endings := map[string]int{}
	for i := range games {
		cfg := configs[i%len(configs)]
		s := playRandom(t, cfg, uint64(i), func(s *State) error { return s.Check() })
		w := s.Winners(nil)
		if len(w) == 0 {
			t.Fatalf("game %d over without winners", i)
		}
		endings[fmt.Sprint(cfg.Players, s.Ending())]++
	}
	t.Logf("endings: %v", endings)
	for _, want := range []string{"2 graveyard", "2 guess", "3 last-one", "2 turn-limit"} {
		if endings[want] == 0 {
			t.Errorf("no game ended by %q", want)
		}
	}
}
