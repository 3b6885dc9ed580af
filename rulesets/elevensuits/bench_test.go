package elevensuits

import (
	"testing"

	"github.com/jankenarcade/janken/internal/cputime"
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
// (three players) and with two, in mid-game positions, and at the first
// turns of a three-player game, whose long playouts make its dearest
// decisions. Besides the wall time it reports the processor time per
// decision (cpu-ns/op), which a busy machine inflates far less; under Node
// it counts all of Node's threads.
func BenchmarkHardDecision(b *testing.B) {
	for _, bc := range []struct {
		name  string
		cfg   Config
		steps int
	}{
		{"3p", Config{Players: 3}, 12},
		{"2p", Config{Players: 2}, 12},
		{"3p-first-turns", Config{Players: 3}, 4},
	} {
		b.Run(bc.name, func(b *testing.B) {
			views := searchViews(b, bc.cfg, bc.steps, 16)
			bot, _ := NewBot("hard", 0, 1)
			b.ReportAllocs()
			i := 0
			cpu := cputime.Used()
			for b.Loop() {
				bot.Choose(&views[i%len(views)])
				i++
			}
			if cpu > 0 {
				b.ReportMetric(float64(cputime.Used()-cpu)/float64(b.N), "cpu-ns/op")
			}
		})
	}
}

// searchViews returns n views in which a searching bot plays a card: the
// views of the seat to act after steps random actions of games of cfg
// from seeds 1, 2 and on, skipping those in other phases.
func searchViews(tb testing.TB, cfg Config, steps, n int) []View {
	var views []View
	for seed := uint64(1); len(views) < n; seed++ {
		s := randomPosition(tb, cfg, seed, steps)
		if p := s.Phase(); p == PhaseAttack || p == PhaseDefend {
			views = append(views, s.View(s.ToAct(nil)[0]))
		}
	}
	return views
}
