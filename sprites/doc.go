// Package sprites draws everything on Janken Arcade's tables: the card
// faces and backs of the four games, the rock, paper and scissors
// symbols, the hand gestures (fist, open hand, two fingers, clap), VP
// tokens, seat badges and the felt.
//
// Everything is procedural. NewAtlas paints every sprite once, on the CPU,
// for one Palette and uploads it; after that a frame only composes
// textures with Atlas.Draw, which allocates nothing. Ebitengine packs the
// small textures into shared GPU atlases, so a table of cards costs a
// handful of draw calls.
//
// # Colour is never the only cue
//
// There are two palettes, Standard and ColourBlind (built on Okabe and
// Ito's colour-universal-design set). Every game colour is a Swatch that
// also carries a Shape (an emblem) and a Pattern (stripes, dots,
// chevrons …), identical in both palettes:
//
//   - Ninjan's suits and the symbol glyphs: rock, paper and scissors each
//     have a colour and a pattern, and the glyph itself names the suit.
//   - Eleven Suits: each of the 11 suits has its own colour, pattern and
//     emblem, large on the card back, so suits read without colour at a
//     quarter of the card's size (the tests check this on greyscale
//     thumbnails).
//   - Slam: red, yellow and blue are striped, dotted and chevroned, and the
//     card back shows the colour's emblem (square, circle, triangle) in two
//     corners.
//   - Seats: each seat's badge is its colour with its own emblem.
//
// # Sizes
//
// Sizes are in logical pixels of the 1280×720 screen. Cards are CardWidth
// × CardHeight (100×140); textures hold twice that resolution, so a card
// drawn at Scale 2 (a big Slam card) stays sharp.
//
// # Use
//
// Build the atlas once (it must run on the game's goroutine, e.g. in the
// first Update or before RunGame), keep it, and draw from it. Name the
// decks a table needs: painting only Ninjan's cards (plus the shared
// sprites) takes well under half the time of all four decks, which
// matters most in the browser.
//
//	atlas := sprites.NewAtlas(sprites.Standard(), sprites.Ninjan)
//
//	func (t *table) Draw(screen *ebiten.Image) {
//		t.atlas.DrawFelt(screen)
//		for i, c := range t.hand {
//			p := sprites.Place{X: 220 + float64(i)*106, Y: 620}
//			if i == t.cursor {
//				p.Y -= 24
//				t.atlas.Draw(screen, t.atlas.CardGlow(), p)
//			}
//			t.atlas.Draw(screen, t.atlas.NinjanCard(c.Suit, c.Value), p)
//		}
//		t.atlas.Draw(screen, t.atlas.Seat(0), sprites.Place{X: 640, Y: 485})
//		t.atlas.DrawTokens(screen, t.vp, 760, 490, 0.8)
//	}
//
// A card turning over: draw the back with Turn going 0→1, then the face
// with Turn going 1→0. A card in flight: draw CardShadow a few pixels
// lower first. Place.Fade fades a sprite out.
//
// When the player switches palette, build a new atlas and Release the old
// one. The lookups (NinjanCard, SlamFront …) return the zero Sprite, which
// draws nothing, for values outside the games' decks.
package sprites
