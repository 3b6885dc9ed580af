package elevensuits

import (
	"testing"

	"github.com/jankenarcade/janken/rulesets"
)

// TestGoldenHash pins the final hash of fixed seeds and action sequences
// (random legal actions drawn from a fixed generator). It must pass both
// natively and under GOOS=js GOARCH=wasm: a change here breaks every saved
// replay and netplay between platforms.
func TestGoldenHash(t *testing.T) {
	tests := []struct {
		cfg  Config
		seed uint64
		want uint64
	}{
		{Config{Players: 2}, 2026, 0x1c1ba3119685ebbb},
		{Config{Players: 3, TwoPiece: true, Advanced: true}, 7, 0x38c9673162bf7168},
		{Config{Players: 2, Suits: 5, Advanced: true, OpenCasket: true}, 99, 0xf5259263ed899bf2},
	}
	for _, tt := range tests {
		s, err := New(tt.cfg, tt.seed)
		if err != nil {
			t.Fatal(err)
		}
		r := rulesets.NewRand(tt.seed + 1)
		var legal []Action
		var toAct []int
		n := 0
		for ; !s.Over(); n++ {
			toAct = s.ToAct(toAct[:0])
			seat := toAct[0]
			legal = s.Legal(seat, legal[:0])
			if err := s.Apply(seat, legal[r.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
		if got := s.Hash(); got != tt.want {
			t.Errorf("%+v seed %d: final hash %#x after %d actions, want %#x", tt.cfg, tt.seed, got, n, tt.want)
		}
	}
}
