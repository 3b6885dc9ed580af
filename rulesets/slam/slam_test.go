package slam

import (
	"math/rand/v2"
	"testing"

	"github.com/jankenarcade/janken/rulesets"
)

func TestDeckHasEveryCombinationOnce(t *testing.T) {
	seen := map[string]bool{}
	for c := Card(0); c < DeckSize; c++ {
		name := c.String()
		if seen[name] {
			t.Fatalf("card %v twice", name)
		}
		seen[name] = true
		back, err := ParseCard(name)
		if err != nil || back != c {
			t.Fatalf("ParseCard(%q) = %v, %v", name, back, err)
		}
		for _, sym := range rulesets.Symbols {
			if c.FrontSymbol(c.FrontColour(sym)) != sym {
				t.Fatalf("%v: front colour of %v not invertible", c, sym)
			}
		}
	}
	for _, bad := range []string{"", "RYB/YX", "RRB/YS", "RYB-YS", "RYBB/Y"} {
		if _, err := ParseCard(bad); err == nil {
			t.Errorf("ParseCard(%q) succeeded", bad)
		}
	}
}

func TestCorrect(t *testing.T) {
	tests := []struct {
		name        string
		front, back string
		want        rulesets.Button
	}{
		// The rules' example: red Scissors, blue Paper, yellow Stone over a
		// yellow Scissors back: yellow is Stone, Stone beats Scissors.
		{"rulebook example", "YBR", "YS", rock},
		{"snap", "RBY", "BP", clap},
		{"back wins", "YBR", "RR", rock}, // red is Scissors on the front; Rock beats it
		{"front wins", "YBR", "BR", paper},
		{"scissors", "RYB", "YS", scissors}, // yellow Paper vs Scissors
	}
	for _, tt := range tests {
		got := Correct(card(t, tt.front+"/RR"), card(t, "RYB/"+tt.back).Back())
		if got != tt.want {
			t.Errorf("%s: Correct = %v, want %v", tt.name, got, tt.want)
		}
	}
}

// flipAt is the first flip's tick in the scripted tests.
const flipAt = 100

func TestRulesExamplesAsScripts(t *testing.T) {
	example := []string{"YBR/RR", "RYB/YS"} // front YBR over a yellow Scissors back
	snap := []string{"RBY/RR", "RYB/BP"}
	tests := []struct {
		name   string
		top    []string
		script []tap
		// want: the card's winner (-1: none yet) and each listed seat's result
		winner  int
		results map[int]Result
	}{
		{"example: stone is correct", example, []tap{{flipAt + 20, 1, rock}}, 1, map[int]Result{1: ResultCorrect}},
		{"example: clap is a mistake", example, []tap{{flipAt + 20, 0, clap}}, -1, map[int]Result{0: ResultWrong}},
		{"example: paper is a mistake", example, []tap{{flipAt + 20, 0, paper}}, -1, map[int]Result{0: ResultWrong}},
		{"example: scissors is a mistake", example, []tap{{flipAt + 20, 0, scissors}}, -1, map[int]Result{0: ResultWrong}},
		{"snap: clap is correct", snap, []tap{{flipAt + 20, 0, clap}}, 0, map[int]Result{0: ResultCorrect}},
		{"snap: paper is a mistake", snap, []tap{{flipAt + 20, 0, paper}}, -1, map[int]Result{0: ResultWrong}},
		{"snap: rock is a mistake", snap, []tap{{flipAt + 20, 1, rock}}, -1, map[int]Result{1: ResultWrong}},
		{"tick 31 beats tick 32", example, []tap{{flipAt + 32, 0, rock}, {flipAt + 31, 1, rock}}, 1,
			map[int]Result{1: ResultCorrect, 0: ResultLate}},
		{"tick 31 beats tick 32, other order", example, []tap{{flipAt + 31, 1, rock}, {flipAt + 32, 0, rock}}, 1,
			map[int]Result{1: ResultCorrect, 0: ResultLate}},
		{"mashing is a mistake", example, []tap{{flipAt + 5, 0, rock | paper}, {flipAt + 9, 1, rock}}, 1,
			map[int]Result{0: ResultMash, 1: ResultCorrect}},
		{"one try per card", example, []tap{{flipAt + 5, 0, paper}, {flipAt + 6, 0, rock}, {flipAt + 39, 1, rock}}, 1,
			map[int]Result{0: ResultWrong, 1: ResultCorrect}},
		{"press on the flip tick counts", example, []tap{{flipAt, 0, rock}}, 0, map[int]Result{0: ResultCorrect}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := stacked(t, DefaultConfig(3), flipAt, tt.top...)
			play(t, &s, tt.script, flipAt+40)
			r := s.Card()
			if r.Card != card(t, tt.top[0]) {
				t.Fatalf("card up is %v, want %v", r.Card, tt.top[0])
			}
			if int(r.Taker) != tt.winner {
				t.Errorf("winner %d, want %d", r.Taker, tt.winner)
			}
			for seat, want := range tt.results {
				if got := r.Presses[seat].Result; got != want {
					t.Errorf("seat %d: %v, want %v", seat, got, want)
				}
			}
		})
	}
}

