package thatsmine

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/jankenarcade/janken/rulesets"
)

func mustDecode(t testing.TB, position string) *State {
	t.Helper()
	s, err := Decode([]byte(position))
	if err != nil {
		t.Fatalf("decode: %v", err)
	}
	return s
}

func mustApply(t testing.TB, s *State, seat int, a Action) {
	t.Helper()
	if err := s.Apply(seat, a); err != nil {
		t.Fatalf("seat %d %v: %v", seat, a, err)
	}
	if err := s.Check(); err != nil {
		t.Fatalf("after seat %d %v: %v", seat, a, err)
	}
}

func TestDeckTable(t *testing.T) {
	table := map[rulesets.Symbol][]Card{
		rulesets.Rock:     {1, 5, 7, 11, 15, 16, 20, 23, 27, 28, 33, 36},
		rulesets.Paper:    {2, 6, 9, 10, 14, 17, 21, 22, 26, 30, 31, 34},
		rulesets.Scissors: {3, 4, 8, 12, 13, 18, 19, 24, 25, 29, 32, 35},
	}
	for _, sym := range rulesets.Symbols {
		want := table[sym]
		got := AllCards.OfSymbol(sym).Cards(nil)
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%v: cards %v, want %v", sym, got, want)
		}
		sum := 0
		for _, c := range got {
			sum += int(c)
		}
		if sum != 222 {
			t.Errorf("%v: numbers add up to %d, want 222", sym, sum)
		}
	}
	// The cards the rulebook names.
	for _, tc := range []struct {
		c   Card
		sym rulesets.Symbol
	}{{7, rulesets.Rock}, {3, rulesets.Scissors}, {26, rulesets.Paper}, {12, rulesets.Scissors}, {33, rulesets.Rock}} {
		if tc.c.Symbol() != tc.sym {
			t.Errorf("%d is %v, want %v", tc.c, tc.c.Symbol(), tc.sym)
		}
	}
	if got := Card(26).String(); got != "Paper 26" {
		t.Errorf("Card(26) = %q", got)
	}
}

func TestSetup(t *testing.T) {
	tests := []struct {
		players, hand, supply, target int
	}{
		// Supply at start minus 2 per player minus the first kitty token.
		{3, 10, 36 - 6 - 1, 15},
		{4, 8, 48 - 8 - 1, 15},
		{5, 6, 60 - 10 - 1, 15},
		{6, 6, 60 - 12 - 1, 12},
	}
	for _, tt := range tests {
		s, err := New(Config{Players: tt.players}, 1)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Check(); err != nil {
			t.Fatal(err)
		}
		v := s.View(0)
		if v.HandSize != tt.hand || v.Supply != tt.supply || v.Target != tt.target || v.Kitty != 1 || v.Round != 1 {
			t.Errorf("%d players: hand %d supply %d target %d kitty %d round %d, want %d %d %d 1 1",
				tt.players, v.HandSize, v.Supply, v.Target, v.Kitty, v.Round, tt.hand, tt.supply, tt.target)
		}
		if v.FaceDown != NumCards-tt.players*tt.hand {
			t.Errorf("%d players: %d face down", tt.players, v.FaceDown)
		}
		for seat := range tt.players {
			if v.Tokens[seat] != 2 {
				t.Errorf("%d players: seat %d has %d tokens", tt.players, seat, v.Tokens[seat])
			}
		}
	}
	for _, bad := range []Config{{Players: 2}, {Players: 7}, {Players: 4, Target: 2}, {Players: 4, Target: 49}} {
		if _, err := New(bad, 1); err == nil {
			t.Errorf("New(%+v) succeeded", bad)
		}
	}
	if s, err := New(Config{Players: 4, Target: 10}, 1); err != nil || s.Target() != 10 || s.Config().Target != 10 {
		t.Errorf("target setting not kept: %v", err)
	}
}

