package assets

import (
	"encoding/binary"
	"math"
)

// SampleRate is the rate of every sound, in frames per second.
const SampleRate = 48000

// Sound names one of the game's sound effects.
type Sound int

// The sound effects.
const (
	Click Sound = iota // a menu cursor moved
	Flip               // a card turned over
	Slam               // a card slapped onto the table
	Clap               // two hands clapped (Slam's snap gesture)
	Win                // a round or game won
	Error              // a mistake or an illegal move
	numSounds
)

var soundNames = [numSounds]string{"click", "flip", "slam", "clap", "win", "error"}

// String returns the sound's lower-case name.
func (s Sound) String() string {
	if s < 0 || s >= numSounds {
		return "sound(?)"
	}
	return soundNames[s]
}

// AllSounds lists every sound effect.
func AllSounds() []Sound {
	all := make([]Sound, numSounds)
	for i := range all {
		all[i] = Sound(i)
	}
	return all
}

// PCM returns the sound as interleaved 16-bit little-endian stereo at
// SampleRate. The same sound always gives the same bytes: the synthesis
// uses its own fixed-seed noise, never a global random source.
func (s Sound) PCM() []byte {
	var v voice
	switch s {
	case Click:
		v = click()
	case Flip:
		v = flip()
	case Slam:
		v = slam()
	case Clap:
		v = clap()
	case Win:
		v = win()
	case Error:
		v = buzz()
	default:
		return nil
	}
	return v.pcm()
}

// voice is a mono signal being built plus where it sits in the stereo
// field.
type voice struct {
	samples []float64
	pan     float64 // -1 left … +1 right
}

func newVoice(seconds float64) voice {
	return voice{samples: make([]float64, int(seconds*SampleRate))}
}

// pcm normalises the voice to a comfortable peak and encodes it.
func (v voice) pcm() []byte {
	peak := 0.0
	for _, x := range v.samples {
		peak = math.Max(peak, math.Abs(x))
	}
	gain := 0.0
	if peak > 0 {
		gain = 0.8 / peak
	}
	l := gain * math.Sqrt((1-v.pan)/2)
	r := gain * math.Sqrt((1+v.pan)/2)
	out := make([]byte, 4*len(v.samples))
	for i, x := range v.samples {
		binary.LittleEndian.PutUint16(out[4*i:], uint16(toInt16(x*l)))
		binary.LittleEndian.PutUint16(out[4*i+2:], uint16(toInt16(x*r)))
	}
	return out
}

func toInt16(x float64) int16 {
	return int16(math.Round(math.Max(-1, math.Min(1, x)) * 32767))
}

// noise is a xorshift generator with a fixed seed, so noise-based sounds
// are identical on every run and platform.
type noise uint64

func (n *noise) next() float64 {
	x := uint64(*n)
	x ^= x << 13
	x ^= x >> 7
	x ^= x << 17
	*n = noise(x)
	return float64(x>>11)/float64(1<<52) - 1 // [-1, 1)
}

// tone adds a sine sweeping from f0 to f1 Hz, starting at start seconds,
// shaped by an attack and an exponential decay.
func (v voice) tone(start, length, f0, f1, amp, attack, decay float64) {
	phase := 0.0
	v.add(start, length, amp, attack, decay, func(t float64) float64 {
		f := f0 + (f1-f0)*t/length
		phase += 2 * math.Pi * f / SampleRate
		return math.Sin(phase)
	})
}

// square adds a soft square wave (odd harmonics up to the fifth) for
// chiptune-like notes.
func (v voice) square(start, length, f, amp, attack, decay float64) {
	v.add(start, length, amp, attack, decay, func(t float64) float64 {
		p := 2 * math.Pi * f * t
		return math.Sin(p) + math.Sin(3*p)/3 + math.Sin(5*p)/5
	})
}

// hiss adds noise through a one-pole low-pass (cutoff 0 < lp ≤ 1) minus a
// slower one (a crude band-pass), enveloped like tone.
func (v voice) hiss(start, length, lp, hp, amp, attack, decay float64, seed noise) {
	low, lower := 0.0, 0.0
	v.add(start, length, amp, attack, decay, func(float64) float64 {
		x := seed.next()
		low += lp * (x - low)
		lower += hp * (low - lower)
		return low - lower
	})
}

// add mixes length seconds of a signal into the voice from start seconds
// on, scaled by amp and the envelope. wave gives the signal's next sample,
// t seconds into it; it is called once per sample, in order, so that it
// may keep state (a phase, a filter).
func (v voice) add(start, length, amp, attack, decay float64, wave func(t float64) float64) {
	first := int(start * SampleRate)
	n := int(length * SampleRate)
	for i := 0; i < n && first+i < len(v.samples); i++ {
		t := float64(i) / SampleRate
		v.samples[first+i] += amp * envelope(t, attack, decay) * wave(t)
	}
}

// envelope rises linearly over attack seconds, then decays with time
// constant decay.
func envelope(t, attack, decay float64) float64 {
	if t < attack {
		return t / attack
	}
	return math.Exp(-(t - attack) / decay)
}

func click() voice {
	v := newVoice(0.05)
	v.tone(0, 0.05, 1800, 1400, 1, 0.001, 0.008)
	v.hiss(0, 0.01, 0.9, 0.2, 0.3, 0.0005, 0.002, 7)
	return v
}

func flip() voice {
	v := newVoice(0.14)
	v.hiss(0, 0.14, 0.6, 0.05, 1, 0.004, 0.03, 11)
	v.tone(0.01, 0.08, 900, 2200, 0.25, 0.01, 0.02)
	v.pan = 0.15
	return v
}

func slam() voice {
	v := newVoice(0.32)
	v.tone(0, 0.3, 160, 55, 1, 0.002, 0.07)
	v.hiss(0, 0.12, 0.5, 0.02, 0.8, 0.001, 0.025, 23)
	return v
}

func clap() voice {
	v := newVoice(0.22)
	// A real clap is a few reflections a few milliseconds apart.
	for i, at := range []float64{0, 0.009, 0.017, 0.028} {
		v.hiss(at, 0.18, 0.7, 0.12, 1-0.15*float64(i), 0.0008, 0.012+0.01*float64(i), noise(31+i))
	}
	return v
}

func win() voice {
	v := newVoice(0.75)
	// C5 E5 G5 C6, the last one held.
	for i, f := range []float64{523.25, 659.25, 783.99, 1046.5} {
		length, decay := 0.12, 0.06
		if i == 3 {
			length, decay = 0.45, 0.18
		}
		v.square(0.09*float64(i), length, f, 0.5, 0.005, decay)
		v.tone(0.09*float64(i), length, 2*f, 2*f, 0.12, 0.005, decay)
	}
	return v
}

func buzz() voice {
	v := newVoice(0.34)
	v.square(0, 0.14, 220, 0.6, 0.004, 0.08)
	v.square(0.15, 0.19, 164.81, 0.6, 0.004, 0.1)
	v.tone(0, 0.34, 110, 82, 0.3, 0.004, 0.12)
	return v
}
