package elevensuits

import (
	"encoding/json"
	"testing"

	"github.com/jankenarcade/janken/rulesets"
)

// FuzzApply applies an arbitrary action to an arbitrary position: either a
// JSON position from the fuzzer (when it decodes) or one reached by steps
// random actions in a game of the chosen configuration. Apply must not
// panic; a refused action must change nothing (hash and JSON); an
// accepted one must keep the invariants.
func FuzzApply(f *testing.F) {
	f.Add([]byte(nil), uint64(1), uint8(0), uint8(10), int8(0), uint8(2), int8(3), int8(0), int8(0))
	f.Add([]byte(twoPlayers), uint64(2), uint8(0), uint8(0), int8(0), uint8(2), int8(0), int8(0), int8(0))
	f.Add([]byte(guessing), uint64(3), uint8(0), uint8(0), int8(0), uint8(4), int8(0), int8(1), int8(0))
	f.Add([]byte(threePlayers), uint64(4), uint8(0), uint8(0), int8(1), uint8(3), int8(5), int8(0), int8(0))
	f.Add([]byte(nil), uint64(5), uint8(6), uint8(30), int8(2), uint8(5), int8(7), int8(2), int8(3))
	f.Fuzz(func(t *testing.T, position []byte, seed uint64, cfg, steps uint8, seat int8, kind uint8, card, target, slot int8) {
		s, err := Decode(position)
		if err != nil {
			s = randomPosition(t, configs[int(cfg)%len(configs)], seed, int(steps))
		}
		a := Action{Kind: ActionKind(kind % 8), Symbol: rulesets.Symbol(card & 3), Card: Card(card), Target: target, Slot: slot}
		h := s.Hash()
		before, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		s.ClearEvents()
		if err := s.Apply(int(seat), a); err != nil {
			after, _ := json.Marshal(s)
			if s.Hash() != h || string(after) != string(before) || len(s.Events()) != 0 {
				t.Fatalf("refused %v (%v) changed the state", a, err)
			}
			return
		}
		if err := s.Check(); err != nil {
			t.Fatalf("after %v by seat %d: %v", a, seat, err)
		}
	})
}

// randomPosition plays steps random legal actions (fewer if the game ends).
func randomPosition(t testing.TB, cfg Config, seed uint64, steps int) *State {
	s, err := New(cfg, seed)
	if err != nil {
		t.Fatal(err)
	}
	r := rulesets.Derive(seed, 3)
	var legal []Action
	var toAct []int
	for range steps {
		if s.Over() {
			break
		}
		toAct = s.ToAct(toAct[:0])
		seat := toAct[r.IntN(len(toAct))]
		legal = s.Legal(seat, legal[:0])
		if err := s.Apply(seat, legal[r.IntN(len(legal))]); err != nil {
			t.Fatal(err)
		}
	}
	return s
}
