package ninjan

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"

	"github.com/jankenarcade/janken/rulesets"
)

// FuzzApply drives Apply on arbitrary positions with arbitrary actions: a
// position reached by a seeded random game (or, when the input parses as
// one, a hand-written JSON position), then actions decoded from the input
// bytes. Nothing may panic, an illegal action must change nothing (hash and
// JSON compared), and a legal one must keep every invariant.
func FuzzApply(f *testing.F) {
	f.Add(uint64(1), uint8(3), uint16(0), []byte{1, 7, 2, 0, 3})
	f.Add(uint64(2), uint8(5), uint16(30), []byte{2, 1, 1, 2, 2, 3, 0, 0, 4, 9})
	f.Add(uint64(3), uint8(2), uint16(200), []byte{4, 0, 0, 0, 4, 1, 1, 1})
	if data, err := os.ReadFile("testdata/claim.json"); err == nil {
		f.Add(uint64(0), uint8(0), uint16(0), append([]byte{0xff}, data...))
	}
	f.Fuzz(func(t *testing.T, seed uint64, players uint8, steps uint16, script []byte) {
		s := fuzzPosition(t, seed, players, steps, script)
		if s == nil {
			return
		}
		if len(script) > 0 && script[0] == 0xff {
			script = nil // the script was the position itself
		}
		for len(script) >= 5 {
			seat := int(int8(script[0])) % 7
			a := Action{
				Kind:   ActionKind(script[1] % 6),
				Card:   Card{Value: int8(script[2]%20) - 7, Suit: rulesets.Symbol(script[3] % 5)},
				Pile:   int8(script[4]%6) - 1,
				Symbol: rulesets.Symbol(script[3] % 5),
			}
			script = script[5:]
			beforeHash := s.Hash()
			beforeJSON, err := json.Marshal(s)
			if err != nil {
				t.Fatal(err)
			}
			if err := s.Apply(seat, a); err != nil {
				afterJSON, _ := json.Marshal(s)
				if s.Hash() != beforeHash || !bytes.Equal(beforeJSON, afterJSON) {
					t.Fatalf("rejected %v by seat %d changed the state: %v", a, seat, err)
				}
				continue
			}
			if err := s.Check(); err != nil {
				t.Fatalf("legal %v by seat %d broke an invariant: %v", a, seat, err)
			}
		}
	})
}

// fuzzPosition returns the position to fuzz: the script as JSON when it
// starts with 0xff (nil if it does not decode), else a random game of
// players seats advanced steps actions.
func fuzzPosition(t *testing.T, seed uint64, players uint8, steps uint16, script []byte) *State {
	if len(script) > 0 && script[0] == 0xff {
		s, err := Decode(script[1:])
		if err != nil {
			return nil
		}
		if err := s.Check(); err != nil {
			t.Fatalf("decoded position fails its invariants: %v", err)
		}
		return s
	}
	s, err := New(Config{Players: MinPlayers + int(players)%4, TieBreak: TieBreak(players / 4 % 2)}, seed)
	if err != nil {
		t.Fatal(err)
	}
	r := rulesets.NewRand(seed)
	var seats []int
	var legal []Action
	for range steps % 120 {
		if s.Over() {
			break
		}
		seats = s.ToAct(seats[:0])
		seat := seats[r.IntN(len(seats))]
		legal = s.Legal(seat, legal[:0])
		if err := s.Apply(seat, legal[r.IntN(len(legal))]); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// FuzzDecode feeds arbitrary bytes to the position decoder: it never
// panics, and a position it accepts keeps its invariants and survives a
// round trip.
func FuzzDecode(f *testing.F) {
	if data, err := os.ReadFile("testdata/claim.json"); err == nil {
		f.Add(data)
		f.Add(bytes.Replace(data, []byte(`"3R"`), []byte(`""`), 1))
		f.Add(bytes.Replace(data, []byte(`"1P"`), []byte(`""`), 1))
	}
	f.Add([]byte(`{"players":2,"round":9,"phase":"over","piles":[["1R"],["1P"],["1S"]],"hands":[[],[]]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := Decode(data)
		if err != nil {
			return
		}
		if err := s.Check(); err != nil {
			t.Fatalf("accepted a position that fails its invariants: %v", err)
		}
		out, err := json.Marshal(s)
		if err != nil {
			t.Fatalf("accepted a position it cannot write: %v", err)
		}
		again, err := Decode(out)
		if err != nil || again.Hash() != s.Hash() {
			t.Fatalf("round trip: %v", err)
		}
	})
}
