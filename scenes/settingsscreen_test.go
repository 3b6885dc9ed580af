package scenes

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/assets"
	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/internal/looptest"
	"github.com/jankenarcade/janken/persist"
	"github.com/jankenarcade/janken/settings"
)

func TestVolumeLabel(t *testing.T) {
	for _, c := range []struct {
		volume int
		device assets.Device
		want   string
	}{
		{80, assets.DeviceOn, "80%"},
		{80, assets.DeviceOpening, "80%"},
		{0, assets.DeviceOn, "Muted"},
		{80, assets.DeviceNone, "No audio device"},
		{0, assets.DeviceNone, "No audio device"},
	} {
		if got := volumeLabel(c.volume, c.device); got != c.want {
			t.Errorf("volumeLabel(%d, %d) = %q, want %q", c.volume, c.device, got, c.want)
		}
	}
}

func TestKeepNameChar(t *testing.T) {
	f := TextField{Keep: keepNameChar}
	for _, c := range []struct {
		name, chars, want string
		refused           rune
	}{
		{"", "Ada", "Ada", 0},
		{"Ada", " Lovelace", "Ada Lovelace", 0},
		{"", "A\x07d\ta\u202e\n", "Ada", '\n'},             // control and formatting characters refused
		{"", "Adalovelacebyron1", "Adalovelacebyron", '1'}, // 16 characters at most
		{"", "€€€€€€€€€€€€", "€€€€€€€€€€", '€'},            // 32 bytes at most
		{"", "Мария Ζωή", "Мария Ζωή", 0},                  // Cyrillic and Greek
		{"", "李Ada🙂", "Ada", '🙂'},                          // what no font here draws
		{"Zoë", "\u00a0x", "Zoëx", '\u00a0'},               // a no-break space looks like a space
	} {
		f.refused = 0
		if got := f.keep(c.name, c.chars); got != c.want || f.Refused() != c.refused {
			t.Errorf("keep(%q, %q) = %q refusing %q, want %q refusing %q", c.name, c.chars, got, f.Refused(), c.want, c.refused)
		}
	}
}

// TestSettingsTypesName types a name on the name's row: the keyboard's
// characters, within the limits, Backspace deleting, Enter keeping it
// trimmed. It is saved, and a program started later has it; Esc leaves
// the name as it was.
func TestSettingsTypesName(t *testing.T) {
	store := persist.At(t.TempDir())
	d, s, _ := testDirector(t, Options{Store: store, Start: func(d *Director) Scene { return NewSettings(d) }})
	press := func(k ebiten.Key) { tick(t, d, s, input.KeyTap(k)...) }
	typeText := func(text string) {
		s.Advance()
		s.Type(text)
		if err := d.Update(); err != nil {
			t.Fatal(err)
		}
	}
	for range rowName {
		press(ebiten.KeyArrowDown)
	}
	press(ebiten.KeyEnter)
	typeText(" Ada\x07\u202e Lovelace-Byron!") // 16 characters fit: " Ada Lovelace-By"
	press(ebiten.KeyBackspace)
	press(ebiten.KeyBackspace)
	typeText("q ")
	if !testing.Short() {
		looptest.Capture(t, "settings-typing-name", ScreenWidth, ScreenHeight, d.Draw)
	}
	press(ebiten.KeyEnter)
	const want = "Ada Lovelace-q"
	if d.Top().Name() != "settings" || d.Settings().PlayerName != want {
		t.Fatalf("after typing, %s shows, name %q; want settings, %q", d.Top().Name(), d.Settings().PlayerName, want)
	}
	if saved, _ := settings.Load(store); saved.PlayerName != want {
		t.Errorf("saved name %q, want %q", saved.PlayerName, want)
	}
	later, _, _ := testDirector(t, Options{Store: store, Start: func(d *Director) Scene { return NewSettings(d) }})
	if got := later.Top().(*SettingsScreen).menu.Items[rowName].Value; got != want {
		t.Errorf("a program started later shows the name %q, want %q", got, want)
	}

	press(ebiten.KeyEnter)
	typeText("Bo")
	press(ebiten.KeyEscape)
	if got := d.Settings().PlayerName; got != want || d.Top().Name() != "settings" {
		t.Errorf("Esc: name %q on %s, want %q kept on settings", got, d.Top().Name(), want)
	}
}
