package scenes

import "math"

// Ease maps the progress of a tween, from 0 to 1, to the fraction of the
// way travelled. It must return 0 for 0 and 1 for 1; in between it may
// overshoot (Back, Elastic).
type Ease func(t float64) float64

// Linear moves at a constant speed.
func Linear(t float64) float64 { return t }

// QuadIn starts slowly and accelerates.
func QuadIn(t float64) float64 { return t * t }

// QuadOut starts fast and decelerates.
func QuadOut(t float64) float64 { return 1 - (1-t)*(1-t) }

// QuadInOut accelerates, then decelerates.
func QuadInOut(t float64) float64 {
	if t < 0.5 {
		return 2 * t * t
	}
	u := -2*t + 2
	return 1 - u*u/2
}

// CubicOut decelerates more sharply than QuadOut.
func CubicOut(t float64) float64 {
	u := 1 - t
	return 1 - u*u*u
}

// CubicInOut accelerates and decelerates more sharply than QuadInOut.
func CubicInOut(t float64) float64 {
	if t < 0.5 {
		return 4 * t * t * t
	}
	u := -2*t + 2
	return 1 - u*u*u/2
}

// backC is the overshoot of the Back eases (about 10%).
const backC = 1.70158

// BackOut overshoots the end and settles back: a card snapping into place.
func BackOut(t float64) float64 {
	u := t - 1
	return 1 + (backC+1)*u*u*u + backC*u*u
}

// BackIn pulls back before leaving: a card lifted before it is thrown.
func BackIn(t float64) float64 { return (backC+1)*t*t*t - backC*t*t }

// ElasticOut overshoots and wobbles to rest: a token landing.
func ElasticOut(t float64) float64 {
	if t <= 0 || t >= 1 {
		return t
	}
	return math.Pow(2, -10*t)*math.Sin((t*10-0.75)*(2*math.Pi/3)) + 1
}
