package thatsminetable

import (
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
	tm "github.com/jankenarcade/janken/rulesets/thatsmine"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/scenetest"
)

// point is a place on the logical screen.
type point struct{ x, y float64 }

// at returns where n's pivot (its centre) lies on the logical screen.
func at(n *scenes.Node) point { return point{n.X, n.Y} }

// press moves the pointer to p and presses the left button, a tick each.
func (h *harness) press(p point) {
	h.moveTo(p)
	h.src.Do(input.MouseDown(ebiten.MouseButtonLeft))
	h.tick()
}

// moveTo moves the pointer to p and runs a tick.
func (h *harness) moveTo(p point) {
	sx, sy := h.d.ToScreen(p.x, p.y)
	h.src.Do(input.MouseMove(sx, sy))
	h.tick()
}

// dragTo presses at from, carries the pointer to to in a few ticks and
// lets go there.
func (h *harness) dragTo(from, to point) {
	h.press(from)
	for _, q := range []float64{0.25, 0.5, 1} {
		h.moveTo(point{lerp(from.x, to.x, q), lerp(from.y, to.y, q)})
	}
	h.src.Do(input.MouseUp(ebiten.MouseButtonLeft))
	h.tick()
}

// TestPointerPlays: clicks choose and play a card as before, and a card
// carried onto the Play button or the middle of the table is played with
// the wager set; carried anywhere else, it goes back and nothing is
// played.
func TestPointerPlays(t *testing.T) {
	// Seat 0 holds Rock 7, Rock 16, Scissors 18 and 2 tokens.
	for _, tc := range []struct {
		name   string
		do     func(h *harness, g *graph)
		played bool
		want   tm.Action
	}{
		{"click chooses", func(h *harness, g *graph) {
			h.click(at(g.cards[1]).x, at(g.cards[1]).y)
			h.tick()
		}, false, tm.Action{}},
		{"second click plays", func(h *harness, g *graph) {
			h.click(at(g.cards[1]).x, at(g.cards[1]).y)
			h.click(at(g.cards[1]).x, at(g.cards[1]).y)
			h.tick()
		}, true, tm.Action{Card: 16}},
		{"drag onto Play", func(h *harness, g *graph) {
			h.click(at(g.plus).x, at(g.plus).y)
			h.dragTo(at(g.cards[2]), at(g.play))
		}, true, tm.Action{Card: 18, Wager: 1}},
		{"drag onto the middle", func(h *harness, g *graph) {
			h.dragTo(at(g.cards[1]), point{tableW / 2, centreY})
		}, true, tm.Action{Card: 16}},
		{"drag elsewhere", func(h *harness, g *graph) {
			h.dragTo(at(g.cards[2]), point{120, 200})
		}, false, tm.Action{}},
		{"drag onto the wager buttons", func(h *harness, g *graph) {
			h.dragTo(at(g.cards[0]), at(g.minus))
		}, false, tm.Action{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pos, err := tm.Decode([]byte(tm.RulebookExample))
			if err != nil {
				t.Fatal(err)
			}
			h := newHarness(t, seating(t, "hbbbb"), pos, 3)
			tc.do(h, &h.table.graph)
			v := h.view(0)
			if v.Chosen[0] != tc.played || tc.played && v.Choice != tc.want {
				t.Errorf("played %v (chosen %v), want %v (chosen %v)", v.Choice, v.Chosen[0], tc.want, tc.played)
			}
		})
	}
}

// TestDragReturnsCard: a card carried is drawn under the pointer, and let
// go away from the Play button and the middle, it is back in the hand,
// chosen but not played.
func TestDragReturnsCard(t *testing.T) {
	pos, err := tm.Decode([]byte(tm.RulebookExample))
	if err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, seating(t, "hbbbb"), pos, 3)
	g := &h.table.graph
	home := at(g.cards[2])
	h.press(home)
	h.moveTo(point{120, 200})
	if got := g.carried(); got != g.cards[2] {
		t.Fatalf("carrying %v, want the third card", got)
	}
	if dx, dy := g.drag.Offset(); home.x+dx != 120 || home.y+dy != 200 {
		t.Errorf("the card is drawn at (%v, %v), want under the pointer (120, 200)", home.x+dx, home.y+dy)
	}
	h.src.Do(input.MouseUp(ebiten.MouseButtonLeft))
	h.tick()
	h.tick()
	if g.carried() != nil || h.view(0).Chosen[0] {
		t.Errorf("after letting go elsewhere: carrying %v, chosen %v; want the card back, nothing played", g.carried(), h.view(0).Chosen[0])
	}
	if h.table.picks[0].cursor != 2 {
		t.Errorf("cursor %d, want the card carried (2) chosen", h.table.picks[0].cursor)
	}
}

// TestHoverFrontMost: where the cards of a long hand overlap, the pointer
// hovers the one drawn on top, the later card.
func TestHoverFrontMost(t *testing.T) {
	g := newGraph()
	const n = 14
	g.layout(n, true, 0)
	left, right := g.cards[5], g.cards[6]
	if right.X-left.X >= handCardW {
		t.Fatalf("cards %v apart do not overlap", right.X-left.X)
	}
	var p pick
	for tick, tc := range []struct {
		x    float64
		want int
	}{
		{left.X - handCardW/2 + 2, 5},  // only the left card there
		{right.X - handCardW/2 + 2, 6}, // both: the right one lies on top
		{left.X + handCardW/2 - 2, 6},
		{right.X + handCardW/2 - 2, 7}, // the next card is on top of that
		{tableW / 2, -1},               // the pointer far above the hand
	} {
		y := handY
		if tc.want < 0 {
			y = 100
		}
		g.pointer(int64(tick+1), &scenes.Nav{PointerX: tc.x, PointerY: y}, &p, 0)
		if g.hover != tc.want {
			t.Errorf("pointer at x %v hovers card %d, want %d", tc.x, g.hover, tc.want)
		}
	}
}

