//go:build linux

package assets

import (
	"testing"

	"github.com/jankenarcade/janken/internal/audiotest"
)

// TestSoundsWithoutDeviceGoOnSilent: with no audio device, Sounds says so
// and every call still works, silently.
func TestSoundsWithoutDeviceGoOnSilent(t *testing.T) {
	audiotest.Hide(t)
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
	s.Warm()
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
	for snd, pcm := range s.pcm {
		if pcm != nil {
			t.Errorf("sound %v was synthesised for a game without a device", Sound(snd))
		}
	}
}
