package scenes

import "testing"

// dragTable is a pile above a fanned hand of two cards, each with an
// interactive sticker in its lower left corner, where the right card lies
// over the left one.
func dragTable() (root, pile *Node, cards []*Node) {
	root = NewRoot("table")
	pile = card("pile", 640, 200, 0)
	hand := NewNode("hand", 0, 0)
	hand.X, hand.Y = 640, 560
	for _, name := range []string{"left", "right"} {
		c := card(name, 0, 0, 0)
		sticker := NewNode(name+" sticker", 20, 20)
		sticker.X, sticker.Y, sticker.Interactive = 15, 120, true
		c.Add(sticker)
		hand.Add(c)
		cards = append(cards, c)
	}
	Fan(cards, 0.3, 300)
	root.Add(pile, hand)
	return root, pile, cards
}

func TestDrag(t *testing.T) {
	press := func(x, y float64) Nav { return Nav{PointerX: x, PointerY: y, Click: true, PointerDown: true} }
	hold := func(x, y float64) Nav { return Nav{PointerX: x, PointerY: y, PointerDown: true} }
	release := func(x, y float64) Nav { return Nav{PointerX: x, PointerY: y} }
	root, pile, cards := dragTable()
	left, right := cards[0], cards[1]
	// These points lie clear of the stickers and of the other card.
	lx, ly := worldAt(left, 20, 100)
	rx, ry := worldAt(right, 80, 100)

	type want struct {
		source, target *Node
		active, moved  bool
		dropped        bool
	}
	tests := []struct {
		name  string
		ticks []Nav
		want  want
	}{
		{"a click is a press let go where it began", []Nav{press(lx, ly), release(lx, ly)},
			want{source: left, dropped: true}},
		{"a tap within one tick starts no drag", []Nav{{PointerX: lx, PointerY: ly, Click: true}}, want{}},
		{"carried onto the pile", []Nav{press(rx, ry), hold(rx, ry-100), hold(640, 200), release(640, 200)},
			want{source: right, target: pile, moved: true, dropped: true}},
		{"still carried over the pile", []Nav{press(rx, ry), hold(640, 200)},
			want{source: right, target: pile, active: true, moved: true}},
		{"dropped on nothing", []Nav{press(lx, ly), hold(100, 100), release(100, 100)},
			want{source: left, moved: true, dropped: true}},
		{"held over itself, it is not its own target", []Nav{press(rx, ry), hold(rx+1, ry)},
			want{source: right, active: true}},
		{"a press on nothing picks nothing up", []Nav{press(100, 100), hold(lx, ly), release(lx, ly)}, want{}},
		{"the tick after a drop is idle", []Nav{press(lx, ly), release(lx, ly), release(lx, ly)}, want{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var d Drag
			for i := range tt.ticks {
				d.Update(root, &tt.ticks[i])
			}
			got := want{d.Source, d.Target, d.Active(), d.Moved, d.Dropped}
			if got != tt.want {
				t.Errorf("source %s target %s active %v moved %v dropped %v;\nwant source %s target %s active %v moved %v dropped %v",
					nodeName(got.source), nodeName(got.target), got.active, got.moved, got.dropped,
					nodeName(tt.want.source), nodeName(tt.want.target), tt.want.active, tt.want.moved, tt.want.dropped)
			}
		})
	}
}

// TestDragLeavesOutTheCarriedCard: under the carried card and its sticker
// the target is what lies beneath, not the card or the sticker.
func TestDragLeavesOutTheCarriedCard(t *testing.T) {
	root, _, cards := dragTable()
	left, right := cards[0], cards[1]
	// A point on the right card's sticker that is also on the left card.
	x, y := worldAt(right, 10, 120)
	if hit := root.HitTest(x, y); hit == nil || hit.Parent() != right || !boxContains(left.World(), left.W, left.H, x, y) {
		t.Fatalf("the point hits %s; want the right card's sticker, over the left card", nodeName(hit))
	}
	var d Drag
	rx, ry := worldAt(right, 80, 100)
	d.Update(root, &Nav{PointerX: rx, PointerY: ry, Click: true, PointerDown: true})
	d.Update(root, &Nav{PointerX: x, PointerY: y, PointerDown: true})
	if d.Source != right || d.Target != left {
		t.Errorf("carrying %s over %s, want the right card over the left one", nodeName(d.Source), nodeName(d.Target))
	}
	if dx, dy := d.Offset(); dx != x-rx || dy != y-ry {
		t.Errorf("offset (%v, %v), want (%v, %v)", dx, dy, x-rx, y-ry)
	}
	d.Cancel()
	if d.Active() || d.Source != nil {
		t.Errorf("after Cancel: %+v", d)
	}
}
