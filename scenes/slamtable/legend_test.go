package slamtable

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/scenes/scenetest"
)

// TestLegendNamesTheSeatsKeys checks that each keyboard seat's legend
// names its own Rock, Paper, Scissors and Clap keys, follows a rebinding,
// and that a bot has none.
func TestLegendNamesTheSeatsKeys(t *testing.T) {
	g := newE2EGame(t)
	g.playTo(2)
	tab := g.table
	for _, c := range []struct {
		seat int
		want [4]string
	}{
		{0, [4]string{"1", "2", "3", "4"}},
		{1, [4]string{"7", "8", "9", "0"}},
		{2, [4]string{"Z", "X", "C", "V"}},
	} {
		if !tab.hasKeys(c.seat) {
			t.Errorf("seat %d has no legend", c.seat)
		}
		if got := tab.legend(c.seat); got != c.want {
			t.Errorf("seat %d legend %q, want %q", c.seat, got, c.want)
		}
	}
	if tab.hasKeys(3) {
		t.Error("the bot's seat has a key legend")
	}
	ctl := tab.router.Controls()
	if err := ctl.BindKey(2, rulesets.ButtonClap, ebiten.KeyG); err != nil {
		t.Fatal(err)
	}
	if err := tab.router.SetControls(ctl); err != nil {
		t.Fatal(err)
	}
	if got := tab.legend(0)[len(input.Gestures)-1]; got != "G" {
		t.Errorf("rebound Clap shows as %q, want G", got)
	}
	g.playTo(g.flip + 40)
	scenetest.Shoot(t, g.d, "slam-legend")
}
