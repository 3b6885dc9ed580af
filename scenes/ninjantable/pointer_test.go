package ninjantable

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/rulesets/ninjan"
	"github.com/jankenarcade/janken/scenes/scenetest"
)

// handTable opens a solo game and runs it until seat 0, the human, owes
// its first card.
func handTable(t *testing.T) *couch {
	c := openTable(t, soloSeating(t), nil, 7)
	scenetest.Until(t, c.d, 600, func(int) { c.src.Advance() }, func() bool { return c.r.Status().Acting == 0 })
	return c
}

// mouseStep is one tick of the mouse: where it is on the logical screen
// and whether its left button is held.
type mouseStep struct {
	x, y float64
	down bool
}

// mouse runs one tick per step, calling during(i) after step i's tick.
func (c *couch) mouse(t *testing.T, steps []mouseStep, during func(i int)) {
	t.Helper()
	scenetest.Run(t, c.d, len(steps), func(i int) {
		if i > 0 && during != nil {
			during(i - 1)
		}
		c.src.Advance()
		s := steps[i]
		sx, sy := c.d.ToScreen(s.x, s.y)
		press := input.MouseUp(ebiten.MouseButtonLeft)
		if s.down {
			press = input.MouseDown(ebiten.MouseButtonLeft)
		}
		c.src.Do(input.MouseMove(sx, sy), press)
	})
	if during != nil {
		during(len(steps) - 1)
	}
}

// handCard returns card i of seat 0's hand, its centre and the hand's size.
func (c *couch) handCard(i int) (card ninjan.Card, x, y float64, n int) {
	hand := c.game.View(0).Hand
	x, y = handPos(i, hand.Len())
	return hand.Nth(i), x, y, hand.Len()
}

// TestPointerPlaysCard: a click on a hand card plays it, and so does
// carrying it onto the centre of the table; a card carried and let go
// anywhere else goes back and plays nothing.
func TestPointerPlaysCard(t *testing.T) {
	const centreX, centreY = 620, 380
	tests := []struct {
		name  string
		steps func(x, y float64) []mouseStep
		plays bool
	}{
		{"click", func(x, y float64) []mouseStep {
			return []mouseStep{{x, y, false}, {x, y, true}, {x, y, false}}
		}, true},
		{"jiggled click", func(x, y float64) []mouseStep {
			return []mouseStep{{x, y, false}, {x, y, true}, {x + 5, y - 5, true}, {x + 5, y - 5, false}}
		}, true},
		{"drag to the centre", func(x, y float64) []mouseStep {
			return []mouseStep{{x, y, false}, {x, y, true}, {x, y - 100, true}, {centreX, centreY, true}, {centreX, centreY, false}}
		}, true},
		{"drag to the log", func(x, y float64) []mouseStep {
			return []mouseStep{{x, y, false}, {x, y, true}, {x, y - 100, true}, {logX + 60, 300, true}, {logX + 60, 300, false}}
		}, false},
		{"drag back to the hand", func(x, y float64) []mouseStep {
			return []mouseStep{{x, y, false}, {x, y, true}, {x, y - 200, true}, {x + 30, y, true}, {x + 30, y, false}}
		}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := handTable(t)
			card, x, y, n := c.handCard(2)
			c.mouse(t, tc.steps(x, y), nil)
			hand := c.game.View(0).Hand
			if played := !hand.Has(card); played != tc.plays {
				t.Errorf("%s played %v: %v, want %v", cardName(card), card, played, tc.plays)
			}
			if !tc.plays && (hand.Len() != n || c.r.Status().Acting != 0) {
				t.Errorf("after a cancelled drag: %d cards in hand, seat %d acting; want %d, seat 0", hand.Len(), c.r.Status().Acting, n)
			}
			if k, _, _ := c.tb.targets.carrying(c.r.Status().Tick); k != -1 {
				t.Errorf("card %d still carried after the release", k)
			}
		})
	}
}

// TestDragFollowsPointer: while a hand card is carried it follows the
// pointer and stays highlighted, the game unchanged, and a drag cancelled
// leaves the keyboard working as before.
func TestDragFollowsPointer(t *testing.T) {
	c := handTable(t)
	card, x, y, n := c.handCard(4)
	steps := []mouseStep{{x, y, false}, {x, y, true}, {x - 40, y - 90, true}, {x - 140, y - 250, true}}
	c.mouse(t, steps, func(i int) {
		if i < 1 {
			return
		}
		k, dx, dy := c.tb.targets.carrying(c.r.Status().Tick)
		wantDX, wantDY := steps[i].x-x, steps[i].y-y
		if k != 4 || dx != wantDX || dy != wantDY || c.tb.hover != 4 {
			t.Errorf("tick %d: carrying card %d by (%v, %v), hover %d; want card 4 by (%v, %v), hover 4", i, k, dx, dy, c.tb.hover, wantDX, wantDY)
		}
		if !c.game.View(0).Hand.Has(card) {
			t.Fatalf("tick %d: the card was played while carried", i)
		}
	})
	scenetest.Shoot(t, c.d, "ninjantable-drag")
	c.mouse(t, []mouseStep{{5, 700, true}, {5, 700, false}}, nil)
	if hand := c.game.View(0).Hand; hand.Len() != n {
		t.Fatalf("a drag let go off the table played a card: %d in hand, want %d", hand.Len(), n)
	}
	keys := [][]input.Event{{input.KeyDown(ebiten.KeyEnter)}, {input.KeyUp(ebiten.KeyEnter)}}
	scenetest.Run(t, c.d, len(keys), func(tick int) {
		c.src.Advance()
		c.src.Do(keys[tick]...)
	})
	if hand := c.game.View(0).Hand; hand.Len() != n-1 {
		t.Errorf("Enter after a cancelled drag: %d cards in hand, want %d", hand.Len(), n-1)
	}
}

// TestHoverFollowsPointer: the card under the pointer is highlighted and
// becomes the keyboard's cursor; off the cards nothing is hovered.
func TestHoverFollowsPointer(t *testing.T) {
	c := handTable(t)
	_, x1, y1, _ := c.handCard(1)
	_, x6, y6, _ := c.handCard(6)
	tests := []struct {
		x, y float64
		want int
	}{
		{x1, y1 - 60, 1},
		{x6 + 45, y6 + 60, 6},
		{x6 + handStep/2, y6, -1}, // between two cards
		{640, 380, -1},            // the centre of the table
	}
	for _, tc := range tests {
		c.mouse(t, []mouseStep{{tc.x, tc.y, false}}, nil)
		if c.tb.hover != tc.want {
			t.Errorf("pointer at (%v, %v): hover %d, want %d", tc.x, tc.y, c.tb.hover, tc.want)
		}
		if tc.want >= 0 && c.tb.cursor[0] != tc.want {
			t.Errorf("pointer at (%v, %v): cursor %d, want %d", tc.x, tc.y, c.tb.cursor[0], tc.want)
		}
	}
}
