package scenes

import (
	"fmt"
	"math"
	"testing"
)

func card(name string, x, y float64, z int) *Node {
	n := NewNode(name, 100, 150)
	n.X, n.Y, n.Z, n.Interactive = x, y, z, true
	return n
}

func TestHitTest(t *testing.T) {
	root := NewRoot("table")
	under := card("under", 200, 200, 0)
	over := card("over", 240, 220, 5) // added first, drawn last: higher Z
	turned := card("turned", 700, 400, 0)
	turned.Rotation = math.Pi / 6
	ghost := card("ghost", 1000, 200, 9)
	ghost.Hidden = true
	deco := card("deco", 1100, 200, 0)
	deco.Interactive = false
	root.Add(over, under, turned, ghost, deco)

	// A small card turned with its parent hand.
	hand := NewNode("hand", 300, 100)
	hand.X, hand.Y, hand.Rotation = 300, 600, -math.Pi/4
	inHand := NewNode("in-hand", 60, 90)
	inHand.X, inHand.Y, inHand.Interactive = 150, 50, true
	hand.Add(inHand)
	root.Add(hand)

	// A card shown twice its size and mirrored, and one scaled to nothing.
	big := card("big", 500, 150, 0)
	big.ScaleX, big.ScaleY = -2, 2
	flat := card("flat", 900, 500, 0)
	flat.ScaleY = 0
	// A transparent card, and a hidden group whose card is interactive.
	clear := card("clear", 1100, 500, 0)
	clear.Alpha = 0
	group := NewNode("group", 200, 200)
	group.X, group.Y, group.Hidden = 1100, 650, true
	group.Add(card("grouped", 100, 100, 0))
	root.Add(big, flat, clear, group)

	tests := []struct {
		name string
		x, y float64
		want *Node
	}{
		{"inside the turned card, far from its edges", 700, 400, turned},
		{"inside the turned card, near a corner", ptX(worldAt(turned, 4, 4)), ptY(worldAt(turned, 4, 4)), turned},
		{"inside the turned card, near the opposite corner", ptX(worldAt(turned, 96, 146)), ptY(worldAt(turned, 96, 146)), turned},
		{"just outside the turned card's left edge", ptX(worldAt(turned, -4, 75)), ptY(worldAt(turned, -4, 75)), nil},
		{"just outside the turned card's bottom", ptX(worldAt(turned, 50, 154)), ptY(worldAt(turned, 50, 154)), nil},
		// Inside the upright box the card would have had: the turn
		// must matter.
		{"in the unturned box but off the card", 700 + 45, 400 - 70, nil},
		{"where two cards overlap, the higher Z wins", 230, 230, over},
		{"only the card below", 160, 140, under},
		{"a hidden card is not hit", 1000, 200, nil},
		{"a card that is not interactive", 1100, 200, nil},
		{"a card turned with its parent", ptX(worldAt(inHand, 30, 45)), ptY(worldAt(inHand, 30, 45)), inHand},
		{"inside a card's scaled box, beyond its size", 500 + 90, 150 + 140, big},
		{"just outside the scaled box", 500 + 104, 150, nil},
		{"a card scaled to nothing", 900, 500, nil},
		{"a transparent card", 1100, 500, nil},
		{"a card in a hidden group", 1100, 650, nil},
		{"off every card", 20, 20, nil},
	}
	for _, tt := range tests {
		if got := root.HitTest(tt.x, tt.y); got != tt.want {
			t.Errorf("%s: HitTest(%.1f, %.1f) = %s, want %s", tt.name, tt.x, tt.y, nodeName(got), nodeName(tt.want))
		}
	}

	// Equal Z: the one added later is drawn later and wins.
	over.SetZ(0)
	if got := root.HitTest(230, 230); got != under {
		t.Errorf("equal Z: got %s, want the later-added card", nodeName(got))
	}
	// Raising a card brings it to the front.
	over.SetZ(1)
	if got := root.HitTest(230, 230); got != over {
		t.Errorf("after SetZ(1): got %s, want over", nodeName(got))
	}
	cs := root.Children()
	for i := 1; i < len(cs); i++ {
		if cs[i].Z < cs[i-1].Z {
			t.Errorf("draw order not sorted by Z: %s (%d) after %s (%d)", cs[i].Name, cs[i].Z, cs[i-1].Name, cs[i-1].Z)
		}
	}
}