func TestPhotoFinishRecordsEveryPress(t *testing.T) {
	s := stacked(t, DefaultConfig(4), flipAt, "YBR/RR", "RYB/YS")
	play(t, &s, []tap{{flipAt + 31, 2, rock}, {flipAt + 33, 0, rock}, {flipAt + 40, 3, paper}}, flipAt+60)
	r := s.Card()
	want := [4]Press{
		{flipAt + 33, rock, ResultLate},
		{},
		{flipAt + 31, rock, ResultCorrect},
		{flipAt + 40, paper, ResultLateWrong},
	}
	for seat, w := range want {
		if r.Presses[seat] != w {
			t.Errorf("seat %d: %+v, want %+v", seat, r.Presses[seat], w)
		}
	}
	if r.Taker != 2 || r.DecidedTick != flipAt+31 || s.Won(2) != 1 || s.Won(0) != 0 || s.Won(3) != 0 {
		t.Errorf("record %+v, piles %v", r, s.Scores(nil))
	}
}

// TestLateGestures: in the late window a correct gesture costs nothing
// and a wrong one is a mistake like any other (slam.md, "Late presses"):
// it costs won cards in Classic and takes the next card in Last One Loses.
func TestLateGestures(t *testing.T) {
	example := []string{"YBR/RR", "RYB/YS"} // Stone is correct
	tests := []struct {
		name     string
		mode     Mode
		late     rulesets.Buttons
		result   Result
		pile     int // seat 0's pile after the window (3 before)
		takesOne bool
	}{
		{"classic late correct", Classic, rock, ResultLate, 3, false},
		{"classic late wrong", Classic, paper, ResultLateWrong, 1, false},
		{"classic late clap", Classic, clap, ResultLateWrong, 1, false},
		{"last one loses late correct", LastOneLoses, rock, ResultLate, 3, false},
		{"last one loses late wrong", LastOneLoses, scissors, ResultLateWrong, 4, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := DefaultConfig(3)
			cfg.Mode = tt.mode
			s := stacked(t, cfg, flipAt, example...)
			givePile(&s, 0, 3)
			// Seat 2 decides the card (in Last One Loses by a mistake),
			// seat 0 presses 10 ticks later, inside the window.
			decide := rock
			if tt.mode == LastOneLoses {
				decide = clap
			}
			events := play(t, &s, []tap{{flipAt + 20, 2, decide}, {flipAt + 30, 0, tt.late}}, flipAt+31)
			if got := s.Card().Presses[0].Result; got != tt.result {
				t.Fatalf("seat 0's late press: %v, want %v", got, tt.result)
			}
			if got := tt.result.Mistake(); got != (tt.result == ResultLateWrong) {
				t.Errorf("%v.Mistake() = %v", tt.result, got)
			}
			// Run to the next flip and a little past it.
			events = append(events, play(t, &s, nil, s.Card().DecidedTick+int64(cfg.FlipDelayMax)+2)...)
			if s.Flips() < 2 {
				t.Fatalf("no second flip: %v", events)
			}
			if got := s.Won(0); got != tt.pile {
				t.Errorf("seat 0 has %d cards, want %d", got, tt.pile)
			}
			if penalties := len(find(events, EventPenalty)); (penalties == 1) != (tt.pile < 3) || penalties > 1 {
				t.Errorf("%d penalty events", penalties)
			}
			if tt.takesOne && (s.Card().Taker != 0 || s.Card().Outcome != OutcomeTaken) {
				t.Errorf("the next card: %+v, want it taken by seat 0", s.Card())
			}
		})
	}
}

