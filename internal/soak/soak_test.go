package soak

import "testing"

func TestScale(t *testing.T) {
	tests := []struct {
		env  string
		want int
	}{
		{"", 5},
		{"0", 5},
		{"yes", 5},
		{"1", 500},
	}
	for _, tt := range tests {
		t.Setenv(Env, tt.env)
		if got := Scale(5, 500); got != tt.want {
			t.Errorf("%s=%q: Scale(5, 500) = %d, want %d", Env, tt.env, got, tt.want)
		}
		if got := Scale(int64(5), 500); got != int64(tt.want) {
			t.Errorf("%s=%q: Scale(int64(5), 500) = %d, want %d", Env, tt.env, got, tt.want)
		}
		if Full() != (tt.want == 500) {
			t.Errorf("%s=%q: Full() = %v", Env, tt.env, Full())
		}
	}
}