// worldAt returns where the point (lx, ly) of n's box is on the root.
func worldAt(n *Node, lx, ly float64) (float64, float64) {
	g := n.World()
	return g.Apply(lx, ly)
}

func ptX(x, _ float64) float64 { return x }
func ptY(_, y float64) float64 { return y }

func nodeName(n *Node) string {
	if n == nil {
		return "nil"
	}
	return n.Name
}

func TestNodeRemove(t *testing.T) {
	root := NewNode("root", 10, 10)
	a, b := NewNode("a", 1, 1), NewNode("b", 1, 1)
	root.Add(a, b)
	other := NewNode("other", 1, 1)
	other.Add(a) // moves a
	if len(root.Children()) != 1 || root.Children()[0] != b || a.Parent() != other {
		t.Fatalf("Add did not move the child: root has %d children", len(root.Children()))
	}
	root.Remove(b)
	if len(root.Children()) != 0 || b.Parent() != nil {
		t.Fatal("Remove left the child attached")
	}
}

func TestWindowIcon(t *testing.T) {
	img := drawIcon(64, &standardPalette)
	if img.RGBAAt(0, 0).A != 0 {
		t.Error("icon corner not transparent")
	}
	if got := img.RGBAAt(32, 32); got != standardPalette.BackdropDeep {
		t.Errorf("icon centre %v, want the backdrop colour", got)
	}
	// The rock disc sits above the centre.
	if got := img.RGBAAt(32, 32-13); got != standardPalette.Rock {
		t.Errorf("icon rock disc %v, want %v", got, standardPalette.Rock)
	}
	if len(windowIcons()) == 0 {
		t.Error("no icons")
	}
}

// BenchmarkHitTestTurned hit-tests a hand of turned cards, each point
// taken back into a card's box.
func BenchmarkHitTestTurned(b *testing.B) {
	root := NewRoot("table")
	for i := range 8 {
		c := card("card", 400+float64(i)*40, 400, i)
		c.Rotation = float64(i-4) * 0.12
		root.Add(c)
	}
	b.ReportAllocs()
	for b.Loop() {
		if root.HitTest(520, 420) == nil {
			b.Fatal("no hit")
		}
	}
}

func TestFan(t *testing.T) {
	hand := NewRoot("hand")
	var cards []*Node
	for i := range 5 {
		c := NewNode(fmt.Sprint("card ", i), 100, 150)
		c.Interactive = true
		hand.Add(c)
		cards = append(cards, c)
	}
	const step, radius = 0.15, 500
	Fan(cards, step, radius)
	for i, c := range cards {
		cx, cy := worldAt(c, 50, 75)
		// Every centre is radius from the common point (0, radius).
		if d := math.Hypot(cx, cy-radius); math.Abs(d-radius) > 1e-9 {
			t.Errorf("%s: centre (%.1f, %.1f), %.2f from the fan's pivot, want %v", c.Name, cx, cy, d, radius)
		}
		if want := float64(i-2) * step; math.Abs(c.Rotation-want) > 1e-12 {
			t.Errorf("%s: turned %v, want %v", c.Name, c.Rotation, want)
		}
		if i == 2 && (math.Abs(cx) > 1e-9 || math.Abs(cy) > 1e-9) {
			t.Errorf("the middle card's centre is at (%v, %v), want the hand's origin", cx, cy)
		}
	}
	// Where two neighbours overlap, the later one is hit; beyond the
	// overlap, the earlier one still is.
	mid := func(a, b *Node) (float64, float64) {
		ax, ay := worldAt(a, 50, 20)
		bx, by := worldAt(b, 50, 20)
		return (ax + bx) / 2, (ay + by) / 2
	}
	for i := range 4 {
		x, y := mid(cards[i], cards[i+1])
		if got := hand.HitTest(x, y); got != cards[i+1] {
			t.Errorf("between %s and %s: hit %s, want the one in front", cards[i].Name, cards[i+1].Name, nodeName(got))
		}
	}
	if x, y := worldAt(cards[0], 5, 20); hand.HitTest(x, y) != cards[0] {
		t.Errorf("the first card's free corner: hit %s", nodeName(hand.HitTest(x, y)))
	}
}
