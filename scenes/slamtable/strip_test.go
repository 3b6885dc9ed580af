package slamtable

import (
	"fmt"
	"slices"
	"testing"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/persist"
	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/rulesets/slam"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/scenetest"
)

// TestPlaceBadges checks the photo finish's badge layout: a badge goes
// where it is wanted when there is room, no two in a row overlap, each
// row reads in press order, and all stay within bounds.
func TestPlaceBadges(t *testing.T) {
	const gap, lo, hi = 4.0, 100.0, 1000.0
	tests := []struct {
		name string
		xs   []float64
		rows int
		want []badgeSpot // nil: check the invariants only
	}{
		{"apart", []float64{200, 400, 600}, 2, []badgeSpot{{200, 0}, {400, 0}, {600, 0}}},
		{"two close", []float64{500, 510}, 2, []badgeSpot{{500, 0}, {510, 1}}},
		{"two close, one row", []float64{500, 510}, 1, []badgeSpot{{500, 0}, {534, 0}}},
		{"eight on one tick", []float64{500, 500, 500, 500, 500, 500, 500, 500}, 2, nil},
		{"eight a tick apart", []float64{500, 511, 521, 532, 543, 553, 564, 575}, 3, nil},
		{"eight at the axis's end", []float64{990, 990, 990, 990, 990, 990, 990, 990}, 1, nil},
		{"left of lo", []float64{90}, 2, []badgeSpot{{115, 0}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ws := make([]float64, len(tt.xs))
			for i := range ws {
				ws[i] = 30
			}
			spots := make([]badgeSpot, len(tt.xs))
			placeBadges(spots, tt.xs, ws, gap, lo, hi, tt.rows)
			if tt.want != nil && !slices.Equal(spots, tt.want) {
				t.Errorf("spots %v, want %v", spots, tt.want)
			}
			for i, s := range spots {
				if s.row < 0 || s.row >= tt.rows {
					t.Errorf("badge %d on row %d of %d", i, s.row, tt.rows)
				}
				if s.x-ws[i]/2 < lo || s.x+ws[i]/2 > hi {
					t.Errorf("badge %d spans %.0f–%.0f, outside %.0f–%.0f", i, s.x-ws[i]/2, s.x+ws[i]/2, lo, hi)
				}
				for j := i + 1; j < len(spots); j++ {
					if spots[j].row == s.row && spots[j].x-ws[j]/2 < s.x+ws[i]/2+gap {
						t.Errorf("badge %d (%v) is not right of badge %d (%v) by the gap", j, spots[j], i, s)
					}
				}
			}
		})
	}
}

// TestPhotoFinishBadgesStayInTheStrip: eight players press the correct
// gesture a tick apart, the card's winner and seven late presses. Every
// badge the photo finish draws lies inside its panel and clear of the
// others, at the smallest, the default and the largest interface size (stacked one above
// another, they once ran out of the panel over the seats').
func TestPhotoFinishBadgesStayInTheStrip(t *testing.T) {
	for _, ui := range []int{80, 100, 150} {
		d, tb := eightPresses(t, ui)
		type badge struct {
			tag  string
			x, y float64
		}
		var badges []badge
		d.RecordText(func(line string, x, y float64) {
			if slices.Contains(seatTags[:], line) {
				badges = append(badges, badge{line, x, y})
			}
		})
		scenetest.Shoot(t, d, fmt.Sprintf("slam-photo-finish-eight-%d", ui))
		d.RecordText(nil)
		if len(badges) != 8 {
			t.Fatalf("UI %d%%: the photo finish names %d presses, want 8: %v", ui, len(badges), badges)
		}
		st := tb.text(scenes.TextStyle{Size: 15, Bold: true})
		for i, b := range badges {
			w, h := scenes.TextWidth(b.tag, st), st.Size
			if b.x-w/2 < stripAxisX-20 || b.x+w/2 > stripX+stripW || b.y-h/2 < stripY || b.y+h/2 > stripAxisY-stripMarkerR {
				t.Errorf("UI %d%%: %s at (%.0f, %.0f) is outside the photo finish's panel above its markers", ui, b.tag, b.x, b.y)
			}
			for _, o := range badges[i+1:] {
				ow := scenes.TextWidth(o.tag, st)
				if abs(b.x-o.x) < (w+ow)/2 && abs(b.y-o.y) < h {
					t.Errorf("UI %d%%: %s at (%.0f, %.0f) overlaps %s at (%.0f, %.0f)", ui, b.tag, b.x, b.y, o.tag, o.x, o.y)
				}
			}
		}
	}
}

