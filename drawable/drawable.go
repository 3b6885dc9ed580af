// Package drawable says which characters every machine of a match draws:
// those a player's name may hold.
package drawable

import "unicode"

// Chars are the characters a player's name may hold: the ones every
// machine of a match draws, in the desktop's Go fonts and in the browser's
// subsets of them (package assets, whose tests check that both draw each
// one). They are the letters of the languages written in the Latin, Greek
// and Cyrillic alphabets, digits and common punctuation; a name in
// another script would show as boxes on some screen, so it is refused.
var Chars = &unicode.RangeTable{
	R16: []unicode.Range16{
		{Lo: 0x0020, Hi: 0x007e, Stride: 1}, // ASCII
		{Lo: 0x00a1, Hi: 0x00ac, Stride: 1}, // Latin-1 punctuation and signs (no-break space and soft hyphen left out)
		{Lo: 0x00ae, Hi: 0x017f, Stride: 1}, // Latin-1 letters, Latin Extended-A
		{Lo: 0x01cd, Hi: 0x01dc, Stride: 1}, // Pinyin's vowels with a caron
		{Lo: 0x01fa, Hi: 0x01ff, Stride: 1}, // Ǻ ǻ Ǽ ǽ Ǿ ǿ
		{Lo: 0x0218, Hi: 0x021b, Stride: 1}, // Romanian Ș ș Ț ț
		{Lo: 0x0384, Hi: 0x038a, Stride: 1}, // Greek tonos and accented capitals
		{Lo: 0x038c, Hi: 0x038c, Stride: 1}, // Ό
		{Lo: 0x038e, Hi: 0x03a1, Stride: 1}, // Greek
		{Lo: 0x03a3, Hi: 0x03ce, Stride: 1}, // Greek
		{Lo: 0x0400, Hi: 0x045f, Stride: 1}, // Cyrillic
		{Lo: 0x0490, Hi: 0x0491, Stride: 1}, // Ukrainian Ґ ґ
		{Lo: 0x1e80, Hi: 0x1e85, Stride: 1}, // Welsh Ẁ ẁ Ẃ ẃ Ẅ ẅ
		{Lo: 0x1ef2, Hi: 0x1ef3, Stride: 1}, // Ỳ ỳ
		{Lo: 0x2013, Hi: 0x2014, Stride: 1}, // – —
		{Lo: 0x2018, Hi: 0x201e, Stride: 1}, // quotation marks, the apostrophe ’
		{Lo: 0x2026, Hi: 0x2026, Stride: 1}, // …
		{Lo: 0x20ac, Hi: 0x20ac, Stride: 1}, // €
	},
	LatinOffset: 3,
}

// Char reports whether a player's name may hold r (see Chars).
func Char(r rune) bool { return unicode.Is(Chars, r) }
