package replayview_test

import (
	"image"
	"image/color"
	"testing"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/persist"
	"github.com/jankenarcade/janken/replay"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/replayview"
	"github.com/jankenarcade/janken/scenes/scenetest"
)

// marker is the colour the fake table paints its whole screen.
var marker = color.RGBA{255, 0, 255, 255}

// fakeTable is a table that covers its whole screen in the marker and
// a headline along its top edge.
type fakeTable struct{}

func (fakeTable) Name() string                 { return "fake-table" }
func (fakeTable) Update(*scenes.Context) error { return nil }
func (fakeTable) Draw(c *scenes.Canvas) {
	c.FillRect(0, 0, scenes.ScreenWidth, scenes.ScreenHeight, marker)
}
func (f *fakeFeed) Scene() scenes.Scene    { return fakeTable{} }
func (f *fakeFeed) Len() int               { return 10 }
func (f *fakeFeed) Pos() int               { return f.pos }
func (f *fakeFeed) Busy() bool             { return false }
func (f *fakeFeed) Next() error            { f.pos++; return nil }
func (f *fakeFeed) Seek(n int) error       { f.pos = n; return nil }
func (f *fakeFeed) Marks() []int           { return []int{0, 5} }
func (f *fakeFeed) Hands() bool            { return true }
func (f *fakeFeed) Shown() int             { return -1 }
func (f *fakeFeed) ShowHand(int)           {}
func (f *fakeFeed) Names() []string        { return []string{"Player 1", "Player 2"} }
func (f *fakeFeed) Replay() *replay.Replay { return &replay.Replay{} }

// fakeFeed is a replay of ten steps played by fakeTable.
type fakeFeed struct{ pos int }

// TestViewerLeavesTheTableClear: at 1280×720 and at 960×540, the table
// fills its area, and nothing of it shows under the title band or the
// control bar, which therefore cover nothing of it (a "Game over"
// headline along the table's top stays in sight).
func TestViewerLeavesTheTableClear(t *testing.T) {
	d := scenes.New(scenes.Options{Source: new(input.Script), Store: persist.At(t.TempDir())})
	v := replayview.New(d, &fakeFeed{pos: 3}, "Fake · 24 Nov 2026 05:40")
	d.Push(v, scenes.Transition{Kind: scenes.Cut})
	scenetest.Run(t, d, 2, nil)
	x, y, w, h := replayview.TableArea()
	if y < 36 || y+h > scenes.ScreenHeight-54 || x < 0 || x+w > scenes.ScreenWidth {
		t.Errorf("the table is drawn at %v,%v %v×%v", x, y, w, h)
	}
	for _, size := range []image.Point{{1280, 720}, {960, 540}} {
		img := scenetest.ShootSize(t, d, "replay-viewer-layout", size.X, size.Y)
		k := float64(size.X) / scenes.ScreenWidth
		inside, outside := 0, 0
		b := img.Bounds()
		for py := b.Min.Y; py < b.Max.Y; py++ {
			for px := b.Min.X; px < b.Max.X; px++ {
				lx, ly := float64(px)/k, float64(py)/k
				in := lx > x+1 && lx < x+w-1 && ly > y+1 && ly < y+h-1
				out := lx < x-1 || lx > x+w+1 || ly < y-1 || ly > y+h+1
				isMarker := img.RGBAAt(px, py) == marker
				switch {
				case in && !isMarker:
					inside++
				case out && isMarker:
					outside++
				}
			}
		}
		if inside > 0 || outside > 0 {
			t.Errorf("at %v: %d pixels of the table's area covered, %d of the table's pixels outside it", size, inside, outside)
		}
	}
}
