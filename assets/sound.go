package assets

import (
	"github.com/hajimehoshi/ebiten/v2/audio"
)

// voicesPerSound is how many copies of one sound may overlap (fast card
// flips, several players clapping).
const voicesPerSound = 4

// Sounds plays the sound effects at a volume from 0 (mute) to 100.
//
// A Sounds is not safe for concurrent use; call it from the game's
// goroutine (Update).
type Sounds struct {
	ctx     *audio.Context
	players [numSounds][voicesPerSound]*audio.Player
	volume  int
}

// NewSounds synthesises every sound and prepares its players at volume
// (clamped to 0–100). It uses the process's audio context, creating it at
// SampleRate if there is none yet; an existing context must run at
// SampleRate.
func NewSounds(volume int) *Sounds {
	ctx := audio.CurrentContext()
	if ctx == nil {
		ctx = audio.NewContext(SampleRate)
	}
	s := &Sounds{ctx: ctx}
	for snd := range numSounds {
		pcm := snd.PCM()
		for i := range s.players[snd] {
			s.players[snd][i] = ctx.NewPlayerFromBytes(pcm)
		}
	}
	s.SetVolume(volume)
	return s
}

// Volume returns the volume, 0–100.
func (s *Sounds) Volume() int { return s.volume }

// SetVolume sets the volume of every sound, clamped to 0–100.
func (s *Sounds) SetVolume(volume int) {
	s.volume = max(0, min(100, volume))
	gain := loudness(s.volume)
	for _, voices := range s.players {
		for _, p := range voices {
			p.SetVolume(gain)
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
// restarts. Play does nothing at volume 0 or for an unknown sound.
func (s *Sounds) Play(snd Sound) {
	if s.volume == 0 || snd < 0 || snd >= numSounds {
		return
	}
	voices := &s.players[snd]
	oldest := voices[0]
	for _, p := range voices {
		if !p.IsPlaying() {
			oldest = p
			break
		}
		if p.Position() > oldest.Position() {
			oldest = p
		}
	}
	// Rewind of an in-memory player only fails after Close, which
	// Sounds never calls.
	_ = oldest.Rewind()
	oldest.Play()
}
