package scenes_test

import (
	"fmt"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/scenetest"
)

// tableScreens are the tables whose text follows the interface size.
var tableScreens = []struct {
	name string
	open func(testing.TB) *scenes.Director
}{
	{"slam", func(tb testing.TB) *scenes.Director { return slamDirector(tb, 2) }},
	{"ninjan", ninjanDirector},
	{"thatsmine", thatsMineDirector},
	{"elevensuits", elevenSuitsDirector},
}

// TestTableTextFollowsInterfaceSize checks that the smallest text a
// table draws grows with Settings → Interface size as the menus' does
// and shrinks at 80%. At 150% it must be at least 1.3 times as large:
// text grows 1.5 times where its panel has room, and less where two
// texts share a line (Eleven Suits' top seats: 1.36). It shoots each
// table at 100% and 150%, at 1280×720 and 960×540 (janken-table-*.png),
// for a person to check that nothing overlaps.
func TestTableTextFollowsInterfaceSize(t *testing.T) {
	for _, tc := range tableScreens {
		t.Run(tc.name, func(t *testing.T) {
			d := tc.open(t)
			smallest := map[int]float64{}
			for _, ui := range []int{100, 150, 80} {
				st := d.Settings()
				st.UIScale = ui
				d.SetSettings(st)
				screen := ebiten.NewImage(scenes.ScreenWidth, scenes.ScreenHeight)
				d.Draw(screen)
				screen.Deallocate()
				smallest[ui] = d.SmallestText()
				if ui == 80 {
					continue
				}
				for _, size := range [][2]int{{1280, 720}, {960, 540}} {
					scenetest.ShootSize(t, d, fmt.Sprintf("table-%s-%d-%dx%d", tc.name, ui, size[0], size[1]), size[0], size[1])
				}
			}
			t.Logf("smallest text: %v", smallest)
			if smallest[100] <= 0 {
				t.Fatal("no text drawn")
			}
			if smallest[150] < 1.3*smallest[100] {
				t.Errorf("at 150%%, the smallest text is %.1f px, at 100%% %.1f: want at least 1.3 times as large", smallest[150], smallest[100])
			}
			if smallest[80] >= smallest[100] {
				t.Errorf("at 80%%, the smallest text is %.1f px, at 100%% %.1f: want smaller", smallest[80], smallest[100])
			}
		})
	}
}