// TestDragAcrossGap: a drag the seat stopped following (the curtain fell,
// the show ran) is forgotten, and letting go over Play afterwards plays
// nothing; followed on every tick, the same drag plays.
func TestDragAcrossGap(t *testing.T) {
	for _, tc := range []struct {
		name    string
		release int64 // the tick the pointer is let go on, over Play
		want    bool
	}{
		{"every tick", 3, true},
		{"after a gap", 9, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := newGraph()
			g.layout(3, true, 0)
			var p pick
			card, play := at(g.cards[1]), at(g.play)
			g.pointer(1, &scenes.Nav{PointerX: card.x, PointerY: card.y, Click: true, PointerDown: true}, &p, 2)
			g.pointer(2, &scenes.Nav{PointerX: play.x, PointerY: play.y, PointerDown: true}, &p, 2)
			if got := g.pointer(tc.release, &scenes.Nav{PointerX: play.x, PointerY: play.y}, &p, 2); got != tc.want {
				t.Errorf("released on tick %d: plays %v, want %v", tc.release, got, tc.want)
			}
		})
	}
}

// tap touches the logical point p and lifts the finger, a tick each.
func (h *harness) tap(p point) {
	sx, sy := h.d.ToScreen(p.x, p.y)
	h.src.Do(input.TouchDown(1, sx, sy))
	h.tick()
	h.src.Do(input.TouchUp(1))
	h.tick()
}

// TestWagerTouchTargets: once the screen has been touched, the wager
// buttons' and Play's hit areas are at least 44 CSS pixels each way on a
// phone (scenes.TouchTarget), on the table and clear of each other and of
// the caption panel (a card dropped there plays); a tap beside a drawn
// button, within its hit area, moves the wager, and a tap below the drawn
// Play plays. With the mouse, the hit areas are the buttons as drawn.
func TestWagerTouchTargets(t *testing.T) {
	pos, err := tm.Decode([]byte(tm.RulebookExample))
	if err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, seating(t, "hbbbb"), pos, 3)
	g := &h.table.graph
	// Beside the drawn −, above the drawn +: both in the hit areas.
	beside := point{minusX - 12, wagerTop + buttonH/2}
	above := point{plusX + wagerButtonW/2, wagerTop - 10}
	below := point{playX + playButtonW/2, wagerTop + buttonH + 12}
	h.click(beside.x, beside.y)
	h.click(above.x, above.y)
	h.click(below.x, below.y)
	h.tick()
	if w := h.table.picks[0].wager; w != 0 {
		t.Fatalf("clicks beside the wager buttons set the wager to %d", w)
	}
	if h.view(0).Chosen[0] {
		t.Fatal("a click below the drawn Play played")
	}

	h.tap(point{120, 200}) // the screen is touched
	box := func(n *scenes.Node) (x0, y0, x1, y1 float64) {
		return n.X - n.PivotX, n.Y - n.PivotY, n.X - n.PivotX + n.W, n.Y - n.PivotY + n.H
	}
	apart := func(a, b *scenes.Node) bool {
		ax0, ay0, ax1, ay1 := box(a)
		bx0, by0, bx1, by1 := box(b)
		return ax1 <= bx0 || bx1 <= ax0 || ay1 <= by0 || by1 <= ay0
	}
	buttons := []*scenes.Node{g.minus, g.plus, g.play}
	for i, b := range buttons {
		x0, y0, x1, y1 := box(b)
		if css := min(b.W, b.H) * scenes.PhoneHeight / scenes.ScreenHeight; css < 44 {
			t.Errorf("%s's hit area is %v×%v: %.1f CSS px on a phone", b.Name, b.W, b.H, css)
		}
		if x0 < 0 || y0 < 0 || x1 > tableW || y1 > scenes.ScreenHeight {
			t.Errorf("%s's hit area %v,%v–%v,%v leaves the table", b.Name, x0, y0, x1, y1)
		}
		for _, o := range append([]*scenes.Node{g.centre}, buttons[i+1:]...) {
			if !apart(b, o) {
				t.Errorf("%s's hit area overlaps %s's", b.Name, o.Name)
			}
		}
	}
	h.tap(above)
	h.tap(above)
	h.tap(beside)
	if w := h.table.picks[0].wager; w != 1 {
		t.Errorf("+, + and − tapped beside the buttons set the wager to %d, want 1", w)
	}
	if h.view(0).Chosen[0] {
		t.Error("the taps played a card")
	}
	var keys []string // the lines that name keys, as the help under the hand does
	h.d.RecordText(func(line string, _, _ float64) {
		if strings.Contains(line, " wager · ") {
			keys = append(keys, line)
		}
	})
	scenetest.ShootSize(t, h.d, "thatsmine-wager-touch-phone", 844, 390)
	scenetest.Shoot(t, h.d, "thatsmine-wager-touch")
	h.d.RecordText(nil)
	if keys != nil {
		t.Errorf("on a touch-only device the table names keys: %q", keys)
	}
	h.tap(below)
	if v := h.view(0); !v.Chosen[0] || v.Choice.Wager != 1 {
		t.Errorf("a tap below the drawn Play: chosen %v, wager %d; want played with wager 1", v.Chosen[0], v.Choice.Wager)
	}
}
