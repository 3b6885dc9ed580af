package elevensuits

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/jankenarcade/janken/rulesets"
)

// decode reads a hand-written position, failing the test if it is rejected.
func decode(t *testing.T, position string) *State {
	t.Helper()
	s, err := Decode([]byte(position))
	if err != nil {
		t.Fatalf("decode: %v\n%s", err, position)
	}
	return s
}

// viewOf returns seat's view as a pointer, for its slice accessors.
func viewOf(s *State, seat int) *View {
	v := s.View(seat)
	return &v
}

func mustApply(t *testing.T, s *State, seat int, a Action) {
	t.Helper()
	if err := s.Apply(seat, a); err != nil {
		t.Fatalf("seat %d %v: %v", seat, a, err)
	}
}

func card(t *testing.T, name string) Card {
	t.Helper()
	c, err := ParseCard(name)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func names(cs []Card) string {
	var parts []string
	for _, c := range cs {
		parts = append(parts, c.String())
	}
	return strings.Join(parts, " ")
}

func eventKinds(es []Event) string {
	var parts []string
	for _, e := range es {
		parts = append(parts, e.Kind.String())
	}
	return strings.Join(parts, " ")
}

// twoPlayers is a hand-written position of five suits: seat 0 attacks.
const twoPlayers = `{
  "config": {"players": 2, "suits": 5},
  "phase": "attack", "turn": 0, "attacker": 0,
  "hands": [
    ["savanna-rock", "tundra-paper", "reef-scissors", "gothic-rock", "deco-paper"],
    ["savanna-scissors", "tundra-rock", "reef-paper", "gothic-scissors", "deco-rock"]
  ],
  "deck": ["savanna-paper", "tundra-scissors", "reef-rock", "gothic-paper", "deco-scissors"]
}`

// TestDecisiveAttack is the rules file's first test: attacker's Rock
// against the defender's Scissors.
func TestDecisiveAttack(t *testing.T) {
	s := decode(t, twoPlayers)
	mustApply(t, s, 0, AttackAction(card(t, "savanna-rock")))
	if s.Phase() != PhaseDefend || s.target != 1 {
		t.Fatalf("after the attack: phase %v, defender %d", s.Phase(), s.target)
	}
	mustApply(t, s, 1, DefendAction(card(t, "savanna-scissors")))
	checks := []struct{ what, got, want string }{
		{"deck", names(s.deck.cards()), "reef-rock gothic-paper deco-scissors savanna-rock"},
		{"attacker's hand", names(s.hands[0].cards()), "tundra-paper reef-scissors gothic-rock deco-paper savanna-paper"},
		{"defender's hand", names(s.hands[1].cards()), "tundra-rock reef-paper gothic-scissors deco-rock tundra-scissors"},
		{"defender's graveyard", names(s.graves[1].cards()), "savanna-scissors"},
		{"attacker's graveyard", names(s.graves[0].cards()), ""},
		{"events", eventKinds(s.Events()), "attack defend reveal beat to-deck draw draw-card bury draw draw-card turn"},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("%s: %q, want %q", c.what, c.got, c.want)
		}
	}
	if s.Phase() != PhaseAttack || s.attacker != 1 {
		t.Errorf("the defender should attack next: phase %v attacker %d", s.Phase(), s.attacker)
	}
	// The graveyard card lies face down, even to its owner.
	for seat := range 2 {
		v := s.View(seat)
		if g := v.Grave(1)[0]; g.Up || g.Suit != 0 {
			t.Errorf("seat %d sees the graveyard card as %+v, want face down, savanna", seat, g)
		}
	}
	if err := s.Check(); err != nil {
		t.Error(err)
	}
}

// TestTieTwoPlayers: both cards to the bottom, attacker's first; both draw;
// the attacker attacks again.
func TestTieTwoPlayers(t *testing.T) {
	s := decode(t, twoPlayers)
	mustApply(t, s, 0, AttackAction(card(t, "gothic-rock")))
	mustApply(t, s, 1, DefendAction(card(t, "tundra-rock")))
	if got, want := names(s.deck.cards()), "reef-rock gothic-paper deco-scissors gothic-rock tundra-rock"; got != want {
		t.Errorf("deck %q, want %q", got, want)
	}
	if s.hands[0].at(4) != card(t, "savanna-paper") || s.hands[1].at(4) != card(t, "tundra-scissors") {
		t.Errorf("draws: attacker %v, defender %v", s.hands[0].at(4), s.hands[1].at(4))
	}
	if s.attacker != 0 || s.Phase() != PhaseAttack || s.graves[0].n+s.graves[1].n != 0 {
		t.Errorf("after a tie: attacker %d phase %v", s.attacker, s.Phase())
	}
	for _, e := range s.Events() {
		if e.Kind == EvReverse {
			t.Error("a two-player tie announced a reversal")
		}
	}
}

