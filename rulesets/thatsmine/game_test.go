package thatsmine

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/jankenarcade/janken/rulesets"
)

// playRandom plays a whole game with uniformly random legal actions,
// calling each after every action, and returns the finished game.
func playRandom(t testing.TB, players int, seed uint64, each func(s *State)) *State {
	return playRandomly(t, players, seed, false, each)
}

// playRandomly is playRandom; cautious players always wager 0, which
// makes games long enough for the supply to run out.
func playRandomly(t testing.TB, players int, seed uint64, cautious bool, each func(s *State)) *State {
	t.Helper()
	s, err := New(Config{Players: players}, seed)
	if err != nil {
		t.Fatal(err)
	}
	rng := rulesets.Derive(seed, 99)
	var legal []Action
	var toAct []int
	for !s.Over() {
		toAct = s.ToAct(toAct[:0])
		seat := toAct[rng.IntN(len(toAct))]
		legal = s.Legal(seat, legal[:0])
		s.ClearEvents()
		a := legal[rng.IntN(len(legal))]
		if cautious {
			a.Wager = 0
		}
		if err := s.Apply(seat, a); err != nil {
			t.Fatalf("seed %d: legal action refused: %v", seed, err)
		}
		each(s)
	}
	return s
}

// TestRandomGamesInvariants checks the invariants after every action of
// many seeded random games, and that each game ends exactly when a player
// reaches the target or the supply runs out.
func TestRandomGamesInvariants(t *testing.T) {
	games := 10000
	if testing.Short() {
		games = 1000
	}
	ends := map[string]int{}
	for i := range games {
		players := MinPlayers + i%(MaxPlayers-MinPlayers+1)
		seed := uint64(i) + 1
		prevSupply := -1
		playRandomly(t, players, seed, i%3 == 2, func(s *State) {
			if err := s.Check(); err != nil {
				t.Fatalf("seed %d, %d players: %v", seed, players, err)
			}
			if prevSupply >= 0 && s.supply != prevSupply && s.supply != prevSupply-1 {
				t.Fatalf("seed %d: supply went from %d to %d", seed, prevSupply, s.supply)
			}
			prevSupply = s.supply
			reached := false
			for seat := range players {
				reached = reached || s.tokens[seat] >= s.Target()
			}
			if s.Over() != (reached || s.supply == 0 && s.kitty == 0) {
				t.Fatalf("seed %d: over=%v, reached=%v, supply %d", seed, s.Over(), reached, s.supply)
			}
			if s.Over() {
				last := s.Events()[len(s.Events())-1]
				if last.Kind != EventWin {
					t.Fatalf("seed %d: the game ended without a win event", seed)
				}
				if reached {
					ends["target"]++
				} else {
					ends["supply"]++
				}
			}
		})
	}
	if ends["target"]+ends["supply"] != games || ends["target"] == 0 || ends["supply"] == 0 {
		t.Errorf("ends %v over %d games: both ways to end should occur", ends, games)
	}
}

func TestJSONRoundTrip(t *testing.T) {
	for i := range 200 {
		players := MinPlayers + i%4
		step := 0
		playRandom(t, players, uint64(i)+500, func(s *State) {
			step++
			if step%7 != 0 && !s.Over() {
				return
			}
			b, err := json.Marshal(s)
			if err != nil {
				t.Fatal(err)
			}
			d, err := Decode(b)
			if err != nil {
				t.Fatalf("decode own output: %v\n%s", err, b)
			}
			b2, _ := json.Marshal(d)
			if d.Hash() != s.Hash() || string(b) != string(b2) {
				t.Fatalf("round trip differs:\n%s\n%s", b, b2)
			}
			// The decoded copy plays on identically, re-deals included.
			if !s.Over() {
				c := s.Clone()
				for k := 0; k < 3*players && !c.Over(); k++ {
					seat := c.ToAct(nil)[0]
					a := c.Legal(seat, nil)[0]
					if err := c.Apply(seat, a); err != nil {
						t.Fatal(err)
					}
					if err := d.Apply(seat, a); err != nil {
						t.Fatal(err)
					}
				}
				if c.Hash() != d.Hash() {
					t.Fatal("decoded position plays on differently")
				}
			}
		})
	}
}

