package sprites

import (
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

// Atlas holds the sprites of one deck and those every table shares,
// rendered once for one palette. Build it when a table opens (or when the
// player changes palette) and compose from it each frame: drawing never
// allocates.
//
// An Atlas must be used from the game's goroutine.
type Atlas struct {
	palette Palette
	deck    string // the deck's name
	op      ebiten.DrawImageOptions
	images  []*ebiten.Image // every texture, for Release

	cards   []Sprite // the deck's, as it numbers them
	glow    Sprite
	shadow  Sprite
	slot    Sprite
	symbols [3]Sprite
	hands   [4]Sprite
	token   Sprite
	seats   [SeatCount]Sprite
	felt    Sprite
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

// Card returns sprite i of the atlas's deck, as the deck numbers its
// faces, backs and other pieces (see Deck), or the zero Sprite, which
// draws nothing, if the deck has no sprite i.
func (a *Atlas) Card(i int) Sprite {
	if i < 0 || i >= len(a.cards) {
		return Sprite{}
	}
	return a.cards[i]
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
