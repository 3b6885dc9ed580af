package sprites

import (
	"fmt"
	"math"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/internal/looptest"
	"github.com/jankenarcade/janken/rulesets"
)

// all names every sprite of the atlas.
func (a *Atlas) all() map[string]Sprite {
	m := map[string]Sprite{}
	for n := 1; n <= 36; n++ {
		m[fmt.Sprintf("thatsmine/%d", n)] = a.ThatsMineCard(n)
	}
	for _, s := range rulesets.Symbols {
		for v := -6; v <= 10; v++ {
			if v != 0 {
				m[fmt.Sprintf("ninjan/%v/%d", s, v)] = a.NinjanCard(s, v)
			}
		}
		for suit := range ElevenSuitCount {
			m[fmt.Sprintf("eleven/%d/%v", suit, s)] = a.ElevenSuitsCard(suit, s)
		}
		for c := range 3 {
			m[fmt.Sprintf("slam/back/%v/%d", s, c)] = a.SlamBack(s, c)
		}
		m["symbol/"+s.String()] = a.Symbol(s)
	}
	for suit := range ElevenSuitCount {
		m[fmt.Sprintf("eleven/back/%d", suit)] = a.ElevenSuitsBack(suit)
		m[fmt.Sprintf("emblem/%d", suit)] = a.SuitEmblem(suit)
	}
	for _, c := range slamColourings {
		m[fmt.Sprintf("slam/front/%d%d%d", c[0], c[1], c[2])] = a.SlamFront(c[0], c[1], c[2])
	}
	for d := range numDecks {
		m["back/"+d.String()] = a.Back(d)
	}
	for g := range rulesets.Symbol(4) {
		m["gesture/"+g.String()] = a.Gesture(g)
	}
	for c := range 3 {
		m[fmt.Sprintf("chip/%d", c)] = a.SlamChip(c)
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
			a.Draw(dst, a.Back(Ninjan), Place{X: cx - 40 + float64(i)*22, Y: 70, Scale: 0.6, Rotation: (float64(i) - 2) * 0.06})
		}
		a.DrawTokens(dst, 3+seat*2, cx+100, 60, 0.8)
	}
	// Three piles in the middle.
	tops := [3]rulesets.Symbol{rulesets.Rock, rulesets.Scissors, rulesets.Paper}
	for i, s := range tops {
		x := 440 + float64(i)*140
		a.Draw(dst, a.CardSlot(), Place{X: x, Y: 300})
		a.Draw(dst, a.CardShadow(), Place{X: x + 3, Y: 306})
		a.Draw(dst, a.NinjanCard(s, 7-3*i), Place{X: x, Y: 300, Rotation: float64(i-1) * 0.04})
	}
	// The player's hand, one card lifted and selected.
	hand := [9]struct {
		s rulesets.Symbol
		v int
	}{{rulesets.Rock, -6}, {rulesets.Rock, 3}, {rulesets.Paper, 10}, {rulesets.Paper, -2}, {rulesets.Scissors, 1},
		{rulesets.Scissors, 5}, {rulesets.Rock, 8}, {rulesets.Paper, 4}, {rulesets.Scissors, -1}}
	for i, c := range hand {
		x := 640 + (float64(i)-4)*106
		y := 620.0
		if i == 4 {
			y -= 24
			a.Draw(dst, a.CardGlow(), Place{X: x, Y: y})
		}
		a.Draw(dst, a.NinjanCard(c.s, c.v), Place{X: x, Y: y})
	}
	a.Draw(dst, a.Seat(0), Place{X: 640, Y: 485})
	a.DrawTokens(dst, 7, 760, 490, 0.8)
	// Slam's flip on the left, gestures on the right.
	a.Draw(dst, a.SlamFront(0, 2, 1), Place{X: 140, Y: 330, Scale: 1.4})
	a.Draw(dst, a.SlamBack(rulesets.Scissors, 1), Place{X: 140 + 78, Y: 330 + 40, Scale: 0.7, Turn: 0.3})
	for g := range rulesets.Symbol(4) {
		a.Draw(dst, a.Gesture(g), Place{X: 1000 + float64(g%2)*150, Y: 240 + float64(g/2)*150, Scale: 0.85})
	}
}

