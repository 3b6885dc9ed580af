package elevensuitstable

import (
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
	es "github.com/jankenarcade/janken/rulesets/elevensuits"
	"github.com/jankenarcade/janken/scenes/cardtable"
	"github.com/jankenarcade/janken/scenes/lobby"
	"github.com/jankenarcade/janken/scenes/privacy"
	"github.com/jankenarcade/janken/scenes/scenetest"
	"github.com/jankenarcade/janken/sprites"
)

// TestPeekButtonClearOfHand: Player 1 on the touch screen and Player 2 on
// the keys, in Peek mode on a phone held sideways. Held, the Peek button
// shows Player 1's hand at the bottom, whose fullest hand keeps clear of
// the button.
func TestPeekButtonClearOfHand(t *testing.T) {
	r := input.NewRouter()
	s := lobby.Seating{Router: r, Privacy: privacy.Peek}
	for seat, dev := range []input.Device{{Kind: input.Touch}, {Kind: input.KeyZone, Index: 1}} {
		s.Seats = append(s.Seats, lobby.Seat{Kind: lobby.Human, Device: dev})
		if err := r.Bind(seat, dev); err != nil {
			t.Fatal(err)
		}
	}
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
// Peek mode. While Player 1 holds Peek, on the keys in a window or on the
// Peek button on a phone held sideways, the banner names whose hand is
// showing and covers none of its cards (raised or not), none of the
// choices offered, and none of the runner's buttons.
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
			d, src, c := openTable(t, Options{Seating: s, Secret: 7}, nil)
			d.Layout(tc.w, tc.h)
			scenetest.Run(t, d, 5, func(int) { src.Advance() })
			if tc.dev.Kind == input.Touch {
				x, y, w, h := c.PeekBox()
				sx, sy := d.ToScreen(x+w/2, y+h/2)
				src.Do(input.TouchDown(1, sx, sy))
			} else {
				src.Do(input.KeyDown(ebiten.KeyShiftLeft))
			}
			scenetest.Until(t, d, 600, nil, func() bool { return c.Status().Acting == 0 && !c.Busy() })
			var lines []string
			d.RecordText(func(line string, x, y float64) { lines = append(lines, line) })
			scenetest.ShootSize(t, d, "elevensuits-peek-banner-"+tc.name, tc.w, tc.h)
			d.RecordText(nil)
			if said := strings.Join(lines, " "); !strings.Contains(said, "Player 1's hand") {
				t.Errorf("holding Peek, the table says %q, want whose hand is showing", said)
			}
			banner := c.PeekHintBox()
			for i := range es.HandSize {
				cx, cy, k := c.tab.handPos(0, i, es.HandSize)
				cw, ch := sprites.CardWidth*k, sprites.CardHeight*k
				if card := (cardtable.Box{X: cx - cw/2, Y: cy - ch/2 - 20, W: cw, H: ch + 20}); card.Overlaps(banner) {
					t.Errorf("the banner %v covers card %d of the hand %v", banner, i, card)
				}
			}
			choices := 0
			for _, n := range c.tab.nodes.root.Children() {
				if box := (cardtable.Box{X: n.X - n.PivotX, Y: n.Y - n.PivotY, W: n.W, H: n.H}); !n.Hidden && box.Overlaps(banner) {
					t.Errorf("the banner %v covers the choice %v", banner, box)
				}
				if !n.Hidden && n.Name == "choice" {
					choices++
				}
			}
			if choices == 0 {
				t.Error("Player 1 holding Peek is offered no choice")
			}
			for _, b := range c.Buttons() {
				if b.Overlaps(banner) {
					t.Errorf("the banner %v covers the runner's button %v", banner, b)
				}
			}
		})
	}
}
