package ninjantable

import (
	"testing"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/scenes/lobby"
	"github.com/jankenarcade/janken/scenes/privacy"
	"github.com/jankenarcade/janken/scenes/scenetest"
	"github.com/jankenarcade/janken/sprites"
)

// TestPeekButtonClearOfHand: Player 1 on the touch screen and Player 2 on
// the keys, with a bot, in Peek mode on a phone held sideways. Held, the
// Peek button shows Player 1's hand, whose first deal (nine cards, the
// fullest) keeps clear of the button.
func TestPeekButtonClearOfHand(t *testing.T) {
	r := input.NewRouter()
	s := lobby.Seating{Router: r, Privacy: privacy.Peek}
	for seat, dev := range []input.Device{{Kind: input.Touch}, {Kind: input.KeyZone, Index: 1}} {
		s.Seats = append(s.Seats, lobby.Seat{Kind: lobby.Human, Device: dev})
		if err := r.Bind(seat, dev); err != nil {
			t.Fatal(err)
		}
	}
	s.Seats = append(s.Seats, lobby.Seat{Kind: lobby.Bot, Bot: "easy"})
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
