package slam

import (
	"testing"
)

func lolConfig(players int) Config {
	cfg := DefaultConfig(players)
	cfg.Mode = LastOneLoses
	return cfg
}

func TestLastOneLoses(t *testing.T) {
	example := []string{"YBR/RR", "RYB/YS"} // Stone is correct
	tests := []struct {
		name    string
		script  []tap
		until   int64
		taker   int
		tied    Seats
		playoff bool
	}{
		{"the last correct takes", []tap{{flipAt + 10, 0, rock}, {flipAt + 30, 2, rock}, {flipAt + 20, 1, rock}}, flipAt + 31, 2, 0, false},
		{"a mistake takes at once", []tap{{flipAt + 10, 0, rock}, {flipAt + 12, 1, paper}}, flipAt + 13, 1, 0, false},
		{"mashing takes at once", []tap{{flipAt + 12, 2, rock | clap}}, flipAt + 13, 2, 0, false},
		{"silent seats count as last", []tap{{flipAt + 10, 0, rock}, {flipAt + 20, 1, rock}}, flipAt + 301, 2, 0, false},
		{"two mistakes on one tick throw for it", []tap{{flipAt + 12, 0, clap}, {flipAt + 12, 2, paper}}, flipAt + 13, -1, 0, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := stacked(t, lolConfig(3), flipAt, example...)
			play(t, &s, tt.script, tt.until)
			r := s.Card()
			if int(r.Taker) != tt.taker || r.Tied != tt.tied {
				t.Errorf("taker %d tied %b, want %d %b", r.Taker, r.Tied, tt.taker, tt.tied)
			}
			if tt.playoff != (s.Phase() == PhasePlayoff) {
				t.Errorf("phase %v", s.Phase())
			}
			if tt.taker >= 0 && (s.Won(tt.taker) != 1 || s.Flipper() != tt.taker) {
				t.Errorf("taker's pile %d, flipper %d", s.Won(tt.taker), s.Flipper())
			}
		})
	}
}

func TestLastOneLosesTiedLastDrawn(t *testing.T) {
	takers := map[int8]int{}
	for seed := uint64(0); seed < 30; seed++ {
		s := stacked(t, lolConfig(3), flipAt, "YBR/RR", "RYB/YS")
		s.rng.Seed(seed)
		play(t, &s, []tap{{flipAt + 5, 1, rock}, {flipAt + 20, 0, rock}, {flipAt + 20, 2, rock}}, flipAt+21)
		if r := s.Card(); r.Tied != 0b101 {
			t.Fatalf("record %+v", r)
		}
		takers[s.Card().Taker]++
	}
	if takers[0] == 0 || takers[2] == 0 || takers[1] != 0 {
		t.Errorf("takers %v", takers)
	}
}

func TestPlayoffTakeLoserTakes(t *testing.T) {
	s := stacked(t, lolConfig(3), flipAt, "YBR/RR", "RYB/YS")
	start := int64(flipAt + 13)
	script := []tap{
		{flipAt + 12, 0, clap}, {flipAt + 12, 2, paper}, // two mistakes: a playoff
		{start + 3, 0, rock}, {start + 4, 2, rock}, // a draw
		{start + 10, 1, paper},                            // not in the playoff: ignored
		{start + 20, 0, paper}, {start + 22, 2, scissors}, // scissors beats paper: seat 0 loses and takes
	}
	events := play(t, &s, script, start+23)
	if s.Card().Taker != 0 || s.Won(0) != 1 || s.Phase() != PhaseWaiting {
		t.Fatalf("taker %d, phase %v, events %v", s.Card().Taker, s.Phase(), events)
	}
	if n := len(find(events, EventShowdown)); n != 2 {
		t.Errorf("%d showdowns, want 2", n)
	}
}

