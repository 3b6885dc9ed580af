package ninjan

import (
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/jankenarcade/janken/rulesets"
)

func cards(t testing.TB, names ...string) []Card {
	t.Helper()
	out := make([]Card, len(names))
	for i, n := range names {
		c, err := ParseCard(n)
		if err != nil {
			t.Fatal(err)
		}
		out[i] = c
	}
	return out
}

// TestResolutionOrderFromRules runs the ordering cases of the rules file,
// each in every seating so that seat order can never decide.
func TestResolutionOrderFromRules(t *testing.T) {
	tests := []struct{ played, want string }{
		{"4P 4S 3R", "4S 4P 3R"},
		{"7R 7P 7S 10P -6S", "10P 7R 7S 7P -6S"},
		{"4R 4S", "4R 4S"},
		{"4P 4R", "4P 4R"},
		{"-1S -6R 1P", "1P -1S -6R"},
	}
	for _, tt := range tests {
		played := cards(t, strings.Fields(tt.played)...)
		want := cards(t, strings.Fields(tt.want)...)
		for rot := range played {
			seated := append(slices.Clone(played[rot:]), played[:rot]...)
			var order [MaxPlayers]int8
			n := ResolutionOrder(seated, order[:])
			got := make([]Card, n)
			for i, seat := range order[:n] {
				got[i] = seated[seat]
			}
			if !slices.Equal(got, want) {
				t.Errorf("played %v resolves %v, want %v", seated, got, want)
			}
		}
	}
}

