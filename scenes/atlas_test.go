package scenes

import (
	"image/color"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/settings"
	"github.com/jankenarcade/janken/sprites"
)

// testDeck is a deck the size of the games' (That's Mine has 37 sprites,
// Ninjan 49): plain backs, each its own shade.
var testDeck = sprites.Deck{Name: "test", Size: 40, Paint: func(p *sprites.Painter, i int) sprites.Sprite {
	return p.Back(color.RGBA{uint8(6 * i), 0x30, 0x5e, 0xff}, "TEST", nil)
}}

// deckScene is a table as far as painting goes: it asks for its deck's
// atlas every Update, as the tables do.
type deckScene struct{ atlas *sprites.Atlas }

func (*deckScene) Name() string                { return "deck" }
func (s *deckScene) Update(ctx *Context) error { s.atlas = ctx.Atlas(testDeck); return nil }
func (*deckScene) Draw(*Canvas)                {}

// openDeck opens a deckScene with a fade, as the lobbies open tables, and
// steps the director until the fade is over, checking each tick that it
// paints at most PaintBudget pieces (at least one while there are any
// left) and that the fade waits, faded out, until the atlas is whole. It
// returns the scene, the pieces painted and the ticks the fade took.
func openDeck(t *testing.T, d *Director) (s *deckScene, pieces, ticks int) {
	t.Helper()
	s = &deckScene{}
	d.Replace(s, FadeQuick)
	d.applyPending()
	for ; d.Transitioning(); ticks++ {
		if ticks > 1000 {
			t.Fatal("the fade into the table never ended")
		}
		busy := d.atlases.busy()
		if err := d.Update(); err != nil {
			t.Fatal(err)
		}
		if n := d.atlases.pieces; n > PaintBudget || busy && n == 0 {
			t.Fatalf("tick %d painted %d pieces, want 1 to %d", ticks, n, PaintBudget)
		}
		pieces += d.atlases.pieces
		if d.atlases.busy() && d.trans.elapsed > d.trans.revealsAt(false) {
			t.Fatalf("tick %d: the fade went on to its tick %d while the table's sprites were painted", ticks, d.trans.elapsed)
		}
	}
	if !s.atlas.Ready() {
		t.Fatalf("the fade ended on an atlas not painted whole (%d pieces left)", s.atlas.Remaining())
	}
	return s, pieces, ticks
}

// TestOpeningATablePaintsWithinBudget: a table opens without a stall. Its
// deck and the shared sprites are painted PaintBudget pieces a tick (work
// counted, not time) while the fade waits, faded out; opening it again,
// or a rematch, paints nothing and fades in the usual time.
func TestOpeningATablePaintsWithinBudget(t *testing.T) {
	d, _, _ := testDirector(t, Options{Start: func(*Director) Scene { return &stubScene{name: "title"} }})
	first, pieces, ticks := openDeck(t, d)
	shared := sprites.NewShared(sprites.Standard())
	_, sharedPieces := shared.Progress()
	if want := testDeck.Size + sharedPieces; pieces != want {
		t.Errorf("opening the table painted %d pieces, want %d (its deck and the shared sprites)", pieces, want)
	}
	if min := (pieces + PaintBudget - 1) / PaintBudget; ticks < min {
		t.Errorf("the fade took %d ticks for %d pieces", ticks, pieces)
	}
	t.Logf("%d pieces painted in a fade of %d ticks", pieces, ticks)

	again, pieces, ticks := openDeck(t, d)
	if pieces != 0 || ticks != FadeQuick.Ticks || again.atlas != first.atlas {
		t.Errorf("opening the table again painted %d pieces in %d ticks (same atlas: %v), want 0 in %d",
			pieces, ticks, again.atlas == first.atlas, FadeQuick.Ticks)
	}
}

