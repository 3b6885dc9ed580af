package scenes

import (
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/settings"
	"github.com/jankenarcade/janken/sprites"
)

// PaletteAtlas returns the sprite atlas of deck for the palette setting
// want: current itself if it was painted for want (drawnFor), else a new
// one, and current, painted for another palette, is released. A table
// keeps its atlas across frames and calls this from Update once a tick
// with its own deck, so the deck is painted once per palette and never
// while a frame is drawn.
func PaletteAtlas(current *sprites.Atlas, drawnFor, want settings.Palette, deck sprites.Deck) *sprites.Atlas {
	if current != nil && drawnFor == want {
		return current
	}
	if current != nil {
		current.Release()
	}
	if want == settings.ColourBlind {
		return sprites.NewAtlas(sprites.ColourBlind(), deck)
	}
	return sprites.NewAtlas(sprites.Standard(), deck)
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
