package assets

import (
	"bytes"
	"fmt"
	"io"

	"github.com/ebitengine/oto/v3"
)

// voicesPerSound is how many copies of one sound may overlap (fast card
// flips, several players clapping).
const voicesPerSound = 4

// Device says whether the sounds reach a speaker.
type Device uint8

// The states of the audio device.
const (
	// DeviceOpening: the device is not open yet (Update has not run) or
	// the system has not answered yet; sounds played now start once it
	// opens.
	DeviceOpening Device = iota
	// DeviceOn: the sounds are heard.
	DeviceOn
	// DeviceNone: no audio device could be opened, or it failed; the
	// game goes on silent.
	DeviceNone
)

// Sounds plays the sound effects at a volume from 0 (mute) to 100.
//
// Sounds owns the audio device itself (through oto) rather than through
// Ebitengine's audio package: Ebitengine reports a device that cannot open
// as an error from every Update, which ends the game, while a game without
// a sound card, or whose device goes away, should go on silent. See
// Device.
//
// A Sounds is not safe for concurrent use; call it from the game's
// goroutine (Update).
type Sounds struct {
	pcm     [numSounds][]byte // nil until made: see warm
	ctx     *oto.Context
	ready   chan struct{}
	players [numSounds][voicesPerSound]*oto.Player
	// started numbers each voice's last start, so that a busy sound
	// restarts the voice started longest ago.
	started [numSounds][voicesPerSound]uint64
	plays   uint64
	volume  int
	device  Device
	err     error
}

// NewSounds returns the sounds at volume (clamped to 0–100). It neither
// synthesises them nor opens the audio device, which would hold up the
// game's first frame (synthesis takes most of a second in a browser):
// Update opens the device on its first call, from the game's loop once the
// window exists (as Ebitengine itself waits to, because some systems
// refuse audio opened earlier; the game waits for its first frame to be on
// screen), then Warm makes one sound a call; Play makes a sound not made
// yet at once, and none before the device is open. Without a device no
// sound is ever made.
func NewSounds(volume int) *Sounds {
	s := &Sounds{}
	s.SetVolume(volume)
	return s
}

// Update opens the audio device on its first call and afterwards notices
// when the device answers or fails. Call it once a tick from the game's
// Update; it never fails: without a device the sounds are silent and
// Device says so.
func (s *Sounds) Update() {
	switch {
	case s.device == DeviceNone:
		return
	case s.ctx == nil:
		s.open()
		return
	}
	if err := s.ctx.Err(); err != nil {
		s.fail(err)
		return
	}
	if s.device == DeviceOpening {
		select {
		case <-s.ready:
			s.device = DeviceOn
		default:
		}
	}
}

// Warm makes the first sound not made yet, if any, once the device is
// open: the game calls it now and then (once a frame), which spreads the
// synthesis over the first frames instead of one long stall. Without a
// device it makes nothing.
func (s *Sounds) Warm() {
	if s.ctx == nil || s.device == DeviceNone {
		return
	}
	s.warm()
}

// warm makes the first sound not made yet, if any.
func (s *Sounds) warm() {
	for snd := range numSounds {
		if s.pcm[snd] == nil {
			s.prepare(snd)
			return
		}
	}
}

// prepare synthesises snd and, once the device is open, its voices.
func (s *Sounds) prepare(snd Sound) {
	s.pcm[snd] = snd.PCM()
	if s.ctx == nil {
		return
	}
	gain := loudness(s.volume)
	for i := range s.players[snd] {
		p := s.ctx.NewPlayer(bytes.NewReader(s.pcm[snd]))
		p.SetVolume(gain)
		s.players[snd][i] = p
	}
}

// open asks the system for the audio device and prepares the voices of
// the sounds made so far. The system answers later (see Update).
func (s *Sounds) open() {
	ctx, ready, err := oto.NewContext(&oto.NewContextOptions{
		SampleRate:   SampleRate,
		ChannelCount: 2,
		Format:       oto.FormatSignedInt16LE,
	})
	if err != nil {
		s.fail(err)
		return
	}
	s.ctx, s.ready = ctx, ready
	for snd := range numSounds {
		if s.pcm[snd] != nil {
			s.prepare(snd)
		}
	}
}

// fail makes the sounds silent for good, keeping why.
func (s *Sounds) fail(err error) {
	s.device, s.err = DeviceNone, fmt.Errorf("assets: audio device: %w", err)
	for _, voices := range s.players {
		for _, p := range voices {
			if p != nil {
				p.Pause()
			}
		}
	}
}

// Device reports whether the sounds are heard.
func (s *Sounds) Device() Device { return s.device }

// Err returns why there is no sound (Device is DeviceNone), or nil.
func (s *Sounds) Err() error { return s.err }

// Volume returns the volume, 0–100.
func (s *Sounds) Volume() int { return s.volume }

// SetVolume sets the volume of every sound, clamped to 0–100.
func (s *Sounds) SetVolume(volume int) {
	s.volume = max(0, min(100, volume))
	gain := loudness(s.volume)
	for _, voices := range s.players {
		for _, p := range voices {
			if p != nil {
				p.SetVolume(gain)
			}
		}
	}
}

// loudness maps the 0–100 slider to a gain that sounds even: a square
// law, which is close to how loudness is perceived and keeps 0 silent.
func loudness(volume int) float64 {
	v := float64(volume) / 100
	return v * v
}

// Play starts snd from its beginning. Overlapping plays of one sound use
// separate voices; when all are busy, the one started longest ago
// restarts. Play does nothing at volume 0, before Update has opened the
// device, without a device, or for an unknown sound.
func (s *Sounds) Play(snd Sound) {
	if s.volume == 0 || s.ctx == nil || s.device == DeviceNone || snd < 0 || snd >= numSounds {
		return
	}
	if s.pcm[snd] == nil {
		s.prepare(snd)
	}
	voice := 0
	for i, p := range s.players[snd] {
		if !p.IsPlaying() {
			voice = i
			break
		}
		if s.started[snd][i] < s.started[snd][voice] {
			voice = i
		}
	}
	p := s.players[snd][voice]
	// Seeking an in-memory player fails only after Close, which Sounds
	// never calls.
	_, _ = p.Seek(0, io.SeekStart)
	s.plays++
	s.started[snd][voice] = s.plays
	p.Play()
}
