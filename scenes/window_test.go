package scenes

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/persist"
)

// The window test runs the real director in a real window. Ebitengine can
// run one game per process, on the main thread, so TestWindow starts this
// test binary again with windowChildEnv set and TestMain runs the game
// instead of the tests.
const (
	windowChildEnv = "JANKEN_WINDOW_CHILD" // holds the directory for the screenshots
	noDisplayEnv   = "JANKEN_NO_DISPLAY"
)

func TestMain(m *testing.M) {
	if dir := os.Getenv(windowChildEnv); dir != "" {
		if err := runWindowChild(dir); err != nil {
			fmt.Fprintln(os.Stderr, "window child:", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	if dir := os.Getenv(galleryEnv); dir != "" {
		if err := runGallery(dir); err != nil {
			fmt.Fprintln(os.Stderr, "gallery:", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// needsDisplay reports whether this system needs an X display for a
// window (not macOS or Windows).
func needsDisplay() bool {
	return runtime.GOOS != "darwin" && runtime.GOOS != "windows" && runtime.GOOS != "js"
}

// TestWindow boots the director in a window, drives the title menu with
// scripted keys, gamepad and mouse, opens the settings and comes back,
// and quits from the menu. The screenshots go to artifacts/scenes/.
func TestWindow(t *testing.T) {
	if needsDisplay() && os.Getenv("DISPLAY") == "" {
		if os.Getenv(noDisplayEnv) == "1" {
			t.Skip("no display and " + noDisplayEnv + "=1")
		}
		t.Fatal("no DISPLAY: run under xvfb-run -a -s \"-screen 0 1280x720x24\", or set " + noDisplayEnv + "=1 to skip deliberately")
	}
	dir, err := filepath.Abs(filepath.Join("..", "artifacts", "scenes"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range windowShots {
		os.Remove(filepath.Join(dir, name+".png"))
	}
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), windowChildEnv+"="+dir)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("window run failed: %v\n%s", err, out)
	}
	shots := map[string]*image.RGBA{}
	for _, name := range windowShots {
		img := readPNG(t, filepath.Join(dir, name+".png"))
		if n := distinctColours(img); n < 50 {
			t.Errorf("%s.png has %d distinct colours: blank or nearly", name, n)
		}
		shots[name] = img
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
			if lit := isAccent(shots[c.shot], i); lit != (i == c.lit) {
				t.Errorf("%s.png: entry %d highlighted %v, want %v", c.shot, i, lit, i == c.lit)
			}
		}
	}
	t.Logf("screenshots in %s", dir)
}

// isAccent reports whether the title menu's entry i shows the standard
// palette's accent colour, that of the highlighted entry.
func isAccent(img *image.RGBA, i int) bool {
	b := img.Bounds()
	scale, ox, oy := fit(b.Dx(), b.Dy())
	x := int(ox + (titleMenuX+330)*scale)
	y := int(oy + (titleMenuY+float64(i)*(menuItemH+menuGap)+8)*scale)
	got := img.RGBAAt(x, y)
	want := standardPalette.Accent
	near := func(a, b uint8) bool { return a-b < 12 || b-a < 12 }
	return near(got.R, want.R) && near(got.G, want.G) && near(got.B, want.B)
}

// windowShots are the screenshots the child saves.
var windowShots = []string{"title", "title-moved", "settings"}

func readPNG(t *testing.T, path string) *image.RGBA {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	rgba := image.NewRGBA(img.Bounds())
	for y := img.Bounds().Min.Y; y < img.Bounds().Max.Y; y++ {
		for x := img.Bounds().Min.X; x < img.Bounds().Max.X; x++ {
			rgba.Set(x, y, img.At(x, y))
		}
	}
	return rgba
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

// windowHarness runs the director in the window, advancing the script
// before each tick, checking the status at set ticks and capturing the
// screen.
type windowHarness struct {
	d        *Director
	script   *input.Script
	dir      string
	checks   map[int64]func(Status) error
	shotAt   map[int64]string
	failures []string
	start    time.Time
}

func (h *windowHarness) Update() error {
	// Hold the game still until a screenshot due on this tick is taken:
	// a slow frame must not let the script run past it.
	if _, ok := h.shotAt[h.d.Tick()]; ok {
		return nil
	}
	h.script.Advance()
	err := h.d.Update()
	if check := h.checks[h.d.Tick()]; check != nil {
		if cerr := check(h.d.Status()); cerr != nil {
			h.failures = append(h.failures, fmt.Sprintf("tick %d: %v", h.d.Tick(), cerr))
		}
	}
	return err
}

func (h *windowHarness) Draw(screen *ebiten.Image) {
	t0 := time.Now()
	h.d.Draw(screen)
	if os.Getenv("JANKEN_WINDOW_TIMING") != "" {
		fmt.Fprintf(os.Stderr, "frame %d tick %d draw %v since start %v\n", h.d.frames, h.d.Tick(), time.Since(t0), time.Since(h.start))
	}
	name, ok := h.shotAt[h.d.Tick()]
	if !ok {
		return
	}
	delete(h.shotAt, h.d.Tick())
	if err := saveScreen(screen, filepath.Join(h.dir, name+".png")); err != nil {
		h.failures = append(h.failures, err.Error())
	}
}

// saveScreen writes the pixels of screen as a PNG file.
func saveScreen(screen *ebiten.Image, path string) error {
	b := screen.Bounds()
	pix := make([]byte, 4*b.Dx()*b.Dy())
	screen.ReadPixels(pix)
	img := &image.RGBA{Pix: pix, Stride: 4 * b.Dx(), Rect: image.Rect(0, 0, b.Dx(), b.Dy())}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return err
	}
	return os.WriteFile(path, buf.Bytes(), 0o644)
}

func (h *windowHarness) Layout(w, ht int) (int, int) { return h.d.Layout(w, ht) }

func (h *windowHarness) LayoutF(w, ht float64) (float64, float64) { return h.d.LayoutF(w, ht) }

// runWindowChild is the window run, in the child process.
func runWindowChild(dir string) error {
	cfg, err := os.MkdirTemp("", "janken-window-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(cfg)
	script := &input.Script{}
	d := New(Options{Source: script, Store: persist.At(cfg), Games: demoGames(), Version: "window test"})
	h := &windowHarness{d: d, script: script, dir: dir,
		checks: map[int64]func(Status) error{}, shotAt: map[int64]string{}, start: time.Now()}

	// The title: "Demo Table", "Settings", "Credits", "Quit".
	at := func(tick int64, events ...input.Event) { script.At(tick, events...) }
	want := func(tick int64, scene string, cursor int) {
		h.checks[tick] = func(st Status) error {
			if st.Scene != scene || st.Cursor != cursor {
				return fmt.Errorf("status %+v, want scene %q cursor %d", st, scene, cursor)
			}
			return nil
		}
	}
	want(5, "title", 0)
	h.shotAt[10] = "title"
	at(12, input.KeyTap(ebiten.KeyArrowDown)...) // keyboard: to Settings
	want(12, "title", 1)
	at(14, input.PadConnect(0))
	at(15, input.PadDown(0, ebiten.StandardGamepadButtonLeftBottom)) // d-pad: to Credits
	at(17, input.PadUp(0, ebiten.StandardGamepadButtonLeftBottom))
	want(17, "title", 2)
	at(19, input.PadAxis(0, ebiten.StandardGamepadAxisLeftStickVertical, -1)) // stick: back to Settings
	at(20, input.PadAxis(0, ebiten.StandardGamepadAxisLeftStickVertical, 0))
	want(20, "title", 1)
	h.shotAt[40] = "title-moved" // once the highlight has settled

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
	h.shotAt[45+int64(Forward.Ticks)+2] = "settings"

	// Esc returns to the title, Esc again points at Quit, Enter quits.
	at(74, input.KeyTap(ebiten.KeyEscape)...)
	want(74+int64(Backward.Ticks)+1, "title", 1)
	at(100, input.KeyTap(ebiten.KeyEscape)...)
	want(100, "title", 3)
	at(102, input.KeyTap(ebiten.KeyEnter)...)

	ebiten.SetWindowSize(ScreenWidth, ScreenHeight)
	ebiten.SetWindowTitle("Janken Arcade — window test")
	ebiten.SetTPS(TPS)
	if err := ebiten.RunGame(h); err != nil {
		return fmt.Errorf("RunGame: %w", err)
	}
	if d.Tick() != 102 {
		h.failures = append(h.failures, fmt.Sprintf("the game ended on tick %d, want 102 (Quit)", d.Tick()))
	}
	if len(h.shotAt) != 0 {
		h.failures = append(h.failures, fmt.Sprintf("screenshots not taken: %v", h.shotAt))
	}
	if len(h.failures) > 0 {
		return fmt.Errorf("%s", strings.Join(h.failures, "\n"))
	}
	return nil
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
