package input

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/jankenarcade/janken/persist"
	"github.com/jankenarcade/janken/rulesets"
)

func TestBindKey(t *testing.T) {
	tests := []struct {
		name    string
		zone    int
		action  rulesets.Button
		key     ebiten.Key
		wantErr string // "" for success
	}{
		{"free key", 0, confirm, ebiten.KeyF, ""},
		{"same key again", 0, up, ebiten.KeyW, ""},
		{"unbind", 1, peek, NoKey, ""},
		{"key of the same layer", 0, confirm, ebiten.KeyW, "W is already Left keys: Up; choose another for Confirm"},
		{"key of another zone", 0, back, ebiten.KeyEnter, "Enter is already Right keys: Confirm"},
		{"slam key of another zone", 2, rock, ebiten.KeyZ, "Z is already Slam keys Z–V: Rock"},
		{"gesture on the zone's own nav key", 0, rock, ebiten.KeyA, ""},
		{"menu shares with nothing", 2, menu, ebiten.KeyDigit2, "2 is already Slam keys 1–4: Paper"},
		{"no such zone", MenuKeys + 1, up, ebiten.KeyF, "no keyboard zone"},
		{"a menu key", MenuKeys, back, ebiten.KeyF, ""},
		{"a menu key taken by a zone", MenuKeys, back, ebiten.KeyQ, "Q is already Left keys: Back"},
		{"a zone's key taken by the menu keys", 1, confirm, ebiten.KeySpace, "Space is already Menu keys: Confirm"},
		{"rules shares with nothing", 0, rules, ebiten.KeyW, "W is already Left keys: Up"},
		{"no such key", 0, up, ebiten.KeyMax + 1, "no key"},
		{"not a single action", 0, up | down, ebiten.KeyF, "not a single action"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := DefaultControls()
			before := c
			err := c.BindKey(tt.zone, tt.action, tt.key)
			if tt.wantErr == "" {
				if err != nil {
					t.Fatal(err)
				}
				if got := c.Keys[tt.zone][buttonIndex(tt.action)]; got != tt.key {
					t.Errorf("bound %v, want %v", got, tt.key)
				}
				if err := c.Validate(); err != nil {
					t.Errorf("controls invalid after a successful bind: %v", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Fatalf("error %v, want one containing %q", err, tt.wantErr)
			}
			if c != before {
				t.Error("a rejected bind changed the controls")
			}
		})
	}
}

func TestBindPad(t *testing.T) {
	c := DefaultControls()
	if err := c.BindPad(confirm, padY); err == nil || !strings.Contains(err.Error(), "Y is already Gamepad: Peek") {
		t.Errorf("confirm on Y: %v, want a conflict with Peek", err)
	}
	var conflict *ConflictError
	if err := c.BindPad(rock, padA); !errors.As(err, &conflict) || conflict.Holder != "Gamepad: Clap" {
		t.Errorf("rock on A: %v, want a *ConflictError held by Clap", err)
	}
	if err := c.BindPad(menu, padA); err == nil {
		t.Error("menu on A (confirm and clap) accepted")
	}
	// A gesture may share a face button with a navigation action.
	if err := c.BindPad(peek, ebiten.StandardGamepadButtonFrontTopLeft); err != nil {
		t.Fatal(err)
	}
	if err := c.BindPad(paper, ebiten.StandardGamepadButtonFrontTopLeft); err != nil {
		t.Errorf("paper on LB beside peek: %v", err)
	}
	c.ResetPad()
	if c != DefaultControls() {
		t.Error("ResetPad did not restore the defaults")
	}
}

func TestRemapTakesEffect(t *testing.T) {
	r, s := NewRouter(), new(Script)
	bindAll(t, r, Device{KeyZone, 0})
	c := r.Controls()
	if err := c.BindKey(0, confirm, ebiten.KeyF); err != nil {
		t.Fatal(err)
	}
	if err := r.SetControls(c); err != nil {
		t.Fatal(err)
	}
	s.Do(KeyDown(ebiten.KeyF), KeyDown(ebiten.KeyE))
	if f := poll(t, r, s, 0); f.Pressed[0] != confirm {
		t.Errorf("F and E pressed: %v, want confirm from F only", f.Pressed[0])
	}
	bad := c
	bad.Keys[1][0] = ebiten.KeyF // Right keys' Up on Left keys' Confirm
	if err := r.SetControls(bad); err == nil || r.Controls() != c {
		t.Errorf("conflicting controls: %v; the router must keep the old ones", err)
	}
}

func TestControlsPersist(t *testing.T) {
	st := persist.At(t.TempDir())
	if c, notice := LoadControls(st); c != DefaultControls() || notice != "" {
		t.Fatalf("first start: %q, want the defaults silently", notice)
	}
	c := DefaultControls()
	for _, err := range []error{c.BindKey(MenuKeys, confirm, NoKey), c.BindKey(1, confirm, ebiten.KeySpace), c.BindKey(MenuKeys, back, ebiten.KeyF),
		c.BindKey(4, clap, NoKey), c.BindPad(rules, NoPadButton), c.BindPad(menu, padView), c.BindPad(back, padStart)} {
		if err != nil {
			t.Fatal(err)
		}
	}
	if err := SaveControls(st, c); err != nil {
		t.Fatal(err)
	}
	got, notice := LoadControls(st)
	if got != c || notice != "" {
		t.Errorf("restored %+v (%q), want what was saved", got, notice)
	}
}

func TestCorruptControlsFile(t *testing.T) {
	for name, content := range map[string]string{
		"not JSON":        `{"version": 1, "keys": [`,
		"unknown version": `{"version": 9, "keys": [{},{},{},{},{},{}], "pad": {}}`,
		"unknown action":  `{"version": 1, "keys": [{"jump": "W"},{},{},{},{},{}], "pad": {}}`,
		"unknown key":     `{"version": 1, "keys": [{"up": "Wubble"},{},{},{},{},{}], "pad": {}}`,
		"unknown button":  `{"version": 1, "keys": [{},{},{},{},{},{}], "pad": {"up": "z"}}`,
		"conflict":        `{"version": 1, "keys": [{"up": "W"},{"down": "W"},{},{},{},{}], "pad": {}}`,
		"zones missing":   `{"version": 1, "keys": [{}], "pad": {}}`,
	} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, ControlsFile), []byte(content), 0o644); err != nil {
				t.Fatal(err)
			}
			c, notice := LoadControls(persist.At(dir))
			if c != DefaultControls() {
				t.Error("corrupt file did not give the defaults")
			}
			if notice == "" || strings.Contains(notice, "\n") {
				t.Errorf("notice %q, want one line", notice)
			}
			bak, err := os.ReadFile(filepath.Join(dir, ControlsFile+".bak"))
			if err != nil || string(bak) != content {
				t.Errorf("backup %q (%v), want the corrupt file kept", bak, err)
			}
		})
	}
}

