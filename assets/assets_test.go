package assets

import (
	"bytes"
	"encoding/binary"
	"hash/fnv"
	"math"
	"os"
	"path/filepath"
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

// TestWriteWAVs saves every sound under artifacts/sounds/ as a WAV file,
// for people to listen to, and checks the header it wrote.
func TestWriteWAVs(t *testing.T) {
	dir := filepath.Join("..", "artifacts", "sounds")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, s := range AllSounds() {
		pcm := s.PCM()
		var hdr bytes.Buffer
		le := func(v any) { binary.Write(&hdr, binary.LittleEndian, v) }
		hdr.WriteString("RIFF")
		le(uint32(36 + len(pcm)))
		hdr.WriteString("WAVEfmt ")
		le(uint32(16))
		le(uint16(1))              // PCM
		le(uint16(2))              // stereo
		le(uint32(SampleRate))     // frames per second
		le(uint32(SampleRate * 4)) // bytes per second
		le(uint16(4))              // bytes per frame
		le(uint16(16))             // bits per sample
		hdr.WriteString("data")
		le(uint32(len(pcm)))
		path := filepath.Join(dir, s.String()+".wav")
		if err := os.WriteFile(path, append(hdr.Bytes(), pcm...), 0o644); err != nil {
			t.Fatal(err)
		}
		if hdr.Len() != 44 {
			t.Errorf("%s: header of %d bytes, want 44", path, hdr.Len())
		}
	}
}

// zeroCrossings returns the sign changes per second of the left channel:
// a rough pitch, high for clicks and hiss, low for thumps.
func zeroCrossings(pcm []byte) float64 {
	n, prev := 0, int16(0)
	for i := 0; i < len(pcm); i += 4 {
		x := int16(binary.LittleEndian.Uint16(pcm[i:]))
		if (x < 0) != (prev < 0) {
			n++
		}
		prev = x
	}
	return float64(n) / (float64(len(pcm)/4) / SampleRate)
}

// TestSoundCharacter checks that each sound is what its name promises:
// the slam a low thump and the error a low buzz, below the win's melody,
// itself below the click's high tick; the click shortest, the win longest.
func TestSoundCharacter(t *testing.T) {
	zc := map[Sound]float64{}
	length := map[Sound]int{}
	for _, s := range AllSounds() {
		zc[s], length[s] = zeroCrossings(s.PCM()), len(s.PCM())
	}
	if !(zc[Slam] < zc[Win] && zc[Error] < zc[Win] && zc[Win] < zc[Click]) {
		t.Errorf("zero crossings per second: slam %.0f, error %.0f, win %.0f, click %.0f: want slam and error low, then win, then click",
			zc[Slam], zc[Error], zc[Win], zc[Click])
	}
	for _, s := range AllSounds() {
		if s != Click && length[s] <= length[Click] {
			t.Errorf("%v is not longer than click", s)
		}
		if s != Win && length[s] >= length[Win] {
			t.Errorf("%v is not shorter than win", s)
		}
	}
}

// TestSoundsMadeLazily checks that NewSounds synthesises nothing (it runs
// before the game's first frame) and that warm makes the sounds one at a
// time, each the same as its PCM.
func TestSoundsMadeLazily(t *testing.T) {
	s := NewSounds(50)
	for snd, pcm := range s.pcm {
		if pcm != nil {
			t.Fatalf("NewSounds synthesised %v", Sound(snd))
		}
	}
	for n := 1; n <= int(numSounds)+1; n++ {
		s.warm()
		made := 0
		for _, pcm := range s.pcm {
			if pcm != nil {
				made++
			}
		}
		if want := min(n, int(numSounds)); made != want {
			t.Fatalf("after %d warms %d sounds are made, want %d", n, made, want)
		}
	}
	for _, snd := range AllSounds() {
		if !bytes.Equal(s.pcm[snd], snd.PCM()) {
			t.Errorf("%v made by warm differs from its PCM", snd)
		}
	}
}

// TestFacesStayBounded: asking for many sizes, as a window dragged through
// many scales does, keeps at most maxFaces of a family, dropping the ones
// used longest ago; a size asked for all along keeps its face.
func TestFacesStayBounded(t *testing.T) {
	steady := BoldFace(21.25)
	for i := range 10 * maxFaces {
		BoldFace(30 + float64(i)/4)
		if BoldFace(21.25) != steady {
			t.Fatalf("after %d other sizes, the size in use all along has a new face", i+1)
		}
	}
	bold.mu.Lock()
	n := len(bold.faces)
	bold.mu.Unlock()
	if n > maxFaces {
		t.Errorf("%d faces kept, want at most %d", n, maxFaces)
	}
	if BoldFace(30) == nil || BoldFace(30) != BoldFace(30) {
		t.Error("a size made again is not cached")
	}
	if a := testing.AllocsPerRun(100, func() { Face(24) }); a != 0 {
		t.Errorf("a cached face costs %v allocations", a)
	}
}