const threePlayers = `{
  "config": {"players": 3},
  "phase": "attack", "turn": 4, "attacker": 0, "direction": 1,
  "hands": [
    ["savanna-rock", "tundra-rock", "reef-rock", "gothic-rock", "deco-rock"],
    ["steppe-rock", "tundra-paper", "reef-paper", "gothic-paper", "deco-paper"],
    ["savanna-scissors", "tundra-scissors", "reef-scissors", "gothic-scissors", "deco-scissors"]
  ],
  "graveyards": [[], ["bazaar-paper", "bazaar-rock", "bazaar-scissors", "harbour-rock"], []],
  "deck": ["savanna-paper", "steppe-paper", "steppe-scissors", "jungle-rock", "jungle-paper", "jungle-scissors", "harbour-paper", "harbour-scissors"],
  "fresh": 8
}`

// TestThreePlayerTieReverses: a tie reverses the direction; the attacker's
// next defender is its other neighbour.
func TestThreePlayerTieReverses(t *testing.T) {
	s := decode(t, threePlayers)
	mustApply(t, s, 0, AttackAction(card(t, "savanna-rock")))
	if s.target != 1 {
		t.Fatalf("first attack goes to seat %d, want the left neighbour 1", s.target)
	}
	mustApply(t, s, 1, DefendAction(card(t, "steppe-rock")))
	if s.dir != -1 || s.attacker != 0 {
		t.Fatalf("after the tie: direction %d attacker %d", s.dir, s.attacker)
	}
	if !strings.Contains(eventKinds(s.Events()), "tie to-deck to-deck draw draw-card draw draw-card reverse turn") {
		t.Errorf("events %s", eventKinds(s.Events()))
	}
	mustApply(t, s, 0, AttackAction(card(t, "tundra-rock")))
	if s.target != 2 {
		t.Errorf("after the reversal seat 0 attacks seat %d, want 2", s.target)
	}
}

// TestThreePlayerElimination: a fifth graveyard card puts a player out;
// its hand and graveyard go to the bottom of the deck, the turn passes on
// in the current direction, and hands refill from the returned cards.
func TestThreePlayerElimination(t *testing.T) {
	s := decode(t, threePlayers)
	mustApply(t, s, 0, AttackAction(card(t, "tundra-rock")))
	mustApply(t, s, 1, DefendAction(card(t, "deco-paper"))) // paper beats rock: seat 0 buries
	if s.attacker != 1 || s.graves[0].len() != 1 {
		t.Fatalf("attacker %d, seat 0 graveyard %d", s.attacker, s.graves[0].len())
	}
	mustApply(t, s, 1, AttackAction(card(t, "tundra-paper")))
	s.ClearEvents()
	mustApply(t, s, 2, DefendAction(card(t, "savanna-scissors"))) // seat 1's fifth card
	for _, e := range s.Events() {
		if e.Kind == EvToDeck && e.Seat == 1 && e.Card != NoCard {
			t.Errorf("the leaving player's %v goes under the deck face up", e.Card)
		}
	}
	if !s.out[1] || s.hands[1].len()+s.graves[1].len() != 0 {
		t.Fatalf("seat 1 should be out with nothing: out %v, %d cards", s.out[1], s.hands[1].len()+s.graves[1].len())
	}
	deck := names(s.deck.cards())
	if !strings.HasSuffix(deck, "bazaar-paper bazaar-rock bazaar-scissors harbour-rock tundra-paper") {
		t.Errorf("graveyard not at the bottom of the deck: %s", deck)
	}
	if s.attacker != 2 || s.Over() {
		t.Errorf("the turn should pass from seat 1 to seat 2: attacker %d over %v", s.attacker, s.Over())
	}
	if err := s.Check(); err != nil {
		t.Error(err)
	}
	// Two players left: seat 2 attacks seat 0 (skipping the empty seat).
	mustApply(t, s, 2, AttackAction(s.hands[2].at(0)))
	if s.target != 0 {
		t.Errorf("seat 2 attacks seat %d, want 0", s.target)
	}
}

