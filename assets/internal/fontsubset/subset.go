// Package fontsubset makes a smaller TrueType font that draws only the
// characters asked for: the outlines of every other glyph are dropped,
// and so are the hinting (the programs and each glyph's instructions) and
// the glyph names, which Ebitengine's text (go-text, which draws outlines
// unhinted) never reads.
//
// The glyphs keep their numbers and metrics, so the character map, the
// advance widths and everything else that refers to a glyph stay valid
// untouched: a dropped glyph is simply an empty outline.
package fontsubset

import (
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
	"unicode"

	"golang.org/x/image/font/sfnt"
)

// dropped are the tables a subset leaves out: the hinting programs and
// their data (go-text renders outlines unhinted) and the grid-fitting
// table that goes with them.
var dropped = []string{"fpgm", "prep", "cvt ", "gasp", "hdmx", "LTSH", "VDMX"}

// Subset returns ttf with the outlines of the glyphs of the characters in
// keep, of the glyphs those are built from, and of glyph 0 (the one drawn
// for a missing character); every other glyph is kept empty. It fails on
// anything but a TrueType font with glyf outlines.
func Subset(ttf []byte, keep *unicode.RangeTable) ([]byte, error) {
	tables, err := readTables(ttf)
	if err != nil {
		return nil, err
	}
	for _, tag := range []string{"head", "maxp", "loca", "glyf", "post"} {
		if _, ok := tables[tag]; !ok {
			return nil, fmt.Errorf("fontsubset: no %q table (not a TrueType font with glyf outlines?)", tag)
		}
	}
	if len(tables["head"]) < 54 || len(tables["maxp"]) < 6 || len(tables["post"]) < 32 {
		return nil, errors.New("fontsubset: head, maxp or post table too short")
	}
	glyphs, err := splitGlyphs(tables)
	if err != nil {
		return nil, err
	}
	used, err := usedGlyphs(ttf, keep, glyphs)
	if err != nil {
		return nil, err
	}
	for g := range glyphs {
		if !used[g] {
			continue
		}
		if glyphs[g], err = unhinted(glyphs[g]); err != nil {
			return nil, fmt.Errorf("fontsubset: glyph %d: %w", g, err)
		}
	}
	glyf, loca := joinGlyphs(glyphs, used, int16(binary.BigEndian.Uint16(tables["head"][50:])) == 1)
	tables["glyf"], tables["loca"] = glyf, loca
	post := slices.Clone(tables["post"][:32])
	binary.BigEndian.PutUint32(post, 0x00030000) // version 3: no glyph names
	tables["post"] = post
	for _, tag := range dropped {
		delete(tables, tag)
	}
	return writeFont(binary.BigEndian.Uint32(ttf), tables), nil
}

// readTables returns the tables of the font by tag, each a slice of ttf.
func readTables(ttf []byte) (map[string][]byte, error) {
	if len(ttf) < 12 {
		return nil, errors.New("fontsubset: too short for a font")
	}
	if v := binary.BigEndian.Uint32(ttf); v != 0x00010000 && v != 0x74727565 { // 1.0 or "true"
		return nil, fmt.Errorf("fontsubset: version %#x: not a TrueType font", v)
	}
	n := int(binary.BigEndian.Uint16(ttf[4:]))
	if len(ttf) < 12+16*n {
		return nil, errors.New("fontsubset: table directory cut short")
	}
	tables := make(map[string][]byte, n)
	for i := range n {
		rec := ttf[12+16*i:]
		off, size := uint64(binary.BigEndian.Uint32(rec[8:])), uint64(binary.BigEndian.Uint32(rec[12:]))
		if off+size > uint64(len(ttf)) {
			return nil, fmt.Errorf("fontsubset: table %q runs past the end of the font", rec[:4])
		}
		tables[string(rec[:4])] = ttf[off : off+size]
	}
	return tables, nil
}

