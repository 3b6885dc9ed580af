package scenes

import (
	"github.com/jankenarcade/janken/settings"
	"github.com/jankenarcade/janken/sprites"
)

// PaletteAtlas returns the sprite atlas for the palette setting want:
// current itself if it was drawn for want (drawnFor), else a new one, and
// current, drawn for another palette, is released. A table keeps its
// atlas across frames and calls this once a tick, so the sprites are
// drawn once per palette.
func PaletteAtlas(current *sprites.Atlas, drawnFor, want settings.Palette) *sprites.Atlas {
	if current != nil && drawnFor == want {
		return current
	}
	if current != nil {
		current.Release()
	}
	if want == settings.ColourBlind {
		return sprites.NewAtlas(sprites.ColourBlind())
	}
	return sprites.NewAtlas(sprites.Standard())
}
