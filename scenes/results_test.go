package scenes

import (
	"slices"
	"testing"
)

func TestRankRows(t *testing.T) {
	rows := func() []ResultRow {
		return []ResultRow{{Seat: 0, Score: 3}, {Seat: 1, Score: 9}, {Seat: 2, Score: 1, Winner: true}, {Seat: 3, Score: 9}}
	}
	for _, tt := range []struct {
		fewest bool
		want   []int
	}{{false, []int{2, 1, 3, 0}}, {true, []int{2, 0, 1, 3}}} {
		r := rows()
		RankRows(r, tt.fewest)
		var got []int
		for _, row := range r {
			got = append(got, row.Seat)
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("fewest wins %v: seats in order %v, want %v", tt.fewest, got, tt.want)
		}
	}
}
