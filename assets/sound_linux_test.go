//go:build linux

package assets

import (
	"os"
	"path/filepath"
	"testing"
)

// withoutAudioDevice hides the system's audio devices from this process
// for the test: PulseAudio's server is a missing socket and ALSA's
// configuration is empty, so it has no "default" device.
func withoutAudioDevice(t *testing.T) {
	dir := t.TempDir()
	conf := filepath.Join(dir, "alsa.conf")
	if err := os.WriteFile(conf, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PULSE_SERVER", "unix:"+filepath.Join(dir, "no-pulse-server"))
	t.Setenv("ALSA_CONFIG_PATH", conf)
}

// TestSoundsWithoutDeviceGoOnSilent: with no audio device, Sounds says so
// and every call still works, silently.
func TestSoundsWithoutDeviceGoOnSilent(t *testing.T) {
	withoutAudioDevice(t)
	s := NewSounds(50)
	if s.Device() != DeviceOpening {
		t.Fatalf("device %d before Update, want opening", s.Device())
	}
	s.Play(Click) // before the device opens: nothing to play on
	s.Update()
	if s.ready != nil {
		<-s.ready // the system has answered
	}
	s.Update()
	if s.Device() != DeviceNone || s.Err() == nil {
		t.Fatalf("device %d, error %v; want no device and why", s.Device(), s.Err())
	}
	s.SetVolume(70)
	for _, snd := range AllSounds() {
		s.Play(snd)
	}
	s.Update()
	for snd, voices := range s.players {
		for i, p := range voices {
			if p != nil && p.IsPlaying() {
				t.Errorf("sound %v voice %d plays without a device", Sound(snd), i)
			}
		}
	}
	if s.Volume() != 70 {
		t.Errorf("volume %d, want 70", s.Volume())
	}
}
