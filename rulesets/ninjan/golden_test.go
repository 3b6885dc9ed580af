package ninjan

import (
	"testing"

	"github.com/jankenarcade/janken/rulesets"
)

// TestGoldenHash pins the final hash of fixed seeds and action choices. It
// runs natively and under GOOS=js GOARCH=wasm: the two must agree, and any
// change to the rules' randomness or state layout shows up here.
func TestGoldenHash(t *testing.T) {
	tests := []struct {
		players int
		seed    uint64
		want    uint64
	}{
		{2, 42, 0x67e85dea053036ac},
		{5, 7, 0xefd2e2af6ca9fed2},
	}
	for _, tt := range tests {
		s, err := New(Config{Players: tt.players}, tt.seed)
		must(t, err)
		r := rulesets.NewRand(tt.seed + 1)
		playRandom(t, s, &r, nil)
		if got := s.Hash(); got != tt.want {
			t.Errorf("%d players, seed %d: final hash %#x, want %#x", tt.players, tt.seed, got, tt.want)
		}
	}
}
