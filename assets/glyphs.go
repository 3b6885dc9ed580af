package assets

import "unicode"

// browserGlyphs are the characters the browser build's fonts can draw
// (fonts/, made from the Go fonts by package fontsubset): every text the
// game itself writes, which TestBrowserFontsDrawTheGame checks against the
// program's string literals, and what players may type or be named in the
// languages of Western and Central Europe. The outlines of the Go fonts'
// other characters (Greek, Cyrillic, box drawing…) are left out of the
// download; a player named in those scripts shows as boxes in a browser.
var browserGlyphs = &unicode.RangeTable{
	R16: []unicode.Range16{
		{Lo: 0x0020, Hi: 0x007e, Stride: 1}, // ASCII
		{Lo: 0x00a0, Hi: 0x017f, Stride: 1}, // Latin-1 Supplement, Latin Extended-A
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
