package fontsubset

import (
	"bytes"
	"encoding/binary"
	"strings"
	"testing"
	"unicode"

	"golang.org/x/image/font/gofont/goregular"
)

var ascii = &unicode.RangeTable{R16: []unicode.Range16{{Lo: 0x20, Hi: 0x7e, Stride: 1}}, LatinOffset: 1}

// TestSubsetRejectsBadFonts: what is not a TrueType font with glyf
// outlines is refused with an error saying why, and the input is left as
// it was.
func TestSubsetRejectsBadFonts(t *testing.T) {
	cut := func(n int) []byte { return bytes.Clone(goregular.TTF[:n]) }
	otf := bytes.Clone(goregular.TTF)
	copy(otf, "OTTO")
	noGlyf := bytes.Clone(goregular.TTF)
	for i := range int(binary.BigEndian.Uint16(noGlyf[4:])) {
		if rec := noGlyf[12+16*i:]; string(rec[:4]) == "glyf" {
			copy(rec, "gly_")
		}
	}
	tests := []struct {
		name string
		font []byte
		want string
	}{
		{"empty", nil, "too short"},
		{"a CFF font", otf, "not a TrueType font"},
		{"directory cut", cut(40), "directory cut short"},
		{"tables cut", cut(4096), "past the end"},
		{"no glyf", noGlyf, `no "glyf" table`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := bytes.Clone(tt.font)
			out, err := Subset(tt.font, ascii)
			if err == nil || !strings.Contains(err.Error(), tt.want) || out != nil {
				t.Errorf("Subset = %d bytes, %v; want an error saying %q", len(out), err, tt.want)
			}
			if !bytes.Equal(before, tt.font) {
				t.Error("Subset changed its input")
			}
		})
	}
}

// TestSubsetIsSmallerAndValid: an ASCII subset of the Go font is a
// fraction of it, sums as the format asks, and subsetting it again for
// the same characters changes nothing.
func TestSubsetIsSmallerAndValid(t *testing.T) {
	sub, err := Subset(goregular.TTF, ascii)
	if err != nil {
		t.Fatal(err)
	}
	if len(sub) > len(goregular.TTF)/3 {
		t.Errorf("the ASCII subset is %d bytes of the font's %d", len(sub), len(goregular.TTF))
	}
	if sum := checksum(sub); sum != 0xB1B0AFBA {
		t.Errorf("the file sums to %#x, want 0xB1B0AFBA", sum)
	}
	again, err := Subset(sub, ascii)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(again, sub) {
		t.Error("subsetting the subset for the same characters changed it")
	}
}
