package scenes

import (
	"math"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/rulesets"
)

// navScene records the Nav of its last Update.
type navScene struct{ nav Nav }

func (s *navScene) Name() string              { return "nav" }
func (s *navScene) Update(ctx *Context) error { s.nav = *ctx.Nav(); return nil }
func (s *navScene) Draw(*Canvas)              {}

func navDirector(t *testing.T) (*Director, *input.Script, *navScene) {
	t.Helper()
	scene := &navScene{}
	d, s, _ := testDirector(t, Options{Start: func(*Director) Scene { return scene }})
	tick(t, d, s, input.PadConnect(2))
	return d, s, scene
}

// TestNavFromTheMapping checks the menu intents of the default controls,
// for every kind of device.
func TestNavFromTheMapping(t *testing.T) {
	pad := func(b ebiten.StandardGamepadButton) []input.Event { return []input.Event{input.PadDown(2, b)} }
	tests := []struct {
		name   string
		events []input.Event
		want   Nav
	}{
		{"↑", input.KeyTap(ebiten.KeyArrowUp), Nav{Up: true}},
		{"D", input.KeyTap(ebiten.KeyD), Nav{Right: true}},
		{"Enter", input.KeyTap(ebiten.KeyEnter), Nav{Confirm: true}},
		{"Numpad Enter", input.KeyTap(ebiten.KeyNumpadEnter), Nav{Confirm: true}},
		{"Space", input.KeyTap(ebiten.KeySpace), Nav{Confirm: true}},
		{"E", input.KeyTap(ebiten.KeyE), Nav{Confirm: true}},
		{"Esc", input.KeyTap(ebiten.KeyEscape), Nav{Back: true, Menu: true}},
		{"Backspace", input.KeyTap(ebiten.KeyBackspace), Nav{Back: true}},
		{"Q", input.KeyTap(ebiten.KeyQ), Nav{Back: true}},
		{"F1", input.KeyTap(ebiten.KeyF1), Nav{Rules: true}},
		{"a Slam key", input.KeyTap(ebiten.KeyDigit1), Nav{}},
		{"pad A", pad(ebiten.StandardGamepadButtonRightBottom), Nav{Confirm: true}},
		{"pad B", pad(ebiten.StandardGamepadButtonRightRight), Nav{Back: true}},
		{"pad Start", pad(ebiten.StandardGamepadButtonCenterRight), Nav{Back: true, Menu: true}},
		{"pad View", pad(ebiten.StandardGamepadButtonCenterLeft), Nav{Rules: true}},
		{"d-pad left", pad(ebiten.StandardGamepadButtonLeftLeft), Nav{Left: true}},
		{"stick down", []input.Event{input.PadAxis(2, ebiten.StandardGamepadAxisLeftStickVertical, 0.9)}, Nav{Down: true}},
		{"right click", []input.Event{input.MouseDown(ebiten.MouseButtonRight)}, Nav{Back: true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, s, scene := navDirector(t)
			tick(t, d, s, tt.events...)
			got := scene.nav
			got.PointerX, got.PointerY = 0, 0
			if got != tt.want {
				t.Errorf("Nav %+v, want %+v", got, tt.want)
			}
		})
	}
}

// TestMenusFollowRemap remaps a key on the controls, as the controls
// screen does, and checks that a menu answers to the new key and no
// longer to the old one.
func TestMenusFollowRemap(t *testing.T) {
	d, s, _ := testDirector(t, Options{Games: []Entry{{Name: "g", Title: "Game", Open: func(*Director) Scene { return &stubScene{} }}}})
	c := d.Router().Controls()
	if err := c.BindKey(1, rulesets.ButtonDown, ebiten.KeyK); err != nil {
		t.Fatal(err)
	}
	if err := d.Router().SetControls(c); err != nil {
		t.Fatal(err)
	}
	tick(t, d, s)
	tick(t, d, s, input.KeyTap(ebiten.KeyK)...)
	if got := d.Status().Cursor; got != 1 {
		t.Fatalf("K, now Down: cursor %d, want 1", got)
	}
	tick(t, d, s, input.KeyTap(ebiten.KeyArrowDown)...)
	if got := d.Status().Cursor; got != 1 {
		t.Errorf("↓, no longer bound: cursor %d, want it still on 1", got)
	}
}

// TestNavPointer follows the mouse and a touch: hover, click, hold and
// drag, release.
func TestNavPointer(t *testing.T) {
	d, s, scene := navDirector(t)
	at := func(x, y float64) (int, int) { return d.ToScreen(x, y) }
	touch := func(move func(ebiten.TouchID, int, int) input.Event, x, y float64) []input.Event {
		sx, sy := at(x, y)
		return []input.Event{move(7, sx, sy)}
	}
	steps := []struct {
		name   string
		events []input.Event
		want   Nav
	}{
		{"mouse moves", []input.Event{input.MouseMove(at(100, 100))}, Nav{PointerX: 100, PointerY: 100, PointerMoved: true}},
		{"mouse presses", []input.Event{input.MouseDown(ebiten.MouseButtonLeft)}, Nav{PointerX: 100, PointerY: 100, Click: true, PointerDown: true}},
		{"mouse drags", []input.Event{input.MouseMove(at(150, 120))}, Nav{PointerX: 150, PointerY: 120, PointerMoved: true, PointerDown: true}},
		{"mouse releases", []input.Event{input.MouseUp(ebiten.MouseButtonLeft)}, Nav{PointerX: 150, PointerY: 120}},
		{"a touch lands", touch(input.TouchDown, 300, 200), Nav{PointerX: 300, PointerY: 200, PointerMoved: true, Click: true, PointerDown: true}},
		{"the touch slides", touch(input.TouchMove, 320, 240), Nav{PointerX: 320, PointerY: 240, PointerMoved: true, PointerDown: true}},
		{"the touch stays", nil, Nav{PointerX: 320, PointerY: 240, PointerDown: true}},
		{"the touch lifts", []input.Event{input.TouchUp(7)}, Nav{PointerX: 320, PointerY: 240}},
	}
	for _, st := range steps {
		tick(t, d, s, st.events...)
		got := scene.nav
		if math.Abs(got.PointerX-st.want.PointerX) < 0.5 && math.Abs(got.PointerY-st.want.PointerY) < 0.5 {
			got.PointerX, got.PointerY = st.want.PointerX, st.want.PointerY
		}
		if got != st.want {
			t.Fatalf("%s: Nav %+v, want %+v", st.name, got, st.want)
		}
	}
}
