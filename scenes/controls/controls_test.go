package controls

import (
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/persist"
	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/scenetest"
)

type harness struct {
	t      *testing.T
	d      *scenes.Director
	src    *input.Script
	screen *Screen
	router *input.Router
	store  *persist.Store
}

func newHarness(t *testing.T) *harness {
	h := &harness{t: t, src: new(input.Script), store: persist.At(t.TempDir())}
	h.d = scenes.New(scenes.Options{Source: h.src, Store: h.store,
		Start: func(d *scenes.Director) scenes.Scene { h.screen = New(d); return h.screen }})
	h.router = h.d.Router()
	h.tick()
	return h
}

// tick runs one tick with events, then releases what they pressed.
func (h *harness) tick(events ...input.Event) {
	h.t.Helper()
	h.src.Do(events...)
	if err := h.d.Update(); err != nil {
		h.t.Fatal(err)
	}
	h.src.Advance()
	h.src.Do(input.Releases(events)...)
}

// rebind chooses row and presses the new input.
func (h *harness) rebind(row int, press input.Event) {
	h.t.Helper()
	h.screen.menu.Cursor = row
	h.tick(input.KeyDown(ebiten.KeyEnter))
	if h.screen.Waiting() == 0 {
		h.t.Fatalf("row %d is not waiting for an input", row)
	}
	h.tick() // the Enter is let go of
	h.tick(press)
}

func (h *harness) rowOf(b rulesets.Button) int {
	for i, a := range h.screen.actions {
		if a == b {
			return firstAct + i
		}
	}
	h.t.Fatalf("%v not listed", b)
	return -1
}

func TestRebindKey(t *testing.T) {
	h := newHarness(t)
	h.rebind(h.rowOf(rulesets.ButtonConfirm), input.KeyDown(ebiten.KeyF))
	if c := h.router.Controls(); c.Key(0, rulesets.ButtonConfirm) != ebiten.KeyF {
		t.Errorf("Left keys confirm = %v, want F", c.Key(0, rulesets.ButtonConfirm))
	}
	saved, notice := input.LoadControls(h.store)
	if notice != "" || saved != h.router.Controls() {
		t.Errorf("saved controls differ from those in use (%q)", notice)
	}

	before := h.router.Controls()
	h.rebind(h.rowOf(rulesets.ButtonBack), input.KeyDown(ebiten.KeyEnter))
	if !strings.Contains(h.screen.Message(), "Enter is already Right keys: Confirm") || h.router.Controls() != before {
		t.Errorf("conflicting rebind: message %q; controls must not change", h.screen.Message())
	}

	h.screen.menu.Cursor = h.screen.rowReset()
	h.tick(input.KeyDown(ebiten.KeySpace))
	if h.router.Controls() != input.DefaultControls() {
		t.Error("reset did not restore the default Left keys")
	}
	if saved, _ := input.LoadControls(h.store); saved != input.DefaultControls() {
		t.Error("reset was not saved")
	}
}

// TestRebindReachesMenus rebinds a key on the controls screen and uses it
// at once on the same screen, which is a menu: the one mapping serves
// seats and menus alike.
func TestRebindReachesMenus(t *testing.T) {
	h := newHarness(t)
	h.rebind(h.rowOf(rulesets.ButtonDown), input.KeyDown(ebiten.KeyK))
	h.tick() // K is let go of
	row := h.screen.menu.Cursor
	h.tick(input.KeyDown(ebiten.KeyK))
	if got := h.screen.menu.Cursor; got != row+1 {
		t.Errorf("K, the new Down: cursor %d, want %d", got, row+1)
	}
	h.tick(input.KeyDown(ebiten.KeyS))
	if got := h.screen.menu.Cursor; got != row+1 {
		t.Errorf("S, Down no more: cursor %d, want it still on %d", got, row+1)
	}
}

// TestMenuKeys lists the menu keys as a device of their own, with the
// menu actions only, and rebinds one.
func TestMenuKeys(t *testing.T) {
	h := newHarness(t)
	h.screen.menu.Cursor = rowDevice
	for h.screen.kind != input.MenuKeys {
		h.tick(input.KeyDown(ebiten.KeySpace))
	}
	for _, b := range h.screen.actions {
		if b&input.MenuActions == 0 {
			t.Errorf("menu keys list %v", b)
		}
	}
	h.rebind(h.rowOf(rulesets.ButtonBack), input.KeyDown(ebiten.KeyDelete))
	if c := h.router.Controls(); c.Key(input.MenuKeys, rulesets.ButtonBack) != ebiten.KeyDelete {
		t.Errorf("menu keys' Back = %v, want Delete (%q)", c.Key(input.MenuKeys, rulesets.ButtonBack), h.screen.Message())
	}
}

func TestEscCancels(t *testing.T) {
	h := newHarness(t)
	h.rebind(h.rowOf(rulesets.ButtonUp), input.KeyDown(ebiten.KeyEscape))
	if h.screen.Waiting() != 0 || h.router.Controls() != input.DefaultControls() {
		t.Error("Esc did not cancel the rebind")
	}
	if h.d.Top() != scenes.Scene(h.screen) {
		t.Error("the Esc that cancelled also left the screen")
	}
}

