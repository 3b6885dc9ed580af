package scenes

// Tween animates one float (a node's X, Alpha, Rotation …) from its value
// when the tween starts to To over Ticks ticks. Tweens count ticks, never
// wall-clock time, so an animation replays identically and ends on an
// exact tick: a tween of Ticks n that starts on the tick after its Delay
// sets *Target to exactly To on its n-th tick.
type Tween struct {
	Target *float64
	To     float64
	Ticks  int  // duration; 0 or less jumps on the first tick
	Delay  int  // ticks to wait before starting
	Ease   Ease // nil means Linear
	// Motion marks a tween that moves, scales or turns something: with
	// reduced motion on, it jumps to its end on its first tick. Fades
	// and colour changes are not motion.
	Motion bool
	// Done, if set, is called on the tick the tween ends.
	Done func()

	from    float64
	elapsed int
	started bool
}

// step advances the tween by one tick and reports whether it has ended.
func (tw *Tween) step(reducedMotion bool) bool {
	if tw.Delay > 0 && !(reducedMotion && tw.Motion) {
		tw.Delay--
		return false
	}
	if !tw.started {
		tw.from, tw.started = *tw.Target, true
	}
	tw.elapsed++
	if tw.elapsed >= tw.Ticks || (reducedMotion && tw.Motion) {
		*tw.Target = tw.To
		return true
	}
	ease := tw.Ease
	if ease == nil {
		ease = Linear
	}
	p := ease(float64(tw.elapsed) / float64(tw.Ticks))
	*tw.Target = tw.from + (tw.To-tw.from)*p
	return false
}

// Tweens runs a set of tweens. Its zero value is empty and ready; a scene
// usually owns one and steps it once per Update. Adding a tween for a
// target that already has one replaces the older tween, so a card
// retargeted mid-flight turns smoothly from where it is.
type Tweens struct {
	list []Tween
}

// Add starts tw (replacing any running tween of the same target).
func (ts *Tweens) Add(tw Tween) {
	ts.Cancel(tw.Target)
	ts.list = append(ts.list, tw)
}

// Cancel stops the tween of target, leaving the value where it is.
func (ts *Tweens) Cancel(target *float64) {
	for i := range ts.list {
		if ts.list[i].Target == target {
			ts.list = append(ts.list[:i], ts.list[i+1:]...)
			return
		}
	}
}

// Clear stops every tween.
func (ts *Tweens) Clear() { ts.list = ts.list[:0] }

// Busy reports whether a tween is running.
func (ts *Tweens) Busy() bool { return len(ts.list) > 0 }

// Len returns the number of running tweens.
func (ts *Tweens) Len() int { return len(ts.list) }

// Step advances every tween by one tick. Tweens marked Motion jump to
// their end when reducedMotion is set. Done callbacks run after the
// finished tweens are removed, so a callback may add new tweens.
func (ts *Tweens) Step(reducedMotion bool) {
	keep := ts.list[:0]
	var doneBuf [8]func()
	done := doneBuf[:0]
	for i := range ts.list {
		tw := ts.list[i]
		if tw.step(reducedMotion) {
			if tw.Done != nil {
				done = append(done, tw.Done)
			}
			continue
		}
		keep = append(keep, tw)
	}
	clear(ts.list[len(keep):])
	ts.list = keep
	for _, f := range done {
		f()
	}
}

// Move tweens n's position to (x, y).
func (ts *Tweens) Move(n *Node, x, y float64, ticks int, ease Ease) {
	ts.Add(Tween{Target: &n.X, To: x, Ticks: ticks, Ease: ease, Motion: true})
	ts.Add(Tween{Target: &n.Y, To: y, Ticks: ticks, Ease: ease, Motion: true})
}

// Scale tweens n's scale (both axes) to s.
func (ts *Tweens) Scale(n *Node, s float64, ticks int, ease Ease) {
	ts.Add(Tween{Target: &n.ScaleX, To: s, Ticks: ticks, Ease: ease, Motion: true})
	ts.Add(Tween{Target: &n.ScaleY, To: s, Ticks: ticks, Ease: ease, Motion: true})
}

// Rotate tweens n's rotation to radians.
func (ts *Tweens) Rotate(n *Node, radians float64, ticks int, ease Ease) {
	ts.Add(Tween{Target: &n.Rotation, To: radians, Ticks: ticks, Ease: ease, Motion: true})
}

// Fade tweens n's alpha to alpha. A fade is not motion: it runs even
// with reduced motion on.
func (ts *Tweens) Fade(n *Node, alpha float64, ticks int) {
	ts.Add(Tween{Target: &n.Alpha, To: alpha, Ticks: ticks, Ease: QuadInOut})
}
