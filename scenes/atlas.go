package scenes

import (
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/settings"
	"github.com/jankenarcade/janken/sprites"
)

// PaintBudget is how many pieces of sprites (a card, a gesture, a band
// of the felt: each a few milliseconds on a desktop) the director paints
// in one tick, so that opening a table never stalls a frame, in a browser
// least of all, where the game has one thread.
const PaintBudget = 2

// atlases are the director's painted sprites: the shared ones of each
// palette used, and for each deck a table asked for, the atlas painted
// last and the one being painted, if any. Re-entering a table, or a
// rematch, paints nothing.
type atlases struct {
	shared []*sprites.Shared // one per palette, in the order first asked for
	decks  []deckAtlases
	pieces int // pieces painted by the last step, for the tests
}

// deckAtlases is one deck's atlases.
type deckAtlases struct {
	name        string
	ready       *sprites.Atlas // painted whole; nil before the first is
	readyFor    settings.Palette
	painting    *sprites.Atlas // being painted, for another palette than ready
	paintingFor settings.Palette
}

// Atlas returns the atlas of deck for palette p, painted or being painted
// a few pieces a tick (PaintBudget) from the director's Update. Until the
// new one is done it returns the deck's atlas of the palette before, if
// there is one; else the one being painted, whose sprites show as they are
// painted. A transition in progress waits, faded out, until it is done;
// with nothing to show and no transition to wait behind (the program's
// first scene), it is painted at once. A scene calls Atlas from Update,
// every tick it draws from it: an atlas that is replaced is released.
func (d *Director) Atlas(deck sprites.Deck, p settings.Palette) *sprites.Atlas {
	e := d.atlases.deck(deck.Name)
	if e.painting != nil && e.paintingFor != p {
		e.painting.Release()
		e.painting = nil
	}
	if e.ready != nil && e.readyFor == p {
		return e.ready
	}
	if e.painting == nil {
		e.painting, e.paintingFor = sprites.NewDeckAtlas(d.atlases.sharedFor(p), deck), p
	}
	if e.ready == nil && !d.trans.active() {
		e.painting.Paint(e.painting.Remaining())
		e.finish()
	}
	if e.ready != nil {
		return e.ready
	}
	return e.painting
}

// Atlas returns the atlas of deck in the palette of the settings: see
// Director.Atlas.
func (ctx *Context) Atlas(deck sprites.Deck) *sprites.Atlas {
	return ctx.d.Atlas(deck, ctx.d.settings.Palette)
}

// deck returns the atlases of the deck named name, adding them if new.
func (as *atlases) deck(name string) *deckAtlases {
	for i := range as.decks {
		if as.decks[i].name == name {
			return &as.decks[i]
		}
	}
	as.decks = append(as.decks, deckAtlases{name: name})
	return &as.decks[len(as.decks)-1]
}

// sharedFor returns the shared sprites of palette p, started if new.
func (as *atlases) sharedFor(p settings.Palette) *sprites.Shared {
	sp := spritePalette(p)
	for _, s := range as.shared {
		if s.Palette().Name == sp.Name {
			return s
		}
	}
	s := sprites.NewShared(sp)
	as.shared = append(as.shared, s)
	return s
}

// step paints at most budget pieces of the atlases being painted, and
// puts each that is done in place of the one before. With budget to
// spare, it paints ahead the shared sprites of prepaint, if set: every
// table needs them, so the first opens sooner.
func (as *atlases) step(budget int, prepaint settings.Palette) {
	as.pieces = 0
	for i := range as.decks {
		e := &as.decks[i]
		if e.painting == nil {
			continue
		}
		as.pieces += e.painting.Paint(budget - as.pieces)
		if e.painting.Ready() {
			e.finish()
		}
	}
	if prepaint != "" && as.pieces < budget {
		as.pieces += as.sharedFor(prepaint).Paint(budget - as.pieces)
	}
}

// busy reports whether an atlas is being painted.
func (as *atlases) busy() bool {
	for i := range as.decks {
		if as.decks[i].painting != nil {
			return true
		}
	}
	return false
}

// finish makes the atlas painted whole the deck's, releasing the one it
// replaces.
func (e *deckAtlases) finish() {
	if e.ready != nil {
		e.ready.Release()
	}
	e.ready, e.readyFor, e.painting = e.painting, e.paintingFor, nil
}

// spritePalette returns the sprites' palette for a palette setting.
func spritePalette(p settings.Palette) sprites.Palette {
	if p == settings.ColourBlind {
		return sprites.ColourBlind()
	}
	return sprites.Standard()
}

// DrawFelt covers the logical screen with a's table cloth, opaque, so
// that the director fills no ground under it (Canvas.Cover). Until the
// felt is painted it draws nothing, and the ground shows.
func DrawFelt(c *Canvas, a *sprites.Atlas) {
	if a.Felt().Image() == nil {
		return
	}
	c.Cover()
	a.DrawFelt(c.Image())
}

// DrawSprite draws an atlas sprite at a logical place on the canvas, as
// sprites.Atlas.Draw would on the screen itself: centred at (p.X, p.Y),
// scaled, squashed as it turns, rotated and faded.
func DrawSprite(c *Canvas, s sprites.Sprite, p sprites.Place) {
	img := s.Image()
	if img == nil || p.Fade >= 1 {
		return
	}
	scale := p.Scale
	if scale == 0 {
		scale = 1
	}
	w, h := s.Size()
	b := img.Bounds()
	tw, th := float64(b.Dx()), float64(b.Dy())
	var geo ebiten.GeoM
	geo.Translate(-tw/2, -th/2)
	geo.Scale(scale*w/tw*(1-p.Turn), scale*h/th)
	geo.Rotate(p.Rotation)
	geo.Translate(p.X, p.Y)
	c.DrawImage(img, geo, 1-p.Fade)
}
