package ninjantable

import (
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/rulesets/ninjan"
	"github.com/jankenarcade/janken/scenes/cardtable"
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

// TestPeekBannerClearOfHand: Player 1 and Player 2 share the screen in
// Peek mode with a bot. While Player 1 holds Peek, on the keys in a
// window or on the Peek button on a phone held sideways, the banner names
// whose hand is showing and covers none of its nine cards (raised or
// not), none of the table's live targets, and none of the runner's
// buttons.
func TestPeekBannerClearOfHand(t *testing.T) {
	for _, tc := range []struct {
		name string
		w, h int
		dev  input.Device
	}{
		{"1280x720", 1280, 720, input.Device{Kind: input.KeyZone}},
		{"960x540", 960, 540, input.Device{Kind: input.KeyZone}},
		{"phone", 844, 390, input.Device{Kind: input.Touch}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := input.NewRouter()
			s := lobby.Seating{Router: r, Privacy: privacy.Peek}
			for seat, dev := range []input.Device{tc.dev, {Kind: input.KeyZone, Index: 1}} {
				s.Seats = append(s.Seats, lobby.Seat{Kind: lobby.Human, Device: dev})
				if err := r.Bind(seat, dev); err != nil {
					t.Fatal(err)
				}
			}
			s.Seats = append(s.Seats, lobby.Seat{Kind: lobby.Bot, Bot: "easy"})
			c := openTable(t, s, nil, 7)
			c.d.Layout(tc.w, tc.h)
			scenetest.Run(t, c.d, 5, func(int) { c.src.Advance() })
			if tc.dev.Kind == input.Touch {
				x, y, w, h := c.r.PeekBox()
				sx, sy := c.d.ToScreen(x+w/2, y+h/2)
				c.src.Do(input.TouchDown(1, sx, sy))
			} else {
				c.src.Do(input.KeyDown(ebiten.KeyShiftLeft))
			}
			scenetest.Until(t, c.d, 600, nil, func() bool { return c.r.Status().Acting == 0 && !c.r.Busy() })
			var lines []string
			c.d.RecordText(func(line string, x, y float64) { lines = append(lines, line) })
			scenetest.ShootSize(t, c.d, "ninjan-peek-banner-"+tc.name, tc.w, tc.h)
			c.d.RecordText(nil)
			if said := strings.Join(lines, " "); !strings.Contains(said, "Player 1's hand") {
				t.Errorf("holding Peek, the table says %q, want whose hand is showing", said)
			}
			banner := c.r.PeekHintBox()
			n := c.game.View(0).Hand.Len()
			if n != ninjan.Rounds {
				t.Fatalf("Player 1 holds %d cards, want %d", n, ninjan.Rounds)
			}
			for i := range n {
				cx, cy := handPos(i, n)
				card := cardtable.Box{X: cx - sprites.CardWidth/2, Y: cy - sprites.CardHeight/2 - handRaise, W: sprites.CardWidth, H: sprites.CardHeight + handRaise}
				if card.Overlaps(banner) {
					t.Errorf("the banner %v covers card %d of the hand %v", banner, i, card)
				}
			}
			for _, node := range c.tb.targets.root.Children() {
				if box := (cardtable.Box{X: node.X - node.PivotX, Y: node.Y - node.PivotY, W: node.W, H: node.H}); node.Interactive && box.Overlaps(banner) {
					t.Errorf("the banner %v covers a target %v", banner, box)
				}
			}
			for _, b := range c.r.Buttons() {
				if b.Overlaps(banner) {
					t.Errorf("the banner %v covers the runner's button %v", banner, b)
				}
			}
		})
	}
}
