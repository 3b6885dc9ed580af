package thatsmine

import (
	"encoding/json"
	"testing"

	"github.com/jankenarcade/janken/rulesets"
)

// FuzzApply applies an arbitrary action to an arbitrary position: either a
// fuzzed JSON position (which, if accepted, must be valid) or a seeded game
// advanced by random moves. Nothing may panic; an illegal action must
// change nothing; a legal one must keep the invariants.
func FuzzApply(f *testing.F) {
	f.Add(RulebookExample, uint64(1), uint8(0), 0, uint8(7), 0)
	f.Add("", uint64(7), uint8(20), 2, uint8(12), 3)
	f.Add("", uint64(3), uint8(200), 5, uint8(36), -1)
	f.Add(`{"players":3}`, uint64(0), uint8(1), 9, uint8(0), 99)
	f.Fuzz(func(t *testing.T, position string, seed uint64, steps uint8, seat int, card uint8, wager int) {
		s, err := Decode([]byte(position))
		if err != nil {
			s, err = New(Config{Players: MinPlayers + int(seed%4)}, seed)
			if err != nil {
				t.Fatal(err)
			}
			rng := rulesets.NewRand(seed)
			var legal []Action
			for range steps {
				if s.Over() {
					break
				}
				toAct := s.ToAct(nil)
				who := toAct[rng.IntN(len(toAct))]
				legal = s.Legal(who, legal[:0])
				if err := s.Apply(who, legal[rng.IntN(len(legal))]); err != nil {
					t.Fatal(err)
				}
			}
		}
		if err := s.Check(); err != nil {
			t.Fatalf("accepted position breaks the invariants: %v", err)
		}
		before, _ := json.Marshal(s)
		hash := s.Hash()
		nEvents := len(s.Events())
		if err := s.Apply(seat, Action{Card: Card(card), Wager: wager}); err != nil {
			after, _ := json.Marshal(s)
			if s.Hash() != hash || string(after) != string(before) || len(s.Events()) != nEvents {
				t.Fatalf("illegal action %v by seat %d changed the state", Action{Card(card), wager}, seat)
			}
			return
		}
		if err := s.Check(); err != nil {
			t.Fatalf("after a legal action: %v", err)
		}
	})
}
