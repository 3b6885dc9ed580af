package ninjan

import (
	"testing"

	"github.com/jankenarcade/janken/rulesets"
)

// playRandom plays a game to its end with uniformly random legal actions
// (the owing seat chosen at random too), calling after(s) after every
// action. It returns the number of actions.
func playRandom(t testing.TB, s *State, r *rulesets.Rand, after func(*State)) int {
	t.Helper()
	var seats []int
	var legal []Action
	n := 0
	for !s.Over() {
		seats = s.ToAct(seats[:0])
		if len(seats) == 0 {
			t.Fatalf("game not over but nobody owes an action (%v)", s.phase)
		}
		seat := seats[r.IntN(len(seats))]
		legal = s.Legal(seat, legal[:0])
		if len(legal) == 0 {
			t.Fatalf("seat %d owes an action but has none legal", seat)
		}
		if err := s.Apply(seat, legal[r.IntN(len(legal))]); err != nil {
			t.Fatalf("legal action rejected: %v", err)
		}
		n++
		if after != nil {
			after(s)
		}
		if n > 1000 {
			t.Fatal("game does not end")
		}
	}
	return n
}

// TestInvariantsRandomGames checks every invariant after every action of
// many seeded random games over every player count and tie break.
func TestInvariantsRandomGames(t *testing.T) {
	games := 10000
	if testing.Short() {
		games = 1000
	}
	for i := range games {
		cfg := Config{Players: MinPlayers + i%(MaxPlayers-MinPlayers+1), TieBreak: TieBreak(i / 7 % 2)}
		s, err := New(cfg, uint64(i))
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Check(); err != nil {
			t.Fatalf("game %d at the deal: %v", i, err)
		}
		r := rulesets.NewRand(uint64(i) + 1e6)
		plays := 0
		playRandom(t, s, &r, func(s *State) {
			if err := s.Check(); err != nil {
				t.Fatalf("game %d (%+v): %v", i, cfg, err)
			}
			for _, e := range s.Events() {
				if e.Kind == EventRevealed {
					plays++
				}
			}
			s.ClearEvents()
		})
		// The game ends exactly after nine rounds of one card per seat.
		if plays != Rounds*cfg.Players || s.round != Rounds {
			t.Fatalf("game %d ended after %d cards, round %d", i, plays, s.round)
		}
		if w := s.Winners(nil); len(w) == 0 || cfg.TieBreak == Decider && len(w) != 1 {
			t.Fatalf("game %d: winners %v", i, w)
		}
	}
}
