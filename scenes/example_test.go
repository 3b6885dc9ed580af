package scenes_test

import (
	"fmt"
	"math"

	"github.com/jankenarcade/janken/scenes"
)

// A card turned by 45° clockwise is hit along its length, which now runs
// from the lower left to the upper right, and not across it.
func ExampleNode_HitTest() {
	table := scenes.NewRoot("table")
	card := scenes.NewNode("card", 100, 150)
	card.X, card.Y, card.Rotation, card.Interactive = 640, 360, math.Pi/4, true
	table.Add(card)
	for _, p := range [][2]float64{{640, 360}, {690, 410}, {690, 310}} {
		fmt.Println(p, table.HitTest(p[0], p[1]) == card)
	}
	// Output:
	// [640 360] true
	// [690 410] false
	// [690 310] true
}

// Tweens count ticks: a 30-tick move lands exactly on its target on the
// 30th Step.
func ExampleTweens() {
	var tweens scenes.Tweens
	token := scenes.NewNode("token", 40, 40)
	tweens.Move(token, 100, 50, 30, scenes.BackOut)
	ticks := 0
	for tweens.Busy() {
		tweens.Step(false) // once per Update
		ticks++
	}
	fmt.Println(ticks, token.X, token.Y)
	// Output: 30 100 50
}
