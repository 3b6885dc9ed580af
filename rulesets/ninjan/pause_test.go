package ninjan

import "testing"

// TestBotPause: a searching bot pauses every pauseEvery playouts, and
// chooses exactly as it does without pausing.
func TestBotPause(t *testing.T) {
	s, err := New(Config{Players: 4}, 7)
	if err != nil {
		t.Fatal(err)
	}
	v := s.View(0)
	tests := []struct {
		bot    string
		pauses int
	}{
		{"hard", newSearch(0, hardWork, true).budget(&v) / pauseEvery},
		{"medium", mediumPlayouts / pauseEvery},
		{"greedy", 0},
	}
	for _, tt := range tests {
		t.Run(tt.bot, func(t *testing.T) {
			plain, _ := NewBot(tt.bot, 0, 9)
			paused, _ := NewBot(tt.bot, 0, 9)
			pauses := 0
			paused.SetPause(func() { pauses++ })
			if a, b := choose(plain, s, 0), choose(paused, s, 0); a != b {
				t.Errorf("paused bot chose %v, unpaused %v", b, a)
			}
			if pauses != tt.pauses {
				t.Errorf("%d pauses, want %d", pauses, tt.pauses)
			}
		})
	}
}
