package slam

import (
	"slices"
	"testing"

	"github.com/jankenarcade/janken/rulesets"
)

// actor is a seat of a test game: a Bot or a Scripted player.
type actor interface {
	Act(s *State, f *rulesets.Frame)
}

// playGame plays a Classic game of len(players) seats from seed to the
// end, calling each (if not nil) after every tick, and returns the cards
// each seat won and the cards it held at the end.
func playGame(t *testing.T, seed uint64, players []actor, each func(*State)) (won, held [rulesets.MaxSeats]int) {
	t.Helper()
	s, err := New(DefaultConfig(len(players)), seed)
	if err != nil {
		t.Fatal(err)
	}
	for !s.Over() {
		if s.Tick() > 1_000_000 {
			t.Fatalf("seed %d: no end", seed)
		}
		f := rulesets.Frame{Tick: s.Tick()}
		for _, p := range players {
			p.Act(&s, &f)
		}
		s.Step(&f)
		for _, e := range s.Events() {
			if e.Kind == EventWon {
				won[e.Seat]++
			}
		}
		if each != nil {
			each(&s)
		}
	}
	for seat := range players {
		held[seat] = s.Won(seat)
	}
	return won, held
}

// botsOf returns a bot of each level for the seats in order.
func botsOf(seed uint64, levels ...Difficulty) []actor {
	out := make([]actor, len(levels))
	for seat, d := range levels {
		b := NewBot(seat, d, seed)
		out[seat] = &b
	}
	return out
}

// sampleMedian returns the median of n reactions of lv to a card with step.
func sampleMedian(r *rulesets.Rand, lv *reflexes, step, n int) int {
	rts := make([]int, n)
	for i := range rts {
		rts[i] = reactionMS(r, lv, step, 0)
	}
	slices.Sort(rts)
	return rts[n/2]
}

// TestReactionModel: per level, two-step cards take longer than snaps,
// the drawn medians match the model's, reactions have a slow tail (mean
// above median) and a floor, and every level is quicker than the last.
func TestReactionModel(t *testing.T) {
	r := rulesets.NewRand(1)
	prev := 1 << 30
	for d := Novice; d <= Expert; d++ {
		lv := &levels[d]
		snap, two := sampleMedian(&r, lv, 0, 4001), sampleMedian(&r, lv, lv.Step, 4001)
		if two-snap < lv.Step*3/4 {
			t.Errorf("%v: two-step median %d ms, snap %d: the second step costs too little", d, two, snap)
		}
		if want := lv.median(lv.Step); two < want*95/100 || two > want*105/100 {
			t.Errorf("%v: two-step median %d ms, the model says %d", d, two, want)
		}
		if two >= prev {
			t.Errorf("%v: median %d ms, not quicker than the level below (%d)", d, two, prev)
		}
		prev = two
		sum, least := 0, 1<<30
		for range 4000 {
			rt := reactionMS(&r, lv, lv.Step, 0)
			sum, least = sum+rt, min(least, rt)
		}
		if sum/4000 <= two || least < minReaction {
			t.Errorf("%v: mean %d ms, median %d, fastest %d: want a slow tail and a floor", d, sum/4000, two, least)
		}
	}
}

func TestExponentialMean(t *testing.T) {
	r := rulesets.NewRand(3)
	for _, tau := range []int{50, 100, 300} {
		sum := 0
		for range 40000 {
			sum += exponential(&r, tau)
		}
		if mean := sum / 40000; mean < tau*96/100 || mean > tau*104/100 {
			t.Errorf("tau %d: mean %d", tau, mean)
		}
	}
}

// TestSpeedAccuracy: the chance of a mistake grows as the press gets
// faster than the median and shrinks as it gets slower, within a cap.
func TestSpeedAccuracy(t *testing.T) {
	tests := []struct{ base, med, rt, want int }{
		{40, 600, 600, 40},
		{40, 600, 300, 320},
		{40, 600, 1200, 5},
		{400, 600, 150, maxErrPermille},
	}
	for _, tt := range tests {
		if got := errPermille(tt.base, tt.med, tt.rt); got != tt.want {
			t.Errorf("errPermille(%d, %d, %d) = %d, want %d", tt.base, tt.med, tt.rt, got, tt.want)
		}
	}
}

// TestLadderHeadToHead: each level wins 60–85% of the cards against the
// level below it, head to head: a step, not a cliff.
func TestLadderHeadToHead(t *testing.T) {
	for d := Novice; d < Expert; d++ {
		var weak, strong int
		for g := range uint64(16) {
			// Alternate the seats: the first flipper has an edge.
			seats := []Difficulty{d, d + 1}
			if g%2 == 1 {
				seats = []Difficulty{d + 1, d}
			}
			won, _ := playGame(t, 100+g, botsOf(g, seats...), nil)
			w, s := won[0], won[1]
			if g%2 == 1 {
				w, s = s, w
			}
			weak, strong = weak+w, strong+s
		}
		if share := 100 * strong / (weak + strong); share < 60 || share > 85 {
			t.Errorf("%v wins %d%% of the cards against %v (%d of %d); want 60–85%%", d+1, share, d, strong, weak+strong)
		}
	}
}

