package describe

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/jankenarcade/janken/rulesets"
	es "github.com/jankenarcade/janken/rulesets/elevensuits"
	"github.com/jankenarcade/janken/rulesets/ninjan"
	tm "github.com/jankenarcade/janken/rulesets/thatsmine"
)

// playsWhole plays games of a ruleset where every seat, as a phone would,
// takes one of the choices its screen offers (at random) and sends its
// action: each must decode and be legal, and every
// game must end with a screen saying so.
func playsWhole[G rulesets.Game[A, E], V any, A comparable, E any](t *testing.T, r rulesets.Ruleset[G, V, A, E], players int) {
	for seed := uint64(1); seed <= 3; seed++ {
		rng := rand.New(rand.NewPCG(seed, 2))
		g, err := r.New(players, nil, seed)
		if err != nil {
			t.Fatal(err)
		}
		for step := 0; !g.Over(); step++ {
			if step > 5000 {
				t.Fatalf("seed %d: no end after %d actions", seed, step)
			}
			seat := g.ToAct(nil)[0]
			s := screenOf(t, r, g, seat)
			checkCounts(t, s)
			if len(s.Choices) == 0 {
				t.Fatalf("seed %d: seat %d owes an action but its screen offers none: %+v", seed, seat, s)
			}
			if s.Prompt == "" || strings.HasPrefix(s.Prompt, "Waiting") {
				t.Errorf("seat %d to act is told %q", seat, s.Prompt)
			}
			for _, c := range s.Choices {
				if c.Label == "" || strings.Contains(c.Label, "none") {
					t.Fatalf("seat %d is offered a choice labelled %q (group %q)", seat, c.Label, c.Group)
				}
			}
			c := s.Choices[rng.IntN(len(s.Choices))]
			a, err := r.DecodeAction(c.Action)
			if err != nil {
				t.Fatalf("choice %q sends %s: %v", c.Label, c.Action, err)
			}
			if err := g.Apply(seat, a); err != nil {
				t.Fatalf("choice %q refused: %v", c.Label, err)
			}
			g.ClearEvents()
		}
		for seat := range players {
			if s := screenOf(t, r, g, seat); !s.Over || len(s.Choices) != 0 || !strings.HasPrefix(s.Prompt, "Game over") {
				t.Errorf("seat %d's screen at the end: %+v", seat, s)
			}
		}
	}
}

// oneOfMany matches a count of one with a plural noun: "1 points",
// "-1 cards" (a card's own name, "1 Scissors", is not a count).
var oneOfMany = regexp.MustCompile(`(^|[^0-9])-?1 (points|cards|tokens|turns|rounds|players|seats)\b`)

// checkCounts fails if a line of s counts one thing in the plural.
func checkCounts(t *testing.T, s Screen) {
	t.Helper()
	for _, line := range append([]string{s.Heading, s.Prompt}, s.Facts...) {
		if oneOfMany.MatchString(line) {
			t.Fatalf("the screen says %q", line)
		}
	}
}

func screenOf[G rulesets.Game[A, E], V any, A comparable, E any](t *testing.T, r rulesets.Ruleset[G, V, A, E], g G, seat int) Screen {
	t.Helper()
	data, err := json.Marshal(r.View(g, seat))
	if err != nil {
		t.Fatal(err)
	}
	s, err := Describe(r.Name, data)
	if err != nil {
		t.Fatal(err)
	}
	if s.Seat != seat || s.Players != g.Seats() {
		t.Fatalf("screen of seat %d of %d says seat %d of %d", seat, g.Seats(), s.Seat, s.Players)
	}
	return s
}

func TestPhonesPlayWholeGames(t *testing.T) {
	for _, players := range []int{2, 3, 5} {
		t.Run(fmt.Sprintf("ninjan/%d", players), func(t *testing.T) { playsWhole(t, ninjan.Definition(), players) })
	}
	for _, players := range []int{3, 5} {
		t.Run(fmt.Sprintf("thatsmine/%d", players), func(t *testing.T) { playsWhole(t, tm.Definition(), players) })
	}
	for _, players := range []int{2, 3} {
		t.Run(fmt.Sprintf("elevensuits/%d", players), func(t *testing.T) { playsWhole(t, es.Definition(), players) })
	}
}

func TestDescribeRefusesBadInput(t *testing.T) {
	for _, tc := range []struct{ game, view string }{
		{"ninjan", `{"Seat":`},
		{"chess", `{}`},
	} {
		if _, err := Describe(tc.game, []byte(tc.view)); err == nil {
			t.Errorf("Describe(%q, %q) took it", tc.game, tc.view)
		}
	}
}

func TestNinjanScreenShowsOwnHandOnly(t *testing.T) {
	g, err := ninjan.New(ninjan.Config{Players: 3}, 7)
	if err != nil {
		t.Fatal(err)
	}
	s := screenOf(t, ninjan.Definition(), g, 1)
	if len(s.Hand) != 9 || len(s.Choices) != 9 {
		t.Fatalf("seat 1's screen: %d cards, %d choices; want 9 and 9", len(s.Hand), len(s.Choices))
	}
	var want []string
	for _, c := range g.View(1).Hand.Cards(nil) {
		want = append(want, ninjanCard(c))
	}
	if got := strings.Join(s.Hand, ", "); got != strings.Join(want, ", ") {
		t.Errorf("seat 1's screen lists %s, its hand is %s", got, strings.Join(want, ", "))
	}
	if s.Heading != "Ninjan · round 1 of 9" || s.Prompt != "Pick a card" {
		t.Errorf("heading %q, prompt %q", s.Heading, s.Prompt)
	}
}

// TestElevenSuitsHeadingNamesTheOpening: no turn has begun while the
// players throw for who attacks first, so the heading names the throw,
// not "turn 0"; after it, the turn.
func TestElevenSuitsHeadingNamesTheOpening(t *testing.T) {
	g, err := es.New(es.Config{Players: 2}, 3)
	if err != nil {
		t.Fatal(err)
	}
	if s := screenOf(t, es.Definition(), g, 0); s.Heading != "Eleven Suits · opening throw" {
		t.Errorf("in the opening: heading %q", s.Heading)
	}
	for seed := uint64(1); g.Phase() == es.PhaseOpening; seed++ {
		for _, seat := range g.ToAct(nil) {
			if err := g.Apply(seat, es.ThrowAction(rulesets.Symbol(1+(seat+int(seed))%3))); err != nil {
				t.Fatal(err)
			}
		}
	}
	if s := screenOf(t, es.Definition(), g, 0); s.Heading != fmt.Sprintf("Eleven Suits · turn %d", g.Turn()) {
		t.Errorf("after the opening, at turn %d: heading %q", g.Turn(), s.Heading)
	}
}
