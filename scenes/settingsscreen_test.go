package scenes

import (
	"testing"

	"github.com/jankenarcade/janken/assets"
)

func TestVolumeLabel(t *testing.T) {
	for _, c := range []struct {
		volume int
		device assets.Device
		want   string
	}{
		{80, assets.DeviceOn, "80%"},
		{80, assets.DeviceOpening, "80%"},
		{0, assets.DeviceOn, "Muted"},
		{80, assets.DeviceNone, "No audio device"},
		{0, assets.DeviceNone, "No audio device"},
	} {
		if got := volumeLabel(c.volume, c.device); got != c.want {
			t.Errorf("volumeLabel(%d, %d) = %q, want %q", c.volume, c.device, got, c.want)
		}
	}
}