// splitGlyphs returns each glyph's data, as loca cuts glyf.
func splitGlyphs(tables map[string][]byte) ([][]byte, error) {
	n := int(binary.BigEndian.Uint16(tables["maxp"][4:]))
	long := int16(binary.BigEndian.Uint16(tables["head"][50:])) == 1
	loca, glyf := tables["loca"], tables["glyf"]
	offset := func(i int) int {
		if long {
			return int(binary.BigEndian.Uint32(loca[4*i:]))
		}
		return 2 * int(binary.BigEndian.Uint16(loca[2*i:]))
	}
	if (long && len(loca) < 4*(n+1)) || (!long && len(loca) < 2*(n+1)) {
		return nil, fmt.Errorf("fontsubset: loca too short for %d glyphs", n)
	}
	glyphs := make([][]byte, n)
	for i := range glyphs {
		start, end := offset(i), offset(i+1)
		if start > end || end > len(glyf) {
			return nil, fmt.Errorf("fontsubset: glyph %d at %d–%d outside glyf (%d bytes)", i, start, end, len(glyf))
		}
		glyphs[i] = glyf[start:end]
	}
	return glyphs, nil
}

// usedGlyphs marks glyph 0, the glyphs of keep's characters and the
// components of those that are composites.
func usedGlyphs(ttf []byte, keep *unicode.RangeTable, glyphs [][]byte) ([]bool, error) {
	f, err := sfnt.Parse(ttf)
	if err != nil {
		return nil, fmt.Errorf("fontsubset: %w", err)
	}
	used := make([]bool, len(glyphs))
	var mark func(g int) error
	mark = func(g int) error {
		if g >= len(glyphs) {
			return fmt.Errorf("fontsubset: a composite glyph refers to glyph %d of %d", g, len(glyphs))
		}
		if used[g] {
			return nil
		}
		used[g] = true
		parts, err := components(glyphs[g])
		if err != nil {
			return fmt.Errorf("fontsubset: glyph %d: %w", g, err)
		}
		for _, p := range parts {
			if err := mark(p); err != nil {
				return err
			}
		}
		return nil
	}
	if err := mark(0); err != nil {
		return nil, err
	}
	var buf sfnt.Buffer
	for _, rng := range keep.R16 {
		for r := rune(rng.Lo); r <= rune(rng.Hi); r += rune(rng.Stride) {
			if err := markRune(f, &buf, r, mark); err != nil {
				return nil, err
			}
		}
	}
	for _, rng := range keep.R32 {
		for r := rune(rng.Lo); r <= rune(rng.Hi); r += rune(rng.Stride) {
			if err := markRune(f, &buf, r, mark); err != nil {
				return nil, err
			}
		}
	}
	return used, nil
}

// markRune marks the glyph of r, if the font has one.
func markRune(f *sfnt.Font, buf *sfnt.Buffer, r rune, mark func(int) error) error {
	g, err := f.GlyphIndex(buf, r)
	if err != nil {
		return fmt.Errorf("fontsubset: %U: %w", r, err)
	}
	if g == 0 {
		return nil
	}
	return mark(int(g))
}

// Flags of a composite glyph's component.
const (
	argsAreWords     = 0x0001
	haveScale        = 0x0008
	moreComponents   = 0x0020
	haveXYScale      = 0x0040
	haveTwoByTwo     = 0x0080
	haveInstructions = 0x0100
)

// components returns the glyphs a composite glyph is built from; none for
// a simple or empty one.
func components(glyph []byte) ([]int, error) {
	parts, _, _, err := walkComposite(glyph)
	return parts, err
}

// walkComposite reads a composite glyph: the glyphs it is built from,
// where each component's flags are and where the components end (its
// instructions, if any, follow). It returns nothing for a simple or empty
// glyph.
func walkComposite(glyph []byte) (parts, flagsAt []int, end int, err error) {
	if len(glyph) < 10 || int16(binary.BigEndian.Uint16(glyph)) >= 0 {
		return nil, nil, 0, nil
	}
	for at := 10; ; {
		if at+4 > len(glyph) {
			return nil, nil, 0, errors.New("composite cut short")
		}
		flags := binary.BigEndian.Uint16(glyph[at:])
		flagsAt = append(flagsAt, at)
		parts = append(parts, int(binary.BigEndian.Uint16(glyph[at+2:])))
		at += 4 + 2
		if flags&argsAreWords != 0 {
			at += 2
		}
		switch {
		case flags&haveScale != 0:
			at += 2
		case flags&haveXYScale != 0:
			at += 4
		case flags&haveTwoByTwo != 0:
			at += 8
		}
		if flags&moreComponents == 0 {
			if at > len(glyph) {
				return nil, nil, 0, errors.New("composite cut short")
			}
			return parts, flagsAt, at, nil
		}
	}
}

