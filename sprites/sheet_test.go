package sprites

import (
	"fmt"
	"image"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/jankenarcade/janken/rulesets"
)

// all names every sprite of the atlas.
func (a *Atlas) all() map[string]Sprite {
	m := map[string]Sprite{}
	for i := range a.cards {
		m[fmt.Sprintf("%s/%d", a.deck.Name, i)] = a.Card(i)
	}
	for _, s := range rulesets.Symbols {
		m["symbol/"+s.String()] = a.Symbol(s)
	}
	for g := range rulesets.Symbol(4) {
		m["gesture/"+g.String()] = a.Gesture(g)
	}
	for s := range SeatCount {
		m[fmt.Sprintf("seat/%d", s)] = a.Seat(s)
	}
	m["token"], m["glow"], m["shadow"], m["slot"], m["felt"] = a.Token(), a.CardGlow(), a.CardShadow(), a.CardSlot(), a.Felt()
	return m
}

// drawTable composes a busy game table, the per-frame work of a real
// scene: felt, hands of cards, piles, tokens, seats and gestures.
func drawTable(dst *ebiten.Image, a *Atlas) {
	a.DrawFelt(dst)
	// Opponents' hidden hands along the top.
	for seat := 0; seat < 3; seat++ {
		cx := 260 + float64(seat)*380
		a.Draw(dst, a.Seat(seat+1), Place{X: cx - 120, Y: 40})
		for i := 0; i < 5; i++ {
			a.Draw(dst, a.Card(sampleStarBack), Place{X: cx - 40 + float64(i)*22, Y: 70, Scale: 0.6, Rotation: (float64(i) - 2) * 0.06})
		}
		a.DrawTokens(dst, 3+seat*2, cx+100, 60, 0.8)
	}
	// Three piles in the middle.
	for i := range 3 {
		x := 440 + float64(i)*140
		a.Draw(dst, a.CardSlot(), Place{X: x, Y: 300})
		a.Draw(dst, a.CardShadow(), Place{X: x + 3, Y: 306})
		a.Draw(dst, a.Card(sampleBanners+i), Place{X: x, Y: 300, Rotation: float64(i-1) * 0.04})
	}
	// The player's hand, one card lifted and selected.
	for i := range 9 {
		x := 640 + (float64(i)-4)*106
		y := 620.0
		if i == 4 {
			y -= 24
			a.Draw(dst, a.CardGlow(), Place{X: x, Y: y})
		}
		a.Draw(dst, a.Card(i%samplePlainBack), Place{X: x, Y: y})
	}
	a.Draw(dst, a.Seat(0), Place{X: 640, Y: 485})
	a.DrawTokens(dst, 7, 760, 490, 0.8)
	// A big card and one turning over on the left, gestures on the right.
	a.Draw(dst, a.Card(sampleFramed), Place{X: 140, Y: 330, Scale: 1.4})
	a.Draw(dst, a.Card(sampleSuitBacks+3), Place{X: 140 + 78, Y: 330 + 40, Scale: 0.7, Turn: 0.3})
	for g := range rulesets.Symbol(4) {
		a.Draw(dst, a.Gesture(g), Place{X: 1000 + float64(g%2)*150, Y: 240 + float64(g/2)*150, Scale: 0.85})
	}
}

// sheetPages are the contact sheets, each 1280×720.
var sheetPages = []func(dst *ebiten.Image, a *Atlas){
	drawTable,
	func(dst *ebiten.Image, a *Atlas) { // the deck, at full and at small size, and the rest
		a.DrawFelt(dst)
		for i := range a.cards {
			a.Draw(dst, a.Card(i), Place{X: 60 + float64(i%11)*106, Y: 84 + float64(i/11)*146})
			a.Draw(dst, a.Card(i), Place{X: 40 + float64(i)*44, Y: 470, Scale: 0.35})
		}
		for g := range rulesets.Symbol(4) {
			a.Draw(dst, a.Gesture(g), Place{X: 90 + float64(g)*170, Y: 600})
		}
		for _, s := range rulesets.Symbols {
			a.Draw(dst, a.Symbol(s), Place{X: 760 + float64(s-1)*76, Y: 560})
		}
		for s := range SeatCount {
			a.Draw(dst, a.Seat(s), Place{X: 760 + float64(s%4)*76, Y: 630 + float64(s/4)*50})
		}
		a.DrawTokens(dst, 12, 1150, 560, 1)
		a.Draw(dst, a.CardSlot(), Place{X: 1150, Y: 650, Scale: 0.6})
	},
	func(dst *ebiten.Image, a *Atlas) { // close-ups at the highest sharp scale
		a.DrawFelt(dst)
		for g := range rulesets.Symbol(4) {
			a.Draw(dst, a.Gesture(g), Place{X: 160 + float64(g)*320, Y: 160, Scale: 1.9})
		}
		cards := [5]Sprite{a.Card(sampleFaces), a.Card(sampleFramed), a.Card(sampleBanners + 2),
			a.Card(sampleStarBack), a.Card(sampleSuitBacks)}
		for i, s := range cards {
			a.Draw(dst, s, Place{X: 130 + float64(i)*255, Y: 510, Scale: 2})
		}
	},
}

