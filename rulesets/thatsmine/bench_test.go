package thatsmine

import (
	"fmt"
	"testing"

	"github.com/jankenarcade/janken/rulesets"
)

// recordGame plays a seeded random game and returns its start and the
// actions, so a benchmark can replay them without choosing.
func recordGame(b *testing.B, players int, seed uint64) (*State, []int, []Action) {
	start, err := New(Config{Players: players}, seed)
	if err != nil {
		b.Fatal(err)
	}
	s := start.Clone()
	rng := rulesets.NewRand(seed)
	var seats []int
	var actions []Action
	for !s.Over() {
		seat := s.ToAct(nil)[0]
		legal := s.Legal(seat, nil)
		a := legal[rng.IntN(len(legal))]
		seats, actions = append(seats, seat), append(actions, a)
		if err := s.Apply(seat, a); err != nil {
			b.Fatal(err)
		}
	}
	return start, seats, actions
}

// BenchmarkApply replays a 5-player game action by action (choices and
// the round resolutions they trigger, re-deals included); ns/op is per
// action.
func BenchmarkApply(b *testing.B) {
	start, seats, actions := recordGame(b, 5, 42)
	s := start.Clone()
	s.events = make([]Event, 0, 256)
	buf := s.events
	i := 0
	b.ReportAllocs()
	for b.Loop() {
		if i == len(actions) {
			*s = *start
			s.events = buf[:0]
			i = 0
		}
		s.ClearEvents()
		if err := s.Apply(seats[i], actions[i]); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

// BenchmarkRandomGame plays whole 5-player games with uniformly random
// legal actions.
func BenchmarkRandomGame(b *testing.B) {
	rng := rulesets.NewRand(1)
	var legal []Action
	var toAct []int
	seed := uint64(0)
	b.ReportAllocs()
	for b.Loop() {
		seed++
		s, _ := New(Config{Players: 5}, seed)
		for !s.Over() {
			toAct = s.ToAct(toAct[:0])
			legal = s.Legal(toAct[0], legal[:0])
			s.ClearEvents()
			_ = s.Apply(toAct[0], legal[rng.IntN(len(legal))])
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}

// BenchmarkHardDecision times the hard bot's choice on a mid-deal position
// (midDealHard) at six players, the largest table, and at five.
func BenchmarkHardDecision(b *testing.B) {
	for _, players := range []int{6, 5} {
		b.Run(fmt.Sprintf("%dp", players), func(b *testing.B) {
			hard, v := midDealHard(b, players)
			b.ReportAllocs()
			for b.Loop() {
				hard.Choose(&v)
			}
		})
	}
}

// TestHardDecisionAllocatesNothing: once its buffers have grown, the hard
// bot's search — re-deals from the belief's chain and playouts — allocates
// nothing.
func TestHardDecisionAllocatesNothing(t *testing.T) {
	hard, v := midDealHard(t, MaxPlayers)
	if allocs := testing.AllocsPerRun(2, func() { hard.Choose(&v) }); allocs != 0 {
		t.Errorf("a hard decision allocates %v times", allocs)
	}
}

// midDealHard returns a hard bot at seat 0 of a game of players and its
// view three rounds in, against greedy opponents, so that it has tokens to
// wager, wagers to learn and plays to weigh its re-deals by; it has made
// that decision once, so its buffers have grown.
func midDealHard(tb testing.TB, players int) (*searchBot, View) {
	s, _ := New(Config{Players: players}, 7)
	hard := newSearchBot(rulesets.NewRand(1), hardBudget)
	for range 3 {
		for _, seat := range s.ToAct(nil) {
			var bot rulesets.Bot[View, Action] = greedyBot{}
			if seat == 0 {
				bot = hard
			}
			_ = s.Apply(seat, choose(bot, s, seat))
		}
	}
	v := s.View(0)
	if hard.Choose(&v); !hard.chain {
		tb.Fatal("the belief's chain did not start")
	}
	return hard, v
}