// sheetPages are the contact sheets, each 1280×720.
var sheetPages = []func(dst *ebiten.Image, a *Atlas){
	drawTable,
	func(dst *ebiten.Image, a *Atlas) { // every card face
		a.DrawFelt(dst)
		const scale, step = 0.58, 60
		x, y := 36.0, 48.0
		put := func(s Sprite) {
			a.Draw(dst, s, Place{X: x, Y: y, Scale: scale})
			x += step
			if x > sheetW-30 {
				x, y = 36, y+86
			}
		}
		for n := 1; n <= 36; n++ {
			put(a.ThatsMineCard(n))
		}
		for _, s := range rulesets.Symbols {
			for v := -6; v <= 10; v++ {
				if v != 0 {
					put(a.NinjanCard(s, v))
				}
			}
		}
		for suit := range ElevenSuitCount {
			for _, s := range rulesets.Symbols {
				put(a.ElevenSuitsCard(suit, s))
			}
		}
		for _, c := range slamColourings {
			put(a.SlamFront(c[0], c[1], c[2]))
		}
	},
	func(dst *ebiten.Image, a *Atlas) { // backs, at full and at small size, and the rest
		a.DrawFelt(dst)
		for suit := range ElevenSuitCount {
			x := 60 + float64(suit)*106
			a.Draw(dst, a.ElevenSuitsBack(suit), Place{X: x, Y: 90})
			a.Draw(dst, a.ElevenSuitsBack(suit), Place{X: x, Y: 200, Scale: 0.35})
			a.Draw(dst, a.SuitEmblem(suit), Place{X: x, Y: 250})
		}
		for d := range numDecks {
			a.Draw(dst, a.Back(d), Place{X: 60 + float64(d)*106, Y: 350})
		}
		i := 0
		for _, s := range rulesets.Symbols {
			for c := range 3 {
				a.Draw(dst, a.SlamBack(s, c), Place{X: 490 + float64(i)*84, Y: 350, Scale: 0.8})
				i++
			}
		}
		for g := range rulesets.Symbol(4) {
			a.Draw(dst, a.Gesture(g), Place{X: 90 + float64(g)*170, Y: 560})
		}
		for _, s := range rulesets.Symbols {
			a.Draw(dst, a.Symbol(s), Place{X: 760 + float64(s-1)*76, Y: 490})
		}
		for c := range 3 {
			a.Draw(dst, a.SlamChip(c), Place{X: 760 + float64(c)*76, Y: 560})
		}
		for s := range SeatCount {
			a.Draw(dst, a.Seat(s), Place{X: 760 + float64(s%4)*76, Y: 620 + float64(s/4)*50})
		}
		a.DrawTokens(dst, 12, 1150, 520, 1)
		a.Draw(dst, a.CardSlot(), Place{X: 1150, Y: 640, Scale: 0.6})
	},
	func(dst *ebiten.Image, a *Atlas) { // close-ups at the highest sharp scale
		a.DrawFelt(dst)
		for g := range rulesets.Symbol(4) {
			a.Draw(dst, a.Gesture(g), Place{X: 160 + float64(g)*320, Y: 160, Scale: 1.9})
		}
		cards := [5]Sprite{a.SlamFront(2, 0, 1), a.SlamBack(rulesets.Paper, 2), a.NinjanCard(rulesets.Scissors, -4),
			a.ElevenSuitsCard(5, rulesets.Rock), a.ThatsMineCard(26)}
		for i, s := range cards {
			a.Draw(dst, s, Place{X: 130 + float64(i)*255, Y: 510, Scale: 2})
		}
	},
}

// TestContactSheets draws the sheets of both palettes for people to look
// at, and checks that each shows many distinct colours (not a blank or
// flat page).
func TestContactSheets(t *testing.T) {
	for _, b := range atlases() {
		for i, page := range sheetPages {
			name := fmt.Sprintf("sprites-%s-%d", b.palette.Name, i+1)
			img := looptest.Capture(t, name, sheetW, sheetH, func(screen *ebiten.Image) { page(screen, b.atlas) })
			colours := map[[3]byte]bool{}
			for j := 0; j < len(img.Pix); j += 4 * 7 {
				colours[[3]byte{img.Pix[j], img.Pix[j+1], img.Pix[j+2]}] = true
			}
			if len(colours) < 500 {
				t.Errorf("%s: only %d distinct colours", name, len(colours))
			}
		}
	}
}