// TestPaletteChangeRepaintsAcrossTicks: after a change of palette the
// table keeps drawing its whole atlas of the old palette while the new
// one is painted a few pieces a tick, then draws the new one; asking for
// the old palette again before that drops the new one.
func TestPaletteChangeRepaintsAcrossTicks(t *testing.T) {
	s := &deckScene{}
	d, _, _ := testDirector(t, Options{Start: func(*Director) Scene { return s }})
	step := func() {
		t.Helper()
		if err := d.Update(); err != nil {
			t.Fatal(err)
		}
		if d.atlases.pieces > PaintBudget {
			t.Fatalf("a tick painted %d pieces, over the budget of %d", d.atlases.pieces, PaintBudget)
		}
	}
	step()
	standard := s.atlas
	if !standard.Ready() || standard.Palette().Name != sprites.Standard().Name {
		t.Fatalf("the first scene got %v, ready %v; want the standard atlas painted at once", standard, standard.Ready())
	}
	colourBlind := func() {
		set := d.Settings()
		set.Palette = settings.ColourBlind
		d.SetSettings(set)
	}

	colourBlind()
	step()
	step()
	back := d.Settings()
	back.Palette = settings.Standard
	d.SetSettings(back)
	step()
	if s.atlas != standard || d.atlases.busy() {
		t.Fatalf("back to the standard palette mid-painting: drawing %v, still painting %v", s.atlas, d.atlases.busy())
	}

	colourBlind()
	ticks := 0
	for ; s.atlas == standard; ticks++ {
		if ticks > 1000 {
			t.Fatal("the colour-blind atlas was never painted")
		}
		step()
		if !s.atlas.Ready() {
			t.Fatalf("tick %d: the table draws an atlas not painted whole", ticks)
		}
	}
	if s.atlas.Palette().Name != sprites.ColourBlind().Name || d.atlases.busy() {
		t.Errorf("after %d ticks the table draws %v, still painting %v", ticks, s.atlas, d.atlases.busy())
	}
	if min := (testDeck.Size + 1) / PaintBudget; ticks < min {
		t.Errorf("the colour-blind atlas took %d ticks, fewer than its pieces allow", ticks)
	}
}

// TestSharedSpritesPaintedAhead: a program that offers games paints the
// shared sprites while its title shows, within the budget and without
// holding a transition, so that its first table paints only its deck.
func TestSharedSpritesPaintedAhead(t *testing.T) {
	game := Entry{Name: "test", Title: "Test", Open: func(*Director) Scene { return &deckScene{} }}
	d, _, _ := testDirector(t, Options{Games: []Entry{game}, Start: func(*Director) Scene { return &stubScene{name: "title"} }})
	_, sharedPieces := sprites.NewShared(sprites.Standard()).Progress()
	// Nothing is painted ahead before the first frame, nor in the tick
	// after it, which a page runs as it shows it, nor twice for one frame.
	screen := ebiten.NewImage(ScreenWidth, ScreenHeight)
	defer screen.Deallocate()
	for frame := range 2 {
		for range 2 {
			if err := d.Update(); err != nil {
				t.Fatal(err)
			}
			if d.atlases.pieces != 0 {
				t.Fatalf("%d pieces painted ahead before frame %d was shown", d.atlases.pieces, frame)
			}
		}
		d.Draw(screen)
	}
	painted := 0
	for tick := 0; painted < sharedPieces; tick++ {
		if tick > sharedPieces {
			t.Fatalf("after %d ticks only %d of %d shared pieces painted", tick, painted, sharedPieces)
		}
		if err := d.Update(); err != nil {
			t.Fatal(err)
		}
		if n := d.atlases.pieces; n < 1 || n > PaintBudget || d.atlases.busy() {
			t.Fatalf("tick %d painted %d pieces ahead (busy %v), want 1 to %d and not busy", tick, n, d.atlases.busy(), PaintBudget)
		}
		painted += d.atlases.pieces
		if tick == 0 {
			if err := d.Update(); err != nil { // a second tick for the same frame
				t.Fatal(err)
			}
			if d.atlases.pieces != 0 {
				t.Fatalf("a second tick of one frame painted %d pieces ahead", d.atlases.pieces)
			}
		}
		d.Draw(screen)
	}
	if _, pieces, _ := openDeck(t, d); pieces != testDeck.Size {
		t.Errorf("the first table painted %d pieces, want only its deck's %d", pieces, testDeck.Size)
	}
	if err := d.Update(); err != nil {
		t.Fatal(err)
	}
	if d.atlases.pieces != 0 {
		t.Errorf("with everything painted a tick painted %d pieces", d.atlases.pieces)
	}
}
