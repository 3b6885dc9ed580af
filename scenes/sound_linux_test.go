//go:build linux

package scenes

import (
	"runtime"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/assets"
	"github.com/jankenarcade/janken/internal/audiotest"
	"github.com/jankenarcade/janken/internal/looptest"
)

// TestSettingsSayNoAudioDevice: on a system without an audio device (no
// PulseAudio server, an empty ALSA configuration) the game goes on and the
// settings screen's Volume row says there is no device.
func TestSettingsSayNoAudioDevice(t *testing.T) {
	audiotest.Hide(t)
	d, s, _ := testDirector(t, Options{Sounds: assets.NewSounds(80), Start: func(d *Director) Scene { return NewSettings(d) }})
	// The device opens once the first frame has been shown.
	frame := ebiten.NewImage(ScreenWidth, ScreenHeight)
	defer frame.Deallocate()
	for range 2 {
		tick(t, d, s)
		d.Draw(frame)
	}
	// The system answers on a goroutine of the audio library: tick until
	// it has (a bound on ticks only catches a hang).
	for range 100000 {
		tick(t, d, s)
		if d.soundDevice() != assets.DeviceOpening {
			break
		}
		runtime.Gosched()
	}
	tick(t, d, s)
	if got := d.soundDevice(); got != assets.DeviceNone {
		t.Fatalf("device %d, want none", got)
	}
	screen := d.Top().(*SettingsScreen)
	if v := screen.menu.Items[rowVolume].Value; v != "No audio device" {
		t.Errorf("volume row shows %q, want %q", v, "No audio device")
	}
	looptest.Capture(t, "settings-no-audio", ScreenWidth, ScreenHeight, d.Draw)
}