func TestCompare(t *testing.T) {
	tests := []struct {
		name      string
		cards     []Card
		survivor  Card
		beaten    []Card
		stalemate bool
	}{
		{"one card", []Card{33}, 33, nil, false},
		{"match lowest stays", []Card{12, 3}, 3, []Card{12}, false},
		{"paper covers rock", []Card{26, 33}, 26, nil, false},
		{"rock crushes scissors", []Card{1, 3}, 1, nil, false},
		{"scissors cut paper", []Card{35, 2}, 35, nil, false},
		{"stalemate highest", []Card{7, 3, 26}, 26, nil, true},
		{"rulebook tier 0", []Card{7, 3, 26, 12}, 26, []Card{12}, true},
		{"rulebook tier 2", []Card{26, 33}, 26, nil, false},
		{"matches before rps", []Card{36, 1, 2}, 2, []Card{36}, false},
		{"matches before stalemate", []Card{36, 1, 2, 35, 3}, 3, []Card{35, 36}, true},
		{"all one symbol", []Card{36, 33, 28}, 28, []Card{33, 36}, false},
	}
	for _, tt := range tests {
		cmp := Compare(NewCardSet(tt.cards...))
		if cmp.Survivor != tt.survivor || cmp.Stalemate != tt.stalemate || cmp.Beaten != NewCardSet(tt.beaten...) {
			t.Errorf("%s: survivor %v stalemate %v beaten %v, want %v %v %v", tt.name,
				cmp.Survivor, cmp.Stalemate, cmp.Beaten.Cards(nil), tt.survivor, tt.stalemate, tt.beaten)
		}
		if got := survivorOf(NewCardSet(tt.cards...)); got != tt.survivor {
			t.Errorf("%s: survivorOf = %v, want %v", tt.name, got, tt.survivor)
		}
	}
}

// TestCompareExhaustive checks the fast comparison against the explained
// one on every set of up to three cards.
func TestCompareExhaustive(t *testing.T) {
	for a := Card(1); a <= NumCards; a++ {
		for b := a; b <= NumCards; b++ {
			for c := b; c <= NumCards; c++ {
				set := NewCardSet(a, b, c)
				if got, want := survivorOf(set), Compare(set).Survivor; got != want || !set.Has(got) {
					t.Fatalf("%v: survivorOf %v, Compare %v", set.Cards(nil), got, want)
				}
			}
		}
	}
}

