package thatsmine

import (
	"fmt"
	"strings"
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
// wager to the tokens held now, from the wagers seen with the nearest
// number of tokens.
func TestSearchLearnsWagers(t *testing.T) {
	for _, tc := range []struct {
		name         string
		seen         []wagerSeen
		tokens, want int
	}{
		{"double", []wagerSeen{{2, 4}}, 8, 4},
		{"half", []wagerSeen{{2, 4}}, 2, 1},
		{"none to wager", []wagerSeen{{2, 4}}, 0, 0},
		{"rounded", []wagerSeen{{2, 4}}, 3, 2},
		{"seen at the same count", []wagerSeen{{2, 4}, {1, 3}, {3, 6}}, 3, 1},
		{"seen at the nearest count", []wagerSeen{{1, 3}, {5, 10}}, 9, 5},
	} {
		b := newSearchBot(rulesets.NewRand(1), hardBudget)
		copy(b.seen[1][:], tc.seen)
		b.nSeen[1] = len(tc.seen)
		b.indexWagers(2)
		for range 20 {
			if got := b.modelWager(1, tc.tokens); got != tc.want {
				t.Fatalf("%s: %d tokens modelled as a wager of %d, want %d", tc.name, tc.tokens, got, tc.want)
			}
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

// TestHardLearnsHowOpponentsPlay: after whole deals against greedy
// players, who always play their strongest-looking card, the hard bot
// models them as nearly always doing so.
func TestHardLearnsHowOpponentsPlay(t *testing.T) {
	hard := newSearchBot(rulesets.NewRand(1), hardBudget)
	s := playAgainstGreedy(t, hard, 0, 5, 3, 2)
	v := s.View(0)
	hard.observe(&v) // the second deal's last plays
	for seat := 1; seat < 5; seat++ {
		bl := &hard.belief
		if bl.tries[seat] == 0 || bl.hits[seat] != bl.tries[seat] {
			t.Errorf("seat %d: %d of %d plays seen as the strongest card, want all", seat, bl.hits[seat], bl.tries[seat])
		}
		if got := bl.strongestRate(seat, hardBudget.strongest); got < 90 {
			t.Errorf("seat %d modelled at %d%% after two deals, want at least 90%%", seat, got)
		}
	}
}

// TestHardRedealsFollowThePlays: mid-deal against greedy players, the
// hard bot's re-deals mostly give each opponent a hand from which its
// revealed plays were its strongest-looking cards; uniform re-deals
// (the old Hard, and Medium) rarely do.
func TestHardRedealsFollowThePlays(t *testing.T) {
	hard := newSearchBot(rulesets.NewRand(1), hardBudget)
	s := playAgainstGreedy(t, hard, 0, 5, 7, 1) // a deal, then three rounds into the second
	for s.discard.Len() < 3*5 {
		playRound(t, s, hard, 0)
	}
	v := s.View(0)
	hard.observe(&v)
	hard.prepare(&v)
	uniform := *hard
	uniform.chain = false
	chained, shuffled := consistentShare(hard, &v), consistentShare(&uniform, &v)
	t.Logf("re-deals consistent with every opponent's plays: %d%% weighted, %d%% uniform", chained, shuffled)
	if chained < 60 || chained < shuffled+40 {
		t.Errorf("%d%% of weighted re-deals consistent with the plays (uniform: %d%%), want at least 60%% and 40 points more", chained, shuffled)
	}
}

// consistentShare returns the percentage of b's re-deals in which every
// opponent's plays of the deal were its strongest-looking cards.
func consistentShare(b *searchBot, v *View) int {
	const n = 400
	var w world
	consistent := 0
	for range n {
		b.determinize(v, &w)
		ok := true
		for seat := range v.Players {
			if seat != v.Seat {
				ok = ok && b.belief.likelihood(seat, w.hands[seat], 100) > 1
			}
		}
		if ok {
			consistent++
		}
	}
	return consistent * 100 / n
}

// playAgainstGreedy plays a game of players seats, bot at seat me and
// greedy players elsewhere, up to the start of deal number deals+1.
func playAgainstGreedy(t *testing.T, bot rulesets.Bot[View, Action], me, players int, seed uint64, deals int) *State {
	t.Helper()
	s, err := New(Config{Players: players}, seed)
	if err != nil {
		t.Fatal(err)
	}
	for !s.Over() && s.deal <= deals {
		playRound(t, s, bot, me)
	}
	if s.Over() {
		t.Fatal("the game ended too soon")
	}
	return s
}

// playRound has every seat choose once: bot at seat me, greedy elsewhere.
func playRound(t *testing.T, s *State, bot rulesets.Bot[View, Action], me int) {
	t.Helper()
	for _, seat := range s.ToAct(nil) {
		var b rulesets.Bot[View, Action] = greedyBot{}
		if seat == me {
			b = bot
		}
		if err := s.Apply(seat, choose(b, s, seat)); err != nil {
			t.Fatal(err)
		}
	}
}

// TestHardWithAHistorySeesOnlyTheView: two hard bots that have watched
// the same game choose alike in it and in a twin that differs only in
// what their seat may not see — the history the belief weighs is public.
func TestHardWithAHistorySeesOnlyTheView(t *testing.T) {
	rng := rulesets.NewRand(3)
	for seed := range uint64(2) {
		a, _ := NewBot("hard", 0, seed)
		b, _ := NewBot("hard", 0, seed)
		s := playAgainstGreedy(t, a, 0, 4, 20+seed, 1)
		for s.discard.Len() < 2*4 {
			playRound(t, s, a, 0)
		}
		// b watched the same rounds: it saw the same views.
		s2 := playAgainstGreedy(t, b, 0, 4, 20+seed, 1)
		for s2.discard.Len() < 2*4 {
			playRound(t, s2, b, 0)
		}
		if x, y := choose(a, s, 0), choose(b, rehide(s, 0, &rng), 0); x != y {
			t.Fatalf("seed %d: hard chose %v, and %v when only hidden cards changed", seed, x, y)
		}
	}
}

// TestHardMixes: Hard draws its play from the finalists the search cannot
// tell apart (within budget.mix of the best mean), in proportion to the
// square of their playouts, and never one clearly worse; with no margin it
// plays the best.
func TestHardMixes(t *testing.T) {
	n := []int{400, 300, 50, 250}
	means := []float64{0.600, 0.595, 0.500, 0.585}
	sum := make([]float64, len(n))
	for i := range n {
		sum[i] = means[i] * float64(n[i])
	}
	for _, tc := range []struct {
		mix  float64
		want []int // per 1000 draws
	}{
		{0, []int{1000, 0, 0, 0}},
		{0.01, []int{640, 360, 0, 0}},   // 400² : 300²
		{0.02, []int{516, 290, 0, 194}}, // 400² : 300² : 250²
	} {
		b := newSearchBot(rulesets.NewRand(1), hardBudget)
		b.budget.mix = tc.mix
		const draws = 20000
		got := make([]int, len(n))
		for range draws {
			got[b.mix(sum, n)]++
		}
		for i, w := range tc.want {
			if per := got[i] * 1000 / draws; per < w-20 || per > w+20 || w == 0 && got[i] != 0 {
				t.Errorf("mix %v: drew finalist %d %d times in 1000, want about %d (draws %v)", tc.mix, i, per, w, got)
			}
		}
	}
}

// TestHardGolden pins whole games of Hard against greedy players by their
// final hash: Hard's choices follow from its seed and views alone and,
// since this test also runs under GOOS=js GOARCH=wasm, are the same on
// every platform, its float arithmetic included.
func TestHardGolden(t *testing.T) {
	var got []string
	for _, players := range []int{5, MaxPlayers} {
		hard, err := NewBot("hard", 1, 9)
		if err != nil {
			t.Fatal(err)
		}
		s, err := New(Config{Players: players}, 9)
		if err != nil {
			t.Fatal(err)
		}
		for !s.Over() {
			playRound(t, s, hard, 1)
		}
		got = append(got, fmt.Sprintf("%d:%#x", players, s.Hash()))
	}
	const golden = "5:0xd7c0f7ee607e43e4 6:0x9dcdd16de1e57fcc"
	if strings.Join(got, " ") != golden {
		t.Errorf("final hashes %s, want %s", strings.Join(got, " "), golden)
	}
}
