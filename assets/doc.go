// Package assets holds what Janken Arcade ships besides code: the font
// faces (the Go fonts of golang.org/x/image/font/gofont, parsed once and
// set by golang.org/x/image/font/opentype, without a shaping engine; in
// the browser, subsets of them that draw every text of the game, in
// fonts/, made by TestBrowserFontsUpToDate with -update) and
// the sound effects, which the program synthesises itself in its first
// ticks (deterministic 16-bit stereo PCM at 48 kHz) instead of embedding
// recordings, so they cost nothing in the download.
//
// Text:
//
//	face := assets.Face(24)          // regular, 24 px
//	title := assets.BoldFace(48)     // bold
//	op := &text.DrawOptions{}
//	op.GeoM.Translate(40, 40)
//	text.Draw(screen, "Janken Arcade", title, op)
//
// Faces are cached per size, so calling Face every frame allocates nothing
// after the first call for that size.
//
// Sound:
//
//	sfx := assets.NewSounds(80) // volume 0–100, e.g. from the settings
//	sfx.Update()                // once a tick, from Update: opens the device
//	sfx.Play(assets.Flip)
//
// Sounds must be used from the game's goroutine (Update or before
// RunGame). Without an audio device the game goes on silent and Device
// says so. In the browser, audio starts only after a user gesture; the
// page's "click to start" screen provides it.
package assets
