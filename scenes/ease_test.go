package scenes

import (
	"math"
	"testing"
)

func TestEases(t *testing.T) {
	for _, e := range []struct {
		name string
		f    func(float64) float64
	}{{"CubicOut", CubicOut}, {"CubicInOut", CubicInOut}} {
		if got := e.f(0); math.Abs(got) > 1e-9 {
			t.Errorf("%s(0) = %v", e.name, got)
		}
		if got := e.f(1); math.Abs(got-1) > 1e-9 {
			t.Errorf("%s(1) = %v", e.name, got)
		}
		for i := range 100 {
			if a, b := e.f(float64(i)/100), e.f(float64(i+1)/100); b < a {
				t.Errorf("%s goes back between %d%% and %d%%: %v then %v", e.name, i, i+1, a, b)
			}
		}
	}
	if CubicOut(0.5) <= 0.5 || CubicInOut(0.25) >= 0.25 {
		t.Error("CubicOut must lead and CubicInOut start slowly")
	}
}
