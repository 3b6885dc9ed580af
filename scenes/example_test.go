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

// A hand of three cards is fanned; the pointer presses the right-hand
// card, which lies over the middle one, carries it onto the pile and lets
// go.
func ExampleDrag() {
	table := scenes.NewRoot("table")
	pile := scenes.NewNode("pile", 100, 150)
	pile.X, pile.Y, pile.Interactive = 640, 200, true
	hand := scenes.NewNode("hand", 0, 0)
	hand.X, hand.Y = 640, 560
	var cards []*scenes.Node
	for _, name := range []string{"rock", "paper", "scissors"} {
		card := scenes.NewNode(name, 100, 150)
		card.Interactive = true
		hand.Add(card)
		cards = append(cards, card)
	}
	scenes.Fan(cards, 0.2, 300)
	table.Add(pile, hand)

	var drag scenes.Drag
	for _, nav := range []scenes.Nav{
		{PointerX: 670, PointerY: 560, Click: true, PointerDown: true}, // press where scissors lies over paper
		{PointerX: 680, PointerY: 400, PointerDown: true},              // carry
		{PointerX: 650, PointerY: 210, PointerDown: true},              // over the pile
		{PointerX: 650, PointerY: 210},                                 // let go
	} {
		drag.Update(table, &nav) // once per tick
		if drag.Active() {
			fmt.Println("carrying", drag.Source.Name)
		}
	}
	fmt.Println("dropped", drag.Source.Name, "on", drag.Target.Name, drag.Moved)
	// Output:
	// carrying scissors
	// carrying scissors
	// carrying scissors
	// dropped scissors on pile true
}
