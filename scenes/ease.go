package scenes

// Easing curves map the progress of an animation counted in ticks, from 0
// to 1, to the fraction of the way travelled: 0 for 0 and 1 for 1.

// CubicOut starts fast and decelerates: a card dealt, landing softly.
func CubicOut(t float64) float64 {
	u := 1 - t
	return 1 - u*u*u
}

// CubicInOut accelerates, then decelerates: a card flying across the
// table, a slide between screens.
func CubicInOut(t float64) float64 {
	if t < 0.5 {
		return 4 * t * t * t
	}
	u := -2*t + 2
	return 1 - u*u*u/2
}
