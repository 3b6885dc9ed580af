package main

import (
	"image"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/catalog"
	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/persist"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/scenetest"
)

func TestMain(m *testing.M) {
	if dir := os.Getenv(startupEnv); dir != "" {
		os.Exit(playScripted(dir))
	}
	scenetest.Main(m)
}

// program boots the program as it ships, taps keys (see programOf) and
// returns the director.
func program(t *testing.T, keys []ebiten.Key) *scenes.Director {
	t.Helper()
	return programOf(t, arcade, keys)
}

// Ticks of a scripted boot: the title is up after first; keys are tapped
// every every ticks, never during a transition (which ignores them); the
// screen is left a second after the last.
const first, every, settle = 30, 6, 60

// programOf boots the program's options for games with a scripted
// keyboard that taps keys, runs until a second after the last and returns
// the director.
func programOf(t *testing.T, games catalog.List, keys []ebiten.Key) *scenes.Director {
	t.Helper()
	return programIn(t, persist.At(t.TempDir()), games, keys)
}

// programIn is programOf keeping its files (the settings) in store.
func programIn(t *testing.T, store persist.Files, games catalog.List, keys []ebiten.Key) *scenes.Director {
	t.Helper()
	src := new(input.Script)
	opts := options(games, nil)
	opts.Source, opts.Store = src, store
	d := scenes.New(opts)
	next := first // the tick of the next tap, or of the end
	scenetest.Until(t, d, first+(len(keys)+1)*(every+settle), func(tick int) {
		src.Advance()
		if len(keys) > 0 && tick >= next && !d.Transitioning() {
			src.Do(input.KeyTap(keys[0])...)
			keys = keys[1:]
			next = tick + every
			if len(keys) == 0 {
				next = tick + settle
			}
		}
	}, func() bool { return len(keys) == 0 && d.Tick() >= int64(next) })
	return d
}

// down returns n taps of the down arrow, then keys.
func down(n int, keys ...ebiten.Key) []ebiten.Key {
	var out []ebiten.Key
	for range n {
		out = append(out, ebiten.KeyArrowDown)
	}
	return append(out, keys...)
}

// TestTitleListsEveryGame checks the real title menu offers the four games
// and that the screen shows it (not a blank frame).
func TestTitleListsEveryGame(t *testing.T) {
	d := program(t, nil)
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
	title := scenetest.Shoot(t, program(t, nil), "program-title")
	first := map[string]string{"thatsmine": "thatsmine-setup", "ninjan": "ninjan-setup", "elevensuits": "elevensuits-setup", "slam": "slam-setup"}
	for i, g := range arcade {
		t.Run(g.Name, func(t *testing.T) {
			d := program(t, down(i, ebiten.KeyEnter))
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

// TestArcadeIsConsistent: every game has a name, a title and a first
// scene, no two share a name, and each network lobby and deck is its own
// game's.
func TestArcadeIsConsistent(t *testing.T) {
	if err := arcade.Check(); err != nil {
		t.Error(err)
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
