package scenes

import "math"

// DragSlop is how far, in logical pixels, the pointer may move from where
// it pressed before a press becomes a drag rather than a click.
const DragSlop = 8

// Drag is one pointer carrying a scene node onto another: a card from a
// hand to a pile. A press on an interactive node picks it up (Source);
// while the pointer stays down, Target is the front-most interactive node
// under it, Source and its children left out; on release Dropped is set
// for one tick, with the last Source and Target, and the next Update
// starts afresh. A press released within one tick is a click and never
// starts a drag, and a drag that never went further than DragSlop (Moved
// false) is one too: a table usually plays a card either way.
//
// Drag moves nothing itself: while it is Active the scene draws Source
// shifted by Offset, and on Dropped it plays the move (or lets the card go
// back). Coordinates are those of the root given to Update (the logical
// screen for a scene's root). If Source leaves the graph or the move
// becomes illegal during a drag, the scene calls Cancel.
//
// The zero Drag is idle. Call Update once per tick from the scene's Update.
type Drag struct {
	Source, Target *Node
	StartX, StartY float64 // where the pointer picked Source up
	X, Y           float64 // where the pointer is
	Moved          bool    // the pointer went further than DragSlop from the start
	Dropped        bool    // released on this tick
}

// Update follows this tick's pointer (nav) over the graph of root.
func (d *Drag) Update(root *Node, nav *Nav) {
	if d.Dropped {
		*d = Drag{}
	}
	x, y := nav.PointerX, nav.PointerY
	if d.Source == nil {
		if nav.Click && nav.PointerDown {
			if hit := root.HitTest(x, y); hit != nil {
				*d = Drag{Source: hit, StartX: x, StartY: y, X: x, Y: y}
			}
		}
		return
	}
	d.X, d.Y = x, y
	d.Moved = d.Moved || math.Hypot(x-d.StartX, y-d.StartY) > DragSlop
	d.Target = root.hitTestExcept(x, y, d.Source)
	d.Dropped = !nav.PointerDown
}

// Active reports whether a node is being carried.
func (d *Drag) Active() bool { return d.Source != nil && !d.Dropped }

// Offset returns how far the pointer has carried Source from where it was
// picked up.
func (d *Drag) Offset() (dx, dy float64) { return d.X - d.StartX, d.Y - d.StartY }

// Cancel drops nothing and ends the drag.
func (d *Drag) Cancel() { *d = Drag{} }
