package elevensuits

import (
	"testing"

	"github.com/jankenarcade/janken/rulesets"
)

// choose asks bot for seat's action in s, showing it seat's view only.
func choose(bot *Bot, s *State, seat int) Action {
	v := s.View(seat)
	return bot.Choose(&v)
}

// playBots plays one game with the named bots (one per seat) and returns
// the final state; every action must be legal and keep the invariants.
func playBots(t testing.TB, cfg Config, seed uint64, names ...string) *State {
	t.Helper()
	s, err := New(cfg, seed)
	if err != nil {
		t.Fatal(err)
	}
	bots := make([]*Bot, s.Seats())
	for seat := range bots {
		if bots[seat], err = NewBot(names[seat%len(names)], seat, seed*31+uint64(seat)); err != nil {
			t.Fatal(err)
		}
	}
	var toAct []int
	for n := 0; !s.Over(); n++ {
		if n > 3000 {
			t.Fatalf("no end after %d actions", n)
		}
		toAct = s.ToAct(toAct[:0])
		seat := toAct[0]
		a := choose(bots[seat], s, seat)
		s.ClearEvents()
		if err := s.Apply(seat, a); err != nil {
			t.Fatalf("%s at seat %d: %v", names[seat%len(names)], seat, err)
		}
		if err := s.Check(); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// TestBotsPlayEveryConfiguration: each bot finishes games of every
// configuration with legal actions only.
func TestBotsPlayEveryConfiguration(t *testing.T) {
	for _, name := range BotNames {
		step := 1
		if name == "hard" {
			step = 2 // every other configuration, both player counts included
		}
		for i := 0; i < len(configs); i += step {
			playBots(t, configs[i], uint64(i), name, "random", "greedy")
		}
	}
}

// TestBotsReplay: the same seeds give the same game.
func TestBotsReplay(t *testing.T) {
	cfg := Config{Players: 3, Advanced: true}
	a := playBots(t, cfg, 11, "easy", "medium", "hard")
	b := playBots(t, cfg, 11, "easy", "medium", "hard")
	if a.Hash() != b.Hash() {
		t.Error("the same seeds played different games")
	}
}

// TestBotsReadOnlyTheirView: a bot chooses the same action in positions
// that differ only in what its seat may not see.
func TestBotsReadOnlyTheirView(t *testing.T) {
	r := rulesets.NewRand(8)
	checked := 0
	for i := range 24 {
		cfg := configs[i%len(configs)]
		s := randomPosition(t, cfg, uint64(i), 8+i)
		if s.Over() || s.Phase() == PhaseOpening {
			continue
		}
		seat := s.ToAct(nil)[0]
		v := hiddenShuffle(s, seat, &r)
		for _, name := range BotNames[1:] {
			b1, _ := NewBot(name, seat, uint64(i))
			b2, _ := NewBot(name, seat, uint64(i))
			if a1, a2 := choose(b1, s, seat), choose(b2, v, seat); a1 != a2 {
				t.Errorf("%s chose %v and %v in positions it cannot tell apart", name, a1, a2)
			}
			checked++
		}
	}
	if checked < 40 {
		t.Errorf("only %d positions checked", checked)
	}
}

// TestHardGuessesWhenSure: with all five of the opponent's cards
// deducible, Hard guesses and names them.
func TestHardGuessesWhenSure(t *testing.T) {
	// Every card outside seat 1's hand is known to seat 0: its own hand,
	// the revealed deck, and the graveyards. Each of seat 1's cards is the
	// only one left of its suit.
	s := decode(t, `{
	  "config": {"players": 2, "suits": 5, "advanced": true},
	  "phase": "attack", "turn": 6, "attacker": 0,
	  "hands": [
	    ["savanna-rock", "tundra-paper", "reef-scissors", "gothic-rock", "deco-paper"],
	    ["savanna-scissors", "tundra-rock", "reef-paper", "gothic-scissors", "deco-rock"]
	  ],
	  "deck": ["savanna-paper", "tundra-scissors", "reef-rock", "gothic-paper", "deco-scissors"],
	  "fresh": 0
	}`)
	b, _ := NewBot("hard", 0, 1)
	if a := choose(b, s, 0); a != GuessAction(1) {
		t.Fatalf("hard chose %v", a)
	}
	mustApply(t, s, 0, GuessAction(1))
	for !s.Over() && s.Phase() == PhaseNaming {
		mustApply(t, s, 0, choose(b, s, 0))
	}
	if s.Ending() != EndGuess {
		t.Errorf("the guess ended in %v", s.Ending())
	}
	g, _ := NewBot("greedy", 0, 1)
	s = decode(t, guessing)
	if a := choose(g, s, 0); a.Kind != Attack {
		t.Errorf("greedy guessed: %v", a)
	}
}

// TestBotStrengthSmall is a quick check of the strength order on a few
// seeded games; the full measurement is the sim subcommand (see FORMAT.md).
func TestBotStrengthSmall(t *testing.T) {
	tests := []struct {
		a, b  string
		games int
		min   int
	}{
		{"greedy", "random", 100, 80},
		{"medium", "easy", 100, 55},
		{"hard", "random", 8, 7},
	}
	if testing.Short() {
		tests = tests[:2]
	}
	for _, tt := range tests {
		wins := 0
		for i := range tt.games {
			names := []string{tt.a, tt.b}
			seatA := i % 2
			if seatA == 1 {
				names[0], names[1] = names[1], names[0]
			}
			s := playBots(t, Config{Players: 2}, uint64(i), names...)
			if w := s.Winners(nil); len(w) == 1 && w[0] == seatA {
				wins++
			}
		}
		if wins < tt.min {
			t.Errorf("%s won %d of %d games against %s, want at least %d", tt.a, wins, tt.games, tt.b, tt.min)
		}
	}
}

// TestHardSearchBudget: Hard's search stops once it has applied its
// budget of actions, within one iteration, at the first turns of a
// three-player game, whose playouts are longest; later on it runs out of
// iterations first.
func TestHardSearchBudget(t *testing.T) {
	bot, err := NewBot("hard", 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	over := treeDepth + playoutDepth // one more iteration at most
	for _, v := range searchViews(t, Config{Players: 3}, 4, 4) {
		bot.Choose(&v)
		if s := bot.tree.spent; s < hardBudget || s >= hardBudget+over {
			t.Errorf("turn %d: the search applied %d actions, want %d to %d", v.Turn, s, hardBudget, hardBudget+over-1)
		}
	}
	for _, v := range searchViews(t, Config{Players: 3}, 30, 4) {
		bot.Choose(&v)
		if s := bot.tree.spent; s >= hardBudget {
			t.Errorf("turn %d: the search applied %d actions, want fewer than %d", v.Turn, s, hardBudget)
		}
	}
}
