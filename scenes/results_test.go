package scenes

import (
	"slices"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/internal/looptest"
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

// TestEightResultsFitAboveTheMenu: with Slam's eight players every row's
// seat disc shows in its colour, and the last row ends above the menu
// (before, rows at fixed heights ran under "Play again").
func TestEightResultsFitAboveTheMenu(t *testing.T) {
	d := galleryDirector(t, galleryShot{name: "results-eight", open: func(d *Director) Scene { return eightResults(d) }})
	for range 30 {
		if err := d.Update(); err != nil {
			t.Fatal(err)
		}
	}
	r := d.Top().(*Results)
	img := looptest.Capture(t, "results-eight", ScreenWidth, ScreenHeight, d.Draw)
	step := min(60, r.rowsRoom()/8.0)
	for i, row := range r.Rows() {
		mid := 180 + step*float64(i) + step/2
		if got, want := img.RGBAAt(312, int(mid)), standardPalette.Seats[row.Seat]; got != want {
			t.Errorf("row %d's disc at y %.0f is %v, want seat colour %v", i, mid, got, want)
		}
	}
	if end := 180 + 8*step; end > r.menu.Y {
		t.Errorf("the rows end at %.0f, under the menu at %.0f", end, r.menu.Y)
	}
}

// TestResultsBackToTitle: "Back to title" (and Back) return to the title
// from a table that a game's options screen opened, never to the options
// (before, the results only popped themselves).
func TestResultsBackToTitle(t *testing.T) {
	for _, tc := range []struct {
		name string
		keys []ebiten.Key
	}{
		{"Back to title", []ebiten.Key{ebiten.KeyArrowDown, ebiten.KeyEnter}},
		{"Back", []ebiten.Key{ebiten.KeyBackspace}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d, s, _ := testDirector(t, Options{Start: func(d *Director) Scene { return NewTitle(d) }})
			d.Push(&stubScene{name: "options"}, Transition{Kind: Cut})
			d.Push(eightResults(d), Transition{Kind: Cut})
			tick(t, d, s)
			for _, k := range tc.keys {
				tick(t, d, s, input.KeyTap(k)...)
			}
			for range 60 {
				tick(t, d, s)
			}
			if got := d.Top().Name(); got != "title" || len(d.stack) != 1 {
				t.Errorf("top %q with %d scenes, want the title alone", got, len(d.stack))
			}
		})
	}
}

func TestCount(t *testing.T) {
	for _, tc := range []struct {
		n    int
		want string
	}{{0, "0 mistakes"}, {1, "1 mistake"}, {2, "2 mistakes"}, {12, "12 mistakes"}} {
		if got := Count(tc.n, "mistake"); got != tc.want {
			t.Errorf("Count(%d, mistake) = %q, want %q", tc.n, got, tc.want)
		}
	}
}
