package netlobby

import (
	"strconv"
	"testing"
)

// TestLocalSeatsChoice: the first menu offers the couch's player count
// only when the game allows several a machine, steps it round between one
// and the most allowed (fewer than the game's players), and Back stays
// the last entry.
func TestLocalSeatsChoice(t *testing.T) {
	tests := []struct {
		name          string
		local, max    int
		players       int
		steps         []int
		wantMax       int
		wantLocal     []int // after each step
		wantItemShown bool
	}{
		{"one a machine", 1, 0, 4, nil, 1, nil, false},
		{"up and round", 1, 3, 4, []int{1, 1, 1}, 3, []int{2, 3, 1}, true},
		{"down and round", 1, 3, 4, []int{-1, -1}, 3, []int{3, 2}, true},
		{"capped below the game's players", 1, 8, 4, []int{-1}, 3, []int{3}, true},
		{"two to start", 2, 0, 4, []int{-1}, 2, []int{1}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := Config{Title: "Slam", MinPlayers: 2, MaxPlayers: tt.players, LocalSeats: tt.local, MaxLocalSeats: tt.max, Net: &Network{}}
			l := New(nil, cfg)
			if l.cfg.MaxLocalSeats != tt.wantMax {
				t.Errorf("most a machine: %d, want %d", l.cfg.MaxLocalSeats, tt.wantMax)
			}
			items := l.menu.Items
			shown := len(items) == 4 && items[chooseLocal].Label == "Players on this machine"
			if shown != tt.wantItemShown || items[len(items)-1].Label != "Back" {
				t.Fatalf("menu %+v", items)
			}
			for i, step := range tt.steps {
				l.changeLocal(step)
				if l.LocalSeats() != tt.wantLocal[i] || l.menu.Items[chooseLocal].Value != strconv.Itoa(tt.wantLocal[i]) {
					t.Errorf("step %d: %d players here, entry %+v; want %d", i, l.LocalSeats(), l.menu.Items[chooseLocal], tt.wantLocal[i])
				}
			}
		})
	}
}
