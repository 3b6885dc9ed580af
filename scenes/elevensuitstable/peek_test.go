package elevensuitstable

import (
	"testing"

	"github.com/jankenarcade/janken/input"
	es "github.com/jankenarcade/janken/rulesets/elevensuits"
	"github.com/jankenarcade/janken/scenes/cardtable"
	"github.com/jankenarcade/janken/scenes/cardtable/peektest"
	"github.com/jankenarcade/janken/scenes/scenetest"
	"github.com/jankenarcade/janken/sprites"
)

// TestPeekButtonClearOfHand: Player 1 on the touch screen and Player 2 on
// the keys, in Peek mode on a phone held sideways. Held, the Peek button
// shows Player 1's hand at the bottom, whose fullest hand keeps clear of
// the button.
func TestPeekButtonClearOfHand(t *testing.T) {
	s := peektest.Seating(t, input.Device{Kind: input.Touch}, 0)
	d, src, c := openTable(t, Options{Seating: s, Secret: 7}, nil)
	d.Layout(844, 390)
	scenetest.Run(t, d, 5, func(int) { src.Advance() })
	scenetest.Until(t, d, 600, func(int) { src.Advance() }, func() bool { return !c.Busy() }) // the deal
	if !c.Status().PeekButton {
		t.Fatal("no Peek button for Player 1 on the touch screen")
	}
	x, y, w, h := c.PeekBox()
	sx, sy := d.ToScreen(x+w/2, y+h/2)
	src.Do(input.TouchDown(1, sx, sy))
	scenetest.Run(t, d, 3, nil)
	if c.Status().Shown != 0 {
		t.Fatalf("holding Peek, the screen shows seat %d, want Player 1's hand", c.Status().Shown)
	}
	for i := range es.HandSize {
		cx, cy, k := c.tab.handPos(0, i, es.HandSize)
		cw, ch := sprites.CardWidth*k, sprites.CardHeight*k
		if cx+cw/2 > x && cx-cw/2 < x+w && cy+ch/2 > y && cy-ch/2 < y+h {
			t.Errorf("card %d of the hand at %v,%v overlaps the Peek button at %v,%v", i, cx, cy, x, y)
		}
	}
	scenetest.ShootSize(t, d, "elevensuits-peek-held-phone", 844, 390)
}

// TestPeekBannerClearOfHand: Player 1 and Player 2 share the screen in
// Peek mode. While Player 1 holds Peek, the banner names whose hand is
// showing and covers none of its cards (raised or not), none of the
// choices offered, and none of the runner's buttons.
func TestPeekBannerClearOfHand(t *testing.T) {
	for _, sc := range peektest.Screens {
		t.Run(sc.Name, func(t *testing.T) {
			d, src, c := openTable(t, Options{Seating: peektest.Seating(t, sc.Device, 0), Secret: 7}, nil)
			d.Layout(sc.W, sc.H)
			scenetest.Run(t, d, 5, func(int) { src.Advance() })
			peektest.Hold(src, d, sc, c)
			scenetest.Until(t, d, 600, nil, func() bool { return c.Status().Acting == 0 && !c.Busy() })
			peektest.Shoot(t, d, "elevensuits-peek-banner", sc) // lays the choices out
			var boxes []cardtable.Box
			for i := range es.HandSize {
				x, y, k := c.tab.handPos(0, i, es.HandSize)
				w, h := sprites.CardWidth*k, sprites.CardHeight*k
				boxes = append(boxes, cardtable.Box{X: x - w/2, Y: y - h/2 - 20, W: w, H: h + 20})
			}
			choices := 0
			for _, n := range c.tab.nodes.root.Children() {
				if !n.Hidden {
					boxes = append(boxes, peektest.NodeBox(n))
				}
				if !n.Hidden && n.Name == "choice" {
					choices++
				}
			}
			if choices == 0 {
				t.Error("Player 1 holding Peek is offered no choice")
			}
			peektest.Clear(t, c, "the hand or a choice", boxes...)
		})
	}
}