// guessing is a two-player advanced position: seat 1 holds five cards and
// has two in its graveyard.
const guessing = `{
  "config": {"players": 2, "suits": 5, "advanced": true},
  "phase": "attack", "turn": 6, "attacker": 0,
  "hands": [
    ["savanna-rock", "tundra-paper", "reef-scissors", "gothic-rock", "deco-paper"],
    ["savanna-scissors", "tundra-rock", "reef-paper", "gothic-scissors", "deco-rock"]
  ],
  "graveyards": [[], ["savanna-paper", "tundra-scissors"]],
  "deck": ["reef-rock", "gothic-paper", "deco-scissors"],
  "fresh": 3
}`

func guess(t *testing.T, s *State, cards ...string) {
	t.Helper()
	mustApply(t, s, 0, GuessAction(1))
	for _, c := range cards {
		mustApply(t, s, 0, NameAction(card(t, c)))
	}
}

// TestGuessRight: five cards split between hand and graveyard win.
func TestGuessRight(t *testing.T) {
	s := decode(t, guessing)
	guess(t, s, "savanna-paper", "tundra-rock", "tundra-scissors", "deco-rock", "gothic-scissors")
	if !s.Over() || s.Ending() != EndGuess || !slices.Equal(s.Winners(nil), []int{0}) {
		t.Errorf("over %v ending %v winners %v", s.Over(), s.Ending(), s.Winners(nil))
	}
}

// TestGuessWrong: "Narr" tells nothing about which cards were wrong; the
// target sees its graveyard while it answers and alone sees the card it
// picks from the guesser's hand.
func TestGuessWrong(t *testing.T) {
	s := decode(t, guessing)
	s.ClearEvents()
	guess(t, s, "savanna-paper", "tundra-rock", "tundra-scissors", "deco-rock", "gothic-paper")
	if s.Phase() != PhasePenalty || s.target != 1 {
		t.Fatalf("phase %v target %d", s.Phase(), s.target)
	}
	last := s.Events()[len(s.Events())-1]
	if last.Kind != EvNarr || last.Card != NoCard || last.Slot != -1 || last.Symbol != rulesets.NoSymbol {
		t.Errorf("the answer says more than Narr: %v", last)
	}
	for _, sl := range viewOf(s, 1).Grave(1) {
		if !sl.Up {
			t.Error("the target does not see its graveyard while answering")
		}
	}
	for _, sl := range viewOf(s, 0).Grave(1) {
		if sl.Up {
			t.Error("the guesser sees the target's graveyard face up")
		}
	}
	s.ClearEvents()
	mustApply(t, s, 1, PeekAction(2))
	var seen []Event
	for _, e := range s.Events() {
		if e.Card != NoCard {
			seen = append(seen, e)
		}
	}
	if len(seen) != 1 || seen[0].Kind != EvPeekCard || seen[0].Card != card(t, "reef-scissors") ||
		seen[0].Audience != rulesets.Only(1) {
		t.Errorf("events carrying a card: %v", seen)
	}
	if got := viewOf(s, 1).Hand(0)[2]; got.Card != card(t, "reef-scissors") || got.Up {
		t.Errorf("the target remembers slot 2 as %+v", got)
	}
	for _, sl := range viewOf(s, 0).Hand(1) {
		if sl.Card != NoCard {
			t.Errorf("the guesser learned the target's %v", sl.Card)
		}
	}
	if !viewOf(s, 0).Hand(0)[2].KnownBy.Sees(1) {
		t.Error("the guesser is not told which of its cards was seen")
	}
	if s.attacker != 1 || s.Phase() != PhaseAttack {
		t.Errorf("play should pass to seat 1: attacker %d phase %v", s.attacker, s.Phase())
	}
}

// TestOpening: plain rock-paper-scissors decides the first attacker,
// repeated on a draw; with three players the winners of a two-symbol round
// throw again among themselves.
func TestOpening(t *testing.T) {
	r, p, x := rulesets.Rock, rulesets.Paper, rulesets.Scissors
	tests := []struct {
		players int
		rounds  [][]rulesets.Symbol
		first   int
	}{
		{2, [][]rulesets.Symbol{{r, x}}, 0},
		{2, [][]rulesets.Symbol{{r, r}, {p, x}}, 1},
		{3, [][]rulesets.Symbol{{r, p, x}, {r, r, r}, {p, r, p}, {x, 0, p}}, 0},
		{3, [][]rulesets.Symbol{{x, p, p}}, 0},
	}
	for _, tt := range tests {
		s, err := New(Config{Players: tt.players}, 1)
		if err != nil {
			t.Fatal(err)
		}
		for _, round := range tt.rounds {
			for seat, sym := range round {
				if sym != 0 {
					mustApply(t, s, seat, ThrowAction(sym))
				}
			}
		}
		if s.Phase() != PhaseAttack || int(s.attacker) != tt.first {
			t.Errorf("%d players %v: phase %v attacker %d, want %d", tt.players, tt.rounds, s.Phase(), s.attacker, tt.first)
		}
	}
}

