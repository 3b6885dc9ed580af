package sprites

import (
	"testing"
)

// BenchmarkPaint measures the CPU painting of an atlas (no GPU upload):
// most of NewAtlas's time. "shared" is the sprites every table has, the
// cost of an atlas without a deck.
func BenchmarkPaint(b *testing.B) {
	for _, bench := range []struct {
		name string
		deck Deck
	}{{"shared", Deck{}}, {"sample", sampleDeck}} {
		b.Run(bench.name, func(b *testing.B) {
			for b.Loop() {
				(&Painter{p: Standard()}).paint(bench.deck)
			}
		})
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
