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

// Atlas holds the sprites of one deck and those every table shares
// (Shared), painted for one palette. A table builds it when it opens (or
// when the player changes palette), painting it a few pieces per Update
// (Paint) or all at once (NewAtlas), and composes from it each frame:
// drawing never allocates, and a sprite not painted yet draws nothing.
//
// An Atlas must be used from the game's goroutine.
type Atlas struct {
	shared    *Shared
	ownShared bool // NewAtlas made shared for this atlas alone: Release frees it
	deck      Deck
	work      work
	op        ebiten.DrawImageOptions
	images    []*ebiten.Image // the deck's textures, for Release

	cards []Sprite // the deck's, as it numbers them
}

// NewAtlas paints the sprites of deck d and the shared ones for palette
// p, all at once. A table names its own deck: painting another game's
// cards would only cost time, which matters most in a browser.
//
// Painting takes a good part of a second in a browser: a table that
// opens while the game runs paints with NewDeckAtlas and Paint instead,
// a few pieces per Update. NewAtlas must be called from the game's
// goroutine, never from Draw. It panics if d.Paint leaves one of its
// d.Size sprites unpainted: the deck's code is wrong.
func NewAtlas(p Palette, d Deck) *Atlas {
	a := NewDeckAtlas(NewShared(p), d)
	a.ownShared = true
	for !a.Ready() {
		a.Paint(a.Remaining())
	}
	return a
}

// NewDeckAtlas returns the atlas of deck d on the shared sprites s (of
// s's palette), none of the deck's sprites painted yet: Paint paints
// them, after whatever of s is still unpainted. It panics while painting
// if d.Paint leaves one of its sprites unpainted.
func NewDeckAtlas(s *Shared, d Deck) *Atlas {
	a := &Atlas{shared: s, deck: d, cards: make([]Sprite, d.Size)}
	a.work = work{painter: &Painter{p: s.palette, upload: s.upload},
		total: d.Size, paint: a.paintCard}
	return a
}

// paintCard paints sprite i of the deck.
func (a *Atlas) paintCard(b *Painter, i int) {
	s := a.deck.Paint(b, i)
	if s.w == 0 {
		panic(fmt.Sprintf("sprites: deck %q left its sprite %d of %d unpainted", a.deck.Name, i, a.deck.Size))
	}
	a.cards[i] = s
}

// Paint paints at most budget pieces (a sprite, or a band of the felt:
// each a few milliseconds of work on a desktop), the shared sprites
// first, and returns how many it painted. Its owner calls it from Update
// until Ready (the arcade's director does, for every table), so that no
// tick stalls.
func (a *Atlas) Paint(budget int) int {
	n := a.shared.Paint(budget)
	n += a.work.step(budget - n)
	a.images = append(a.images, a.work.takeImages()...)
	return n
}

// Ready reports whether every sprite of the atlas is painted.
func (a *Atlas) Ready() bool { return a.work.done() && a.shared.Ready() }

// Remaining returns how many pieces Paint has still to paint.
func (a *Atlas) Remaining() int {
	done, total := a.shared.Progress()
	return total - done + a.work.total - a.work.next
}

// Palette returns the palette the atlas was drawn with.
func (a *Atlas) Palette() Palette { return a.shared.palette }

// Release frees the deck's textures (and the shared ones if NewAtlas
// painted them for this atlas alone). The atlas must not be used after.
func (a *Atlas) Release() {
	for _, img := range a.images {
		img.Deallocate()
	}
	a.images = nil
	if a.ownShared {
		a.shared.Release()
	}
}

// String describes the atlas for logs.
func (a *Atlas) String() string {
	return fmt.Sprintf("sprites.Atlas(%s, %s, %d textures)", a.deck.Name, a.shared.palette.Name, len(a.images)+len(a.shared.images))
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
func (a *Atlas) CardGlow() Sprite { return a.shared.glow }

// CardShadow is a soft card-sized shadow: draw it a few pixels below a
// card that is lifted or moving.
func (a *Atlas) CardShadow() Sprite { return a.shared.shadow }

// CardSlot is the outline of an empty place for a card (a pile, a spot
// on the table).
func (a *Atlas) CardSlot() Sprite { return a.shared.slot }

// Symbol returns symbol s alone, in its colour and pattern (SymbolSize).
func (a *Atlas) Symbol(s rulesets.Symbol) Sprite {
	if !s.Valid() {
		return Sprite{}
	}
	return a.shared.symbols[s-rulesets.Rock]
}

// Gesture returns the hand making gesture g (HandSize): Rock a fist,
// Paper an open hand, Scissors two fingers, NoSymbol a clap.
func (a *Atlas) Gesture(g rulesets.Symbol) Sprite {
	if g > rulesets.Scissors {
		return Sprite{}
	}
	return a.shared.hands[g]
}

// Token returns one VP token (TokenSize).
func (a *Atlas) Token() Sprite { return a.shared.token }

// Seat returns seat's badge (BadgeSize): its colour with its emblem.
func (a *Atlas) Seat(seat int) Sprite {
	if seat < 0 || seat >= SeatCount {
		return Sprite{}
	}
	return a.shared.seats[seat]
}

// Felt returns the table cloth, 1280×720 logical pixels.
func (a *Atlas) Felt() Sprite { return a.shared.felt }

// DrawFelt fills dst with the table cloth, stretched to dst's size.
func (a *Atlas) DrawFelt(dst *ebiten.Image) {
	felt := a.shared.felt.img
	if felt == nil {
		return
	}
	b, t := dst.Bounds(), felt.Bounds()
	op := &a.op
	op.GeoM.Reset()
	op.GeoM.Scale(float64(b.Dx())/float64(t.Dx()), float64(b.Dy())/float64(t.Dy()))
	op.GeoM.Translate(float64(b.Min.X), float64(b.Min.Y))
	op.ColorScale.Reset()
	op.Filter = ebiten.FilterLinear
	if b.Size() == t.Size() {
		op.Filter = ebiten.FilterNearest // the same pixels, for less work
	}
	op.Blend = ebiten.BlendCopy // opaque: no need to read what is under it
	dst.DrawImage(felt, op)
	op.Blend = ebiten.Blend{}
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
		a.Draw(dst, a.shared.token, Place{X: left + float64(col)*step, Y: y - float64(row)*TokenSize*0.16*scale, Scale: scale})
	}
}