// TestIllegalActions: every illegal action is refused with an error and
// changes nothing.
func TestIllegalActions(t *testing.T) {
	tests := []struct {
		name     string
		position string
		seat     int
		action   Action
		want     string
	}{
		{"out of turn", twoPlayers, 1, AttackAction(0), "turn to attack"},
		{"card not held", twoPlayers, 0, AttackAction(1), "not in its hand"},
		{"guess without advanced rules", twoPlayers, 0, GuessAction(1), "advanced"},
		{"defend in the attack phase", twoPlayers, 0, DefendAction(0), "attack or guess"},
		{"no such seat", twoPlayers, 5, AttackAction(0), "no seat"},
		{"guess against yourself", guessing, 0, GuessAction(0), "cannot guess"},
		{"throw after the opening", twoPlayers, 0, ThrowAction(rulesets.Rock), "attack or guess"},
		{"card outside the suits in play", guessing, 0, Action{Kind: Attack, Card: 40}, "not in its hand"},
	}
	for _, tt := range tests {
		s := decode(t, tt.position)
		h, before := s.Hash(), mustJSON(t, s)
		err := s.Apply(tt.seat, tt.action)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want one mentioning %q", tt.name, err, tt.want)
		}
		if s.Hash() != h || mustJSON(t, s) != before || len(s.Events()) != 0 {
			t.Errorf("%s: the refused action changed the state", tt.name)
		}
	}
	s := decode(t, guessing)
	guess(t, s, "savanna-paper")
	for _, a := range []Action{NameAction(card(t, "savanna-paper")), NameAction(card(t, "bazaar-rock")), AttackAction(0)} {
		if err := s.Apply(0, a); err == nil {
			t.Errorf("naming: %v accepted", a)
		}
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestTwoPieceSuit: one card of each suit is removed unseen; 22 in play.
func TestTwoPieceSuit(t *testing.T) {
	s, err := New(Config{Players: 2, TwoPiece: true}, 7)
	if err != nil {
		t.Fatal(err)
	}
	if s.removed.len() != NumSuits || s.deck.len()+s.hands[0].len()+s.hands[1].len() != 22 {
		t.Errorf("removed %d, in play %d", s.removed.len(), s.deck.len()+10)
	}
	for seat := range 2 {
		for _, sl := range viewOf(s, seat).RemovedSlots() {
			if sl.Card != NoCard {
				t.Errorf("seat %d sees removed %v", seat, sl.Card)
			}
		}
	}
	if _, err := New(Config{Players: 2, TwoPiece: true, Suits: 7}, 1); err == nil {
		t.Error("2-Piece Suit with 7 suits accepted")
	}
}

// TestOpenCasket: graveyards lie face up to everyone.
func TestOpenCasket(t *testing.T) {
	pos := strings.Replace(guessing, `"advanced": true`, `"openCasket": true`, 1)
	s := decode(t, pos)
	for seat := range 2 {
		for _, sl := range viewOf(s, seat).Grave(1) {
			if !sl.Up || sl.Card == NoCard {
				t.Errorf("seat %d: open casket card %+v", seat, sl)
			}
		}
	}
}

// TestFifthGraveyardCardLoses: with two players the fifth graveyard card
// ends the game at once, before the loser draws.
func TestFifthGraveyardCardLoses(t *testing.T) {
	pos := strings.Replace(guessing, `["savanna-paper", "tundra-scissors"]`,
		`["savanna-paper", "tundra-scissors", "reef-rock", "gothic-paper"]`, 1)
	pos = strings.Replace(pos, `["reef-rock", "gothic-paper", "deco-scissors"]`, `["deco-scissors"]`, 1)
	pos = strings.Replace(pos, `"fresh": 3`, `"fresh": 1`, 1)
	s := decode(t, pos)
	mustApply(t, s, 0, AttackAction(card(t, "savanna-rock")))
	mustApply(t, s, 1, DefendAction(card(t, "savanna-scissors")))
	if !s.Over() || s.Ending() != EndGraveyard || !slices.Equal(s.Winners(nil), []int{0}) {
		t.Fatalf("over %v ending %v winners %v", s.Over(), s.Ending(), s.Winners(nil))
	}
	if s.hands[1].len() != 4 || s.graves[1].len() != 5 {
		t.Errorf("loser holds %d, graveyard %d", s.hands[1].len(), s.graves[1].len())
	}
	if err := s.Apply(1, AttackAction(0)); err != ErrGameOver {
		t.Errorf("after the end: %v", err)
	}
}

// TestTurnLimit: at the limit the fewest graveyard cards win, shared on
// equal counts.
func TestTurnLimit(t *testing.T) {
	pos := strings.Replace(twoPlayers, `"suits": 5`, `"suits": 5, "turnLimit": 1`, 1)
	s := decode(t, pos)
	mustApply(t, s, 0, AttackAction(card(t, "gothic-rock")))
	mustApply(t, s, 1, DefendAction(card(t, "tundra-rock")))
	if !s.Over() || s.Ending() != EndTurnLimit || !slices.Equal(s.Winners(nil), []int{0, 1}) {
		t.Errorf("over %v ending %v winners %v", s.Over(), s.Ending(), s.Winners(nil))
	}
}

// TestConfigRanges covers the settings' limits.
func TestConfigRanges(t *testing.T) {
	tests := []struct {
		cfg   Config
		suits int
		ok    bool
	}{
		{Config{}, 7, true},
		{Config{Players: 3}, 9, true},
		{Config{Players: 2, Suits: 5}, 5, true},
		{Config{Players: 2, Suits: 4}, 0, false},
		{Config{Players: 3, Suits: 6}, 0, false},
		{Config{Players: 2, Suits: 12}, 0, false},
		{Config{Players: 4}, 0, false},
		{Config{Players: 2, TurnLimit: -1}, 0, false},
		{Config{Players: 3, TwoPiece: true}, 11, true},
	}
	for _, tt := range tests {
		s, err := New(tt.cfg, 1)
		if (err == nil) != tt.ok {
			t.Errorf("%+v: error %v", tt.cfg, err)
			continue
		}
		if err == nil && s.Config().Suits != tt.suits {
			t.Errorf("%+v: %d suits, want %d", tt.cfg, s.Config().Suits, tt.suits)
		}
	}
}

func ExampleDecode() {
	s, err := Decode([]byte(`{
	  "config": {"players": 2, "suits": 5},
	  "phase": "attack", "turn": 0, "attacker": 0,
	  "hands": [
	    ["savanna-rock", "tundra-paper", "reef-scissors", "gothic-rock", "deco-paper"],
	    ["savanna-scissors", "tundra-rock", "reef-paper", "gothic-scissors", "deco-rock"]
	  ],
	  "deck": ["savanna-paper", "tundra-scissors", "reef-rock", "gothic-paper", "deco-scissors"]
	}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	s.Apply(0, AttackAction(MakeCard(0, rulesets.Rock)))
	s.Apply(1, DefendAction(MakeCard(0, rulesets.Scissors)))
	for _, e := range s.Events() {
		if e.VisibleTo(1) {
			fmt.Println(e)
		}
	}
	// Output:
	// {"kind":"attack","seat":0,"other":1,"suit":"savanna","slot":0,"audience":[0,1,2]}
	// {"kind":"defend","seat":1,"card":"savanna-scissors","suit":"savanna","slot":0,"audience":[0,1,2]}
	// {"kind":"reveal","seat":0,"card":"savanna-rock","suit":"savanna","audience":[0,1,2]}
	// {"kind":"beat","seat":0,"other":1,"audience":[0,1,2]}
	// {"kind":"to-deck","seat":0,"card":"savanna-rock","suit":"savanna","audience":[0,1,2]}
	// {"kind":"draw","seat":0,"suit":"savanna","slot":4,"audience":[0,1,2]}
	// {"kind":"bury","seat":1,"card":"savanna-scissors","suit":"savanna","slot":0,"audience":[0,1,2]}
	// {"kind":"draw","seat":1,"suit":"tundra","slot":4,"audience":[0,1,2]}
	// {"kind":"draw-card","seat":1,"card":"tundra-scissors","suit":"tundra","slot":4,"audience":[1]}
	// {"kind":"turn","seat":1,"other":0,"audience":[0,1,2]}
}