func TestLastOneLosesFalseStartTakesNextCard(t *testing.T) {
	s := stacked(t, lolConfig(3), flipAt, "YBR/RR", "RYB/YS")
	play(t, &s, []tap{{flipAt - 5, 1, scissors}}, flipAt+1)
	if r := s.Card(); r.Taker != 1 || r.DecidedTick != flipAt || s.Won(1) != 1 {
		t.Errorf("record %+v", r)
	}
}

// endgame stacks a game down to two cards in the deck with the given piles,
// so the next decided card ends it.
func endgame(t *testing.T, cfg Config, piles ...int) State {
	s := stacked(t, cfg, flipAt, "YBR/RR", "RYB/YS")
	for seat, n := range piles {
		givePile(&s, seat, n)
	}
	if s.DeckLen() != 2 {
		t.Fatalf("deck %d, want 2", s.DeckLen())
	}
	return s
}

func TestEndWithOneCardLeft(t *testing.T) {
	s := endgame(t, DefaultConfig(2), 30, 22)
	events := play(t, &s, []tap{{flipAt + 20, 1, rock}}, flipAt+21)
	if !s.Over() || s.DeckLen() != 1 || len(find(events, EventGameOver)) != 1 {
		t.Fatalf("over %v deck %d", s.Over(), s.DeckLen())
	}
	if w := s.Winners(nil); len(w) != 1 || w[0] != 0 {
		t.Errorf("winners %v, want [0] (30 cards to 23)", w)
	}
}

func TestMistakeAtTheEndKeepsPlaying(t *testing.T) {
	s := endgame(t, DefaultConfig(2), 30, 22)
	play(t, &s, []tap{{flipAt + 10, 0, paper}, {flipAt + 20, 1, rock}}, flipAt+21)
	if s.Over() || s.DeckLen() != 3 {
		t.Errorf("over %v with deck %d after a mistake refilled it", s.Over(), s.DeckLen())
	}
}

func TestSuddenDeath(t *testing.T) {
	s := endgame(t, DefaultConfig(3), 25, 26, 1)
	start := int64(flipAt + 21)
	script := []tap{
		{flipAt + 20, 0, rock},                                            // 26 each for seats 0 and 1: the decider
		{start + 5, 0, rock}, {start + 6, 1, rock}, {start + 7, 2, paper}, // seat 2 is not in it
		{start + 20, 0, scissors}, {start + 25, 1, paper},
	}
	events := play(t, &s, script, start+26)
	if !s.Over() || len(find(events, EventShowdown)) != 2 {
		t.Fatalf("over %v, events %v", s.Over(), events)
	}
	if w := s.Winners(nil); len(w) != 1 || w[0] != 0 {
		t.Errorf("winners %v, want [0]", w)
	}
}

func TestSuddenDeathTimeoutDrawsThrows(t *testing.T) {
	s := endgame(t, DefaultConfig(3), 26, 25, 1)
	play(t, &s, []tap{{flipAt + 20, 1, rock}}, flipAt+21+int64(20*DefaultConfig(2).Timeout))
	if !s.Over() || len(s.Winners(nil)) != 1 {
		t.Errorf("a decider nobody throws in never ends: over %v", s.Over())
	}
}

func TestLastOneLosesFewestWins(t *testing.T) {
	s := endgame(t, lolConfig(3), 10, 20, 22)
	play(t, &s, []tap{{flipAt + 5, 0, rock}, {flipAt + 6, 1, rock}, {flipAt + 7, 2, rock}}, flipAt+8)
	if w := s.Winners(nil); !s.Over() || len(w) != 1 || w[0] != 0 {
		t.Errorf("over %v winners %v, want [0] (11 cards)", s.Over(), w)
	}
}

func TestSharedWinWithoutDecider(t *testing.T) {
	cfg := DefaultConfig(3)
	cfg.Decider = false
	s := endgame(t, cfg, 26, 25, 1)
	play(t, &s, []tap{{flipAt + 20, 1, rock}}, flipAt+21)
	if w := s.Winners(nil); !s.Over() || len(w) != 2 {
		t.Errorf("winners %v", w)
	}
}
