package thatsminetable

import (
	"math"

	tm "github.com/jankenarcade/janken/rulesets/thatsmine"
	"github.com/jankenarcade/janken/scenes"
)

// The hand's cards as drawn, how far the chosen one is raised, and the
// name of their nodes.
const (
	cardNode  = "card"
	handCardW = 88.0
	handCardH = 124.0
	raise     = 22.0
)

// The wager buttons' and the caption panel's boxes.
const (
	minusX, plusX, playX = 534.0, 650.0, 760.0
	wagerButtonW         = 44.0
	playButtonW          = 180.0
	centreX, centreW     = 270.0, tableW - 280
	centreTop, centreH   = centreY - 52, 112.0
)

// graph is what the pointer can reach, as scene nodes under one root: the
// seat's hand, the wager buttons, the Play button and the caption panel
// in the middle of the table (a card dropped on either plays it). Input
// and Draw lay it out alike; Input hit-tests it and carries cards over it.
type graph struct {
	root              *scenes.Node
	cards             [tm.NumCards]*scenes.Node // ID: index into the hand
	minus, plus, play *scenes.Node
	centre            *scenes.Node

	drag   scenes.Drag
	touch  bool  // the screen has been touched: finger-sized buttons
	raised bool  // the card pressed was the chosen one: a click on it plays
	hover  int   // the hand's card under the pointer, or -1
	last   int64 // the runner's tick the pointer was last followed on
}

func newGraph() graph {
	g := graph{root: scenes.NewRoot("thatsmine"), hover: -1}
	for i := range g.cards {
		g.cards[i] = scenes.NewNode(cardNode, handCardW, handCardH)
		g.cards[i].ID = i
	}
	g.minus = box("minus", minusX, wagerTop, wagerButtonW, buttonH)
	g.plus = box("plus", plusX, wagerTop, wagerButtonW, buttonH)
	g.play = box("play", playX, wagerTop, playButtonW, buttonH)
	g.centre = box("centre", centreX, centreTop, centreW, centreH)
	g.root.Add(g.centre, g.minus, g.plus, g.play)
	g.root.Add(g.cards[:]...)
	g.layout(0, false, 0)
	return g
}

// box returns an interactive node covering the rectangle at (x, y) of
// size w×h on the logical screen.
func box(name string, x, y, w, h float64) *scenes.Node {
	n := scenes.NewNode(name, w, h)
	n.X, n.Y, n.Interactive = x+w/2, y+h/2, true
	return n
}

// layout places a hand of n cards, the card at cursor raised when the
// seat is choosing, and shows the buttons and the drop target only then.
func (g *graph) layout(n int, acting bool, cursor int) {
	step := math.Min(100, (tableW-40)/float64(max(n, 1)))
	left := tableW/2 - step*float64(n-1)/2
	for i, card := range g.cards {
		card.Hidden = i >= n
		card.Interactive = acting
		card.X, card.Y = left+step*float64(i), handY
		if acting && i == cursor {
			card.Y -= raise
		}
	}
	for _, b := range []*scenes.Node{g.minus, g.plus, g.play, g.centre} {
		b.Hidden = !acting
	}
	g.buttonHits()
}

// buttonHits sizes the wager buttons' and the Play button's hit areas:
// their drawn boxes, or once the screen has been touched, at least
// scenes.TouchTarget each way (the wager buttons squares around them,
// Play as wide as drawn), from the caption panel's bottom down: clear of
// it, so that a card dropped on the panel plays; the hand's cards lie in
// front.
func (g *graph) buttonHits() {
	w, h, top := wagerButtonW, buttonH, wagerTop
	if g.touch {
		w, h, top = scenes.TouchTarget, scenes.TouchTarget, centreTop+centreH
	}
	for _, b := range []*scenes.Node{g.minus, g.plus} {
		b.W, b.H, b.PivotX, b.PivotY, b.Y = w, h, w/2, h/2, top+h/2
	}
	g.play.H, g.play.PivotY, g.play.Y = h, h/2, top+h/2
}

// carried returns the hand's card being dragged, or nil.
func (g *graph) carried() *scenes.Node {
	if !g.drag.Active() || g.drag.Source.Name != cardNode {
		return nil
	}
	return g.drag.Source
}

// pointer follows the pointer on the runner's tick over the graph, laid
// out for the seat's choice p with wagers up to most: a press on a card
// chooses it, on a wager button changes the wager; a click on the chosen
// card, a press on Play, or a card carried onto Play or the middle of the
// table plays. It reports whether the seat plays. A drag lasts only while
// the seat acts on every tick: one left over from before a gap (the
// curtain fell, the show ran) is dropped, and plays nothing.
func (g *graph) pointer(tick int64, nav *scenes.Nav, p *pick, most int) bool {
	if tick != g.last+1 {
		g.drag.Cancel()
	}
	g.last = tick
	g.drag.Update(g.root, nav)
	hit := g.root.HitTest(nav.PointerX, nav.PointerY)
	g.hover = -1
	if hit != nil && hit.Name == cardNode && !g.drag.Active() {
		g.hover = hit.ID
	}
	play := false
	if nav.Click {
		play = g.press(hit, p, most, !nav.PointerDown)
	}
	if g.drag.Dropped && g.drag.Source.Name == cardNode {
		play = g.drop() || play
	}
	return play
}

// press acts on a press on hit, released on the same tick if released; it
// reports whether the press plays.
func (g *graph) press(hit *scenes.Node, p *pick, most int, released bool) bool {
	if hit == nil {
		return false
	}
	switch hit {
	case g.minus:
		p.wager = max(p.wager-1, 0)
	case g.plus:
		p.wager = min(p.wager+1, most)
	case g.play:
		return true
	}
	if hit.Name != cardNode {
		return false
	}
	g.raised = p.cursor == hit.ID // a second click on the raised card plays it
	p.cursor = hit.ID
	return g.raised && released
}

// drop reports whether the card just let go plays: clicked when already
// chosen, or carried onto Play or the middle of the table. Anywhere else
// it goes back to the hand.
func (g *graph) drop() bool {
	if !g.drag.Moved {
		return g.raised
	}
	return g.drag.Target == g.play || g.drag.Target == g.centre
}