// unhinted returns the glyph without its hinting instructions.
func unhinted(glyph []byte) ([]byte, error) {
	if len(glyph) == 0 {
		return glyph, nil
	}
	if len(glyph) < 10 {
		return nil, errors.New("header cut short")
	}
	if contours := int(int16(binary.BigEndian.Uint16(glyph))); contours >= 0 {
		at := 10 + 2*contours // instructionLength, after the contours' ends
		if at+2 > len(glyph) {
			return nil, errors.New("outline cut short")
		}
		rest := at + 2 + int(binary.BigEndian.Uint16(glyph[at:]))
		if rest > len(glyph) {
			return nil, errors.New("instructions cut short")
		}
		out := append(slices.Clone(glyph[:at]), 0, 0)
		return append(out, glyph[rest:]...), nil
	}
	_, flagsAt, end, err := walkComposite(glyph)
	if err != nil {
		return nil, err
	}
	out := slices.Clone(glyph[:end])
	for _, at := range flagsAt {
		binary.BigEndian.PutUint16(out[at:], binary.BigEndian.Uint16(out[at:])&^haveInstructions)
	}
	return out, nil
}

// joinGlyphs lays the used glyphs out in a new glyf, each at a 4-byte
// boundary, the others empty, and returns it with its loca, in the long
// or short form as the font's head says.
func joinGlyphs(glyphs [][]byte, used []bool, long bool) (glyf, loca []byte) {
	offsets := make([]int, 0, len(glyphs)+1)
	for i, g := range glyphs {
		offsets = append(offsets, len(glyf))
		if used[i] {
			glyf = append(glyf, g...)
			for len(glyf)%4 != 0 {
				glyf = append(glyf, 0)
			}
		}
	}
	offsets = append(offsets, len(glyf))
	for _, off := range offsets {
		if long {
			loca = binary.BigEndian.AppendUint32(loca, uint32(off))
		} else {
			loca = binary.BigEndian.AppendUint16(loca, uint16(off/2))
		}
	}
	return glyf, loca
}

// writeFont lays out a font file of tables, sorted by tag as the format
// asks, with their checksums and head's checksum adjustment.
func writeFont(version uint32, tables map[string][]byte) []byte {
	tags := make([]string, 0, len(tables))
	for tag := range tables {
		tags = append(tags, tag)
	}
	slices.Sort(tags)
	n := len(tags)
	entrySelector := 0
	for 1<<(entrySelector+1) <= n {
		entrySelector++
	}
	searchRange := 16 << entrySelector
	out := binary.BigEndian.AppendUint32(nil, version)
	out = binary.BigEndian.AppendUint16(out, uint16(n))
	out = binary.BigEndian.AppendUint16(out, uint16(searchRange))
	out = binary.BigEndian.AppendUint16(out, uint16(entrySelector))
	out = binary.BigEndian.AppendUint16(out, uint16(16*n-searchRange))
	dir := len(out)
	out = append(out, make([]byte, 16*n)...)
	headAt := 0
	for i, tag := range tags {
		data := tables[tag]
		if tag == "head" {
			data = slices.Clone(data)
			binary.BigEndian.PutUint32(data[8:], 0) // checkSumAdjustment, set below
			headAt = len(out)
		}
		rec := out[dir+16*i:]
		copy(rec, tag)
		binary.BigEndian.PutUint32(rec[4:], checksum(data))
		binary.BigEndian.PutUint32(rec[8:], uint32(len(out)))
		binary.BigEndian.PutUint32(rec[12:], uint32(len(data)))
		out = append(out, data...)
		for len(out)%4 != 0 {
			out = append(out, 0)
		}
	}
	binary.BigEndian.PutUint32(out[headAt+8:], 0xB1B0AFBA-checksum(out))
	return out
}

// checksum is the sum of b's big-endian 32-bit words, b padded with zeros.
func checksum(b []byte) uint32 {
	var sum uint32
	for i := 0; i < len(b); i += 4 {
		var w [4]byte
		copy(w[:], b[i:])
		sum += binary.BigEndian.Uint32(w[:])
	}
	return sum
}
