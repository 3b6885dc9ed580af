package sprites

import (
	"fmt"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/jankenarcade/janken/rulesets"
)

// Card size, in logical pixels (the 1280×720 screen's pixels). Nine cards
// side by side fit a hand across the screen with room to spare.
const (
	CardWidth  = 100
	CardHeight = 140
)

// Other sprite sizes, in logical pixels.
const (
	HandSize   = 160 // a gesture's square
	TokenSize  = 40  // a VP token's diameter
	BadgeSize  = 40  // a seat badge's diameter
	EmblemSize = 40  // a suit emblem or colour chip
	SymbolSize = 64  // a symbol glyph alone
)

// detail is how many texture pixels an atlas spends on one logical pixel.
// Sprites drawn at up to this scale stay sharp; smaller draws are
// filtered down.
const detail = 2

// Deck names the card style of one game.
type Deck uint8

// The decks.
const (
	ThatsMine Deck = iota
	Ninjan
	ElevenSuits
	Slam
	numDecks
)

// Sprite is one picture in an atlas, with its logical size. The zero
// Sprite draws nothing.
type Sprite struct {
	img  *ebiten.Image
	w, h float64
}

// Size returns the sprite's logical width and height.
func (s Sprite) Size() (w, h float64) { return s.w, s.h }

// Image returns the sprite's texture, detail times its logical size, for
// callers that compose it themselves.
func (s Sprite) Image() *ebiten.Image { return s.img }

// Place says where and how a sprite is drawn. The zero Place draws the
// sprite at its logical size centred on (0,0).
type Place struct {
	X, Y     float64 // centre of the sprite on the destination
	Scale    float64 // multiple of the logical size; 0 means 1
	Turn     float64 // horizontal squash of a card turning over: 0 flat … 1 edge-on
	Rotation float64 // radians, clockwise
	Fade     float64 // 0 opaque … 1 invisible
}

// Atlas holds every sprite rendered once for one palette. Build it at
// start (or when the player changes palette) and compose from it each
// frame: drawing never allocates.
//
// An Atlas must be used from the game's goroutine.
type Atlas struct {
	palette Palette
	op      ebiten.DrawImageOptions
	images  []*ebiten.Image // every texture, for Release

	thatsMine   [36]Sprite // numbers 1–36
	ninjan      [3][16]Sprite
	eleven      [ElevenSuitCount][3]Sprite
	elevenBacks [ElevenSuitCount]Sprite
	slamFronts  [6]Sprite
	slamBacks   [3][3]Sprite
	backs       [numDecks]Sprite
	glow        Sprite
	shadow      Sprite
	slot        Sprite
	symbols     [3]Sprite
	hands       [4]Sprite
	token       Sprite
	seats       [SeatCount]Sprite
	emblems     [ElevenSuitCount]Sprite
	chips       [3]Sprite
	felt        Sprite
}

// Palette returns the palette the atlas was drawn with.
func (a *Atlas) Palette() Palette { return a.palette }

// Release frees the atlas's textures. The atlas must not be used after.
func (a *Atlas) Release() {
	for _, img := range a.images {
		img.Deallocate()
	}
	a.images = nil
}

// Draw draws s onto dst at p.
func (a *Atlas) Draw(dst *ebiten.Image, s Sprite, p Place) {
	if s.img == nil || p.Fade >= 1 {
		return
	}
	scale := p.Scale
	if scale == 0 {
		scale = 1
	}
	op := &a.op
	op.GeoM.Reset()
	b := s.img.Bounds()
	tw, th := float64(b.Dx()), float64(b.Dy())
	op.GeoM.Translate(-tw/2, -th/2)
	op.GeoM.Scale(scale*s.w/tw*(1-p.Turn), scale*s.h/th)
	op.GeoM.Rotate(p.Rotation)
	op.GeoM.Translate(p.X, p.Y)
	op.ColorScale.Reset()
	if p.Fade > 0 {
		op.ColorScale.ScaleAlpha(float32(1 - p.Fade))
	}
	op.Filter = ebiten.FilterLinear
	dst.DrawImage(s.img, op)
}

// ThatsMineCard returns the face of That's Mine's card number n (1–36),
// whose symbol is s.
func (a *Atlas) ThatsMineCard(n int) Sprite {
	if n < 1 || n > 36 {
		return Sprite{}
	}
	return a.thatsMine[n-1]
}

// NinjanCard returns the face of Ninjan's card of suit s with value v
// (−6 … −1, 1 … 10).
func (a *Atlas) NinjanCard(s rulesets.Symbol, v int) Sprite {
	i := ninjanIndex(v)
	if !s.Valid() || i < 0 {
		return Sprite{}
	}
	return a.ninjan[s-rulesets.Rock][i]
}

// ninjanIndex maps the values −6 … −1, 1 … 10 to 0 … 15.
func ninjanIndex(v int) int {
	switch {
	case v >= -6 && v <= -1:
		return v + 6
	case v >= 1 && v <= 10:
		return v + 5
	}
	return -1
}

// ElevenSuitsCard returns the face of Eleven Suits' card of suit (0–10)
// and symbol s.
func (a *Atlas) ElevenSuitsCard(suit int, s rulesets.Symbol) Sprite {
	if suit < 0 || suit >= ElevenSuitCount || !s.Valid() {
		return Sprite{}
	}
	return a.eleven[suit][s-rulesets.Rock]
}

