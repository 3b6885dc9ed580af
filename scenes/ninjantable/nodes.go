package ninjantable

import (
	"github.com/jankenarcade/janken/rulesets/ninjan"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/sprites"
)

// targets is the scene graph the pointer is tested against: the acting
// seat's options laid out where they are drawn (hand cards, throw
// buttons, piles), each node's ID the option's index in the offer, and
// the centre of the table, where a card carried from the hand is played.
type targets struct {
	root   *scenes.Node
	centre *scenes.Node
	piles  [ninjan.NumPiles]*scenes.Node
	hand   [ninjan.Rounds]*scenes.Node
	throws [4]*scenes.Node

	drag      scenes.Drag
	draggedAt int64 // the tick drag last followed the pointer
}

func newTargets() *targets {
	g := &targets{root: scenes.NewRoot("table"), draggedAt: -1}
	g.centre = box(legendX+legendW, sideTop, logX-legendX-legendW, sideBottom-sideTop)
	g.root.Add(g.centre)
	for p := range g.piles {
		g.piles[p] = box(pileX(p)-115, pileTop-10, 230, pileLabelY+16-pileTop+10)
		g.root.Add(g.piles[p])
	}
	for i := range g.hand {
		g.hand[i] = scenes.NewNode("card", sprites.CardWidth, sprites.CardHeight)
		g.root.Add(g.hand[i])
	}
	for i := range g.throws {
		g.throws[i] = box(throwBox(i))
		g.root.Add(g.throws[i])
	}
	return g
}

// box returns a node covering the box with its top-left corner at (x, y).
func box(x, y, w, h float64) *scenes.Node {
	n := scenes.NewNode("", w, h)
	n.PivotX, n.PivotY, n.X, n.Y = 0, 0, x, y
	return n
}

// setOut makes the options of legal the interactive nodes: the piles
// named by a claim or a place, and, if showsHand, the hand cards and the
// throw buttons.
func (g *targets) setOut(legal []ninjan.Action, showsHand bool) {
	for _, n := range g.root.Children() {
		n.Interactive = false
	}
	n := len(legal)
	for k, a := range legal {
		var node *scenes.Node
		switch {
		case a.Kind == ninjan.Claim || a.Kind == ninjan.Place:
			node = g.piles[a.Pile]
		case !showsHand:
			continue
		case a.Kind == ninjan.Play:
			node = g.hand[k]
			node.X, node.Y = handPos(k, n)
		case a.Kind == ninjan.Throw:
			node = g.throws[k]
		}
		node.ID, node.Interactive = k, true
	}
}

// carried reports whether n is a hand card.
func (g *targets) carried(n *scenes.Node) bool {
	return n != nil && n.ID < len(g.hand) && g.hand[n.ID] == n
}

// carrying returns the option being carried from the hand on tick, and
// how far the pointer has carried it, or -1.
func (g *targets) carrying(tick int64) (k int, dx, dy float64) {
	if g.draggedAt != tick || !g.drag.Active() {
		return -1, 0, 0
	}
	dx, dy = g.drag.Offset()
	return g.drag.Source.ID, dx, dy
}

// follow follows the pointer on tick. It reports the option picked by a
// drop — a hand card let go over the centre of the table, or where it was
// picked up — or by a click (-1: none), and the option under the pointer,
// or being carried, for hover (-1: none). Only hand cards are carried; a
// pile or a throw is clicked.
func (g *targets) follow(nav *scenes.Nav, tick int64) (picked, hover int) {
	if g.draggedAt != tick-1 {
		g.drag.Cancel() // a drag of an earlier turn
	}
	g.draggedAt = tick
	d := &g.drag
	g.centre.Interactive = g.carried(d.Source)
	d.Update(g.root, nav)
	if d.Source != nil && !g.carried(d.Source) {
		d.Cancel()
	}
	switch {
	case d.Dropped && (d.Target == g.centre || !d.Moved):
		return d.Source.ID, -1
	case d.Dropped:
		return -1, -1 // let go elsewhere: the card goes back
	case d.Active():
		return -1, d.Source.ID
	}
	hit := g.root.HitTest(nav.PointerX, nav.PointerY)
	switch {
	case hit == nil:
		return -1, -1
	case nav.Click:
		return hit.ID, -1
	}
	return -1, hit.ID
}
