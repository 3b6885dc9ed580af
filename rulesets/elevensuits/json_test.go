package elevensuits

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestJSONRoundTrip encodes and decodes the position after every action of
// random games over every configuration: same hash, same JSON.
func TestJSONRoundTrip(t *testing.T) {
	for i := range 120 {
		playRandom(t, configs[i%len(configs)], uint64(1000+i), func(s *State) error {
			b, err := json.Marshal(s)
			if err != nil {
				return err
			}
			d, err := Decode(b)
			if err != nil {
				return err
			}
			b2, err := json.Marshal(d)
			if err != nil {
				return err
			}
			if d.Hash() != s.Hash() || string(b) != string(b2) {
				t.Fatalf("round trip differs:\n%s\n%s", b, b2)
			}
			return nil
		})
	}
}

// TestActionJSON round-trips every kind of action and rejects bad ones.
func TestActionJSON(t *testing.T) {
	for _, a := range []Action{ThrowAction(3), AttackAction(4), DefendAction(32), GuessAction(2), NameAction(0), PeekAction(4)} {
		b, err := json.Marshal(a)
		if err != nil {
			t.Fatal(err)
		}
		var got Action
		if err := json.Unmarshal(b, &got); err != nil || got != a {
			t.Errorf("%s: got %v, %v", b, got, err)
		}
	}
	for _, bad := range []string{`{"kind":"attack"}`, `{"kind":"jump","card":"savanna-rock"}`,
		`{"kind":"attack","card":"savanna-lizard"}`, `{"kind":"guess","target":7}`, `{"kind":"peek","slot":-1}`,
		`{"kind":"throw","symbol":"rock","extra":1}`, `[1]`} {
		var a Action
		if err := json.Unmarshal([]byte(bad), &a); err == nil {
			t.Errorf("%s accepted as %v", bad, a)
		}
	}
}

// TestRejectInconsistentPositions: hand-written positions that could not
// arise are refused with an error naming the problem.
func TestRejectInconsistentPositions(t *testing.T) {
	tests := []struct{ name, from, to, want string }{
		{"card twice", `"deco-scissors"]`, `"deco-scissors", "savanna-rock"]`, "appears 2 times"},
		{"card missing", `, "deco-scissors"]`, `]`, "appears 0 times"},
		{"card outside the suits", `"deco-scissors"]`, `"deco-scissors", "steppe-rock"]`, "want 0"},
		{"six in hand", `"deco-paper"],`, `"deco-paper", "deco-scissors"],`, "at most 5"},
		{"unknown field", `"turn": 0`, `"turn": 0, "colour": 1`, "unknown field"},
		{"bad phase", `"attack"`, `"sleep"`, "unknown phase"},
		{"bad card", `"savanna-paper"`, `"savanna-lizard"`, "unknown symbol"},
		{"attacker out of range", `"attacker": 0`, `"attacker": 4`, "out of range"},
		{"defend without an attack", `"attack"`, `"defend"`, "attacking card"},
		{"over without winners", `"attack"`, `"over"`, "without winners"},
		{"turn past the limit", `"turn": 0`, `"turn": 400`, "passes the limit"},
		{"short hand with a deck", `["savanna-rock", `, `[`, "holds 4 cards"},
		{"hand card unknown to its owner", `"turn": 0`, `"turn": 0, "known": {}`, "without knowing"},
		{"not JSON", `{`, `[`, "position"},
	}
	for _, tt := range tests {
		pos := strings.Replace(twoPlayers, tt.from, tt.to, 1)
		if tt.name == "short hand with a deck" {
			pos = strings.Replace(pos, `"deco-scissors"]`, `"deco-scissors", "savanna-rock"]`, 1)
		}
		if pos == twoPlayers {
			t.Fatalf("%s: the edit does not apply", tt.name)
		}
		_, err := Decode([]byte(pos))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want one mentioning %q", tt.name, err, tt.want)
		}
	}
}

// TestUnmarshalLeavesStateOnError: a rejected position leaves the
// receiver as it was.
func TestUnmarshalLeavesStateOnError(t *testing.T) {
	s := decode(t, twoPlayers)
	h := s.Hash()
	if err := s.UnmarshalJSON([]byte(`{"config":{"players":2},"phase":"attack"}`)); err == nil {
		t.Fatal("an incomplete position was accepted")
	}
	if s.Hash() != h {
		t.Error("a rejected position changed the state")
	}
}