// TestPhotoFinishHeadlineClearsTheTitle: at every interface size the
// headline of eight presses ("P8 last, by 16 ms", two lines at 100%) lies
// below the photo finish's title, not over it (grown, its two lines once
// ran up over the title).
func TestPhotoFinishHeadlineClearsTheTitle(t *testing.T) {
	for ui := 100; ui <= 150; ui += 10 {
		d, tb := eightPresses(t, ui)
		img := scenetest.Shoot(t, d, fmt.Sprintf("slam-photo-finish-headline-%d", ui))
		pal := d.Palette()
		titleEnd, headStart := 0, int(stripY+stripH)
		for y := int(stripY); y < int(stripY+stripH); y++ {
			for x := int(stripX); x < int(stripAxisX)-20; x++ {
				switch got := img.RGBAAt(x, y); {
				case near(got, pal.Text):
					titleEnd = max(titleEnd, y)
				case near(got, pal.Accent):
					headStart = min(headStart, y)
				}
			}
		}
		if titleEnd == 0 || headStart == int(stripY+stripH) {
			t.Fatalf("UI %d%%: no title or no headline in the photo finish's left column", ui)
		}
		if titleEnd >= headStart {
			t.Errorf("UI %d%%: the title reaches down to y %d, the headline %q starts at %d", ui, titleEnd, tb.headline(tb.State().Card()), headStart)
		}
	}
}

// eightPresses returns a director showing eight bots' table, stepped with
// the interface at ui percent, whose first card every seat pressed
// correctly, a tick apart from 30 ticks after the flip.
func eightPresses(t *testing.T, ui int) (*scenes.Director, *Table) {
	t.Helper()
	state, seats, _ := eightBots(t)
	for state.Phase() != slam.PhaseRacing {
		state.Step(&rulesets.Frame{Tick: state.Tick()})
	}
	flip, correct := state.Card().FlipTick, state.Card().Correct
	for state.Tick() < flip+45 {
		f := rulesets.Frame{Tick: state.Tick()}
		if seat := int(state.Tick() - flip - 30); seat >= 0 && seat < 8 {
			f.Pressed[seat] = correct
		}
		state.Step(&f)
	}
	if got := state.Card(); got.FlipTick != flip || len(pressed(got)) != 8 {
		t.Fatalf("the card flipped on %d holds presses of seats %v, want all eight", got.FlipTick, pressed(got))
	}
	var tb *Table
	d := scenes.New(scenes.Options{Source: new(input.Script), Store: persist.At(t.TempDir()),
		Start: func(d *scenes.Director) scenes.Scene { tb = newTableFrom(d, seats, state, 9); return tb }})
	s := d.Settings()
	s.UIScale = ui
	d.SetSettings(s)
	scenetest.Run(t, d, 21, nil) // past the transition into the table
	if got := tb.State().Card(); got.FlipTick != flip {
		t.Fatalf("the table shows the card flipped on %d, want %d", got.FlipTick, flip)
	}
	return d, tb
}

// pressed returns the seats that pressed on r.
func pressed(r *slam.CardRecord) []int {
	var seats []int
	for seat, p := range r.Presses {
		if p.Result != slam.ResultNone {
			seats = append(seats, seat)
		}
	}
	return seats
}

func abs(x float64) float64 { return max(x, -x) }
