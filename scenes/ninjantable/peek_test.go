package ninjantable

import (
	"testing"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/rulesets/ninjan"
	"github.com/jankenarcade/janken/scenes/cardtable"
	"github.com/jankenarcade/janken/scenes/cardtable/peektest"
	"github.com/jankenarcade/janken/scenes/scenetest"
	"github.com/jankenarcade/janken/sprites"
)

// TestPeekButtonClearOfHand: Player 1 on the touch screen and Player 2 on
// the keys, with a bot, in Peek mode on a phone held sideways. Held, the
// Peek button shows Player 1's hand, whose first deal (nine cards, the
// fullest) keeps clear of the button.
func TestPeekButtonClearOfHand(t *testing.T) {
	s := peektest.Seating(t, input.Device{Kind: input.Touch}, 1)
	c := openTable(t, s, nil, 7)
	c.d.Layout(844, 390)
	scenetest.Run(t, c.d, 5, func(int) { c.src.Advance() })
	if !c.r.Status().PeekButton {
		t.Fatal("no Peek button for Player 1 on the touch screen")
	}
	x, y, w, h := c.r.PeekBox()
	sx, sy := c.d.ToScreen(x+w/2, y+h/2)
	c.src.Do(input.TouchDown(1, sx, sy))
	scenetest.Run(t, c.d, 3, nil)
	if c.r.Status().Shown != 0 {
		t.Fatalf("holding Peek, the screen shows seat %d, want Player 1's hand", c.r.Status().Shown)
	}
	n := c.game.View(0).Hand.Len()
	for i := range n {
		cx, cy := handPos(i, n)
		if cx+sprites.CardWidth/2 > x && cx-sprites.CardWidth/2 < x+w && cy+sprites.CardHeight/2 > y && cy-sprites.CardHeight/2 < y+h {
			t.Errorf("card %d of %d at %v,%v overlaps the Peek button at %v,%v", i, n, cx, cy, x, y)
		}
	}
	scenetest.ShootSize(t, c.d, "ninjan-peek-held-phone", 844, 390)
}

// TestPeekBannerClearOfHand: Player 1 and Player 2 share the screen in
// Peek mode with a bot. While Player 1 holds Peek, the banner names whose
// hand is showing and covers none of its nine cards (raised or not),
// none of the table's live targets, and none of the runner's buttons.
func TestPeekBannerClearOfHand(t *testing.T) {
	for _, sc := range peektest.Screens {
		t.Run(sc.Name, func(t *testing.T) {
			c := openTable(t, peektest.Seating(t, sc.Device, 1), nil, 7)
			c.d.Layout(sc.W, sc.H)
			scenetest.Run(t, c.d, 5, func(int) { c.src.Advance() })
			peektest.Hold(c.src, c.d, sc, c.r)
			scenetest.Until(t, c.d, 600, nil, func() bool { return c.r.Status().Acting == 0 && !c.r.Busy() })
			peektest.Shoot(t, c.d, "ninjan-peek-banner", sc)
			n := c.game.View(0).Hand.Len()
			if n != ninjan.Rounds {
				t.Fatalf("Player 1 holds %d cards, want %d", n, ninjan.Rounds)
			}
			var boxes []cardtable.Box
			for i := range n {
				x, y := handPos(i, n)
				boxes = append(boxes, cardtable.Box{X: x - sprites.CardWidth/2, Y: y - sprites.CardHeight/2 - handRaise, W: sprites.CardWidth, H: sprites.CardHeight + handRaise})
			}
			for _, node := range c.tb.targets.root.Children() {
				if node.Interactive {
					boxes = append(boxes, peektest.NodeBox(node))
				}
			}
			peektest.Clear(t, c.r, "the hand or a target", boxes...)
		})
	}
}
