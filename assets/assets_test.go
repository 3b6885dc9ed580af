package assets

import (
	"bytes"
	"encoding/binary"
	"hash/fnv"
	"math"
	"testing"

	"github.com/hajimehoshi/ebiten/v2/text/v2"
)

func TestFacesCachedAndDistinct(t *testing.T) {
	if Face(24) != Face(24) {
		t.Error("Face(24) not cached: two calls gave different faces")
	}
	if Face(24) == Face(32) || Face(24) == BoldFace(24) {
		t.Error("faces of different size or weight are shared")
	}
	wr, _ := text.Measure("Janken", Face(24), 0)
	wb, _ := text.Measure("Janken", BoldFace(24), 0)
	w48, _ := text.Measure("Janken", Face(48), 0)
	if wr <= 0 || wb <= wr || math.Abs(w48-2*wr) > 2 {
		t.Errorf("widths regular %.1f, bold %.1f, regular 48 px %.1f: want bold wider, 48 px twice 24 px", wr, wb, w48)
	}
}

func TestSoundsDeterministicAndWellFormed(t *testing.T) {
	for _, s := range AllSounds() {
		t.Run(s.String(), func(t *testing.T) {
			pcm := s.PCM()
			if !bytes.Equal(pcm, s.PCM()) {
				t.Fatal("two syntheses differ")
			}
			frames := len(pcm) / 4
			if len(pcm)%4 != 0 || frames < SampleRate/50 || frames > SampleRate {
				t.Fatalf("%d bytes: want whole stereo frames lasting 20 ms to 1 s", len(pcm))
			}
			var peak, energy float64
			for i := 0; i < len(pcm); i += 2 {
				x := float64(int16(binary.LittleEndian.Uint16(pcm[i:]))) / 32768
				peak = math.Max(peak, math.Abs(x))
				energy += x * x
			}
			if peak < 0.5 || peak > 0.81 {
				t.Errorf("peak %.3f: want normalised to 0.8 without clipping", peak)
			}
			if rms := math.Sqrt(energy / float64(len(pcm)/2)); rms < 0.01 {
				t.Errorf("rms %.4f: nearly silent", rms)
			}
			last := int16(binary.LittleEndian.Uint16(pcm[len(pcm)-4:]))
			if math.Abs(float64(last)) > 0.05*32768 {
				t.Errorf("ends at %d: want a decayed tail, not a click", last)
			}
		})
	}
	if Sound(99).PCM() != nil || Sound(-1).String() != "sound(?)" {
		t.Error("unknown sound not rejected")
	}
}

// TestSoundsGolden pins the synthesis so a change to a sound is a visible,
// deliberate edit of this test.
func TestSoundsGolden(t *testing.T) {
	h := fnv.New64a()
	for _, s := range AllSounds() {
		h.Write(s.PCM())
	}
	const want = 0x5ea3fade25cd9bdb
	if got := h.Sum64(); got != want {
		t.Errorf("sounds hash %#x, want %#x", got, uint64(want))
	}
}

func TestLoudness(t *testing.T) {
	tests := []struct {
		volume int
		want   float64
	}{{0, 0}, {50, 0.25}, {100, 1}}
	for _, tt := range tests {
		if got := loudness(tt.volume); got != tt.want {
			t.Errorf("loudness(%d) = %v, want %v", tt.volume, got, tt.want)
		}
	}
}
