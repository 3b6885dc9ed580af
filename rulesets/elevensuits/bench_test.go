package elevensuits

import (
	"testing"

	"github.com/jankenarcade/janken/rulesets"
)

// BenchmarkApply measures a typical action: a defence, which reveals both
// cards, resolves the exchange, moves three cards and draws two. The
// position is restored before each Apply without allocating.
func BenchmarkApply(b *testing.B) {
	base := decode(&testing.T{}, twoPlayers)
	if err := base.Apply(0, AttackAction(MakeCard(0, rulesets.Rock))); err != nil {
		b.Fatal(err)
	}
	s := base.Clone()
	defence := DefendAction(MakeCard(0, rulesets.Scissors))
	b.ReportAllocs()
	for b.Loop() {
		s.CopyFrom(base)
		s.ClearEvents()
		if err := s.Apply(1, defence); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRandomGame plays whole games with random legal actions.
func BenchmarkRandomGame(b *testing.B) {
	for _, cfg := range []Config{{Players: 2}, {Players: 3, Advanced: true}} {
		b.Run(map[int]string{2: "2p", 3: "3p"}[cfg.Players], func(b *testing.B) {
			r := rulesets.NewRand(1)
			var legal []Action
			var toAct []int
			b.ReportAllocs()
			seed := uint64(0)
			for b.Loop() {
				seed++
				s, _ := New(cfg, seed)
				for !s.Over() {
					toAct = s.ToAct(toAct[:0])
					legal = s.Legal(toAct[0], legal[:0])
					s.ClearEvents()
					if err := s.Apply(toAct[0], legal[r.IntN(len(legal))]); err != nil {
						b.Fatal(err)
					}
				}
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
		})
	}
}

// BenchmarkHardDecision measures one Hard decision at the largest table
// (three players) and with two, in mid-game positions.
func BenchmarkHardDecision(b *testing.B) {
	for _, cfg := range []Config{{Players: 3}, {Players: 2}} {
		b.Run(map[int]string{2: "2p", 3: "3p"}[cfg.Players], func(b *testing.B) {
			var positions []*State
			for seed := uint64(1); len(positions) < 16; seed++ {
				s := randomPosition(&testing.T{}, cfg, seed, 12)
				if !s.Over() && (s.Phase() == PhaseAttack || s.Phase() == PhaseDefend) {
					positions = append(positions, s)
				}
			}
			views := make([]View, len(positions))
			for i, s := range positions {
				views[i] = s.View(s.ToAct(nil)[0])
			}
			bot, _ := NewBot("hard", 0, 1)
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				bot.Choose(&views[i%len(views)])
				i++
			}
		})
	}
}
