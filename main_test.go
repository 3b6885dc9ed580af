package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/persist"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/privacy/screenshot"
)

// The program as it ships, booted in a real window: the title screen, and
// each game's entry opened from it with the keyboard.
var (
	titleShot *screenshot.Shot
	gameShots []*screenshot.Shot
)

func TestMain(m *testing.M) { screenshot.Main(m, shots) }

func shots(dir string) ([]*screenshot.Shot, error) {
	titleShot = programShot("program-title", dir, nil)
	all := []*screenshot.Shot{titleShot}
	for i, g := range games() {
		var keys []ebiten.Key
		for range i {
			keys = append(keys, ebiten.KeyArrowDown)
		}
		s := programShot("program-"+g.Name, dir, append(keys, ebiten.KeyEnter))
		gameShots = append(gameShots, s)
		all = append(all, s)
	}
	return all, nil
}

// programShot boots the program's own options with a scripted keyboard
// that taps keys one every few ticks once the title is up, and captures
// the screen a second later.
func programShot(name, dir string, keys []ebiten.Key) *screenshot.Shot {
	src := new(input.Script)
	opts := options(nil)
	opts.Source, opts.Store = src, persist.At(dir)
	const first, every = 30, 6
	return &screenshot.Shot{Name: name, Director: scenes.New(opts), Step: func(tick int) bool {
		src.Advance()
		if k := (tick - first) / every; tick >= first && (tick-first)%every == 0 && k < len(keys) {
			src.Do(input.KeyTap(keys[k])...)
		}
		return tick == first+every*len(keys)+60
	}}
}

// TestTitleListsEveryGame checks the real title menu offers the four games
// and network play, and that the screen shows it (not a blank frame).
func TestTitleListsEveryGame(t *testing.T) {
	t.Logf("screenshot: %s", titleShot.Path)
	d := titleShot.Director
	if st := d.Status(); st.Scene != "title" || st.Cursor != 0 {
		t.Fatalf("status %+v, want the title with its cursor on the first game", st)
	}
	var names []string
	for _, g := range d.Games() {
		names = append(names, g.Name)
	}
	want := []string{"thatsmine", "ninjan", "elevensuits", "slam"}
	if len(names) != len(want) {
		t.Fatalf("title games %v, want %v", names, want)
	}
	for i := range want {
		if names[i] != want[i] {
			t.Errorf("title game %d is %q, want %q", i, names[i], want[i])
		}
	}
	if n := colours(titleShot); n < 50 {
		t.Errorf("the title screen has only %d colours: blank?", n)
	}
}

// TestEveryGameOpens walks the title menu to each game and opens it: the
// scene on top must be that game's own first screen, drawn.
func TestEveryGameOpens(t *testing.T) {
	for i, s := range gameShots {
		st := s.Director.Status()
		t.Logf("%s: %+v, screenshot %s", s.Name, st, s.Path)
		if st.Scene == "title" || st.Transitioning {
			t.Errorf("%s: after Enter on entry %d the top scene is %q (transitioning %v)", s.Name, i, st.Scene, st.Transitioning)
		}
		if n := colours(s); n < 20 {
			t.Errorf("%s: only %d colours on screen", s.Name, n)
		}
	}
}

// colours counts the distinct colours of a shot, up to 1000.
func colours(s *screenshot.Shot) int {
	seen := map[[3]uint8]bool{}
	p := s.Image.Pix
	for i := 0; i+3 < len(p) && len(seen) < 1000; i += 4 * 7 {
		seen[[3]uint8{p[i], p[i+1], p[i+2]}] = true
	}
	return len(seen)
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
