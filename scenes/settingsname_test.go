package scenes

import (
	"image"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/internal/looptest"
	"github.com/jankenarcade/janken/persist"
	"github.com/jankenarcade/janken/settings"
)

// phoneKeyboard stands for a phone's own keyboard behind a text field:
// the test sets what the player composes and commits, and the next
// update reports it.
type phoneKeyboard struct {
	commit  string // committed on the next update, after the field's text
	preedit string // being composed
	closed  bool   // the player closes the keyboard on the next update
	open    bool   // a session is open (the keyboard is up)
	caret   image.Rectangle
}

func (k *phoneKeyboard) update(text string, caret image.Rectangle, keep func(string) string) (imeNews, error) {
	k.open, k.caret = true, caret
	news := imeNews{text: keep(text + k.commit), preedit: k.preedit, closed: k.closed}
	k.commit, k.closed = "", false
	return news, nil
}

func (k *phoneKeyboard) end() { k.open, k.preedit = false, "" }

// phoneSettings starts the settings screen on a touch-only device whose
// keyboard is kb, saving to store.
func phoneSettings(t *testing.T, store settings.Store, kb *phoneKeyboard) (*Director, *input.Script, *SettingsScreen) {
	t.Helper()
	d, s, _ := testDirector(t, Options{Store: store, Start: func(d *Director) Scene { return NewSettings(d) }})
	d.textInput = kb
	tick(t, d, s, input.TouchDown(1, 5, 5)) // menus take touch-sized rows
	tick(t, d, s, input.TouchUp(1))
	screen := d.Top().(*SettingsScreen)
	screen.menu.Cursor = rowName // as the scroll marks' taps bring it
	tick(t, d, s)
	return d, s, screen
}

// tapAt taps logical (x, y): down on one tick, up on the next.
func tapAt(t *testing.T, d *Director, s *input.Script, x, y float64) {
	t.Helper()
	tick(t, d, s, touchTap(d, x, y)...)
	tick(t, d, s, input.TouchUp(1))
}

// tapName taps the name's row.
func tapName(t *testing.T, d *Director, s *input.Script, screen *SettingsScreen) {
	t.Helper()
	x, y, _, h, shown := screen.menu.ItemRect(rowName)
	if !shown {
		t.Fatal("the name's row is scrolled out of view")
	}
	tapAt(t, d, s, x+50, y+h/2)
}

// tapRect taps the middle of r.
func tapRect(t *testing.T, d *Director, s *input.Script, r [4]float64) {
	t.Helper()
	tapAt(t, d, s, r[0]+r[2]/2, r[1]+r[3]/2)
}

// TestSettingsNameOnPhone: on a touch-only device a tap on the name's row
// raises the phone's keyboard, with the caret at the field's end at the
// top of the screen; what the keyboard composes shows, letters no machine
// can draw are left out with a word why, and Done keeps the name, which
// is saved. A later tap on Keep keeps the composition as typed.
func TestSettingsNameOnPhone(t *testing.T) {
	store := persist.At(t.TempDir())
	kb := &phoneKeyboard{}
	d, s, screen := phoneSettings(t, store, kb)
	tapName(t, d, s, screen)
	if !screen.name.Open() || !screen.name.Platform() || !kb.open {
		t.Fatalf("a tap on the name: field open %v, on the phone's keyboard %v, keyboard up %v; want all",
			screen.name.Open(), screen.name.Platform(), kb.open)
	}
	if kb.caret.Max.Y > d.screenRect(image.Rect(0, 0, 0, 270)).Max.Y {
		t.Errorf("the caret %v is low on the screen, where a phone's keyboard covers it", kb.caret)
	}
	if h := screen.hint(); strings.Contains(h, "Enter") || strings.Contains(h, "Esc") {
		t.Errorf("on a phone the open field's foot line names keys: %q", h)
	}
	kb.commit, kb.preedit = "Мари李", "я"
	tick(t, d, s)
	if got := screen.menu.Items[rowName].Value; got != "Мария_" {
		t.Errorf("the row shows %q while typing, want %q", got, "Мария_")
	}
	if screen.name.Refused() != '李' || screen.hint() != refusedHint('李') {
		t.Errorf("refused %q, hint %q: want 李 refused and said why", screen.name.Refused(), screen.hint())
	}
	if !testing.Short() {
		d.resize(844, 390)
		looptest.Capture(t, "settings-name-phone", 844, 390, d.Draw)
	}
	kb.commit, kb.preedit = "я", ""
	tick(t, d, s, input.KeyTap(ebiten.KeyEnter)...) // Done: the commit and Enter together
	if screen.name.Open() || kb.open {
		t.Fatalf("after Done the field is open %v, the keyboard up %v", screen.name.Open(), kb.open)
	}
	if got := d.Settings().PlayerName; got != "Мария" {
		t.Fatalf("name %q after Done, want Мария", got)
	}
	if saved, _ := settings.Load(store); saved.PlayerName != "Мария" {
		t.Errorf("saved name %q, want Мария", saved.PlayerName)
	}

	tapName(t, d, s, screen)
	kb.preedit = " Ζωή"
	tick(t, d, s)
	tapRect(t, d, s, nameKeepRect)
	if got := d.Settings().PlayerName; got != "Мария Ζωή" || kb.open {
		t.Errorf("Keep: name %q, keyboard up %v; want %q kept and the keyboard down", got, kb.open, "Мария Ζωή")
	}
}