func TestFalseStart(t *testing.T) {
	s := stacked(t, DefaultConfig(2), flipAt, "YBR/RR", "RYB/YS")
	givePile(&s, 0, 3)
	events := play(t, &s, []tap{{flipAt - 1, 0, rock}, {flipAt - 1, 1, rock}}, flipAt)
	if got := len(find(events, EventFalseStart)); got != 2 {
		t.Fatalf("%d false starts, want 2", got)
	}
	if s.Won(0) != 1 || s.DeckLen() != DeckSize-1 {
		t.Errorf("after a false start with 3 cards: pile %d, deck %d", s.Won(0), s.DeckLen())
	}
	// The lock-out ends at the flip: both may play the card.
	play(t, &s, []tap{{flipAt + 10, 0, rock}}, flipAt+11)
	if s.Card().Taker != 0 {
		t.Errorf("false starter could not win the next card: %+v", s.Card())
	}
}

func TestMistakeWithOneCardReturnsIt(t *testing.T) {
	s := stacked(t, DefaultConfig(2), flipAt, "YBR/RR", "RYB/YS")
	givePile(&s, 1, 1)
	mine := s.Pile(1, nil)[0]
	play(t, &s, []tap{{flipAt + 10, 1, paper}}, flipAt+11)
	if s.Won(1) != 0 {
		t.Fatalf("pile %d after the mistake", s.Won(1))
	}
	deck := s.Deck(nil)
	if deck[len(deck)-1] != mine {
		t.Errorf("deck bottom %v, want the returned %v", deck[len(deck)-1], mine)
	}
}

func TestMistakeReturnsTwoMostRecent(t *testing.T) {
	s := stacked(t, DefaultConfig(2), flipAt, "YBR/RR", "RYB/YS")
	givePile(&s, 0, 5)
	pile := s.Pile(0, nil)
	play(t, &s, []tap{{flipAt + 10, 0, clap}}, flipAt+11)
	deck := s.Deck(nil)
	if s.Won(0) != 3 || deck[len(deck)-2] != pile[4] || deck[len(deck)-1] != pile[3] {
		t.Errorf("pile %v → %v, deck bottom %v", pile, s.Pile(0, nil), deck[len(deck)-2:])
	}
}

func TestTimeoutPutsCardUnder(t *testing.T) {
	cfg := DefaultConfig(2)
	s := stacked(t, cfg, flipAt, "YBR/RR", "RYB/YS")
	up := card(t, "YBR/RR")
	play(t, &s, []tap{{flipAt + 299, 1, paper}}, flipAt+int64(cfg.Timeout)+1)
	if r := s.Card(); r.Outcome != OutcomeTimeout || r.DecidedTick != flipAt+300 {
		t.Fatalf("record %+v", r)
	}
	deck := s.Deck(nil)
	if deck[len(deck)-1] != up || s.Flipper() != 0 || s.Phase() != PhaseWaiting {
		t.Errorf("deck bottom %v, flipper %d, phase %v", deck[len(deck)-1], s.Flipper(), s.Phase())
	}
	next := s.NextFlip()
	if next < flipAt+300+40 || next > flipAt+300+90 {
		t.Errorf("next flip at %d", next)
	}
}

func TestCorrectOnLastOpenTick(t *testing.T) {
	s := stacked(t, DefaultConfig(2), flipAt, "YBR/RR", "RYB/YS")
	play(t, &s, []tap{{flipAt + 299, 1, rock}}, flipAt+301)
	if s.Card().Taker != 1 {
		t.Errorf("a correct press on the 300th tick lost: %+v", s.Card())
	}
}

