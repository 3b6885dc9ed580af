package scenes

import (
	"github.com/hajimehoshi/ebiten/v2"
)

// TransitionKind is how one scene gives way to another.
type TransitionKind uint8

// The transitions.
const (
	Cut        TransitionKind = iota // at once
	Fade                             // through the backdrop colour
	SlideLeft                        // the new scene comes in from the right
	SlideRight                       // the new scene comes in from the left
)

// Transition is a change of scene lasting Ticks ticks. With reduced motion
// on, slides become fades of the same length.
type Transition struct {
	Kind  TransitionKind
	Ticks int
}

// Common transitions.
var (
	FadeQuick = Transition{Kind: Fade, Ticks: 18}
	Forward   = Transition{Kind: SlideLeft, Ticks: 24}
	Backward  = Transition{Kind: SlideRight, Ticks: 24}
)

// transition is one in progress: from (drawn as it was) gives way to the
// new top of the stack.
type transition struct {
	Transition
	from    Scene
	elapsed int
}

func (t *transition) active() bool { return t.from != nil }

// progress returns how far the transition is, from 0 to 1.
func (t *transition) progress() float64 {
	return float64(t.elapsed) / float64(t.Ticks)
}

// shown returns the kind of transition to draw: with reduced motion,
// nothing slides.
func (t *transition) shown(reducedMotion bool) TransitionKind {
	if reducedMotion && t.Kind != Cut {
		return Fade
	}
	return t.Kind
}

// revealsAt returns the tick from which the new scene shows: the middle
// of a fade (where it is still fully transparent), the start of a slide.
func (t *transition) revealsAt(reducedMotion bool) int {
	if t.shown(reducedMotion) == Fade {
		return t.Ticks / 2
	}
	return 0
}

// compose draws the transition on dst from the two scenes' off-screen
// images, each the size of the viewport at (ox, oy). Fades go out to
// dst's colour, then in: two scenes are never blended at once.
func (t *transition) compose(dst, from, to *ebiten.Image, ox, oy float64, reducedMotion bool) {
	p := t.progress()
	kind := t.shown(reducedMotion)
	var o ebiten.DrawImageOptions
	switch kind {
	case Fade:
		img, a := from, 1-2*p
		if p >= 0.5 {
			img, a = to, 2*p-1
		}
		// dst was cleared to the backdrop's deep colour.
		o.GeoM.Translate(ox, oy)
		o.ColorScale.ScaleAlpha(float32(a))
		dst.DrawImage(img, &o)
	case SlideLeft, SlideRight:
		w := float64(from.Bounds().Dx())
		e := CubicInOut(p)
		dir := -1.0
		if kind == SlideRight {
			dir = 1
		}
		o.GeoM.Translate(ox+dir*e*w, oy)
		dst.DrawImage(from, &o)
		o.GeoM.Reset()
		o.GeoM.Translate(ox+dir*(e-1)*w, oy)
		dst.DrawImage(to, &o)
	default:
		o.GeoM.Translate(ox, oy)
		dst.DrawImage(to, &o)
	}
}
