package netlobby

import (
	"errors"
	"strconv"
	"testing"

	"github.com/jankenarcade/janken/netplay"
)

// noSocket is a network's opener that opens nothing.
func noSocket() (netplay.Transport, error) { return nil, errors.New("the test opens no socket") }

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
	// A network that hosts and joins, though it opens nothing here.
	offline := &Network{Host: noSocket, Join: noSocket}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := Config{Title: "Slam", MinPlayers: 2, MaxPlayers: tt.players, LocalSeats: tt.local, MaxLocalSeats: tt.max, Net: offline}
			l := New(nil, cfg)
			if l.cfg.MaxLocalSeats != tt.wantMax {
				t.Errorf("most a machine: %d, want %d", l.cfg.MaxLocalSeats, tt.wantMax)
			}
			items, local := l.menu.Items, l.entryAt(entryLocal)
			shown := len(items) == 4 && local == 2 && items[local].Label == "Players on this machine"
			if shown != tt.wantItemShown || items[len(items)-1].Label != "Back" {
				t.Fatalf("menu %+v", items)
			}
			for i, step := range tt.steps {
				l.changeLocal(step)
				if l.LocalSeats() != tt.wantLocal[i] || l.menu.Items[local].Value != strconv.Itoa(tt.wantLocal[i]) {
					t.Errorf("step %d: %d players here, entry %+v; want %d", i, l.LocalSeats(), l.menu.Items[local], tt.wantLocal[i])
				}
			}
		})
	}
}
