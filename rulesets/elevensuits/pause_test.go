package elevensuits

import "testing"

// TestBotPause: the hard bot pauses every pauseEvery search iterations,
// and chooses exactly as it does without pausing; bots that do not search
// never pause.
func TestBotPause(t *testing.T) {
	var positions []*State
	for seed := uint64(1); len(positions) < 6; seed++ {
		s := randomPosition(t, Config{Players: 3}, seed, 12)
		if !s.Over() && (s.Phase() == PhaseAttack || s.Phase() == PhaseDefend) {
			positions = append(positions, s)
		}
	}
	for _, name := range []string{"hard", "medium"} {
		t.Run(name, func(t *testing.T) {
			plain, _ := NewBot(name, 0, 5)
			paused, _ := NewBot(name, 0, 5)
			pauses, searches := 0, 0
			paused.SetPause(func() { pauses++ })
			for _, s := range positions {
				seat := s.ToAct(nil)[0]
				if len(s.Legal(seat, nil)) > 1 {
					searches++
				}
				if a, b := choose(plain, s, seat), choose(paused, s, seat); a != b {
					t.Errorf("paused bot chose %v, unpaused %v", b, a)
				}
			}
			st, _ := styleOf(name)
			if per := st.search / pauseEvery; pauses%max(per, 1) != 0 || (per > 0) != (pauses > 0) {
				t.Errorf("%d pauses over %d decisions with a choice", pauses, searches)
			}
		})
	}
}
