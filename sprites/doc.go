// Package sprites draws everything on Janken Arcade's tables: the rock,
// paper and scissors symbols, the hand gestures (fist, open hand, two
// fingers, clap), VP tokens, seat badges, the felt, and the primitives
// each game paints its own cards with: a Deck, defined next to the
// game's table, paints its faces and backs with a Painter (card blanks,
// symbols, corners, suit banners and backs, plain backs, chips, stamped
// and stroked shapes).
//
// Everything is procedural, painted on the CPU for one Palette and
// uploaded. The sprites every table shares (Shared) are painted once per
// palette; an Atlas adds one deck to them. Painting takes a good part of a
// second in a browser, so an atlas paints a few pieces per Update
// (NewDeckAtlas, Paint) and a sprite not yet painted draws nothing;
// NewAtlas paints one at once. After that a frame only composes textures
// with Atlas.Draw, which allocates nothing. Ebitengine packs the small
// textures into shared GPU atlases, so a table of cards costs a handful of
// draw calls.
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
// A game defines its deck once, numbering its sprites as it likes, and
// paints one sprite at a time:
//
//	var deck = sprites.Deck{Name: "tens", Size: 11, Paint: func(p *sprites.Painter, i int) sprites.Sprite {
//		if i == 10 {
//			return p.Back(color.RGBA{0x26, 0x30, 0x5e, 0xff}, "TENS", nil)
//		}
//		pal := p.Palette()
//		c := p.Card(pal.Card, pal.CardEdge)
//		c.Corners(strconv.Itoa(i+1), rulesets.Rock, pal.SymbolInk[0], pal.Ink, 17)
//		return c.Sprite()
//	}}
//
// Its table gets the atlas of that deck from Update, never from Draw
// (the arcade's tables ask the scenes package's Context.Atlas, which
// paints it across ticks behind the transition and keeps it), and draws
// from it:
//
//	t.atlas = ctx.Atlas(deck)
//
//	func (t *table) Draw(screen *ebiten.Image) {
//		t.atlas.DrawFelt(screen)
//		for i, n := range t.hand {
//			p := sprites.Place{X: 220 + float64(i)*106, Y: 620}
//			if i == t.cursor {
//				p.Y -= 24
//				t.atlas.Draw(screen, t.atlas.CardGlow(), p)
//			}
//			t.atlas.Draw(screen, t.atlas.Card(n-1), p)
//		}
//		t.atlas.Draw(screen, t.atlas.Seat(0), sprites.Place{X: 640, Y: 485})
//		t.atlas.DrawTokens(screen, t.vp, 760, 490, 0.8)
//	}
//
// A card turning over: draw the back with Turn going 0→1, then the face
// with Turn going 1→0. A card in flight: draw CardShadow a few pixels
// lower first. Place.Fade fades a sprite out.
//
// When the player switches palette, build a new atlas (keep drawing the
// old one until the new one is Ready) and Release the old one. The
// lookups (Card, Seat, Gesture …) return the zero Sprite, which draws
// nothing, for values outside the atlas.
package sprites