func artifactsDir(t *testing.T) string {
	dir := filepath.Join("..", "artifacts")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

func savePNG(t *testing.T, path string, pix []byte, w, h int) {
	img := &image.NRGBA{Pix: make([]byte, len(pix)), Stride: 4 * w, Rect: image.Rect(0, 0, w, h)}
	// ReadPixels gives premultiplied alpha; the sheets are opaque, so the
	// bytes are the same.
	copy(img.Pix, pix)
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, img); err != nil {
		t.Fatalf("encode %s: %v", path, err)
	}
}

// TestContactSheets saves the sheets under artifacts/ for people to look
// at, and checks that each shows many distinct colours (not a blank or
// flat page).
func TestContactSheets(t *testing.T) {
	dir := artifactsDir(t)
	for _, r := range paintBoth(t) {
		for i, pix := range r.pages {
			path := filepath.Join(dir, fmt.Sprintf("sprites-%s-%d.png", r.palette.Name, i+1))
			savePNG(t, path, pix, sheetW, sheetH)
			colours := map[[3]byte]bool{}
			for j := 0; j < len(pix); j += 4 * 7 {
				colours[[3]byte{pix[j], pix[j+1], pix[j+2]}] = true
			}
			if len(colours) < 500 {
				t.Errorf("%s: only %d distinct colours", path, len(colours))
			}
			t.Logf("wrote %s", path)
		}
	}
}

// TestEverySpriteDrawn checks that every sprite has paint on it and is
// not a flat block.
func TestEverySpriteDrawn(t *testing.T) {
	for _, r := range paintBoth(t) {
		// The sample deck, 4 gestures, 3 symbols, 8 seats and 5 others.
		if want := sampleSize + 20; len(r.sprites) != want {
			t.Errorf("%s: %d sprites, want %d", r.palette.Name, len(r.sprites), want)
		}
		for name, pix := range r.sprites {
			// Halos and shadows are translucent by design.
			threshold := byte(200)
			if name == "glow" || name == "shadow" || name == "slot" {
				threshold = 0
			}
			opaque, first, varied := 0, [4]byte{pix[0], pix[1], pix[2], pix[3]}, false
			for i := 0; i < len(pix); i += 4 {
				if pix[i+3] > threshold {
					opaque++
				}
				if [4]byte{pix[i], pix[i+1], pix[i+2], pix[i+3]} != first {
					varied = true
				}
			}
			if frac := float64(opaque) / float64(len(pix)/4); frac < 0.1 || !varied {
				t.Errorf("%s/%s: %.0f%% opaque, varied %v", r.palette.Name, name, 100*frac, varied)
			}
		}
	}
}

// grey shrinks a sprite's pixels (w texels wide) by an integer factor to
// a greyscale thumbnail: what a colour-blind player sees of a small card.
func grey(pix []byte, w, factor int) []float64 {
	h := len(pix) / 4 / w
	tw, th := w/factor, h/factor
	out := make([]float64, tw*th)
	for y := 0; y < th*factor; y++ {
		for x := 0; x < tw*factor; x++ {
			i := 4 * (y*w + x)
			l := 0.2126*float64(pix[i]) + 0.7152*float64(pix[i+1]) + 0.0722*float64(pix[i+2])
			out[(y/factor)*tw+x/factor] += l / float64(factor*factor)
		}
	}
	return out
}

