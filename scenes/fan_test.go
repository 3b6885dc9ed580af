package scenes

// The tests lay out turned, overlapping cards as a hand held fanned; no
// table holds its hand so yet, so Fan lives with the tests.

// Fan lays cards out as a hand held fanned: each turned step radians
// (clockwise) from the one before, about a point radius below the cards'
// centres, the middle of the hand upright with its centre at (0, 0) of
// their parent. Add the cards to one parent in the same order, so that
// each lies over the one before, as in a hand held. Fan sets the cards'
// pivots, positions and rotations, nothing else; step 0 stacks them.
func Fan(cards []*Node, step, radius float64) {
	mid := float64(len(cards)-1) / 2
	for i, c := range cards {
		c.PivotX, c.PivotY = c.W/2, c.H/2+radius
		c.X, c.Y = 0, radius
		c.Rotation = (float64(i) - mid) * step
	}
}