// TestSettingsNameCancelOnPhone: what is typed on the phone is dropped by
// a tap on Cancel, by Esc, and by the player closing the keyboard; each
// time the keyboard goes down and the name stays as it was.
func TestSettingsNameCancelOnPhone(t *testing.T) {
	cancels := []struct {
		name   string
		cancel func(d *Director, s *input.Script, kb *phoneKeyboard)
	}{
		{"Cancel", func(d *Director, s *input.Script, _ *phoneKeyboard) { tapRect(t, d, s, nameCancelRect) }},
		{"Esc", func(d *Director, s *input.Script, _ *phoneKeyboard) { tick(t, d, s, input.KeyTap(ebiten.KeyEscape)...) }},
		{"keyboard closed", func(d *Director, s *input.Script, kb *phoneKeyboard) { kb.closed = true; tick(t, d, s) }},
		{"tap elsewhere", nil},
	}
	for _, c := range cancels {
		t.Run(c.name, func(t *testing.T) {
			store := persist.At(t.TempDir())
			st := settings.Defaults()
			st.PlayerName = "Ada"
			if err := settings.Save(store, st); err != nil {
				t.Fatal(err)
			}
			kb := &phoneKeyboard{}
			d, s, screen := phoneSettings(t, store, kb)
			tapName(t, d, s, screen)
			kb.commit = "Bo"
			tick(t, d, s)
			if c.cancel == nil {
				// A tap beside the field's buttons neither keeps nor
				// cancels: the player is still typing.
				tapAt(t, d, s, 640, 500)
				if !screen.name.Open() || screen.name.Text() != "AdaBo" {
					t.Fatalf("after a tap beside the field: open %v, text %q", screen.name.Open(), screen.name.Text())
				}
				return
			}
			c.cancel(d, s, kb)
			if screen.name.Open() || kb.open {
				t.Errorf("the field is open %v, the keyboard up %v", screen.name.Open(), kb.open)
			}
			if got := d.Settings().PlayerName; got != "Ada" || screen.menu.Items[rowName].Value != "Ada" {
				t.Errorf("name %q shown as %q, want Ada kept", got, screen.menu.Items[rowName].Value)
			}
			if d.Top() != Scene(screen) {
				t.Errorf("%s shows, want the settings still", d.Top().Name())
			}
		})
	}
}

// TestSettingsNameByPad: a player on a gamepad alone who opens the name's
// row leaves it with the pad, B leaving the name as it was and A keeping
// it, rather than being held there with no key to press.
func TestSettingsNameByPad(t *testing.T) {
	d, s, _ := testDirector(t, Options{Start: func(d *Director) Scene { return NewSettings(d) }})
	screen := d.Top().(*SettingsScreen)
	const pad = 0
	press := func(b ebiten.StandardGamepadButton) {
		tick(t, d, s, input.PadDown(pad, b))
		tick(t, d, s, input.PadUp(pad, b))
	}
	tick(t, d, s, input.PadConnect(pad))
	for range rowName {
		press(ebiten.StandardGamepadButtonLeftBottom)
	}
	for _, c := range []struct {
		button ebiten.StandardGamepadButton
		open   bool
	}{
		{ebiten.StandardGamepadButtonRightBottom, true},  // A on the row opens it
		{ebiten.StandardGamepadButtonRightRight, false},  // B leaves it
		{ebiten.StandardGamepadButtonRightBottom, true},  // A again
		{ebiten.StandardGamepadButtonCenterRight, false}, // Start leaves it too
		{ebiten.StandardGamepadButtonRightBottom, true},  // and A
		{ebiten.StandardGamepadButtonRightBottom, false}, // A keeps it
		{ebiten.StandardGamepadButtonLeftBottom, false},  // the menu moves again
	} {
		press(c.button)
		if screen.name.Open() != c.open {
			t.Fatalf("after button %d the name is open %v, want %v", c.button, screen.name.Open(), c.open)
		}
	}
	if screen.menu.Cursor != rowName+1 || d.Top() != Scene(screen) {
		t.Errorf("cursor on %d of %s, want %d on settings", screen.menu.Cursor, d.Top().Name(), rowName+1)
	}
}
