package elevensuitstable

import (
	"github.com/jankenarcade/janken/scenes"
)

// The middle of the table, where a card carried from the hand attacks or
// defends: the attacker's and the defender's places with a margin.
const (
	battleAreaW = defX - attX + 100*battleScale + 80
	battleAreaH = 140*battleScale + 60
)

// choiceNodes are the scene graph the pointer is hit-tested against: a
// node for each of the acting seat's choices (ID: its index in
// table.choice), the battle area a hand card is carried onto, and the
// naming grid's cells (ID: suit*3 + symbol index). Only the choices or
// the grid show at a time.
type choiceNodes struct {
	root    *scenes.Node
	options []*scenes.Node // the pools; those past the choices are hidden
	grid    []*scenes.Node
	battle  *scenes.Node
}

// newChoiceNodes returns the graph with the battle area in place, not
// yet taking a card, and no choices.
func newChoiceNodes() choiceNodes {
	battle := scenes.NewNode("battle", battleAreaW, battleAreaH)
	battle.X, battle.Y = (attX+defX)/2, battleY
	root := scenes.NewRoot("elevensuits")
	root.Add(battle)
	return choiceNodes{root: root, battle: battle}
}

// layout places a node on each choice's box, the grid hidden.
func (n *choiceNodes) layout(choice []option) {
	n.options = n.show(n.options, len(choice), func(i int, o *scenes.Node) {
		b := choice[i]
		o.X, o.Y, o.W, o.H = b.x, b.y, b.w, b.h
	})
	n.grid = n.show(n.grid, 0, nil)
}

// layoutGrid places a node on each cell of the naming grid of suits
// suits, the choices hidden.
func (n *choiceNodes) layoutGrid(suits int) {
	n.grid = n.show(n.grid, 3*suits, func(i int, o *scenes.Node) {
		o.X, o.Y = gridCell(i/3, i%3)
		o.W, o.H = gridCellW, gridCellH
	})
	n.options = n.show(n.options, 0, nil)
}

// show shows the first count nodes of pool, each placed by place(i, node)
// with ID i, and hides the rest; it grows the pool the first time a turn
// needs more nodes than any before.
func (n *choiceNodes) show(pool []*scenes.Node, count int, place func(i int, o *scenes.Node)) []*scenes.Node {
	for len(pool) < count {
		o := scenes.NewNode("choice", 0, 0)
		o.PivotX, o.PivotY, o.Interactive = 0, 0, true
		pool = append(pool, o)
		n.root.Add(o)
	}
	for i, o := range pool {
		o.Hidden = i >= count
		if !o.Hidden {
			o.ID = i
			place(i, o)
		}
	}
	return pool
}

// at returns the ID of the choice or grid cell under logical (x, y), or
// -1.
func (n *choiceNodes) at(x, y float64) int {
	if hit := n.root.HitTest(x, y); hit != nil && hit != n.battle {
		return hit.ID
	}
	return -1
}

// carried returns the index in choice of the hand card d carries, or -1.
func (n *choiceNodes) carried(d *scenes.Drag, choice []option) int {
	if d.Source == nil || d.Source == n.battle || d.Source.Hidden {
		return -1
	}
	if i := d.Source.ID; i < len(choice) && choice[i].fromHand() {
		return i
	}
	return -1
}