// TestControlsVersion1 reads files of version 1, which knew neither Rules
// nor the menu keys: they get their defaults where the inputs are free.
func TestControlsVersion1(t *testing.T) {
	// v1 writes the version 1 form of c: no menu keys, no Rules.
	v1 := func(c Controls) string {
		data, err := c.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		var form controlsJSON
		if err := json.Unmarshal(data, &form); err != nil {
			t.Fatal(err)
		}
		form.Version, form.Menu = 1, nil
		for _, zone := range form.Keys {
			delete(zone, "rules")
		}
		delete(form.Pad, "rules")
		out, err := json.Marshal(form)
		if err != nil {
			t.Fatal(err)
		}
		return string(out)
	}
	taken := DefaultControls()
	for _, err := range []error{taken.BindKey(MenuKeys, confirm, NoKey), taken.BindKey(1, confirm, ebiten.KeySpace),
		taken.BindKey(0, rules, NoKey), taken.BindKey(0, back, ebiten.KeyF1), taken.BindPad(rules, NoPadButton), taken.BindPad(menu, padView)} {
		if err != nil {
			t.Fatal(err)
		}
	}

	for _, tt := range []struct {
		name string
		file string
		want Controls
	}{
		{"the old defaults", v1(DefaultControls()), DefaultControls()},
		// Where the player took Space, F1 and View, those stay theirs;
		// the right zone still gets F2 for Rules.
		{"Space, F1 and View taken", v1(taken), taken},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, ControlsFile), []byte(tt.file), 0o644); err != nil {
				t.Fatal(err)
			}
			got, notice := LoadControls(persist.At(dir))
			if got != tt.want || notice != "" {
				t.Errorf("read %+v (%q),\nwant %+v", got, notice, tt.want)
			}
		})
	}
}

// TestKeyName: prompts name the key or button of the player's own device,
// as bound now, and the action only where the device has none.
func TestKeyName(t *testing.T) {
	c := DefaultControls()
	remapped := DefaultControls()
	if err := remapped.BindKey(0, rulesets.ButtonConfirm, ebiten.KeyF); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		c    Controls
		d    Device
		b    rulesets.Button
		want string
	}{
		{c, Device{KeyZone, 0}, rulesets.ButtonConfirm, "E"},
		{c, Device{KeyZone, 0}, rulesets.ButtonPeek, "L-Shift"},
		{c, Device{KeyZone, 1}, rulesets.ButtonConfirm, "Enter"},
		{c, Device{KeyZone, 1}, rulesets.ButtonLeft, "←"},
		{c, Device{KeyZone, 2}, rulesets.ButtonRock, "1"},
		{c, Device{KeyZone, 2}, rulesets.ButtonPeek, "Peek"}, // Slam zones have no Peek
		{c, Device{Pad, 3}, rulesets.ButtonConfirm, "A"},
		{c, Device{Pad, 3}, rulesets.ButtonPeek, "Y"},
		{c, Device{Mouse, 0}, rulesets.ButtonConfirm, "the left mouse button"},
		{c, Device{Mouse, 0}, rulesets.ButtonBack, "the right mouse button"},
		{c, Device{Touch, 0}, rulesets.ButtonConfirm, "the screen"},
		{c, Device{Touch, 0}, rulesets.ButtonPeek, "Peek"},
		{c, NoDevice, rulesets.ButtonConfirm, "Confirm"},
		{remapped, Device{KeyZone, 0}, rulesets.ButtonConfirm, "F"},
	} {
		if got := tc.c.KeyName(tc.d, tc.b); got != tc.want {
			t.Errorf("KeyName(%v, %v) = %q, want %q", tc.d, ActionName(tc.b), got, tc.want)
		}
	}
}

// TestRouterKeyName: a seat's prompt follows the device it is bound to.
func TestRouterKeyName(t *testing.T) {
	r := NewRouter()
	if got := r.KeyName(0, rulesets.ButtonConfirm); got != "Confirm" {
		t.Errorf("unbound seat: %q, want Confirm", got)
	}
	if err := r.Bind(0, Device{KeyZone, 1}); err != nil {
		t.Fatal(err)
	}
	if got := r.KeyName(0, rulesets.ButtonPeek); got != "R-Shift" {
		t.Errorf("seat on the right keys: %q, want R-Shift", got)
	}
}
