package assets

import (
	"bytes"
	"flag"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"

	"github.com/jankenarcade/janken/assets/internal/fontsubset"
	"github.com/jankenarcade/janken/drawable"
	"github.com/jankenarcade/janken/settings"
)

var update = flag.Bool("update", false, "rewrite the browser's fonts (fonts/) from the Go fonts")

// browserFonts are the browser build's fonts and the Go fonts they are
// cut from.
var browserFonts = []struct {
	file string
	full []byte
}{
	{"fonts/go-regular.ttf", goregular.TTF},
	{"fonts/go-bold.ttf", gobold.TTF},
}

// TestBrowserFontsUpToDate checks that the browser's fonts are what
// fontsubset makes of the Go fonts for browserGlyphs today; with -update
// it writes them:
//
//	go test ./assets/ -run BrowserFontsUpToDate -update
func TestBrowserFontsUpToDate(t *testing.T) {
	for _, f := range browserFonts {
		want, err := fontsubset.Subset(f.full, browserGlyphs)
		if err != nil {
			t.Fatal(err)
		}
		if *update {
			if err := os.WriteFile(f.file, want, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		got, err := os.ReadFile(f.file)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s is not the subset of today's browserGlyphs: run go test ./assets/ -run BrowserFontsUpToDate -update", f.file)
		}
		t.Logf("%s: %d bytes, the whole font %d", f.file, len(got), len(f.full))
	}
}

// TestBrowserFontsDrawTheGame checks that the browser's fonts draw every
// character of every string and character literal in the program (its Go
// files other than tests), as the whole fonts draw them.
func TestBrowserFontsDrawTheGame(t *testing.T) {
	used := literalRunes(t, "..")
	if len(used) < 60 {
		t.Fatalf("only %d distinct characters in the program's literals: the scan is broken", len(used))
	}
	for _, f := range browserFonts {
		sub, full := parseFont(t, readFont(t, f.file)), parseFont(t, f.full)
		for r, where := range used {
			if !unicode.IsGraphic(r) || r == ' ' || r == 0xfffd {
				continue
			}
			if !unicode.Is(browserGlyphs, r) {
				t.Errorf("%q (%U, in %s) is not in browserGlyphs", r, r, where)
				continue
			}
			if got, want := outline(t, sub, r), outline(t, full, r); got == "" || got != want {
				t.Errorf("%s draws %q (%U, in %s) as %d bytes of outline, the Go font as %d", f.file, r, r, where, len(got), len(want))
			}
		}
	}
}

// TestBrowserFontsCut checks what the subsets keep and drop: every
// character of browserGlyphs that the Go fonts have is drawn as they draw
// it, and a card suit, which no text of the game uses, is an empty
// outline.
func TestBrowserFontsCut(t *testing.T) {
	for _, f := range browserFonts {
		data := readFont(t, f.file)
		sub, full := parseFont(t, data), parseFont(t, f.full)
		kept := 0
		for _, rng := range browserGlyphs.R16 {
			for r := rune(rng.Lo); r <= rune(rng.Hi); r++ {
				want := outline(t, full, r)
				if got := outline(t, sub, r); got != want {
					t.Errorf("%s: %q (%U) differs from the Go font's", f.file, r, r)
				}
				if want != "" {
					kept++
				}
			}
		}
		if kept < 250 {
			t.Errorf("%s: only %d characters with outlines kept", f.file, kept)
		}
		if outline(t, full, '♠') == "" || outline(t, sub, '♠') != "" {
			t.Errorf("%s: ♠ should be in the Go font and empty in the subset", f.file)
		}
		subFace, fullFace := gameFace(t, data), gameFace(t, f.full)
		const line = "Janken Arcade — Rock · Paper · Scissors… ← → ×3 Łódź"
		if got, want := text.Advance(line, subFace), text.Advance(line, fullFace); got != want {
			t.Errorf("%s: Ebitengine sets %q %.2f px wide, the Go font %.2f px", f.file, line, got, want)
		}
	}
}

// TestNamesDrawEverywhere checks that every character a player's name
// may hold (drawable.Chars) is drawn by the desktop's fonts (the whole
// Go fonts) and by the browser's, alike: a name looks the same on every
// machine of a match.
func TestNamesDrawEverywhere(t *testing.T) {
	for _, f := range browserFonts {
		sub, full := parseFont(t, readFont(t, f.file)), parseFont(t, f.full)
		n := 0
		for _, rng := range drawable.Chars.R16 {
			for r := rune(rng.Lo); r <= rune(rng.Hi); r += rune(rng.Stride) {
				n++
				if !unicode.Is(browserGlyphs, r) {
					t.Errorf("%q (%U) may be in a name but is not in browserGlyphs", r, r)
				}
				if r == ' ' {
					continue // a space has no outline
				}
				if want := outline(t, full, r); want == "" {
					t.Errorf("the Go font of %s cannot draw %q (%U), which a name may hold", f.file, r, r)
				} else if outline(t, sub, r) != want {
					t.Errorf("%s draws %q (%U) unlike the Go font", f.file, r, r)
				}
			}
		}
		if n < 500 {
			t.Errorf("only %d characters may be in a name", n)
		}
		subFace, fullFace := gameFace(t, readFont(t, f.file)), gameFace(t, f.full)
		for _, name := range []string{"Мария", "Ζωή", "Ştefan", "Ґалина"} {
			if err := settings.ValidName(name); err != nil {
				t.Errorf("ValidName: %v", err)
			}
			if got, want := text.Advance(name, subFace), text.Advance(name, fullFace); got != want {
				t.Errorf("%s: Ebitengine sets %q %.2f px wide, the Go font %.2f px", f.file, name, got, want)
			}
		}
	}
}

// gameFace parses a font and returns its face at 24 px, made as the game
// makes its faces.
func gameFace(t *testing.T, data []byte) text.Face {
	t.Helper()
	f, err := opentype.Parse(data)
	if err != nil {
		t.Fatalf("parse the font: %v", err)
	}
	face, err := newFace(f, 24)
	if err != nil {
		t.Fatal(err)
	}
	return face
}

// literalRunes returns the characters of the string and character
// literals in the Go files under root (tests, testdata and hidden folders
// left out), each with a file it is in.
func literalRunes(t *testing.T, root string) map[rune]string {
	t.Helper()
	runes := map[rune]string{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() && path != root && (name == "testdata" || strings.HasPrefix(name, ".") || name == "dist" || name == "artifacts") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			return nil
		}
		file, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		ast.Inspect(file, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || (lit.Kind != token.STRING && lit.Kind != token.CHAR) {
				return true
			}
			s, err := strconv.Unquote(lit.Value)
			if lit.Kind == token.CHAR {
				var r rune
				r, _, _, err = strconv.UnquoteChar(lit.Value[1:len(lit.Value)-1], '\'')
				s = string(r)
			}
			if err != nil {
				t.Errorf("%s: literal %s: %v", path, lit.Value, err)
			}
			for _, r := range s {
				if _, seen := runes[r]; !seen {
					runes[r] = path
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return runes
}

// readFont reads a font file.
func readFont(t *testing.T, file string) []byte {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// parseFont parses a font.
func parseFont(t *testing.T, data []byte) *sfnt.Font {
	t.Helper()
	f, err := sfnt.Parse(data)
	if err != nil {
		t.Fatalf("parse the font: %v", err)
	}
	return f
}

// outline describes r's glyph in f (its segments), "" for none or an
// empty one.
func outline(t *testing.T, f *sfnt.Font, r rune) string {
	t.Helper()
	var buf sfnt.Buffer
	g, err := f.GlyphIndex(&buf, r)
	if err != nil {
		t.Fatal(err)
	}
	if g == 0 {
		return ""
	}
	segs, err := f.LoadGlyph(&buf, g, fixed.I(64), nil)
	if err != nil {
		t.Fatalf("glyph of %q: %v", r, err)
	}
	var b strings.Builder
	for _, s := range segs {
		b.WriteString(strconv.Itoa(int(s.Op)))
		for _, p := range s.Args {
			b.WriteString(" " + strconv.Itoa(int(p.X)) + "," + strconv.Itoa(int(p.Y)))
		}
		b.WriteByte(';')
	}
	return b.String()
}

// TestFacesSetTextAsShapingWould backs the choice of faces (family.face):
// the game's faces, which set each character by its advance, set text as
// wide as Ebitengine's shaping faces (HarfBuzz) do with the same whole Go
// fonts: every character a name may hold, alone, and every pair of
// printable ASCII characters, so that no kerning or ligature is lost.
func TestFacesSetTextAsShapingWould(t *testing.T) {
	for _, f := range browserFonts {
		src, err := text.NewGoTextFaceSource(bytes.NewReader(f.full))
		if err != nil {
			t.Fatal(err)
		}
		shaping, game := &text.GoTextFace{Source: src, Size: 24}, gameFace(t, f.full)
		differ := 0
		check := func(s string) {
			if got, want := text.Advance(s, game), text.Advance(s, shaping); got != want && differ < 10 {
				differ++
				t.Errorf("%s: %q is %.3f px wide, %.3f px shaped", f.file, s, got, want)
			}
		}
		for _, rng := range drawable.Chars.R16 {
			for r := rune(rng.Lo); r <= rune(rng.Hi); r += rune(rng.Stride) {
				check(string(r))
			}
		}
		for a := rune(0x21); a < 0x7f; a++ {
			for b := rune(0x21); b < 0x7f; b++ {
				check(string([]rune{a, b}))
			}
		}
		check("Janken Arcade — Rock · Paper · Scissors… ← → ×3 Łódź")
	}
}
