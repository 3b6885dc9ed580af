package slam

import (
	"math/bits"

	"github.com/jankenarcade/janken/rulesets"
)

// reflexes is a bot level as a model of a person's choice reaction time,
// in milliseconds from the flip and per mille. A reaction is drawn from an
// ex-Gaussian: a normal part (Mu, Sigma), the time to find the colour and
// match it, plus an exponential tail (mean Tau), the lapses of attention
// real reaction times have. A two-step card (no snap: work out which of
// two symbols wins) adds Step to the normal part.
//
// Accuracy trades against speed: ErrPermille is the chance of a wrong
// gesture at the level's median reaction on that kind of card, and it
// grows with (median/reaction)³, so a hurried press is a much likelier
// mistake (people's accuracy falls steeply on their fastest answers). After its own mistake a bot slows down by PostError on the
// next card and errs less.
type reflexes struct {
	Mu, Sigma, Tau, Step int
	ErrPermille          int // a wrong gesture on a two-step card, at the median
	SnapErrPermille      int // a gesture instead of a clap on a snap, at the median
	MashPermille         int // two gestures at once, per card
	FalseStartPermille   int // an anticipated press before the flip, per wait
	PostError            int // extra milliseconds on the card after a mistake
}

// levels are the reflexes of the ladder, each step a person a little
// faster and steadier than the last (two-step medians about 1040, 850,
// 700, 570 and 460 ms; snaps a Step quicker). The times include a
// person's screen and input lag, as a human opponent's do.
var levels = [...]reflexes{
	Novice: {Mu: 750, Sigma: 90, Tau: 175, Step: 170, ErrPermille: 80, SnapErrPermille: 120, MashPermille: 4, FalseStartPermille: 4, PostError: 120},
	Easy:   {Mu: 620, Sigma: 75, Tau: 140, Step: 140, ErrPermille: 60, SnapErrPermille: 95, MashPermille: 4, FalseStartPermille: 6, PostError: 100},
	Medium: {Mu: 510, Sigma: 60, Tau: 110, Step: 115, ErrPermille: 45, SnapErrPermille: 70, MashPermille: 3, FalseStartPermille: 8, PostError: 85},
	Hard:   {Mu: 420, Sigma: 50, Tau: 85, Step: 90, ErrPermille: 35, SnapErrPermille: 55, MashPermille: 3, FalseStartPermille: 10, PostError: 70},
	Expert: {Mu: 340, Sigma: 40, Tau: 70, Step: 70, ErrPermille: 30, SnapErrPermille: 45, MashPermille: 2, FalseStartPermille: 12, PostError: 60},
}

// Limits of a drawn reaction: nobody reads the card faster than
// minReaction; a bot that would answer later than maxErrPermille allows
// is capped there.
const (
	minReaction    = 150 // ms
	maxErrPermille = 500
	// ln2Q16 is ln 2 in units of 1/65536.
	ln2Q16 = 45426
	// tickRate is the fixed loop's ticks per second.
	tickRate = 60
)

// median returns the level's median reaction in ms to a snap (step 0) or
// a two-step card: about Mu + Step + Tau·ln 2.
func (lv *reflexes) median(step int) int { return lv.Mu + step + lv.Tau*ln2Q16>>16 }

// scaled returns the reflexes with every time multiplied by num/den.
func (lv reflexes) scaled(num, den int) reflexes {
	lv.Mu, lv.Sigma, lv.Tau = lv.Mu*num/den, lv.Sigma*num/den, lv.Tau*num/den
	lv.Step, lv.PostError = lv.Step*num/den, lv.PostError*num/den
	return lv
}

// reactionMS draws a reaction to a card in ms: step is 0 for a snap or
// Step for a two-step card, slow the post-error slowing.
func reactionMS(r *rulesets.Rand, lv *reflexes, step, slow int) int {
	rt := lv.Mu + step + slow + normalQ10(r)*lv.Sigma>>10 + exponential(r, lv.Tau)
	return max(rt, minReaction)
}

// normalQ10 draws an approximately standard normal number in units of
// 1/1024: the sum of four uniforms, centred and scaled to unit variance
// (Irwin–Hall), which is bell-shaped and bounded at ±3.46.
func normalQ10(r *rulesets.Rand) int {
	sum := 0
	for range 4 {
		sum += r.IntN(1024)
	}
	// Four uniforms on [0, 1024) have variance 4·1024²/12; √3 ≈ 1774/1024.
	return (sum - 2046) * 1774 >> 10
}

// exponential draws an exponential number with mean tau by inversion,
// −tau·ln U, in integer arithmetic: log₂ of a 32-bit uniform from its bit
// length and a linear mantissa (within 0.09 of the exact logarithm).
func exponential(r *rulesets.Rand, tau int) int {
	u := r.Uint64()>>32 | 1
	n := bits.Len64(u) - 1
	log2Q16 := int64(n)<<16 + int64((u-1<<n)<<16>>n)
	return int(int64(tau) * (32<<16 - log2Q16) * ln2Q16 >> 32)
}

// ticksAfter returns the tick offset on which a press ms milliseconds
// after the flip lands: the first tick at or after it.
func ticksAfter(ms int) int64 { return int64((ms*tickRate + 999) / 1000) }

// errPermille is the chance of a mistake on a press rt ms after the flip
// when the level's median there is med and its rate at the median is
// base: base·(med/rt)³, capped.
func errPermille(base, med, rt int) int {
	m, r := int64(med), int64(rt)
	return int(min(int64(base)*m*m*m/(r*r*r), maxErrPermille))
}

// wrongGesture returns a likely mistake on front over back: on a snap the
// back's own symbol (a gesture instead of the clap) or now and then
// another; on a two-step card mostly the losing symbol (the comparison
// reversed), sometimes a clap or the third symbol.
func wrongGesture(r *rulesets.Rand, front Card, back Back) rulesets.Buttons {
	b := back.Symbol()
	f := front.FrontSymbol(back.Colour())
	roll := r.IntN(10)
	if f == b {
		if roll < 8 {
			return gestureOf(b)
		}
		return gestureOf(b.Victim())
	}
	loser := f
	if f.Beats(b) {
		loser = b
	}
	switch {
	case roll < 7:
		return gestureOf(loser)
	case roll < 9:
		return rulesets.ButtonClap
	}
	return rulesets.Gestures &^ (gestureOf(b) | gestureOf(f) | rulesets.ButtonClap)
}
