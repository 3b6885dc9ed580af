package elevensuits

import "testing"

// TestBotPause: the searching bots pause every pauseEvery search
// iterations, and choose exactly as they do without pausing; bots that do
// not search never pause.
func TestBotPause(t *testing.T) {
	var positions []*State
	for seed := uint64(1); len(positions) < 6; seed++ {
		s := randomPosition(t, Config{Players: 3}, seed, 12)
		if !s.Over() && (s.Phase() == PhaseAttack || s.Phase() == PhaseDefend) {
			positions = append(positions, s)
		}
	}
	for _, name := range BotNames {
		t.Run(name, func(t *testing.T) {
			plain, _ := NewBot(name, 0, 5)
			paused, _ := NewBot(name, 0, 5)
			pauses := 0
			paused.SetPause(func() { pauses++ })
			for _, s := range positions {
				seat := s.ToAct(nil)[0]
				before := pauses
				if a, b := choose(plain, s, seat), choose(paused, s, seat); a != b {
					t.Errorf("paused bot chose %v, unpaused %v", b, a)
				}
				want := 0
				if paused.style.search > 0 && len(s.Legal(seat, nil)) > 1 {
					want = iterations(&paused.tree) / pauseEvery
				}
				if got := pauses - before; got != want {
					t.Errorf("turn %d: %d pauses, want %d", s.Turn(), got, want)
				}
			}
			if st, _ := styleOf(name); (st.search > 0) != (pauses > 0) {
				t.Errorf("%d pauses in all, with %d search iterations per decision", pauses, st.search)
			}
		})
	}
}

// iterations returns how many iterations the last search ran: each one
// visits one of the root's children.
func iterations(ts *treeSearch) int {
	n := 0
	for c := ts.nodes[0].child; c >= 0; c = ts.nodes[c].next {
		n += int(ts.nodes[c].visits)
	}
	return n
}