func TestDecodeRejects(t *testing.T) {
	good := position{players: 3, supply: 29, tokens: []int{2, 2, 2},
		hands: [][]Card{{1, 2}, {3, 4}, {5, 6}}, faceDown: 6}
	tests := []struct {
		name string
		edit func(m map[string]any)
		want string
	}{
		{"players", func(m map[string]any) { m["players"] = 7 }, "7 players"},
		{"unknown field", func(m map[string]any) { m["dice"] = 1 }, "unknown field"},
		{"duplicate card", func(m map[string]any) { m["hands"] = [][]int{{1, 2}, {1, 4}, {5, 6}} }, "card 1 is both"},
		{"card 0", func(m map[string]any) { m["hands"] = [][]int{{0, 2}, {3, 4}, {5, 6}} }, "0 is not a card"},
		{"missing card", func(m map[string]any) { m["faceDown"] = []int{} }, "nowhere"},
		{"uneven hands", func(m map[string]any) {
			m["hands"] = [][]int{{1, 2, 13}, {3, 4}, {5, 6}}
			m["discard"] = without(m["discard"], 13)
		}, "hands empty together"},
		{"tokens not conserved", func(m map[string]any) { m["supply"] = 30 }, "tokens in play"},
		{"negative tokens", func(m map[string]any) { m["tokens"] = []int{-1, 2, 6}; m["supply"] = 28 }, "holds -1"},
		{"kitty", func(m map[string]any) { m["kitty"] = 2; m["supply"] = 28 }, "kitty holds 2"},
		{"target reached", func(m map[string]any) { m["tokens"] = []int{2, 2, 15}; m["supply"] = 16 }, "holds the target"},
		{"wager too high", func(m map[string]any) {
			m["hands"] = [][]int{{1}, {3, 4}, {5, 6}}
			m["choices"] = []any{map[string]int{"card": 2, "wager": 3}, nil, nil}
		}, "wagers 3"},
		{"choices length", func(m map[string]any) { m["choices"] = []any{nil} }, "entries in choices"},
		{"over without reason", func(m map[string]any) { m["over"] = true; m["kitty"] = 0; m["supply"] = 30 }, "nobody holds"},
		{"bad rng", func(m map[string]any) { m["rng"] = "x" }, "generator"},
		{"tokens length", func(m map[string]any) { m["tokens"] = []int{2, 2} }, "entries in tokens"},
		{"every seat chosen", func(m map[string]any) {
			m["hands"] = [][]int{{1}, {3}, {5}}
			m["choices"] = []any{map[string]int{"card": 2}, map[string]int{"card": 4}, map[string]int{"card": 6}}
		}, "every seat has chosen"},
		{"last cards", func(m map[string]any) {
			m["last"] = map[string]any{"round": 1, "wagers": []int{0, 0, 0}, "cards": []int{7, 300, 9}, "survivor": 0, "pot": 1}
		}, "300 is not a card"},
	}
	for _, tt := range tests {
		var m map[string]any
		if err := json.Unmarshal([]byte(good.json(t)), &m); err != nil {
			t.Fatal(err)
		}
		tt.edit(m)
		b, _ := json.Marshal(m)
		_, err := Decode(b)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want one mentioning %q", tt.name, err, tt.want)
		}
	}
	if _, err := Decode([]byte(good.json(t))); err != nil {
		t.Errorf("the unedited position: %v", err)
	}
	if _, err := Decode([]byte(`{"players": 3`)); err == nil {
		t.Error("truncated JSON accepted")
	}
}

func without(list any, card int) []int {
	var out []int
	for _, v := range list.([]any) {
		if int(v.(float64)) != card {
			out = append(out, int(v.(float64)))
		}
	}
	return out
}

func TestActionJSON(t *testing.T) {
	a, err := DecodeAction([]byte(`{"card": 26, "wager": 2}`))
	if err != nil || a != (Action{Card: 26, Wager: 2}) {
		t.Errorf("%v, %v", a, err)
	}
	for _, bad := range []string{`{"card": "x"}`, `{"card": 3, "bet": 1}`, `[1,2]`, ``} {
		if _, err := DecodeAction([]byte(bad)); err == nil {
			t.Errorf("DecodeAction(%q) succeeded", bad)
		}
	}
}

// TestGoldenHash pins a whole seeded game: the same seed and actions must
// give the same final hash on every platform (this test also runs under
// GOOS=js GOARCH=wasm).
func TestGoldenHash(t *testing.T) {
	var got []string
	for players := MinPlayers; players <= MaxPlayers; players++ {
		s := playRandom(t, players, 2026, func(*State) {})
		got = append(got, fmt.Sprintf("%d:%#x", players, s.Hash()))
	}
	const golden = "3:0x2355bf1fb34378b2 4:0x376c1c36516de15 5:0x59ee1ebd06a00bd 6:0x22fcad1a230f4a3c"
	if strings.Join(got, " ") != golden {
		t.Errorf("final hashes %s, want %s", strings.Join(got, " "), golden)
	}
}

// TestCheckRefusesAllChosen: a game that goes on with every seat chosen
// has nobody to act and would never end.
func TestCheckRefusesAllChosen(t *testing.T) {
	s := mustDecode(t, RulebookExample)
	for seat := range 4 {
		c := s.hands[seat].Lowest()
		s.hands[seat] &^= c.set()
		s.play[seat], s.chosen[seat] = c, true
	}
	if err := s.Check(); err == nil || !strings.Contains(err.Error(), "every seat has chosen") {
		t.Errorf("Check: %v", err)
	}
}

// TestLastCardsJSON: the last round's cards are written as FORMAT.md
// documents them, an array of card numbers in seat order; the base64 form
// positions were once written in still reads.
func TestLastCardsJSON(t *testing.T) {
	s := mustDecode(t, RulebookExample)
	for seat, c := range []Card{7, 3, 26, 12} { // the rulebook's round
		mustApply(t, s, seat, Action{Card: c})
	}
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		Last map[string]json.RawMessage `json:"last"`
	}
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	if got := string(m.Last["cards"]); got != "[7,3,26,12,33]" {
		t.Errorf("last.cards written as %s, want [7,3,26,12,33]", got)
	}
	old := strings.Replace(string(b), `"cards":[7,3,26,12,33]`, `"cards":"BwMaDCE="`, 1)
	d, err := Decode([]byte(old))
	if err != nil || d.Hash() != s.Hash() {
		t.Errorf("the base64 form of last.cards: %v", err)
	}
}