func decodeFile(t testing.TB, path string) *State {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s, err := Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// position returns a two-player round-1 position in which seat 0 plays
// played0 and seat 1 plays -2P, with the given pile tops, in phase.
func position(t *testing.T, phase string, tops [3]string, played0 string, hand0 []string) *State {
	t.Helper()
	j := map[string]any{
		"players": 2, "round": 1, "phase": phase,
		"piles":  [][]string{{tops[0]}, {tops[1]}, {tops[2]}},
		"hands":  [][]string{hand0, {"1P", "2P", "3P", "4P", "5P", "6P", "7P", "8P"}},
		"played": []string{played0, "-2P"},
	}
	data, _ := json.Marshal(j)
	s, err := Decode(data)
	if err != nil {
		t.Fatalf("position: %v", err)
	}
	return s
}

// TestForcedClaimFromRules: tops Rock, Scissors, Scissors; an 8 Rock must
// claim one of the two Scissors piles, its owner's choice, and may not
// place instead.
func TestForcedClaimFromRules(t *testing.T) {
	s := decodeFile(t, "testdata/claim.json")
	if got := s.ToAct(nil); !slices.Equal(got, []int{0}) || s.Phase() != PhaseClaim {
		t.Fatalf("to act %v in %v, want seat 0 to claim", got, s.Phase())
	}
	if got, want := s.Legal(0, nil), []Action{ClaimPile(1), ClaimPile(2)}; !slices.Equal(got, want) {
		t.Fatalf("legal %v, want %v", got, want)
	}
	if got := s.Legal(1, nil); len(got) != 0 {
		t.Errorf("seat 1 may %v while seat 0 resolves", got)
	}
	for _, a := range []Action{PlaceOn(1), ClaimPile(0), PlayCard(CardAt(0))} {
		before := s.Hash()
		if err := s.Apply(0, a); err == nil || s.Hash() != before {
			t.Errorf("Apply(%v) = %v, hash changed %v", a, err, s.Hash() != before)
		}
	}
	if err := s.Apply(1, ClaimPile(1)); err == nil {
		t.Error("seat 1 claimed during seat 0's resolution")
	}
	if err := s.Apply(0, ClaimPile(2)); err != nil {
		t.Fatal(err)
	}
	if got := s.taken[0].Cards(nil); !slices.Equal(got, cards(t, "2S")) || s.points[0] != 2 {
		t.Errorf("seat 0 took %v (%d points)", got, s.points[0])
	}
	if got := s.piles[2].Cards(); !slices.Equal(got, cards(t, "8R")) {
		t.Errorf("pile 2 is %v, want the 8R that claimed it", got)
	}
	// Now -2 Paper resolves: it beats the Rock tops of piles 0 and 2.
	if s.Phase() != PhaseClaim || s.Resolving() != 1 {
		t.Fatalf("phase %v resolving %d, want seat 1 to claim", s.Phase(), s.Resolving())
	}
	if got, want := s.Legal(1, nil), []Action{ClaimPile(0), ClaimPile(2)}; !slices.Equal(got, want) {
		t.Fatalf("legal %v, want %v", got, want)
	}
}

// TestNoClaimFromRules: tops Rock, Rock, Rock; a Scissors card beats none
// and goes on a pile of its owner's choice.
func TestNoClaimFromRules(t *testing.T) {
	s := position(t, "place", [3]string{"3R", "5R", "2R"}, "8S",
		[]string{"-1R", "1R", "4R", "6R", "7R", "8R", "9R", "10R"})
	if got, want := s.Legal(0, nil), []Action{PlaceOn(0), PlaceOn(1), PlaceOn(2)}; !slices.Equal(got, want) {
		t.Fatalf("legal %v, want %v", got, want)
	}
	if err := s.Apply(0, ClaimPile(0)); err == nil {
		t.Error("a card that beats nothing claimed a pile")
	}
	if err := s.Apply(0, PlaceOn(1)); err != nil {
		t.Fatal(err)
	}
	if got := s.piles[1].Cards(); !slices.Equal(got, cards(t, "5R", "8S")) {
		t.Errorf("pile 1 is %v", got)
	}
	if s.taken[0] != 0 {
		t.Error("placing scored")
	}
	// Then -2 Paper resolves: pile 1's top is now the 8 Scissors, so it
	// beats only piles 0 and 2 and its owner must choose.
	if s.Phase() != PhaseClaim || s.Resolving() != 1 {
		t.Fatalf("phase %v resolving %d", s.Phase(), s.Resolving())
	}
}

// TestSingleClaimIsAutomatic: with one beaten top there is no choice to
// ask for: the claim happens at once.
func TestSingleClaimIsAutomatic(t *testing.T) {
	s, err := New(Config{Players: 2}, 3)
	if err != nil {
		t.Fatal(err)
	}
	// Arrange tops Rock, Rock, Paper and let seat 0 play a Scissors.
	data, _ := json.Marshal(map[string]any{
		"players": 2, "round": 1, "phase": "play",
		"piles": [][]string{{"3R"}, {"5R"}, {"2P", "-4P"}},
		"hands": [][]string{{"-1S", "1S", "2S", "4S", "6S", "7S", "8S", "9S", "10S"}, {"-1R", "1R", "2R", "4R", "6R", "7R", "8R", "9R", "10R"}},
		"taken": [][]string{{}, {}},
	})
	if err := s.UnmarshalJSON(data); err == nil {
		t.Fatal("a position with 22 cards dealt was accepted")
	}
	data, _ = json.Marshal(map[string]any{
		"players": 2, "round": 1, "phase": "play",
		"piles": [][]string{{"3R"}, {"5R"}, {"-4P"}},
		"hands": [][]string{{"-1S", "1S", "2S", "4S", "6S", "7S", "8S", "9S", "10S"}, {"-1R", "1R", "2R", "4R", "6R", "7R", "8R", "9R", "10R"}},
	})
	if err := s.UnmarshalJSON(data); err != nil {
		t.Fatal(err)
	}
	must(t, s.Apply(0, PlayCard(cards(t, "9S")[0])))
	must(t, s.Apply(1, PlayCard(cards(t, "-1R")[0])))
	// 9S takes pile 2 (-4P) alone; then -1R beats the 9S now on pile 2.
	if s.Phase() != PhasePlay || s.Round() != 2 {
		t.Fatalf("phase %v round %d: the round should have resolved by itself", s.Phase(), s.Round())
	}
	if s.points[0] != -4 || s.points[1] != 9 {
		t.Errorf("points %v, want [-4 9]", s.points[:2])
	}
	var kinds []EventKind
	for _, e := range s.Events() {
		kinds = append(kinds, e.Kind)
	}
	want := []EventKind{EventChosen, EventChosen, EventRevealed, EventRevealed, EventResolving, EventClaimed,
		EventResolving, EventClaimed, EventRoundEnd, EventRoundStart}
	if !slices.Equal(kinds, want) {
		t.Errorf("events %v, want %v", kinds, want)
	}
}

func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// TestDeciderFromRules: a tie for the top is settled by rock-paper-scissors
// between the tied seats only, repeated until one wins; a throw "at
// random" is drawn from the game's generator.
func TestDeciderFromRules(t *testing.T) {
	t.Run("two seats", func(t *testing.T) {
		s := tied(t, 4, Decider)
		if got := s.ToAct(nil); !slices.Equal(got, []int{0, 1}) {
			t.Fatalf("to act %v, want the tied seats 0 and 1", got)
		}
		if err := s.Apply(2, ThrowSymbol(rulesets.Rock)); err == nil {
			t.Error("a seat outside the tie threw")
		}
		must(t, s.Apply(0, ThrowSymbol(rulesets.Rock)))
		if v := s.View(1); v.OwnThrow != 0 || !v.Thrown[0] {
			t.Errorf("seat 1 sees %+v of seat 0's throw", v)
		}
		must(t, s.Apply(1, ThrowSymbol(rulesets.Rock)))
		if s.Over() || !slices.Equal(s.ToAct(nil), []int{0, 1}) {
			t.Fatal("a drawn throw ended the decider")
		}
		must(t, s.Apply(1, ThrowSymbol(rulesets.Paper)))
		must(t, s.Apply(0, ThrowSymbol(rulesets.Rock)))
		if !s.Over() || !slices.Equal(s.Winners(nil), []int{1}) {
			t.Fatalf("over %v winners %v, want seat 1", s.Over(), s.Winners(nil))
		}
	})
	t.Run("three seats", func(t *testing.T) {
		s := tied(t, 3, Decider)
		must(t, s.Apply(0, ThrowSymbol(rulesets.Rock)))
		must(t, s.Apply(1, ThrowSymbol(rulesets.Paper)))
		must(t, s.Apply(2, ThrowSymbol(rulesets.Scissors)))
		if s.Over() || s.contenders != 0b111 {
			t.Fatal("all three symbols must be a draw")
		}
		must(t, s.Apply(0, ThrowSymbol(rulesets.Scissors)))
		must(t, s.Apply(1, ThrowSymbol(rulesets.Paper)))
		must(t, s.Apply(2, ThrowSymbol(rulesets.Scissors)))
		if s.Over() || s.contenders != 0b101 {
			t.Fatalf("contenders %03b, want seats 0 and 2 left", s.contenders)
		}
		must(t, s.Apply(2, ThrowSymbol(rulesets.Rock)))
		must(t, s.Apply(0, ThrowSymbol(rulesets.Scissors)))
		if !slices.Equal(s.Winners(nil), []int{2}) {
			t.Fatalf("winners %v, want seat 2", s.Winners(nil))
		}
	})
	t.Run("random throws are the game's", func(t *testing.T) {
		a, b := tied(t, 2, Decider), tied(t, 2, Decider)
		for !a.Over() {
			must(t, a.Apply(1, ThrowSymbol(0)))
			must(t, a.Apply(0, ThrowSymbol(0)))
			must(t, b.Apply(0, ThrowSymbol(0)))
			must(t, b.Apply(1, ThrowSymbol(0)))
		}
		if a.Hash() != b.Hash() {
			t.Error("the order of random throws changed the outcome")
		}
	})
	t.Run("shared", func(t *testing.T) {
		s := tied(t, 2, Shared)
		if !s.Over() || !slices.Equal(s.Winners(nil), []int{0, 1}) {
			t.Fatalf("winners %v, want both", s.Winners(nil))
		}
	})
}

// tied returns the end of a game after round 9: the cards sit in the
// piles and score areas so that seats 0 and 1 (and 2 with three players)
// tie on 10.
func tied(t *testing.T, players int, tieBreak TieBreak) *State {
	taken := [][]string{{"10R"}, {"10P"}, {"10S"}}
	if players != 3 {
		taken = [][]string{{"10R"}, {"10P"}, {"3S"}, {"2R"}}[:players]
	}
	j := map[string]any{
		"players": players, "round": 9, "phase": "decider", "tieBreak": tieBreak,
		"piles": [][]string{{"1R"}, {"1P"}, {"1S"}},
		"hands": make([][]string, players),
		"taken": taken,
	}
	if tieBreak == Shared {
		j["phase"] = "over"
	}
	s, err := Decode(fillDealt(t, j))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// fillDealt completes a hand-written end-of-game position: the cards not
// yet named go to the piles (as if placed there), except the undealt ones,
// which the box keeps.
func fillDealt(t *testing.T, j map[string]any) []byte {
	t.Helper()
	players := j["players"].(int)
	var named CardSet
	for _, list := range j["taken"].([][]string) {
		named |= mustSet(t, list)
	}
	piles := j["piles"].([][]string)
	for _, p := range piles {
		named |= mustSet(t, p)
	}
	rest := (AllCards &^ named).Cards(nil)
	box := NumCards - NumPiles - Rounds*players
	for i, c := range rest[box:] {
		// Negative cards would change no tie here: piles are not scored.
		piles[i%3] = append([]string{c.String()}, piles[i%3]...)
	}
	data, err := json.Marshal(j)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func mustSet(t *testing.T, names []string) CardSet {
	t.Helper()
	s, err := setOf(cards(t, names...))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestDocumentedExample runs the documented example files: the position
// of testdata/claim.json and the actions of testdata/claim-actions.json,
// as the headless rules subcommand would.
func TestDocumentedExample(t *testing.T) {
	s := decodeFile(t, "testdata/claim.json")
	data, err := os.ReadFile("testdata/claim-actions.json")
	must(t, err)
	var script []struct {
		Seat   int             `json:"seat"`
		Action json.RawMessage `json:"action"`
	}
	must(t, json.Unmarshal(data, &script))
	for i, step := range script {
		a, err := Definition().DecodeAction(step.Action)
		if err != nil {
			t.Fatalf("action %d: %v", i, err)
		}
		if err := s.Apply(step.Seat, a); err != nil {
			t.Fatalf("action %d: %v", i, err)
		}
	}
	// 8R took the 2S, -2P took the 8R; then 10R took the 5S alone and 8P
	// beats the Rock tops of piles 0 and 1, so seat 1 must choose.
	if got := s.Scores(nil); !slices.Equal(got, []int{7, 8}) {
		t.Errorf("scores %v, want [7 8]", got)
	}
	if s.Phase() != PhaseClaim || s.Resolving() != 1 || !slices.Equal(s.Legal(1, nil), []Action{ClaimPile(0), ClaimPile(1)}) {
		t.Errorf("phase %v resolving %d legal %v", s.Phase(), s.Resolving(), s.Legal(1, nil))
	}
}
