package elevensuits

import "testing"

// TestBeliefWeighsTheAttack: answering an attack it cannot name, Hard
// re-deals the hidden cards so that the model's own attack from the
// attacker's hand matches the face-down card far more often than uniform
// re-deals do; the weighting keeps the model's noise, so not always.
func TestBeliefWeighsTheAttack(t *testing.T) {
	const deals = 400
	uniform, believed, positions := 0, 0, 0
	for seed := uint64(1); positions < 12 && seed < 400; seed++ {
		s := randomPosition(t, configs[int(seed)%len(configs)], seed, 9+int(seed%7))
		if s.Over() || s.Phase() != PhaseDefend {
			continue
		}
		v := s.View(int(s.target))
		if v.Attack.Card != NoCard {
			continue
		}
		positions++
		b, _ := NewBot("hard", v.Seat, seed)
		b.sm.init(&v)
		var g State
		for range deals {
			b.sm.deal(&g, &b.rng)
			if b.modelAttack(&g).Symbol() == g.attack.Symbol() {
				uniform++
			}
			b.dealBelieved(&g, &v)
			if b.modelAttack(&g).Symbol() == g.attack.Symbol() {
				believed++
			}
		}
	}
	if positions < 12 {
		t.Fatalf("only %d positions", positions)
	}
	n := positions * deals
	t.Logf("the model's attack matches in %d of %d uniform re-deals, %d believed", uniform, n, believed)
	if believed < uniform+n/10 || believed == n {
		t.Errorf("the model's attack matches in %d of %d uniform re-deals and %d believed ones", uniform, n, believed)
	}
}
