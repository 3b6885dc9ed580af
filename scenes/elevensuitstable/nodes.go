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
// table.choice), and the battle area a hand card is carried onto.
type choiceNodes struct {
	root    *scenes.Node
	options []*scenes.Node // the pool; those past the choices are hidden
	battle  *scenes.Node
}

func newChoiceNodes() choiceNodes {
	battle := scenes.NewNode("battle", battleAreaW, battleAreaH)
	battle.X, battle.Y = (attX+defX)/2, battleY
	root := scenes.NewRoot("elevensuits")
	root.Add(battle)
	return choiceNodes{root: root, battle: battle}
}

// layout places a node on each choice's box, growing the pool the first
// time a turn offers more choices than any before.
func (n *choiceNodes) layout(choice []option) {
	for len(n.options) < len(choice) {
		o := scenes.NewNode("choice", 0, 0)
		o.Interactive = true
		n.options = append(n.options, o)
		n.root.Add(o)
	}
	for i, o := range n.options {
		o.Hidden = i >= len(choice)
		if o.Hidden {
			continue
		}
		b := choice[i]
		o.ID = i
		o.X, o.Y, o.W, o.H = b.x, b.y, b.w, b.h
		o.PivotX, o.PivotY = 0, 0
	}
}

// at returns the index of the choice under logical (x, y), or -1.
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
