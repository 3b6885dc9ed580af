package main

import (
	"image"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/persist"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/scenetest"
)

func TestMain(m *testing.M) { scenetest.Main(m) }

// bootProgram starts the program's own director with a scripted keyboard
// that taps keys one every few ticks once the title is up, and runs it
// until a second after the last, so that any transition is over.
func bootProgram(t *testing.T, keys ...ebiten.Key) *scenes.Director {
	src := new(input.Script)
	opts := options(nil)
	opts.Source, opts.Store = src, persist.At(t.TempDir())
	d := scenes.New(opts)
	const first, every = 30, 6
	scenetest.Run(t, d, first+every*len(keys)+61, func(tick int) {
		src.Advance()
		if k := (tick - first) / every; tick >= first && (tick-first)%every == 0 && k < len(keys) {
			src.Do(input.KeyTap(keys[k])...)
		}
	})
	return d
}

// TestTitleListsEveryGame checks the real title menu offers the four games
// and that the screen shows it (not a blank frame).
func TestTitleListsEveryGame(t *testing.T) {
	d := bootProgram(t)
	if st := d.Status(); st.Scene != "title" || st.Cursor != 0 {
		t.Fatalf("status %+v, want the title with its cursor on the first game", st)
	}
	var names []string
	for _, g := range d.Games() {
		names = append(names, g.Name)
	}
	if want := []string{"thatsmine", "ninjan", "elevensuits", "slam"}; !slices.Equal(names, want) {
		t.Fatalf("title games %v, want %v", names, want)
	}
	if n := colours(scenetest.Shoot(t, d, "program-title")); n < 50 {
		t.Errorf("the title screen has only %d colours: blank?", n)
	}
}

// TestEveryGameOpens walks the title menu to each game and opens it: the
// scene on top must be that game's own first screen, drawn in place of
// the title.
func TestEveryGameOpens(t *testing.T) {
	title := scenetest.Shoot(t, bootProgram(t), "program-title")
	first := map[string]string{"thatsmine": "lobby", "ninjan": "lobby", "elevensuits": "elevensuits-setup", "slam": "slam-setup"}
	for i, g := range games() {
		t.Run(g.Name, func(t *testing.T) {
			var keys []ebiten.Key
			for range i {
				keys = append(keys, ebiten.KeyArrowDown)
			}
			d := bootProgram(t, append(keys, ebiten.KeyEnter)...)
			if st := d.Status(); st.Scene != first[g.Name] || st.Transitioning {
				t.Errorf("after Enter on entry %d the top scene is %q (transitioning %v), want %q", i, st.Scene, st.Transitioning, first[g.Name])
			}
			img := scenetest.Shoot(t, d, "program-"+g.Name)
			if n := differing(title, img); n < len(img.Pix)/4/4 {
				t.Errorf("only %d pixels differ from the title screen", n)
			}
		})
	}
}

// colours counts the distinct colours of an image, up to 1000.
func colours(img *image.RGBA) int {
	seen := map[[3]uint8]bool{}
	p := img.Pix
	for i := 0; i+3 < len(p) && len(seen) < 1000; i += 4 * 7 {
		seen[[3]uint8{p[i], p[i+1], p[i+2]}] = true
	}
	return len(seen)
}

// differing counts the pixels that differ between two images of one size.
func differing(a, b *image.RGBA) int {
	n := 0
	for i := 0; i+3 < len(a.Pix); i += 4 {
		if [3]uint8(a.Pix[i:i+3]) != [3]uint8(b.Pix[i:i+3]) {
			n++
		}
	}
	return n
}

// TestWebBuild: a network host serves the browser build only where one was
// made.
func TestWebBuild(t *testing.T) {
	dir := t.TempDir()
	if webBuild(dir) != nil {
		t.Error("an empty folder counts as a web build")
	}
	if err := os.WriteFile(filepath.Join(dir, "index.html"), []byte("<title>Janken</title>"), 0o644); err != nil {
		t.Fatal(err)
	}
	web := webBuild(dir)
	if web == nil {
		t.Fatal("a folder with index.html is not taken as the web build")
	}
	if b, err := fs.ReadFile(web, "index.html"); err != nil || string(b) != "<title>Janken</title>" {
		t.Errorf("index.html reads %q, %v", b, err)
	}
}
