package ninjan

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/jankenarcade/janken/rulesets"
)

// TestJSONRoundTrip encodes positions from every phase of random games,
// decodes them, and checks the copy hashes, encodes and plays on exactly
// like the original.
func TestJSONRoundTrip(t *testing.T) {
	phases := map[Phase]int{}
	for i := range 150 {
		s, err := New(Config{Players: 2 + i%4, TieBreak: TieBreak(i % 2)}, uint64(i))
		must(t, err)
		r := rulesets.NewRand(uint64(i))
		playRandom(t, s, &r, func(s *State) {
			phases[s.phase]++
			data, err := json.Marshal(s)
			must(t, err)
			c, err := Decode(data)
			if err != nil {
				t.Fatalf("decode %s: %v", data, err)
			}
			if c.Hash() != s.Hash() {
				t.Fatalf("hash changed over JSON: %s", data)
			}
			again, _ := json.Marshal(c)
			if !bytes.Equal(again, data) {
				t.Fatalf("re-encoding differs:\n%s\n%s", data, again)
			}
			// The copy continues like the original.
			var a, b []Action
			for _, seat := range s.ToAct(nil) {
				a, b = s.Legal(seat, a[:0]), c.Legal(seat, b[:0])
				if len(a) != len(b) {
					t.Fatalf("legal actions differ after decoding")
				}
			}
		})
	}
	for _, p := range []Phase{PhasePlay, PhaseClaim, PhasePlace, PhaseDecider, PhaseOver} {
		if phases[p] == 0 {
			t.Errorf("no position in the %v phase was tried", p)
		}
	}
}

// TestJSONRejectsBadPositions: inconsistent positions are refused with an
// error naming the problem.
func TestJSONRejectsBadPositions(t *testing.T) {
	good := `{"players":2,"round":1,"phase":"claim","piles":[["3R"],["5S"],["2S"]],
		"hands":[["-1R","1R","2R","4R","6R","7R","9R","10R"],["1P","2P","3P","4P","5P","6P","7P","8P"]],
		"played":["8R","-2P"]}`
	if _, err := Decode([]byte(good)); err != nil {
		t.Fatalf("good position rejected: %v", err)
	}
	tests := []struct{ name, from, to, want string }{
		{"duplicate card", `"1P","2P"`, `"1P","1P"`, "listed twice"},
		{"empty card in a hand", `"1P","2P"`, `"1P",""`, "not a card"},
		{"empty card in a pile", `["3R"]`, `["3R",""]`, "not a card"},
		{"card twice", `"2P","3P"`, `"8R","3P"`, "two places"},
		{"short hand", `"1P","2P",`, ``, "holds 6 cards"},
		{"bad card", `"7R"`, `"0R"`, "value"},
		{"bad suit", `"7R"`, `"7X"`, "suit"},
		{"players", `"players":2`, `"players":6`, "2 to 5"},
		{"round", `"round":1`, `"round":10`, "round 10"},
		{"phase", `"claim"`, `"place"`, "beats piles"},
		{"unknown field", `"players":2`, `"players":2,"colour":1`, "unknown field"},
		{"pile count", `["3R"],["5S"],`, `["3R"],`, "2 piles"},
		{"empty pile", `["3R"]`, `[]`, "0 cards"},
		{"not json", `{`, `[`, "position"},
		{"played in decider", `"round":1,"phase":"claim"`, `"round":9,"phase":"decider"`, ""},
		{"scores", `"played"`, `"scores":[1,0],"played"`, "scores"},
	}
	for _, tt := range tests {
		bad := strings.Replace(good, tt.from, tt.to, 1)
		if bad == good {
			t.Fatalf("%s: replacement did not apply", tt.name)
		}
		var s State
		before, _ := json.Marshal(&s)
		err := s.UnmarshalJSON([]byte(bad))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want one containing %q", tt.name, err, tt.want)
		}
		if after, _ := json.Marshal(&s); !bytes.Equal(before, after) {
			t.Errorf("%s: a rejected position changed the state", tt.name)
		}
	}
}

// TestActionJSON round-trips every kind and rejects malformed actions.
func TestActionJSON(t *testing.T) {
	for _, a := range []Action{PlayCard(Card{-6, rulesets.Rock}), ClaimPile(2), PlaceOn(0),
		ThrowSymbol(rulesets.Scissors), ThrowSymbol(rulesets.NoSymbol)} {
		data, err := json.Marshal(a)
		must(t, err)
		var b Action
		if err := json.Unmarshal(data, &b); err != nil || b != a {
			t.Errorf("%s: got %v, %v", data, b, err)
		}
	}
	for _, bad := range []string{`{}`, `{"kind":"play"}`, `{"kind":"play","card":"11R"}`, `{"kind":"claim","pile":3}`,
		`{"kind":"place"}`, `{"kind":"throw","symbol":"lizard"}`, `{"kind":"jump"}`, `{"kind":"claim","pile":1,"card":"1R"}`, `[]`} {
		var a Action
		if err := json.Unmarshal([]byte(bad), &a); err == nil {
			t.Errorf("%s accepted as %v", bad, a)
		}
	}
}
