package main

import (
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/persist"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/sprites"
)

// TestEveryDeck paints every game's deck in both palettes: each of its
// sprites has paint on it and is not a flat block, no two are the same
// (a wrong index would repeat one), and a contact sheet of the deck is
// kept for a person to look at.
func TestEveryDeck(t *testing.T) {
	for _, g := range arcade {
		for _, pal := range []sprites.Palette{sprites.Standard(), sprites.ColourBlind()} {
			a := sprites.NewAtlas(pal, g.Deck)
			seen := map[string]int{}
			for i := range g.Deck.Size {
				pix := spritePixels(a.Card(i))
				if pix == nil {
					t.Errorf("%s, %s: sprite %d missing", g.Name, pal.Name, i)
					continue
				}
				if opaque, varied := painted(pix); opaque < 0.1 || !varied {
					t.Errorf("%s, %s: sprite %d is %.0f%% opaque, varied %v", g.Name, pal.Name, i, 100*opaque, varied)
				}
				if j, dup := seen[string(pix)]; dup {
					t.Errorf("%s, %s: sprites %d and %d are identical", g.Name, pal.Name, j, i)
				}
				seen[string(pix)] = i
			}
			saveSheet(t, a, g.Deck.Size, "deck-"+g.Name+"-"+pal.Name)
			a.Release()
		}
	}
}

// spritePixels reads back a sprite's texture (nil for the zero Sprite).
func spritePixels(s sprites.Sprite) []byte {
	img := s.Image()
	if img == nil {
		return nil
	}
	b := img.Bounds()
	pix := make([]byte, 4*b.Dx()*b.Dy())
	img.ReadPixels(pix)
	return pix
}

// painted returns the share of pixels that are nearly opaque, and whether
// they are not all the same.
func painted(pix []byte) (opaque float64, varied bool) {
	n := 0
	for i := 0; i < len(pix); i += 4 {
		if pix[i+3] > 200 {
			n++
		}
		if [4]byte(pix[i:i+4]) != [4]byte(pix[:4]) {
			varied = true
		}
	}
	return float64(n) / float64(len(pix)/4), varied
}

// saveSheet draws the atlas's n deck sprites on the felt, fourteen to a
// row, and keeps the picture as janken-NAME.png in the temporary
// directory.
func saveSheet(t *testing.T, a *sprites.Atlas, n int, name string) {
	screen := ebiten.NewImage(1280, 720)
	defer screen.Deallocate()
	a.DrawFelt(screen)
	const scale = 0.8
	for i := range n {
		a.Draw(screen, a.Card(i), sprites.Place{X: 60 + float64(i%14)*88, Y: 70 + float64(i/14)*120, Scale: scale})
	}
	img := image.NewRGBA(image.Rect(0, 0, 1280, 720))
	screen.ReadPixels(img.Pix)
	path := filepath.Join(os.TempDir(), "janken-"+name+".png")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, img); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	t.Logf("deck sheet: %s", path)
}

// BenchmarkTableAtlas measures what opening a table cost in painting
// when it painted in one Update: NewAtlas of its deck, until its textures
// are on the GPU (reading back a pixel waits for them).
func BenchmarkTableAtlas(b *testing.B) {
	for _, g := range arcade {
		b.Run(g.Name, func(b *testing.B) {
			for b.Loop() {
				a := sprites.NewAtlas(sprites.Standard(), g.Deck)
				waitForGPU(a)
				a.Release()
			}
		})
	}
}

// BenchmarkPaintSlice measures what opening a table costs a tick now: a
// table's deck painted scenes.PaintBudget pieces at a time on shared
// sprites already painted (as after the first table), each slice until
// its textures are on the GPU. It reports the mean and the slowest slice.
func BenchmarkPaintSlice(b *testing.B) {
	shared := sprites.NewShared(sprites.Standard())
	for !shared.Ready() {
		shared.Paint(scenes.PaintBudget)
	}
	defer shared.Release()
	for _, g := range arcade {
		b.Run(g.Name, func(b *testing.B) {
			var slowest, total time.Duration
			slices := 0
			for b.Loop() {
				a := sprites.NewDeckAtlas(shared, g.Deck)
				for !a.Ready() {
					start := time.Now()
					a.Paint(scenes.PaintBudget)
					waitForGPU(a)
					d := time.Since(start)
					slowest, total, slices = max(slowest, d), total+d, slices+1
				}
				a.Release()
			}
			b.ReportMetric(float64(total.Nanoseconds())/float64(slices), "ns/slice")
			b.ReportMetric(float64(slowest.Nanoseconds()), "slowest-ns/slice")
		})
	}
}

// BenchmarkOpenTable measures the longest Update, and the longest tick,
// of opening each game's table in a fresh program, as a player does: a
// fade from the title into a scene that asks for the table's atlas every
// Update. A tick is the Update, the Draw and the GPU's work for them
// (reading back a pixel waits for it). The table also paints the shared
// sprites, as the first one does.
func BenchmarkOpenTable(b *testing.B) {
	screen := ebiten.NewImage(scenes.ScreenWidth, scenes.ScreenHeight)
	defer screen.Deallocate()
	var pix [4]byte
	one := screen.SubImage(image.Rect(0, 0, 1, 1)).(*ebiten.Image)
	for _, g := range arcade {
		b.Run(g.Name, func(b *testing.B) {
			var slowUpdate, slowTick time.Duration
			for b.Loop() {
				table := &deckScene{deck: g.Deck}
				d := scenes.New(scenes.Options{Source: new(input.Script), Store: persist.At(b.TempDir()),
					Start: func(*scenes.Director) scenes.Scene { return &deckScene{} }})
				d.Replace(table, scenes.FadeQuick)
				for tick := 0; tick == 0 || d.Transitioning(); tick++ {
					start := time.Now()
					if err := d.Update(); err != nil {
						b.Fatal(err)
					}
					update := time.Since(start)
					d.Draw(screen)
					one.ReadPixels(pix[:])
					slowUpdate, slowTick = max(slowUpdate, update), max(slowTick, time.Since(start))
				}
				table.atlas.Release()
			}
			b.ReportMetric(float64(slowUpdate.Nanoseconds()), "slowest-ns/update")
			b.ReportMetric(float64(slowTick.Nanoseconds()), "slowest-ns/tick")
		})
	}
}

// deckScene asks for its deck's atlas every Update, as a table does, and
// draws the felt and the deck's first card.
type deckScene struct {
	deck  sprites.Deck
	atlas *sprites.Atlas
}

func (*deckScene) Name() string { return "deck" }

func (s *deckScene) Update(ctx *scenes.Context) error {
	if s.deck.Size > 0 {
		s.atlas = ctx.Atlas(s.deck)
	}
	return nil
}

func (s *deckScene) Draw(c *scenes.Canvas) {
	if s.atlas != nil {
		scenes.DrawSprite(c, s.atlas.Felt(), sprites.Place{X: 640, Y: 360})
		scenes.DrawSprite(c, s.atlas.Card(0), sprites.Place{X: 640, Y: 360})
	}
}

// waitForGPU reads back a pixel of the atlas's felt, which makes
// Ebitengine carry out every command queued before.
func waitForGPU(a *sprites.Atlas) {
	img := a.Felt().Image()
	var pix [4]byte
	img.SubImage(image.Rect(0, 0, 1, 1)).(*ebiten.Image).ReadPixels(pix[:])
}