// TestRulebookExample plays the rules file's example round and checks
// every event and the award.
func TestRulebookExample(t *testing.T) {
	s := mustDecode(t, RulebookExample)
	for seat, c := range []Card{7, 3, 26, 12} {
		mustApply(t, s, seat, Action{Card: c, Wager: 0})
	}
	var got []string
	for _, e := range s.Events() {
		if e.Kind == EventKitty {
			break
		}
		got = append(got, e.String())
	}
	want := []string{
		"Player 1 has chosen.", "Player 2 has chosen.", "Player 3 has chosen.", "Player 4 has chosen.",
		"Player 1 wagers 0.", "Player 2 wagers 0.", "Player 3 wagers 0.", "Player 4 wagers 0.", "Player 5 wagers 2.",
		"Tier 0: Player 1 and Player 2 and Player 3 and Player 4.",
		"Player 1 reveals Rock 7.", "Player 2 reveals Scissors 3.", "Player 3 reveals Paper 26.", "Player 4 reveals Scissors 12.",
		"Match of Scissors 3, Scissors 12: the lowest, Scissors 3, stays.",
		"Stalemate of Scissors 3, Rock 7, Paper 26: the highest, Paper 26, survives.",
		"Player 3 survives with Paper 26.",
		"Tier 2: Player 5.",
		"Player 5 puts 2 into the kitty (now 3).",
		"Player 5 reveals Rock 33.",
		"Paper 26 beats Rock 33.",
		"Player 3 survives with Paper 26.",
		"That's mine! Player 3 takes 3 tokens (now 5).",
		"Scissors 3, Rock 7, Scissors 12, Paper 26, Rock 33 go to the discard pile.",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("events:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	v := s.View(0)
	if want := [MaxPlayers]int{2, 3, 5, 2, 2}; v.Tokens != want {
		t.Errorf("tokens %v, want %v", v.Tokens, want)
	}
	if v.Last.Survivor != 2 || v.Last.Pot != 3 || v.Kitty != 1 || v.Supply != 45 || v.Round != 5 {
		t.Errorf("after the round: %+v", v)
	}
}

func TestDiscardOrderWording(t *testing.T) {
	// The discard event lists cards by number.
	e := Event{Kind: EventDiscard, Cards: NewCardSet(33, 3)}
	if got := e.String(); got != "Scissors 3, Rock 33 go to the discard pile." {
		t.Errorf("%q", got)
	}
}

// position builds a hand-written position from a few fields; the cards
// not in hands or choices fill the discard pile and then the face-down
// pile.
type position struct {
	players, supply int
	tokens          []int
	hands           [][]Card
	choices         []*Action
	faceDown        int
	over            bool
	winners         []int
}

func (p position) json(t testing.TB) string {
	t.Helper()
	used := CardSet(0)
	hands := make([]CardSet, len(p.hands))
	for i, h := range p.hands {
		hands[i] = NewCardSet(h...)
		used |= hands[i]
	}
	for _, c := range p.choices {
		if c != nil {
			used |= c.Card.set()
		}
	}
	rest := (AllCards &^ used).Cards(nil)
	faceDown := NewCardSet(rest[:p.faceDown]...)
	discard := NewCardSet(rest[p.faceDown:]...)
	kitty := 1
	if p.over {
		kitty = 0
	}
	b, err := json.Marshal(map[string]any{
		"players": p.players, "supply": p.supply, "kitty": kitty, "tokens": p.tokens, "hands": hands,
		"choices": p.choices, "faceDown": faceDown, "discard": discard, "over": p.over, "winners": p.winners,
		"round": 3, "deal": 1,
	})
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestZeroTokensWagerZero(t *testing.T) {
	s := mustDecode(t, position{players: 3, supply: 29, tokens: []int{0, 3, 3},
		hands: [][]Card{{1, 2}, {3, 4}, {5, 6}}, faceDown: 6}.json(t))
	for _, a := range s.Legal(0, nil) {
		if a.Wager != 0 {
			t.Errorf("seat 0 holds no tokens but may wager %d", a.Wager)
		}
	}
	if n := len(s.Legal(0, nil)); n != 2 {
		t.Errorf("seat 0 has %d legal actions, want 2 (its cards, wager 0)", n)
	}
	if n := len(s.Legal(1, nil)); n != 8 {
		t.Errorf("seat 1 has %d legal actions, want 2 cards × wagers 0–3", n)
	}
	if err := s.Apply(0, Action{Card: 1, Wager: 1}); err == nil {
		t.Error("seat 0 wagered a token it does not hold")
	}
}

func TestRedeal(t *testing.T) {
	// Last card of the deal: after the round every hand is dealt again.
	s := mustDecode(t, position{players: 4, supply: 30, tokens: []int{5, 4, 5, 3},
		hands: [][]Card{{1}, {2}, {3}, {4}}, faceDown: 4}.json(t))
	before := s.View(0).Tokens
	for seat := range 4 {
		mustApply(t, s, seat, Action{Card: Card(seat + 1), Wager: 0})
	}
	v := s.View(0)
	if v.HandSize != 8 || v.Hand.Len() != 8 || v.Discard != 0 || v.FaceDown != 4 || v.Deal != 2 {
		t.Errorf("after the re-deal: hand %d, discard %v, face down %d, deal %d", v.HandSize, v.Discard.Cards(nil), v.FaceDown, v.Deal)
	}
	// 1 Rock, 2 Paper, 3 and 4 Scissors: Scissors 3 stays, stalemate, 3
	// is highest; seat 2 takes the kitty's one token. Nothing else moves.
	want := before
	want[2]++
	if v.Tokens != want {
		t.Errorf("tokens %v, want %v", v.Tokens, want)
	}
	var shuffles, deals int
	for _, e := range s.Events() {
		switch e.Kind {
		case EventShuffle:
			shuffles++
		case EventDeal:
			deals++
			if e.Audience != rulesets.Only(e.Seat) {
				t.Errorf("deal to seat %d has audience %b", e.Seat, e.Audience)
			}
		}
	}
	if shuffles != 1 || deals != 4 {
		t.Errorf("%d shuffles and %d deals", shuffles, deals)
	}
}

func TestWinAtTarget(t *testing.T) {
	// Seat 1 holds 13, wagers 1 and wins a kitty of 1+1: 13-1+2 = 14, not
	// enough; then seat 1 wagers 2 with the sole winning card.
	s := mustDecode(t, position{players: 3, supply: 10, tokens: []int{8, 13, 4},
		hands: [][]Card{{3, 4}, {2, 6}, {5, 8}}, faceDown: 6}.json(t))
	mustApply(t, s, 0, Action{Card: 3, Wager: 0}) // Scissors 3
	mustApply(t, s, 1, Action{Card: 2, Wager: 1}) // Paper 2
	mustApply(t, s, 2, Action{Card: 5, Wager: 0}) // Rock 5
	if s.Over() {
		t.Fatal("over too early")
	}
	// Tier 0: Scissors 3 vs Rock 5: Rock 5. Tier 1: Paper 2 covers Rock 5.
	if got := s.View(0).Tokens; got[1] != 14 {
		t.Fatalf("seat 1 holds %d, want 14", got[1])
	}
	mustApply(t, s, 0, Action{Card: 4, Wager: 0})  // Scissors 4
	mustApply(t, s, 1, Action{Card: 6, Wager: 14}) // Paper 6
	mustApply(t, s, 2, Action{Card: 8, Wager: 0})  // Scissors 8
	// Scissors 4 survives tier 0 and cuts Paper 6: seat 0 takes 1+14.
	if !s.Over() || fmt.Sprint(s.Winners(nil)) != "[0]" || s.View(0).Tokens[0] != 8+15 {
		t.Fatalf("over %v winners %v tokens %v", s.Over(), s.Winners(nil), s.View(0).Tokens)
	}
	if err := s.Apply(0, Action{Card: 1}); !errors.Is(err, ErrIllegal) {
		t.Errorf("action after the end: %v", err)
	}
	if len(s.ToAct(nil)) != 0 || len(s.Legal(0, nil)) != 0 {
		t.Error("a finished game owes actions")
	}
}

func TestSupplyEmpty(t *testing.T) {
	tests := []struct {
		name    string
		tokens  []int
		play    []Action
		winners string
	}{
		// Seat 2 (Rock 5) wins the kitty's token: 11, 11, 14 → seat 2.
		{"most tokens", []int{11, 11, 13}, []Action{{3, 0}, {4, 0}, {5, 0}}, "[2]"},
		// Scissors 3 knocks out Scissors 4, Rock 1 crushes it: seat 1
		// takes the token and all three hold 12.
		{"tie shares", []int{12, 11, 12}, []Action{{3, 0}, {1, 0}, {4, 0}}, "[0 1 2]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			hands := [][]Card{{tt.play[0].Card, 10}, {tt.play[1].Card, 14}, {tt.play[2].Card, 17}}
			s := mustDecode(t, position{players: 3, supply: 0, tokens: tt.tokens, hands: hands, faceDown: 6}.json(t))
			for seat, a := range tt.play {
				mustApply(t, s, seat, a)
			}
			if !s.Over() || fmt.Sprint(s.Winners(nil)) != tt.winners {
				t.Errorf("over %v winners %v tokens %v, want %s", s.Over(), s.Winners(nil), s.Scores(nil), tt.winners)
			}
			evs := s.Events()
			if evs[len(evs)-2].Kind != EventSupplyEmpty || evs[len(evs)-1].Kind != EventWin {
				t.Errorf("last events %v, %v", evs[len(evs)-2].Kind, evs[len(evs)-1].Kind)
			}
		})
	}
}

func TestIllegalActions(t *testing.T) {
	s := mustDecode(t, RulebookExample)
	tests := []struct {
		name string
		seat int
		a    Action
		want string
	}{
		{"no such seat", 5, Action{Card: 7}, "no seat 5"},
		{"negative seat", -1, Action{Card: 7}, "no seat -1"},
		{"already chosen", 4, Action{Card: 23}, "already chosen"},
		{"not a card", 0, Action{Card: 0}, "not a card"},
		{"card 37", 0, Action{Card: 37}, "not a card"},
		{"someone else's card", 0, Action{Card: 3}, "does not hold Scissors 3"},
		{"discarded card", 0, Action{Card: 10}, "does not hold"},
		{"wager too high", 0, Action{Card: 7, Wager: 3}, "wagers 3 but holds 2"},
		{"negative wager", 0, Action{Card: 7, Wager: -1}, "wagers -1"},
	}
	for _, tt := range tests {
		hash, _ := json.Marshal(s)
		before := s.Hash()
		err := s.Apply(tt.seat, tt.a)
		if err == nil || !errors.Is(err, ErrIllegal) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want one mentioning %q", tt.name, err, tt.want)
		}
		after, _ := json.Marshal(s)
		if s.Hash() != before || string(after) != string(hash) {
			t.Errorf("%s: the state changed", tt.name)
		}
	}
}

func TestDocExampleDecodes(t *testing.T) {
	// The example in the package doc and FORMAT.md is the rulebook
	// position.
	s := mustDecode(t, RulebookExample)
	if fmt.Sprint(s.ToAct(nil)) != "[0 1 2 3]" {
		t.Errorf("to act: %v", s.ToAct(nil))
	}
	for _, name := range []string{"doc.go", "FORMAT.md"} {
		if !fileContains(t, name, `"hands": [[7, 16, 18], [3, 9, 20], [26, 29, 35], [12, 21, 31], [23, 34]]`) {
			t.Errorf("%s no longer shows the tested example position", name)
		}
	}
}