func meanAbsDiff(a, b []float64) float64 {
	d := 0.0
	for i := range a {
		d += math.Abs(a[i] - b[i])
	}
	return d / float64(len(a))
}

// TestSuitBacksDistinctInGrey checks the promise that suited backs
// (SuitBack, Eleven Suits' backs) tell their suits apart without colour at
// small size: shrunk to a quarter of their logical size (25×35 pixels)
// and turned grey, every pair still differs clearly. It checks Slam's
// three colours' chips (Chip) and the seats' badges the same way.
func TestSuitBacksDistinctInGrey(t *testing.T) {
	groups := []struct {
		prefix string
		first  int
		n      int
		w      int
		factor int
	}{
		{"sample/%d", sampleSuitBacks, ElevenSuitCount, CardWidth * detail, 4 * detail},
		{"sample/%d", sampleChips, 3, EmblemSize * detail, 2 * detail},
		{"seat/%d", 0, SeatCount, BadgeSize * detail, 2 * detail},
	}
	for _, r := range paintBoth(t) {
		for _, g := range groups {
			thumbs := make([][]float64, g.n)
			for i := range thumbs {
				thumbs[i] = grey(r.sprites[fmt.Sprintf(g.prefix, g.first+i)], g.w, g.factor)
			}
			closest := math.Inf(1)
			for i := range thumbs {
				for j := i + 1; j < len(thumbs); j++ {
					d := meanAbsDiff(thumbs[i], thumbs[j])
					closest = math.Min(closest, d)
					if d < 6 {
						t.Errorf("%s: %s and %s differ by only %.1f grey levels", r.palette.Name,
							fmt.Sprintf(g.prefix, g.first+i), fmt.Sprintf(g.prefix, g.first+j), d)
					}
				}
			}
			t.Logf("%s %s from %d: closest pair differs by %.1f grey levels", r.palette.Name, g.prefix, g.first, closest)
		}
	}
}

// TestCardFacesDistinct checks that no two sprites came out the same (a
// wrong index would repeat one).
func TestCardFacesDistinct(t *testing.T) {
	for _, r := range paintBoth(t) {
		seen := map[string]string{}
		for name, pix := range r.sprites {
			key := string(pix)
			if other, dup := seen[key]; dup {
				t.Errorf("%s: %s and %s are identical", r.palette.Name, name, other)
			}
			seen[key] = name
		}
	}
}

// TestDrawAllocatesNothing draws a busy table, frame after frame, in
// both palettes: once Ebitengine has settled (it reuses the draw commands
// of earlier frames; here within 3 frames), drawing must allocate nothing
// for settledFrames frames in a row. Each frame draws the table 6 times:
// Ebitengine keeps at most 1024 draw commands of a frame for reuse, and a
// table takes about 50.
func TestDrawAllocatesNothing(t *testing.T) {
	if raceDetector {
		t.Skip("under the race detector every OpenGL call allocates")
	}
	const maxFrames, settledFrames = 60, 10
	screen := ebiten.NewImage(sheetW, sheetH)
	defer screen.Deallocate()
	for _, r := range paintBoth(t) {
		var allocs float64
		clean := 0
		for f := 0; f < maxFrames && clean < settledFrames; f++ {
			allocs = testing.AllocsPerRun(5, func() { drawTable(screen, r.atlas) })
			clean++
			if allocs != 0 {
				clean = 0
			}
			// Reading a pixel back ends the frame: the commands are flushed.
			_ = screen.At(0, 0)
		}
		if clean < settledFrames {
			t.Errorf("%s: drawing a table allocates %.1f times per frame after %d frames, want 0", r.palette.Name, allocs, maxFrames)
		}
	}
}

func TestLookupsRejectBadInput(t *testing.T) {
	a := paintBoth(t)[0].atlas
	bad := map[string]Sprite{
		"Card(-1)":   a.Card(-1),
		"Card(size)": a.Card(sampleSize),
		"Seat(8)":    a.Seat(8),
		"Gesture(4)": a.Gesture(4),
		"Symbol(0)":  a.Symbol(rulesets.NoSymbol),
	}
	for name, s := range bad {
		if s.img != nil {
			t.Errorf("%s returned a sprite", name)
		}
	}
}
