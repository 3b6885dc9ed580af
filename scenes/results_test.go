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

func TestSeatNames(t *testing.T) {
	for _, tt := range []struct {
		seats seatSet
		want  string
	}{{seatSet{}, ""}, {seatSet{1}, "Player 2"}, {seatSet{1, 2}, "Players 2 and 3"}, {seatSet{0, 1, 3}, "Players 1, 2 and 4"}} {
		if got := SeatList(tt.seats); got != tt.want {
			t.Errorf("SeatList(%v) = %q, want %q", tt.seats, got, tt.want)
		}
	}
	if got := SeatName(2, "hard"); got != "Player 3 (hard bot)" {
		t.Errorf("SeatName(2, hard) = %q", got)
	}
}

// seatSet is a set of seats listed by number.
type seatSet []int

func (s seatSet) Has(seat int) bool { return slices.Contains(s, seat) }
