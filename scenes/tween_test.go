package scenes

import (
	"math"
	"testing"
)

var eases = []struct {
	name string
	f    Ease
}{
	{"Linear", Linear}, {"QuadIn", QuadIn}, {"QuadOut", QuadOut}, {"QuadInOut", QuadInOut},
	{"CubicOut", CubicOut}, {"CubicInOut", CubicInOut}, {"BackIn", BackIn}, {"BackOut", BackOut},
	{"ElasticOut", ElasticOut},
}

func TestEaseEndpoints(t *testing.T) {
	for _, e := range eases {
		if got := e.f(0); math.Abs(got) > 1e-9 {
			t.Errorf("%s(0) = %v", e.name, got)
		}
		if got := e.f(1); math.Abs(got-1) > 1e-9 {
			t.Errorf("%s(1) = %v", e.name, got)
		}
	}
	if BackOut(0.8) <= 1 || ElasticOut(0.2) <= 1 {
		t.Error("BackOut and ElasticOut should overshoot")
	}
}

// TestTweenEndsOnExactTick: a tween of n ticks after a delay of d reaches
// its end value on tick d+n exactly, not before.
func TestTweenEndsOnExactTick(t *testing.T) {
	for _, e := range eases {
		for _, c := range []struct{ ticks, delay int }{{1, 0}, {30, 0}, {45, 7}} {
			v := 10.0
			var ts Tweens
			done := 0
			ts.Add(Tween{Target: &v, To: 250, Ticks: c.ticks, Delay: c.delay, Ease: e.f, Done: func() { done++ }})
			for tick := 1; tick <= c.delay+c.ticks; tick++ {
				ts.Step(false)
				last := tick == c.delay+c.ticks
				if last != (v == 250) || last == ts.Busy() || (done == 1) != last {
					t.Fatalf("%s %+v: after tick %d value %v busy %v done %d", e.name, c, tick, v, ts.Busy(), done)
				}
				if tick <= c.delay && v != 10 {
					t.Fatalf("%s %+v: moved during its delay (tick %d: %v)", e.name, c, tick, v)
				}
			}
		}
	}
}

func TestTweenReducedMotion(t *testing.T) {
	n := NewNode("card", 10, 10)
	var ts Tweens
	ts.Move(n, 300, 200, 40, CubicInOut)
	ts.Fade(n, 0, 20)
	ts.Step(true)
	if n.X != 300 || n.Y != 200 {
		t.Errorf("motion with reduced motion: at (%v, %v) after one tick, want (300, 200)", n.X, n.Y)
	}
	if n.Alpha == 0 || n.Alpha == 1 {
		t.Errorf("a fade must still run with reduced motion: alpha %v after one tick", n.Alpha)
	}
	for range 19 {
		ts.Step(true)
	}
	if n.Alpha != 0 || ts.Busy() {
		t.Errorf("fade: alpha %v, busy %v after 20 ticks", n.Alpha, ts.Busy())
	}
}

func TestTweenRetarget(t *testing.T) {
	v := 0.0
	var ts Tweens
	ts.Add(Tween{Target: &v, To: 100, Ticks: 10})
	for range 5 {
		ts.Step(false)
	}
	ts.Add(Tween{Target: &v, To: 0, Ticks: 5}) // replaces the first
	if ts.Len() != 1 {
		t.Fatalf("%d tweens on one target", ts.Len())
	}
	ts.Step(false)
	if v != 40 { // from 50 towards 0, a fifth of the way
		t.Errorf("retargeted tween at %v, want 40", v)
	}
}

func BenchmarkTweensStep(b *testing.B) {
	nodes := make([]*Node, 32)
	var ts Tweens
	b.ReportAllocs()
	for b.Loop() {
		if !ts.Busy() {
			for i := range nodes {
				if nodes[i] == nil {
					nodes[i] = NewNode("n", 1, 1)
				}
				ts.Move(nodes[i], float64(i), 100, 30, QuadInOut)
			}
		}
		ts.Step(false)
	}
}
