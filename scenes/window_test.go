package scenes

import (
	"context"
	"fmt"
	"image"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/internal/looptest"
	"github.com/jankenarcade/janken/persist"
)

// The tests run inside Ebitengine's game loop, each stepping its director
// tick by tick and drawing the frames it checks. TestRun alone needs the
// real loop of Run, in a window of its own: Ebitengine runs one game per
// process, so it starts this test binary again with runChildEnv set, and
// TestMain runs the game instead of the tests.
const runChildEnv = "JANKEN_RUN_CHILD"

func TestMain(m *testing.M) {
	if os.Getenv(runChildEnv) != "" {
		if err := runChild(); err != nil {
			fmt.Fprintln(os.Stderr, "run child:", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	looptest.Main(m)
}

// TestRun starts the program's window with Run, as main does, and quits
// from the title menu with the keyboard: Run must return once the
// director has run to the tick of the Quit, having drawn into the window.
// The child decides by ticks; the bound on it only catches a hang.
func TestRun(t *testing.T) {
	// Run opens the sound device: on Linux the child plays into ALSA's
	// null device, so that this run has one (package main's
	// TestStartsWithoutAudioDevice runs without).
	alsa := filepath.Join(t.TempDir(), "alsa.conf")
	if err := os.WriteFile(alsa, []byte("pcm.!default { type null }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), runChildEnv+"=1", "ALSA_CONFIG_PATH="+alsa)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("the window run failed: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), fmt.Sprintf("quit on tick %d", runQuitTick)) {
		t.Errorf("the window run said:\n%s\nwant it to quit on tick %d", out, runQuitTick)
	}
}

// runQuitTick is the tick on which the window run's Enter quits.
const runQuitTick = 14

// scriptedTitle is the title screen advancing its input script after each
// tick, as nothing else does under Run.
type scriptedTitle struct {
	*Title
	script *input.Script
}

func (s *scriptedTitle) Update(ctx *Context) error {
	err := s.Title.Update(ctx)
	s.script.Advance()
	return err
}

// runChild is the window run, in the child process: Run with a script
// that points the menu at Quit (Esc) and quits (Enter).
func runChild() error {
	cfg, err := os.MkdirTemp("", "janken-run-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(cfg)
	script := new(input.Script)
	script.Advance() // the first tick is tick 1
	script.At(runQuitTick-2, input.KeyTap(ebiten.KeyEscape)...)
	script.At(runQuitTick, input.KeyTap(ebiten.KeyEnter)...)
	var d *Director
	err = Run(Options{Source: script, Store: persist.At(cfg), Games: demoGames(), Version: "run test",
		Start: func(dir *Director) Scene {
			d = dir
			return &scriptedTitle{Title: NewTitle(dir), script: script}
		}})
	if err != nil {
		return err
	}
	if d.frames == 0 {
		return fmt.Errorf("quit on tick %d without drawing a frame", d.Tick())
	}
	fmt.Printf("quit on tick %d after %d frames\n", d.Tick(), d.frames)
	return nil
}

// TestTitleScreenshots drives the title menu with scripted keys, gamepad
// and mouse, opens the settings and comes back, and quits from the menu,
// checking the scene and cursor on set ticks and the screen where the
// highlight moves.
func TestTitleScreenshots(t *testing.T) {
	d, script, _ := testDirector(t, Options{Games: demoGames(), Version: "window test"})
	checks := map[int64]func(Status) error{}
	shotAt := map[int64]string{}
	// The title: "Demo Table", "Settings", "Credits", "Quit".
	at := func(tick int64, events ...input.Event) { script.At(tick, events...) }
	want := func(tick int64, scene string, cursor int) {
		checks[tick] = func(st Status) error {
			if st.Scene != scene || st.Cursor != cursor {
				return fmt.Errorf("status %+v, want scene %q cursor %d", st, scene, cursor)
			}
			return nil
		}
	}
	want(5, "title", 0)
	shotAt[10] = "title"
	at(12, input.KeyTap(ebiten.KeyArrowDown)...) // keyboard: to Settings
	want(12, "title", 1)
	at(14, input.PadConnect(0))
	at(15, input.PadDown(0, ebiten.StandardGamepadButtonLeftBottom)) // d-pad: to Credits
	at(17, input.PadUp(0, ebiten.StandardGamepadButtonLeftBottom))
	want(17, "title", 2)
	at(19, input.PadAxis(0, ebiten.StandardGamepadAxisLeftStickVertical, -1)) // stick: back to Settings
	at(20, input.PadAxis(0, ebiten.StandardGamepadAxisLeftStickVertical, 0))
	want(20, "title", 1)
	shotAt[40] = "title-moved" // once the highlight has settled

	// The mouse: hover on the game, then click Settings.
	title := d.Top().(*Title)
	title.menu.layout(1) // as the first tick will
	item := func(i int) (int, int) {
		x, y, _, h, _ := title.menu.ItemRect(i)
		return d.ToScreen(x+100, y+h/2)
	}
	at(42, input.MouseMove(item(0)))
	want(42, "title", 0)
	at(44, input.MouseMove(item(1)))
	at(45, input.MouseDown(ebiten.MouseButtonLeft), input.MouseUp(ebiten.MouseButtonLeft))
	want(45, "settings", 0) // pushed at the end of the tick, sliding in
	shotAt[45+int64(Forward.Ticks)+2] = "settings"

	// Esc returns to the title, Esc again points at Quit, Enter quits.
	at(74, input.KeyTap(ebiten.KeyEscape)...)
	want(74+int64(Backward.Ticks)+1, "title", 1)
	at(100, input.KeyTap(ebiten.KeyEscape)...)
	want(100, "title", 3)
	at(102, input.KeyTap(ebiten.KeyEnter)...)

	shots := map[string]*image.RGBA{}
	var err error
	for err == nil {
		script.Advance()
		err = d.Update()
		if check := checks[d.Tick()]; check != nil {
			if cerr := check(d.Status()); cerr != nil {
				t.Errorf("tick %d: %v", d.Tick(), cerr)
			}
		}
		if name, ok := shotAt[d.Tick()]; ok {
			shots[name] = looptest.Capture(t, name, ScreenWidth, ScreenHeight, d.Draw)
		}
		if d.Tick() > 200 {
			t.Fatal("Quit did not quit")
		}
	}
	if err != ebiten.Termination || d.Tick() != 102 {
		t.Errorf("the game ended on tick %d with %v, want ebiten.Termination on tick 102 (Quit)", d.Tick(), err)
	}
	for name, img := range shots {
		if n := distinctColours(img); n < 50 {
			t.Errorf("%s has %d distinct colours: blank or nearly", name, n)
		}
	}
	for _, pair := range [][2]string{{"title", "title-moved"}, {"title-moved", "settings"}} {
		if d := differingPixels(shots[pair[0]], shots[pair[1]]); d < 500 {
			t.Errorf("%s and %s differ in only %d pixels", pair[0], pair[1], d)
		}
	}
	// The highlight moved from the first entry to the second.
	for _, c := range []struct {
		shot string
		lit  int
	}{{"title", 0}, {"title-moved", 1}} {
		for i := range 2 {
			if lit := isAccent(shots[c.shot], standardPalette, i); lit != (i == c.lit) {
				t.Errorf("%s: entry %d highlighted %v, want %v", c.shot, i, lit, i == c.lit)
			}
		}
	}
}

// isAccent reports whether the title menu's entry i shows pal's accent
// colour, that of the highlighted entry.
func isAccent(img *image.RGBA, pal Palette, i int) bool {
	b := img.Bounds()
	scale, ox, oy := fit(b.Dx(), b.Dy())
	x := int(ox + (titleMenuX+330)*scale)
	y := int(oy + (titleMenuY+float64(i)*(menuItemH+menuGap)+8)*scale)
	got := img.RGBAAt(x, y)
	want := pal.Accent
	near := func(a, b uint8) bool { return a-b < 12 || b-a < 12 }
	return near(got.R, want.R) && near(got.G, want.G) && near(got.B, want.B)
}

func distinctColours(img *image.RGBA) int {
	seen := map[[3]uint8]bool{}
	for i := 0; i+3 < len(img.Pix); i += 4 {
		seen[[3]uint8{img.Pix[i], img.Pix[i+1], img.Pix[i+2]}] = true
	}
	return len(seen)
}

func differingPixels(a, b *image.RGBA) int {
	if a.Bounds() != b.Bounds() {
		return a.Bounds().Dx() * a.Bounds().Dy()
	}
	n := 0
	for i := 0; i+3 < len(a.Pix); i += 4 {
		if a.Pix[i] != b.Pix[i] || a.Pix[i+1] != b.Pix[i+1] || a.Pix[i+2] != b.Pix[i+2] {
			n++
		}
	}
	return n
}

// demoGames registers one game whose table is an empty scene, so that the
// title shows a game entry as it will with the real tables.
func demoGames() []Entry {
	return []Entry{{
		Name: "demo", Title: "Demo Table", MinPlayers: 2, MaxPlayers: 5,
		Blurb:  "A stand-in table for the window test: the real tables register themselves the same way.",
		Credit: "the Janken Arcade test suite",
		Open:   func(d *Director) Scene { return NewRules(d, "Demo") },
	}}
}