// TestEverySpriteDrawn checks that every sprite has paint on it and is
// not a flat block.
func TestEverySpriteDrawn(t *testing.T) {
	for _, r := range atlases() {
		// 36 + 48 + 33 faces, 11 + 6 + 9 + 4 backs and fronts, 11 emblems,
		// 4 gestures, 3 symbols, 3 chips, 8 seats and 5 others.
		if len(r.sprites) != 181 {
			t.Errorf("%s: %d sprites, want 181", r.palette.Name, len(r.sprites))
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

// TestSuitBacksDistinctInGrey checks the promise that Eleven Suits' backs
// tell their suits apart without colour at small size: shrunk to a
// quarter of their logical size (25×35 pixels) and turned grey, every
// pair still differs clearly. It checks Slam's three colour chips and
// the seats' badges the same way.
func TestSuitBacksDistinctInGrey(t *testing.T) {
	groups := []struct {
		prefix string
		n      int
		w      int
		factor int
	}{
		{"eleven/back/%d", ElevenSuitCount, CardWidth * detail, 4 * detail},
		{"chip/%d", 3, EmblemSize * detail, 2 * detail},
		{"seat/%d", SeatCount, BadgeSize * detail, 2 * detail},
	}
	for _, r := range atlases() {
		for _, g := range groups {
			thumbs := make([][]float64, g.n)
			for i := range thumbs {
				thumbs[i] = grey(r.sprites[fmt.Sprintf(g.prefix, i)], g.w, g.factor)
			}
			closest := math.Inf(1)
			for i := range thumbs {
				for j := i + 1; j < len(thumbs); j++ {
					d := meanAbsDiff(thumbs[i], thumbs[j])
					closest = math.Min(closest, d)
					if d < 6 {
						t.Errorf("%s: %s and %s differ by only %.1f grey levels", r.palette.Name,
							fmt.Sprintf(g.prefix, i), fmt.Sprintf(g.prefix, j), d)
					}
				}
			}
			t.Logf("%s %s: closest pair differs by %.1f grey levels", r.palette.Name, g.prefix, closest)
		}
	}
}

// TestCardFacesDistinct checks that no two card faces of a deck came out
// the same (a wrong index would repeat one).
func TestCardFacesDistinct(t *testing.T) {
	for _, r := range atlases() {
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

func TestDrawAllocatesNothing(t *testing.T) {
	for _, b := range atlases() {
		if n := drawAllocs(b.atlas); n != 0 {
			t.Errorf("%s: drawing a table allocates %d times per frame, want 0", b.palette.Name, n)
		}
	}
}

// BenchmarkNewAtlas measures building the atlas of every deck (CPU
// painting plus upload; the GPU finishes later), which delays the game's
// start: go test -run '^$' -bench NewAtlas ./sprites/
func BenchmarkNewAtlas(b *testing.B) {
	for b.Loop() {
		NewAtlas(Standard()).Release()
	}
}

func TestLookupsRejectBadInput(t *testing.T) {
	a := atlases()[0].atlas
	bad := map[string]Sprite{
		"ThatsMineCard(0)":          a.ThatsMineCard(0),
		"ThatsMineCard(37)":         a.ThatsMineCard(37),
		"NinjanCard(Rock, 0)":       a.NinjanCard(rulesets.Rock, 0),
		"NinjanCard(Rock, 11)":      a.NinjanCard(rulesets.Rock, 11),
		"NinjanCard(NoSymbol, 1)":   a.NinjanCard(rulesets.NoSymbol, 1),
		"ElevenSuitsCard(11, Rock)": a.ElevenSuitsCard(11, rulesets.Rock),
		"ElevenSuitsBack(-1)":       a.ElevenSuitsBack(-1),
		"SlamFront(0, 0, 1)":        a.SlamFront(0, 0, 1),
		"SlamBack(Rock, 3)":         a.SlamBack(rulesets.Rock, 3),
		"Seat(8)":                   a.Seat(8),
		"Gesture(4)":                a.Gesture(4),
	}
	for name, s := range bad {
		if s.img != nil {
			t.Errorf("%s returned a sprite", name)
		}
	}
}