func TestRebindPad(t *testing.T) {
	h := newHarness(t)
	h.tick(input.PadConnect(3))
	h.screen.menu.Cursor = rowDevice
	for h.screen.kind != padKind {
		h.tick(input.KeyDown(ebiten.KeySpace))
	}
	rock := h.rowOf(rulesets.ButtonRock)
	h.rebind(rock, input.PadDown(3, ebiten.StandardGamepadButtonFrontTopLeft))
	if c := h.router.Controls(); c.PadButton(rulesets.ButtonRock) != ebiten.StandardGamepadButtonFrontTopLeft {
		t.Errorf("rock on %v, want LB", c.PadButton(rulesets.ButtonRock))
	}
	h.rebind(h.rowOf(rulesets.ButtonPaper), input.PadDown(3, ebiten.StandardGamepadButtonFrontTopLeft))
	if !strings.Contains(h.screen.Message(), "LB is already Gamepad: Rock") {
		t.Errorf("message %q, want the conflict with Rock", h.screen.Message())
	}
}

func TestMain(m *testing.M) { scenetest.Main(m) }

// TestControlsScreenshot draws the controls screen after a refused rebind
// (W for Confirm, which Left keys' Up holds): the refusal is drawn in the
// notice colour in the message panel.
func TestControlsScreenshot(t *testing.T) {
	src := new(input.Script)
	var s *Screen
	d := scenes.New(scenes.Options{Source: src, Store: persist.At(t.TempDir()),
		Start: func(d *scenes.Director) scenes.Scene { s = New(d); return s }})
	script := map[int][]input.Event{
		1: {input.KeyDown(ebiten.KeyEnter)}, 2: {input.KeyUp(ebiten.KeyEnter)},
		4: {input.KeyDown(ebiten.KeyW)}, 5: {input.KeyUp(ebiten.KeyW)},
	}
	scenetest.Run(t, d, 31, func(tick int) {
		src.Advance()
		if tick == 1 {
			s.menu.Cursor = firstAct + 4 // Confirm
		}
		src.Do(script[tick]...)
	})
	if !strings.Contains(s.Message(), "W is already") {
		t.Fatalf("message %q, want the refusal of W", s.Message())
	}
	img := scenetest.Shoot(t, d, "controls")
	pal := d.Palette()
	found := false
	for y := 410; y < 520 && !found; y++ {
		for x := 780; x < 1150; x++ {
			if img.RGBAAt(x, y) == pal.Notice {
				found = true
				break
			}
		}
	}
	if !found {
		t.Error("no refusal message drawn in the notice colour")
	}
}

// TestSavedControlsReachTheRouter checks that the program's shared router
// starts with the controls saved by an earlier run, and with the defaults
// and a notice when the file is corrupt.
func TestSavedControlsReachTheRouter(t *testing.T) {
	store := persist.At(t.TempDir())
	c := input.DefaultControls()
	if err := c.BindKey(1, rulesets.ButtonConfirm, ebiten.KeyF); err != nil {
		t.Fatal(err)
	}
	if err := input.SaveControls(store, c); err != nil {
		t.Fatal(err)
	}
	d := scenes.New(scenes.Options{Source: new(input.Script), Store: store})
	r := d.Router()
	if r.Controls() != c {
		t.Error("the shared router does not have the saved controls")
	}
	if d.Router() != r {
		t.Error("a second call made a second router")
	}
	if err := store.WriteFile(input.ControlsFile, []byte("{broken")); err != nil {
		t.Fatal(err)
	}
	d = scenes.New(scenes.Options{Source: new(input.Script), Store: store})
	if d.Router().Controls() != input.DefaultControls() || !strings.Contains(d.Notice(), "default controls") {
		t.Errorf("corrupt file: notice %q; want the defaults and a notice", d.Notice())
	}
}

// TestScrolledListClearsSubtitle: with the list scrolled to its end, the
// mark that says more entries lie above sits below the subtitle, not on it
// (before, the ▲ was drawn over "Choose an action…").
func TestScrolledListClearsSubtitle(t *testing.T) {
	src := new(input.Script)
	var s *Screen
	d := scenes.New(scenes.Options{Source: src, Store: persist.At(t.TempDir()),
		Start: func(d *scenes.Director) scenes.Scene { s = New(d); return s }})
	scenetest.Run(t, d, 2, func(int) { src.Advance() })
	s.menu.Cursor = len(s.menu.Items) - 1
	scenetest.Run(t, d, 30, func(int) { src.Advance() })
	scenetest.Shoot(t, d, "controls-scrolled")
	const markR = 9 // the ▲'s size: see scenes.Menu
	if top := s.menu.Y - 14 - markR; top < subtitleY+subtitleSize/2+4 {
		t.Errorf("the ▲ above the list starts at y %.0f, on the subtitle (its middle at %d)", top, subtitleY)
	}
}
