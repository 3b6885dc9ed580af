package assets

import "unicode"

// browserGlyphs are the characters the browser build's fonts can draw
// (fonts/, made from the Go fonts by package fontsubset): every text the
// game itself writes, which TestBrowserFontsDrawTheGame checks against the
// program's string literals, and every character a player's name may hold
// (drawable.Chars: the Latin, Greek and Cyrillic letters of the Go
// fonts), so that a name draws the same in a browser as on the desktop.
// The outlines of the Go fonts' other characters (box drawing, maths,
// card suits…) are left out of the download.
var browserGlyphs = &unicode.RangeTable{
	R16: []unicode.Range16{
		{Lo: 0x0020, Hi: 0x007e, Stride: 1}, // ASCII
		{Lo: 0x00a0, Hi: 0x017f, Stride: 1}, // Latin-1 Supplement, Latin Extended-A
		{Lo: 0x01cd, Hi: 0x01dc, Stride: 1}, // Pinyin's vowels with a caron
		{Lo: 0x01fa, Hi: 0x01ff, Stride: 1}, // Ǻ ǻ Ǽ ǽ Ǿ ǿ
		{Lo: 0x0218, Hi: 0x021b, Stride: 1}, // Romanian Ș ș Ț ț
		{Lo: 0x0384, Hi: 0x03ce, Stride: 1}, // Greek
		{Lo: 0x0400, Hi: 0x045f, Stride: 1}, // Cyrillic
		{Lo: 0x0490, Hi: 0x0491, Stride: 1}, // Ukrainian Ґ ґ
		{Lo: 0x1e80, Hi: 0x1e85, Stride: 1}, // Welsh Ẁ ẁ Ẃ ẃ Ẅ ẅ
		{Lo: 0x1ef2, Hi: 0x1ef3, Stride: 1}, // Ỳ ỳ
		{Lo: 0x2013, Hi: 0x2014, Stride: 1}, // – —
		{Lo: 0x2018, Hi: 0x201e, Stride: 1}, // quotation marks
		{Lo: 0x2020, Hi: 0x2022, Stride: 1}, // † ‡ •
		{Lo: 0x2026, Hi: 0x2026, Stride: 1}, // …
		{Lo: 0x2030, Hi: 0x2030, Stride: 1}, // ‰
		{Lo: 0x2039, Hi: 0x203a, Stride: 1}, // ‹ ›
		{Lo: 0x20ac, Hi: 0x20ac, Stride: 1}, // €
		{Lo: 0x2122, Hi: 0x2122, Stride: 1}, // ™
		{Lo: 0x2190, Hi: 0x2195, Stride: 1}, // arrows
		{Lo: 0x2212, Hi: 0x2212, Stride: 1}, // −
		{Lo: 0x2248, Hi: 0x2248, Stride: 1}, // ≈
		{Lo: 0x2260, Hi: 0x2260, Stride: 1}, // ≠
		{Lo: 0x2264, Hi: 0x2265, Stride: 1}, // ≤ ≥
		{Lo: 0x25b2, Hi: 0x25b2, Stride: 1}, // ▲
		{Lo: 0x25ba, Hi: 0x25bc, Stride: 1}, // ► ▼
		{Lo: 0x25c4, Hi: 0x25c4, Stride: 1}, // ◄
	},
	LatinOffset: 1,
}
