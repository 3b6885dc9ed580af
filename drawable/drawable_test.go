package drawable

import (
	"testing"
	"unicode"
)

// TestCharsPrintable: every character Chars lets into a name is a
// printable one, so that settings.ValidName's two rules never disagree.
func TestCharsPrintable(t *testing.T) {
	n := 0
	for _, rng := range Chars.R16 {
		for r := rune(rng.Lo); r <= rune(rng.Hi); r += rune(rng.Stride) {
			if !unicode.IsPrint(r) {
				t.Errorf("%U is in Chars but not printable", r)
			}
			n++
		}
	}
	if len(Chars.R32) != 0 || n < 500 {
		t.Errorf("Chars has %d characters in R16 and %d ranges in R32", n, len(Chars.R32))
	}
}