// TestBotsErrLikePeople: over games of every level, the bots make every
// kind of human mistake now and then — wrong gestures, mashes, false
// starts — press late when the card was just won, and err more often on
// their faster answers than on their slower ones.
func TestBotsErrLikePeople(t *testing.T) {
	var wrong, mash, falseStart, late int
	// Per card kind, presses faster and slower than the level's median,
	// and the mistakes among them.
	var fast, slow, fastErr, slowErr int
	for g := range uint64(15) {
		d := Novice + Difficulty(g%5)
		players := botsOf(g, d, d)
		playGame(t, 200+g, players, func(s *State) {
			for _, e := range s.Events() {
				switch {
				case e.Kind == EventFalseStart:
					falseStart++
				case e.Kind != EventPress:
				case e.Result == ResultMash:
					mash++
				default:
					if e.Result == ResultLate || e.Result == ResultLateWrong {
						late++
					}
					lv := &levels[players[e.Seat].(*Bot).level]
					step := lv.Step
					if s.Card().Correct == rulesets.ButtonClap {
						step = 0
					}
					rt := int(e.Tick-s.Card().FlipTick) * 1000 / tickRate
					mistake := 0
					if e.Result.Mistake() {
						wrong, mistake = wrong+1, 1
					}
					if rt < lv.median(step) {
						fast, fastErr = fast+1, fastErr+mistake
					} else {
						slow, slowErr = slow+1, slowErr+mistake
					}
				}
			}
		})
	}
	t.Logf("wrong %d, mashed %d, false starts %d, late %d; mistakes on %d of %d fast presses, %d of %d slow", wrong, mash, falseStart, late, fastErr, fast, slowErr, slow)
	if wrong == 0 || mash == 0 || falseStart == 0 || late == 0 {
		t.Errorf("wrong %d, mashed %d, false starts %d, late %d: want each", wrong, mash, falseStart, late)
	}
	if fast == 0 || slow == 0 || fastErr*slow <= slowErr*fast*3/2 {
		t.Errorf("mistakes: %d of %d fast presses, %d of %d slow ones: want fast ones clearly likelier wrong", fastErr, fast, slowErr, slow)
	}
}

// TestSlowingAfterAMistake: the bot notices its own mistake in the
// photo finish once the next card flips, and its answer to that card
// comes PostError later than the same draw would have come otherwise.
func TestSlowingAfterAMistake(t *testing.T) {
	s := stacked(t, DefaultConfig(2), flipAt, "YBR/RR", "RYB/YS", "RBY/BP")
	b := NewBot(0, Hard, 9)
	v := s.View(0)
	b.observe(&v)
	play(t, &s, []tap{{flipAt + 5, 0, paper}, {flipAt + 20, 1, rock}}, flipAt+21)
	v = s.View(0)
	b.observe(&v)
	if b.slowNext {
		t.Fatal("slowed down before the next card")
	}
	for s.Flips() < 2 {
		play(t, &s, nil, s.Tick()+1)
	}
	v = s.View(0)
	calm := b
	b.observe(&v)
	if !b.slowNext {
		t.Fatal("the mistake went unnoticed")
	}
	hurried := b
	calm.last = v.Card // the same card, without the mistake to digest
	calm.Press(&v)
	hurried.Press(&v)
	want := ticksAfter(levels[Hard].PostError)
	if d := hurried.Reaction() - calm.Reaction(); d < want-1 || d > want {
		t.Errorf("after a mistake the answer comes %d ticks later, want about %d", d, want)
	}
}

// TestAdaptiveKeepsThePeopleInTheGame: against a player who always
// answers correctly at 450 ms, or at 700 ms, one or three Adaptive bots
// leave the player about the target share of the cards held. The player
// never errs and the bots do, losing cards they won, so against three
// the player's share of the cards won is lower (about 37% over 2,000
// games), but never a rout.
func TestAdaptiveKeepsThePeopleInTheGame(t *testing.T) {
	for _, ms := range []int{450, 700} {
		for _, n := range []int{1, 3} {
			var wonBy, won, heldBy, held int
			for g := range uint64(8) {
				players := []actor{&Scripted{Seat: 0, After: ticksAfter(ms)}}
				for seat := 1; seat <= n; seat++ {
					b := NewBot(seat, Adaptive, g)
					b.Watch(1)
					players = append(players, &b)
				}
				w, h := playGame(t, 300+g, players, nil)
				wonBy, heldBy = wonBy+w[0], heldBy+h[0]
				for seat := range players {
					won, held = won+w[seat], held+h[seat]
				}
			}
			wonShare, heldShare := 1000*wonBy/won, 1000*heldBy/held
			t.Logf("%d ms against %d adaptive bots: %d‰ of the cards won, %d‰ held", ms, n, wonShare, heldShare)
			if wonShare < 300 || wonShare > 650 || heldShare < adaptiveTarget-50 || heldShare > adaptiveTarget+50 {
				t.Errorf("%d ms against %d adaptive bots: %d‰ of the cards won, %d‰ held; want 300–650‰ and %d±50‰",
					ms, n, wonShare, heldShare, adaptiveTarget)
			}
		}
	}
}

func TestParseDifficulty(t *testing.T) {
	for i, name := range BotNames {
		if d, err := ParseDifficulty(name); err != nil || int(d) != i || d.String() != name {
			t.Errorf("%q: %v, %v", name, d, err)
		}
	}
	if _, err := ParseDifficulty("superhuman"); err == nil {
		t.Error("unknown level accepted")
	}
}
