package thatsmine

import (
	"testing"

	"github.com/jankenarcade/janken/rulesets"
)

// TestBotsPlayLegally plays whole games with every bot at every player
// count: each choice must be legal (Apply refuses anything else).
func TestBotsPlayLegally(t *testing.T) {
	names := BotNames()
	for players := MinPlayers; players <= MaxPlayers; players++ {
		s, err := New(Config{Players: players}, uint64(players))
		if err != nil {
			t.Fatal(err)
		}
		bots := make([]rulesets.Bot[View, Action], players)
		for seat := range bots {
			bots[seat], _ = NewBot(names[(seat+players)%len(names)], seat, uint64(seat))
		}
		for !s.Over() {
			for _, seat := range s.ToAct(nil) {
				if err := s.Apply(seat, choose(bots[seat], s, seat)); err != nil {
					t.Fatalf("%d players, %s at seat %d: %v", players, names[(seat+players)%len(names)], seat, err)
				}
			}
			if err := s.Check(); err != nil {
				t.Fatal(err)
			}
		}
	}
	if _, err := NewBot("clairvoyant", 0, 1); err == nil {
		t.Error("unknown bot accepted")
	}
}

func TestGreedy(t *testing.T) {
	// Seat 0 holds Rock 7, Rock 16, Scissors 18 and 2 tokens; Rock 7 beats
	// the most unseen cards (all unseen Scissors and higher Rocks).
	s := mustDecode(t, RulebookExample)
	a := choose(greedyBot{}, s, 0)
	if a != (Action{Card: 7, Wager: 1}) {
		t.Errorf("greedy chose %v, want Rock 7 with half its 2 tokens", a)
	}
}

// TestSearchLearnsWagers: the hard bot's opponent model scales a seen
// wager to the tokens held now.
func TestSearchLearnsWagers(t *testing.T) {
	b := newSearchBot(rulesets.NewRand(1), hardBudget)
	b.seen[1][0] = wagerSeen{wager: 2, tokens: 4}
	b.nSeen[1] = 1
	for _, tc := range []struct{ tokens, want int }{{8, 4}, {2, 1}, {0, 0}, {3, 2}} {
		if got := b.modelWager(1, tc.tokens); got != tc.want {
			t.Errorf("half of %d modelled as %d, want %d", tc.tokens, got, tc.want)
		}
	}
}

func TestDefinition(t *testing.T) {
	d := Definition()
	if d.Name != "thatsmine" || d.Title != "That's Mine" || d.MinSeats != 3 || d.MaxSeats != 6 ||
		d.New == nil || d.Decode == nil || d.Encode == nil || d.Clone == nil || d.DecodeAction == nil || d.NewBot == nil {
		t.Fatalf("incomplete definition %+v", d)
	}
	if len(d.BotNames) != 5 || d.BotNames[0] != "random" || d.BotNames[4] != "hard" {
		t.Errorf("bots %v", d.BotNames)
	}
	g, err := d.New(6, []byte(`{"target": 10}`), 3)
	if err != nil || g.Target() != 10 || g.Seats() != 6 {
		t.Errorf("New with a config: %v", err)
	}
	for _, bad := range []string{`{"target": 1}`, `{"players": 4}`, `{"dice": 1}`} {
		if _, err := d.New(6, []byte(bad), 3); err == nil {
			t.Errorf("config %s accepted", bad)
		}
	}
	b, err := d.Encode(g)
	if err != nil {
		t.Fatal(err)
	}
	h, err := d.Decode(b)
	if err != nil || h.Hash() != g.Hash() {
		t.Errorf("encode/decode: %v", err)
	}
}
