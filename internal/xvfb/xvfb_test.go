package xvfb

import "testing"

func TestEnsure(t *testing.T) {
	tests := []struct {
		name                    string
		display, wayland, under string
		code                    int
		rerun                   bool
	}{
		{name: "X display", display: ":99", code: 0, rerun: false},
		{name: "Wayland display", wayland: "wayland-0", code: 0, rerun: false},
		{name: "no display even under xvfb-run", under: "1", code: 1, rerun: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv("DISPLAY", tt.display)
			t.Setenv("WAYLAND_DISPLAY", tt.wayland)
			t.Setenv(underEnv, tt.under)
			code, rerun := Ensure("xvfb test")
			if code != tt.code || rerun != tt.rerun {
				t.Errorf("Ensure = %d, %v; want %d, %v", code, rerun, tt.code, tt.rerun)
			}
		})
	}
}
