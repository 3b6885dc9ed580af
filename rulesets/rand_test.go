package rulesets_test

import (
	"math"
	"testing"

	"github.com/jankenarcade/janken/rulesets"
)

// TestBySquares: each index is drawn in proportion to its weight
// squared, a zero weight never, and without allocating.
func TestBySquares(t *testing.T) {
	tests := []struct {
		weights []int
		want    []float64 // the share of each index
	}{
		{[]int{1}, []float64{1}},
		{[]int{3, 0, 4}, []float64{9.0 / 25, 0, 16.0 / 25}},
		{[]int{0, 0, 2}, []float64{0, 0, 1}},
		{[]int{1, 1, 1, 1}, []float64{0.25, 0.25, 0.25, 0.25}},
	}
	const draws = 100000
	for _, tc := range tests {
		rng := rulesets.NewRand(7)
		got := make([]int, len(tc.weights))
		for range draws {
			got[rng.BySquares(tc.weights)]++
		}
		for i, share := range tc.want {
			if share == 0 && got[i] != 0 {
				t.Errorf("%v: index %d of weight 0 drawn %d times", tc.weights, i, got[i])
			}
			if d := math.Abs(float64(got[i])/draws - share); d > 0.01 {
				t.Errorf("%v: index %d drawn %.3f of the time, want %.3f", tc.weights, i, float64(got[i])/draws, share)
			}
		}
	}
	rng := rulesets.NewRand(1)
	w := []int{2, 5, 1}
	if n := testing.AllocsPerRun(100, func() { rng.BySquares(w) }); n != 0 {
		t.Errorf("BySquares allocates %v times", n)
	}
}
