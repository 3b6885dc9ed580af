package sprites

import (
	"image"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/rulesets"
)

// Shared holds the sprites every table shows whatever its deck, for one
// palette: a card's glow, shadow and slot, the symbols, the gestures, the
// VP token, the seat badges and the felt. Atlases of different decks
// built on one Shared (NewDeckAtlas) share its textures, so a program
// paints them once per palette.
//
// A Shared must be used from the game's goroutine.
type Shared struct {
	palette Palette
	upload  bool // false paints on the CPU only (benchmarks)
	work    work
	images  []*ebiten.Image // every texture, for Release

	glow    Sprite
	shadow  Sprite
	slot    Sprite
	symbols [3]Sprite
	hands   [4]Sprite
	token   Sprite
	seats   [SeatCount]Sprite
	felt    Sprite

	// The felt while it is painted a band at a time: its texture, the
	// texels of the band being painted and its grain generator, carried
	// from band to band.
	feltImg  *ebiten.Image
	feltBand []byte
	feltSeed uint32
	// feltPainted, if set, sees each band's texels as it is painted (the
	// tests hash the cloth with it).
	feltPainted func(band []byte)
}

// The shared sprites are painted as these pieces, in this order. The
// glow and the shadow, the costliest (nested halos over a large texture),
// are apart, so that a Paint of two pieces gets one at most.
const (
	pieceGlow    = 0
	pieceSlot    = 1
	pieceShadow  = 2
	pieceSymbols = 3
	pieceHands   = pieceSymbols + 3
	pieceToken   = pieceHands + 4
	pieceSeats   = pieceToken + 1
	pieceFelt    = pieceSeats + SeatCount
	sharedPieces = pieceFelt + feltBands
)

// NewShared returns the shared sprites of palette p, none painted yet:
// Paint paints them a few at a time, and drawing one not yet painted
// draws nothing.
func NewShared(p Palette) *Shared { return newShared(p, true) }

// newShared is NewShared; without upload it paints on the CPU only
// (benchmarks, tests of the painting itself).
func newShared(p Palette, upload bool) *Shared {
	s := &Shared{palette: p, upload: upload, feltSeed: feltSeed}
	s.work = work{painter: &Painter{p: p, upload: upload}, total: sharedPieces, paint: s.paintPiece}
	return s
}

// Palette returns the palette the sprites are painted in.
func (s *Shared) Palette() Palette { return s.palette }

// Paint paints at most budget of the pieces still to paint (a sprite, or
// a band of the felt: each a few milliseconds of work on a desktop) and
// returns how many it painted. Call it from Update, never from Draw.
func (s *Shared) Paint(budget int) int {
	n := s.work.step(budget)
	s.images = append(s.images, s.work.takeImages()...)
	return n
}

// Ready reports whether every shared sprite is painted.
func (s *Shared) Ready() bool { return s.work.done() }

// Progress returns how many of the shared sprites' pieces are painted,
// and how many there are.
func (s *Shared) Progress() (done, total int) { return s.work.next, s.work.total }

// Release frees the textures. No atlas built on s may be used after.
func (s *Shared) Release() {
	for _, img := range s.images {
		img.Deallocate()
	}
	s.images = nil
}

// paintPiece paints shared piece i.
func (s *Shared) paintPiece(b *Painter, i int) {
	switch {
	case i == pieceGlow:
		s.glow = b.glow()
	case i == pieceSlot:
		s.slot = b.slot()
	case i == pieceShadow:
		s.shadow = b.shadow()
	case i < pieceHands:
		s.symbols[i-pieceSymbols] = b.symbolAlone(rulesets.Rock + rulesets.Symbol(i-pieceSymbols))
	case i < pieceToken:
		s.hands[i-pieceHands] = b.hand(rulesets.Symbol(i - pieceHands))
	case i == pieceToken:
		s.token = b.token()
	case i < pieceFelt:
		s.seats[i-pieceSeats] = b.badge(b.p.Seats[i-pieceSeats])
	default:
		s.paintFeltBand(b, i-pieceFelt)
	}
}

// Felt size in logical pixels: the whole screen. It is painted in
// feltBands bands of rows, each about as much work as a card.
const (
	feltWidth  = 1280
	feltHeight = 720
	feltBands  = 8
	feltRows   = feltHeight / feltBands
	feltSeed   = 0x9e3779b9
)

// paintFeltBand renders band k of the cloth on the CPU: a woven noise and
// a vignette, from a fixed-seed generator so it is the same on every run.
// Each band goes to the felt's texture as soon as it is painted, from a
// buffer of one band: a buffer of the whole cloth (3.6 MB, and as much
// again for the upload's copy) would be the largest allocation of the
// start, and a browser's memory never shrinks. The felt shows once its
// last band is in.
func (s *Shared) paintFeltBand(b *Painter, k int) {
	if s.feltBand == nil {
		s.feltBand = make([]byte, 4*feltWidth*feltRows)
	}
	pix, lo, hi := s.feltBand, b.p.FeltDark, b.p.Felt
	seed := s.feltSeed
	for y := k * feltRows; y < (k+1)*feltRows; y++ {
		for x := 0; x < feltWidth; x++ {
			seed ^= seed << 13
			seed ^= seed >> 17
			seed ^= seed << 5
			grain := float64(seed&0xff)/255*0.06 - 0.03
			weave := 0.015 * float64((x+y)%3-1)
			dx := (float64(x) - feltWidth/2) / (feltWidth / 2)
			dy := (float64(y) - feltHeight/2) / (feltHeight / 2)
			t := 1 - 0.55*(dx*dx*0.6+dy*dy*0.9) + grain + weave
			t = math.Max(0, math.Min(1, t))
			c := mix(lo, hi, t)
			i := 4 * ((y-k*feltRows)*feltWidth + x)
			pix[i], pix[i+1], pix[i+2], pix[i+3] = c.R, c.G, c.B, 0xff
		}
	}
	s.feltSeed = seed
	if s.feltPainted != nil {
		s.feltPainted(pix)
	}
	if b.upload {
		if k == 0 {
			s.feltImg = ebiten.NewImage(feltWidth, feltHeight)
			b.images = append(b.images, s.feltImg)
		}
		band := image.Rect(0, k*feltRows, feltWidth, (k+1)*feltRows)
		s.feltImg.SubImage(band).(*ebiten.Image).WritePixels(pix)
	}
	if k < feltBands-1 {
		return
	}
	s.felt = Sprite{img: s.feltImg, w: feltWidth, h: feltHeight}
	s.feltImg, s.feltBand = nil, nil
}

// work paints a list of pieces in order, a bounded number at a time, so
// that no single Update stalls on it.
type work struct {
	painter *Painter // nil once every piece is painted
	total   int
	next    int // the next piece to paint
	paint   func(b *Painter, i int)
}

// step paints at most budget pieces and returns how many it painted.
func (w *work) step(budget int) int {
	n := 0
	for ; n < budget && w.next < w.total; n++ {
		w.paint(w.painter, w.next)
		w.next++
	}
	return n
}

// done reports whether every piece is painted.
func (w *work) done() bool { return w.next >= w.total }

// takeImages returns the textures uploaded since the last call, and lets
// the painter go once the work is done.
func (w *work) takeImages() []*ebiten.Image {
	if w.painter == nil {
		return nil
	}
	imgs := w.painter.images
	w.painter.images = nil
	if w.done() {
		w.painter = nil
	}
	return imgs
}