// ElevenSuitsBack returns the back of an Eleven Suits card of suit (0–10):
// the suit's colour, pattern and emblem.
func (a *Atlas) ElevenSuitsBack(suit int) Sprite {
	if suit < 0 || suit >= ElevenSuitCount {
		return Sprite{}
	}
	return a.elevenBacks[suit]
}

// SlamFront returns the front of a Slam card that draws Rock, Paper and
// Scissors in the colours rock, paper and scissors (0 red, 1 yellow,
// 2 blue, as slam.Colour), which must all differ.
func (a *Atlas) SlamFront(rock, paper, scissors int) Sprite {
	for i, c := range slamColourings {
		if c == [3]int{rock, paper, scissors} {
			return a.slamFronts[i]
		}
	}
	return Sprite{}
}

// slamColourings lists the six ways to colour the three symbols, in the
// order of rulesets/slam.
var slamColourings = [6][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}

// SlamBack returns the back of a Slam card: symbol s in colour c (0 red,
// 1 yellow, 2 blue).
func (a *Atlas) SlamBack(s rulesets.Symbol, c int) Sprite {
	if !s.Valid() || c < 0 || c > 2 {
		return Sprite{}
	}
	return a.slamBacks[s-rulesets.Rock][c]
}

// Back returns the plain back of deck d's cards (for Eleven Suits, whose
// backs show their suit, an unknown card's back).
func (a *Atlas) Back(d Deck) Sprite {
	if d >= numDecks {
		return Sprite{}
	}
	return a.backs[d]
}

// CardGlow is a card-sized halo in the highlight colour: draw it under
// the selected card, at the card's Place.
func (a *Atlas) CardGlow() Sprite { return a.glow }

// CardShadow is a soft card-sized shadow: draw it a few pixels below a
// card that is lifted or moving.
func (a *Atlas) CardShadow() Sprite { return a.shadow }

// CardSlot is the outline of an empty place for a card (a pile, a spot
// on the table).
func (a *Atlas) CardSlot() Sprite { return a.slot }

// Symbol returns symbol s alone, in its colour and pattern (SymbolSize).
func (a *Atlas) Symbol(s rulesets.Symbol) Sprite {
	if !s.Valid() {
		return Sprite{}
	}
	return a.symbols[s-rulesets.Rock]
}

// Gesture returns the hand making gesture g (HandSize): Rock a fist,
// Paper an open hand, Scissors two fingers, NoSymbol a clap.
func (a *Atlas) Gesture(g rulesets.Symbol) Sprite {
	if g > rulesets.Scissors {
		return Sprite{}
	}
	return a.hands[g]
}

// Token returns one VP token (TokenSize).
func (a *Atlas) Token() Sprite { return a.token }

// Seat returns seat's badge (BadgeSize): its colour with its emblem.
func (a *Atlas) Seat(seat int) Sprite {
	if seat < 0 || seat >= SeatCount {
		return Sprite{}
	}
	return a.seats[seat]
}

// SuitEmblem returns the emblem of Eleven Suits' suit (EmblemSize), for
// legends and the deck's top card indicator.
func (a *Atlas) SuitEmblem(suit int) Sprite {
	if suit < 0 || suit >= ElevenSuitCount {
		return Sprite{}
	}
	return a.emblems[suit]
}

// SlamChip returns a chip of Slam's colour c (EmblemSize): the colour with
// its pattern and shape, for legends.
func (a *Atlas) SlamChip(c int) Sprite {
	if c < 0 || c > 2 {
		return Sprite{}
	}
	return a.chips[c]
}

// Felt returns the table cloth, 1280×720 logical pixels.
func (a *Atlas) Felt() Sprite { return a.felt }

// DrawFelt fills dst with the table cloth, stretched to dst's size.
func (a *Atlas) DrawFelt(dst *ebiten.Image) {
	b, t := dst.Bounds(), a.felt.img.Bounds()
	op := &a.op
	op.GeoM.Reset()
	op.GeoM.Scale(float64(b.Dx())/float64(t.Dx()), float64(b.Dy())/float64(t.Dy()))
	op.GeoM.Translate(float64(b.Min.X), float64(b.Min.Y))
	op.ColorScale.Reset()
	op.Filter = ebiten.FilterLinear
	dst.DrawImage(a.felt.img, op)
}

// DrawTokens draws a pile of n VP tokens centred at (x,y), stacked
// upwards in columns of five, at scale (0 means 1).
func (a *Atlas) DrawTokens(dst *ebiten.Image, n int, x, y, scale float64) {
	if scale == 0 {
		scale = 1
	}
	const perColumn = 5
	columns := (n + perColumn - 1) / perColumn
	step := TokenSize * 0.86 * scale
	left := x - float64(columns-1)*step/2
	for i := 0; i < n; i++ {
		col, row := i/perColumn, i%perColumn
		a.Draw(dst, a.token, Place{X: left + float64(col)*step, Y: y - float64(row)*TokenSize*0.16*scale, Scale: scale})
	}
}

func (d Deck) String() string {
	switch d {
	case ThatsMine:
		return "thats-mine"
	case Ninjan:
		return "ninjan"
	case ElevenSuits:
		return "eleven-suits"
	case Slam:
		return "slam"
	}
	return fmt.Sprintf("deck(%d)", uint8(d))
}
