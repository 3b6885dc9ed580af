package scenes

import (
	"github.com/hajimehoshi/ebiten/v2"
)

// Node is an element of a scene graph: a card, a token, a button, a hand
// of cards. Its local box runs from (0, 0) to (W, H); Pivot is
// the point of that box placed at (X, Y) in the parent's coordinates, and
// the point it scales and turns around. Children are drawn after (over)
// their parent, in increasing Z and, for equal Z, in the order they were
// added; hit tests visit them in the reverse order, so the front-most node
// wins.
//
// Make nodes with NewNode: the zero Node has scale 0 and alpha 0.
type Node struct {
	Name string
	ID   int // free for the scene: a card index, a menu entry

	X, Y           float64 // position of the pivot in the parent
	PivotX, PivotY float64 // in the local box
	W, H           float64 // the local box: drawing and hit area
	ScaleX, ScaleY float64
	Rotation       float64 // radians, clockwise on screen
	Alpha          float64 // 0 (invisible) to 1, multiplied down the tree
	Z              int

	Hidden      bool // neither drawn nor hit, children included
	Interactive bool // reported by HitTest
	Drawable    Drawable

	parent   *Node
	children []*Node
	seq      uint64 // order of Add among its siblings, for equal Z
	added    uint64 // how many children were ever added
	unsorted bool
}

// NewNode returns a visible node of size w×h with its pivot at the
// centre, at scale 1.
func NewNode(name string, w, h float64) *Node {
	return &Node{Name: name, W: w, H: h, PivotX: w / 2, PivotY: h / 2, ScaleX: 1, ScaleY: 1, Alpha: 1}
}

// NewRoot returns a node the size of the logical screen with its pivot at
// the top-left corner, so that its children are placed in screen
// coordinates: the root of a scene's graph.
func NewRoot(name string) *Node {
	n := NewNode(name, ScreenWidth, ScreenHeight)
	n.PivotX, n.PivotY = 0, 0
	return n
}

// Drawable draws a node's own content in its local box. geo maps the box
// to the canvas's logical coordinates (combine it with the canvas's own
// with Canvas.Path or Canvas.DrawImage); alpha is the node's alpha times
// its ancestors'.
type Drawable interface {
	DrawNode(c *Canvas, n *Node, geo ebiten.GeoM, alpha float64)
}

// Add appends children, removing each from its former parent.
func (n *Node) Add(children ...*Node) {
	for _, ch := range children {
		if ch.parent != nil {
			ch.parent.Remove(ch)
		}
		ch.parent = n
		n.added++
		ch.seq = n.added
		n.children = append(n.children, ch)
	}
	n.unsorted = true
}

// Remove detaches child from n; it does nothing if child is not n's.
func (n *Node) Remove(child *Node) {
	for i, ch := range n.children {
		if ch == child {
			last := len(n.children) - 1
			copy(n.children[i:], n.children[i+1:])
			n.children[last] = nil // let the garbage collector have it
			n.children = n.children[:last]
			child.parent = nil
			return
		}
	}
}

// Parent returns the node's parent (nil for a root).
func (n *Node) Parent() *Node { return n.parent }

// Children returns the children in drawing order. The slice belongs to the
// node.
func (n *Node) Children() []*Node {
	n.sortChildren()
	return n.children
}

// SetZ changes the node's Z and re-sorts its siblings on the next draw.
func (n *Node) SetZ(z int) {
	n.Z = z
	if n.parent != nil {
		n.parent.unsorted = true
	}
}

// sortChildren orders children by Z, then by when they were added, by
// insertion sort: in place, without allocating, and fast on the nearly
// sorted lists of a table.
func (n *Node) sortChildren() {
	if !n.unsorted {
		return
	}
	cs := n.children
	for i := 1; i < len(cs); i++ {
		for j := i; j > 0 && drawnBefore(cs[j], cs[j-1]); j-- {
			cs[j], cs[j-1] = cs[j-1], cs[j]
		}
	}
	n.unsorted = false
}

func drawnBefore(a, b *Node) bool {
	if a.Z != b.Z {
		return a.Z < b.Z
	}
	return a.seq < b.seq
}

// Local returns the transform from the node's box to its parent's
// coordinates.
func (n *Node) Local() ebiten.GeoM {
	var g ebiten.GeoM
	g.Translate(-n.PivotX, -n.PivotY)
	g.Scale(n.ScaleX, n.ScaleY)
	if n.Rotation != 0 {
		g.Rotate(n.Rotation)
	}
	g.Translate(n.X, n.Y)
	return g
}

// World returns the transform from the node's box to the root's
// coordinates (the logical screen for a scene's root).
func (n *Node) World() ebiten.GeoM {
	g := n.Local()
	for p := n.parent; p != nil; p = p.parent {
		g.Concat(p.Local())
	}
	return g
}

// Draw draws the node and its subtree on c, with the node's parent
// transform taken as the identity: call it on a scene's root.
func (n *Node) Draw(c *Canvas) {
	var g ebiten.GeoM
	n.draw(c, g, 1)
}

func (n *Node) draw(c *Canvas, parent ebiten.GeoM, alpha float64) {
	if n.Hidden {
		return
	}
	alpha *= n.Alpha
	if alpha <= 0 {
		return
	}
	g := n.Local()
	g.Concat(parent)
	if n.Drawable != nil {
		n.Drawable.DrawNode(c, n, g, alpha)
	}
	n.sortChildren()
	for _, ch := range n.children {
		ch.draw(c, g, alpha)
	}
}

// HitTest returns the front-most interactive node of the subtree whose box
// contains the point (x, y), given in the coordinates n is drawn in (the
// logical screen for a scene's root), or nil. Nodes are tried front to
// back, in the reverse of drawing order, so of overlapping cards the one
// drawn on top is hit. Turned and scaled nodes are hit where they are
// drawn. Hidden and fully transparent nodes, and their children, are never
// hit. HitTest allocates nothing.
func (n *Node) HitTest(x, y float64) *Node { return n.hitTestExcept(x, y, nil) }

// hitTestExcept is HitTest leaving out the subtree of skip: a card being
// dragged, so that what lies under it is found.
func (n *Node) hitTestExcept(x, y float64, skip *Node) *Node {
	var identity ebiten.GeoM
	return n.hitTest(identity, x, y, skip)
}

// hitTest is hitTestExcept given the transform of n's parent.
func (n *Node) hitTest(parent ebiten.GeoM, x, y float64, skip *Node) *Node {
	if n == skip || n.Hidden || n.Alpha <= 0 {
		return nil
	}
	g := n.Local()
	g.Concat(parent)
	n.sortChildren()
	for i := len(n.children) - 1; i >= 0; i-- {
		if hit := n.children[i].hitTest(g, x, y, skip); hit != nil {
			return hit
		}
	}
	if n.Interactive && boxContains(g, n.W, n.H, x, y) {
		return n
	}
	return nil
}

// boxContains reports whether the box (0, 0)–(w, h), placed by g, contains
// (x, y). The point is taken back into the box's own coordinates, where the
// box is upright whatever g turns or scales. A box scaled to nothing
// contains no point.
func boxContains(g ebiten.GeoM, w, h, x, y float64) bool {
	if !g.IsInvertible() {
		return false
	}
	g.Invert()
	lx, ly := g.Apply(x, y)
	return lx >= 0 && lx < w && ly >= 0 && ly < h
}