func TestDeadHeatDrawnBySeed(t *testing.T) {
	winners := map[int8]int{}
	for seed := uint64(0); seed < 40; seed++ {
		s := stacked(t, DefaultConfig(3), flipAt, "YBR/RR", "RYB/YS")
		s.rng = rulesets.NewRand(seed)
		play(t, &s, []tap{{flipAt + 20, 0, rock}, {flipAt + 20, 2, rock}}, flipAt+21)
		r := s.Card()
		if r.Tied != 0b101 || (r.Taker != 0 && r.Taker != 2) {
			t.Fatalf("seed %d: record %+v", seed, r)
		}
		winners[r.Taker]++
	}
	if winners[0] == 0 || winners[2] == 0 {
		t.Errorf("the dead heat always goes the same way: %v", winners)
	}
	cfg := DefaultConfig(3)
	cfg.DeadHeat = DeadHeatVoid
	s := stacked(t, cfg, flipAt, "YBR/RR", "RYB/YS")
	play(t, &s, []tap{{flipAt + 20, 0, rock}, {flipAt + 20, 2, rock}}, flipAt+21)
	if s.Card().Outcome != OutcomeVoid || s.Won(0)+s.Won(2) != 0 {
		t.Errorf("void dead heat: %+v", s.Card())
	}
}

func TestWinnerFlips(t *testing.T) {
	cfg := DefaultConfig(2)
	cfg.WinnerFlips = true
	s := stacked(t, cfg, 0, "YBR/RR", "RYB/YS", "RYB/RR", "RYB/BR")
	// Seat 1 is not the flipper: its press is a false start, not a flip.
	events := play(t, &s, []tap{{5, 1, rock}, {10, 0, confirm}, {20, 1, rock}}, 21)
	if len(find(events, EventFalseStart)) != 1 || s.Card().FlipTick != 10 || s.Card().Taker != 1 {
		t.Fatalf("events %v, record %+v", events, s.Card())
	}
	// The winner flips next, once the late window is over.
	play(t, &s, []tap{{30, 1, rock}, {60, 1, paper}}, 61)
	if s.Card().FlipTick != 60 || s.Flips() != 2 {
		t.Errorf("second flip at %d (flips %d), want 60", s.Card().FlipTick, s.Flips())
	}
}

func TestOrderIndependenceAndShift(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	cfg := DefaultConfig(4)
	cfg.WinnerFlips = true
	for trial := 0; trial < 200; trial++ {
		var script []tap
		for i := 0; i < 400; i++ {
			script = append(script, tap{int64(r.IntN(3000)), r.IntN(4), rulesets.Buttons(1) << (8 + r.IntN(4))})
		}
		for i := 0; i < 40; i++ {
			script = append(script, tap{int64(r.IntN(3000)), r.IntN(4), confirm})
		}
		base := runScript(t, cfg, script, 0)
		shuffled := append([]tap(nil), script...)
		r.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
		if got := runScript(t, cfg, shuffled, 0); got != base {
			t.Fatalf("trial %d: shuffling presses within ticks changed the game", trial)
		}
		k := int64(1 + r.IntN(500))
		if got := runScript(t, cfg, script, k); got.scores != base.scores || got.winners != base.winners {
			t.Fatalf("trial %d: shifting by %d ticks changed the result: %v vs %v", trial, k, got, base)
		}
	}
}

type outcome struct {
	scores  [4]int
	winners Seats
	hash    uint64
}

func runScript(t *testing.T, cfg Config, script []tap, shift int64) outcome {
	s, err := New(cfg, 9)
	if err != nil {
		t.Fatal(err)
	}
	shifted := make([]tap, len(script))
	for i, p := range script {
		shifted[i] = tap{p.tick + shift, p.seat, p.b}
	}
	play(t, &s, shifted, 3000+shift)
	var o outcome
	copy(o.scores[:], s.Scores(nil))
	o.winners = s.winners
	if shift == 0 {
		o.hash = s.Hash()
	}
	return o
}
