package sprites

import (
	"crypto/sha256"
	"fmt"
	"testing"
	"time"
)

// BenchmarkPaint measures the CPU painting of an atlas (no GPU upload):
// most of its cost. "shared" is the sprites every table has, the cost of
// an atlas without a deck, and "sample" the sample deck alone on shared
// sprites already painted. Each reports its pieces' mean and slowest
// painting time: a table paints a few pieces per tick, so the slowest
// piece bounds a tick's stall.
func BenchmarkPaint(b *testing.B) {
	for _, bench := range []struct {
		name string
		deck Deck
	}{{"shared", Deck{}}, {"sample", sampleDeck}} {
		b.Run(bench.name, func(b *testing.B) {
			var slowest, total time.Duration
			pieces := 0
			for b.Loop() {
				s := newShared(Standard(), false)
				if bench.deck.Size > 0 {
					paintAll(NewDeckAtlas(s, Deck{}))
				}
				a := NewDeckAtlas(s, bench.deck)
				for !a.Ready() {
					start := time.Now()
					a.Paint(1)
					d := time.Since(start)
					slowest, total, pieces = max(slowest, d), total+d, pieces+1
				}
			}
			b.ReportMetric(float64(total.Nanoseconds())/float64(pieces), "ns/piece")
			b.ReportMetric(float64(slowest.Nanoseconds()), "slowest-ns/piece")
		})
	}
}

// TestPaintKeepsToTheBudget: Paint paints no more pieces than it is
// given, at least one while any is left, the shared ones first, and
// the atlas is Ready exactly when every piece is painted.
func TestPaintKeepsToTheBudget(t *testing.T) {
	for _, budget := range []int{1, 2, 5} {
		a := NewDeckAtlas(newShared(Standard(), false), sampleDeck)
		total, steps := a.Remaining(), 0
		for !a.Ready() {
			left := a.Remaining()
			n := a.Paint(budget)
			if n < 1 || n > budget || a.Remaining() != left-n {
				t.Fatalf("budget %d: Paint painted %d, %d left of %d", budget, n, a.Remaining(), left)
			}
			if sharedDone, sharedTotal := a.shared.Progress(); a.Card(0).w != 0 && sharedDone != sharedTotal {
				t.Fatalf("budget %d: a card painted before the shared sprites", budget)
			}
			steps++
		}
		if want := (total + budget - 1) / budget; steps != want || total != sampleSize+sharedPieces {
			t.Errorf("budget %d: %d pieces in %d steps, want %d in %d", budget, total, steps, sampleSize+sharedPieces, want)
		}
		if n := a.Paint(budget); n != 0 || a.Remaining() != 0 {
			t.Errorf("budget %d: a ready atlas painted %d more", budget, n)
		}
	}
}

// TestFeltInBands: the felt painted a band at a time is, texel for
// texel, the felt that was painted whole before it was split (its SHA-256,
// taken then): the grain carries over from band to band.
func TestFeltInBands(t *testing.T) {
	const whole = "6ba5f1a5476c59ec2ebcff88a7896271d804a073eefc61117c5236673871ecb8"
	s := newShared(Standard(), false)
	s.work.next = pieceFelt
	cloth := sha256.New()
	painted := 0
	s.feltPainted = func(band []byte) {
		cloth.Write(band)
		painted += len(band)
	}
	for bands := 0; !s.Ready(); bands++ {
		if s.Paint(1) != 1 || bands >= feltBands {
			t.Fatalf("band %d: the felt took more than %d pieces", bands, feltBands)
		}
	}
	if got := fmt.Sprintf("%x", cloth.Sum(nil)); got != whole || painted != 4*feltWidth*feltHeight || s.felt.w != feltWidth {
		t.Errorf("the felt painted in bands hashes to %s (%d bytes), want %s", got, painted, whole)
	}
	if s.feltBand != nil {
		t.Error("the band's buffer is kept after the felt is done")
	}
}

// TestFeltUploadedInBands: the texture the bands are written into holds
// the whole cloth, texel for texel (the hash of TestFeltInBands).
func TestFeltUploadedInBands(t *testing.T) {
	const whole = "6ba5f1a5476c59ec2ebcff88a7896271d804a073eefc61117c5236673871ecb8"
	s := NewShared(Standard())
	defer s.Release()
	for !s.Ready() {
		s.Paint(sharedPieces)
	}
	img := s.felt.Image()
	if img == nil || img.Bounds().Dx() != feltWidth || img.Bounds().Dy() != feltHeight {
		t.Fatalf("the felt's texture is %v, want %d×%d", img, feltWidth, feltHeight)
	}
	pix := make([]byte, 4*feltWidth*feltHeight)
	img.ReadPixels(pix)
	if got := fmt.Sprintf("%x", sha256.Sum256(pix)); got != whole {
		t.Errorf("the uploaded felt hashes to %s, want %s", got, whole)
	}
}

// TestStrokeCoversLine checks the CPU stroker on a case with a known
// answer: a horizontal line 4 pixels wide covers exactly the band around
// it, with round caps.
func TestStrokeCoversLine(t *testing.T) {
	c := newCanvas(40, 20)
	var p pen
	p.at(0, 0, 1, 0)
	p.move(10, 10)
	p.line(30, 10)
	p.stroke(c, white, 4)
	tests := []struct {
		x, y int
		want bool
	}{
		{20, 10, true}, {20, 8, true}, {20, 11, true}, // inside the band
		{20, 5, false}, {20, 14, false}, // outside
		{9, 10, true}, {31, 10, true}, // round caps
		{5, 10, false}, {35, 10, false},
	}
	for _, tt := range tests {
		got := c.img.RGBAAt(tt.x, tt.y).A > 128
		if got != tt.want {
			t.Errorf("pixel (%d,%d) painted %v, want %v", tt.x, tt.y, got, tt.want)
		}
	}
}

// TestHoleWinding checks that a sub-path wound the other way cuts a hole
// (the scissors' handles, rings, frames rely on it).
func TestHoleWinding(t *testing.T) {
	c := newCanvas(40, 40)
	var p pen
	p.at(20, 20, 1, 0)
	p.circle(0, 0, 15)
	p.circle(0, 0, 8)
	p.reverseLast()
	p.fill(c, white)
	if c.img.RGBAAt(20, 20).A != 0 {
		t.Error("centre of the ring painted")
	}
	if c.img.RGBAAt(20, 8).A != 255 {
		t.Error("body of the ring not painted")
	}
	if c.img.RGBAAt(1, 1).A != 0 {
		t.Error("outside the ring painted")
	}
}
