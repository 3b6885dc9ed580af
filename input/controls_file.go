package input

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/persist"
	"github.com/jankenarcade/janken/rulesets"
)

// ControlsFile is the name of the controls file in the settings store.
const ControlsFile = "controls.json"

// ControlsVersion is the version of the JSON form this program writes.
// Version 1, which had neither the Rules action nor the menu keys, is
// still read: see upgradeV1.
const ControlsVersion = 2

// controlsJSON is the file's form: per keyboard zone, for the menu keys and
// for the gamepad, action name (as rulesets.Button.String writes it) →
// input name. Unbound actions are left out.
//
//	{"version": 2,
//	 "keys": [{"up": "W", "down": "S", …}, …],
//	 "menu": {"confirm": "Space"},
//	 "pad": {"confirm": "a", "up": "dpad-up", …}}
type controlsJSON struct {
	Version int                 `json:"version"`
	Keys    []map[string]string `json:"keys"`
	Menu    map[string]string   `json:"menu"`
	Pad     map[string]string   `json:"pad"`
}

var padNames = [ebiten.StandardGamepadButtonMax + 1]string{
	ebiten.StandardGamepadButtonRightBottom:      "a",
	ebiten.StandardGamepadButtonRightRight:       "b",
	ebiten.StandardGamepadButtonRightLeft:        "x",
	ebiten.StandardGamepadButtonRightTop:         "y",
	ebiten.StandardGamepadButtonFrontTopLeft:     "lb",
	ebiten.StandardGamepadButtonFrontTopRight:    "rb",
	ebiten.StandardGamepadButtonFrontBottomLeft:  "lt",
	ebiten.StandardGamepadButtonFrontBottomRight: "rt",
	ebiten.StandardGamepadButtonCenterLeft:       "view",
	ebiten.StandardGamepadButtonCenterRight:      "start",
	ebiten.StandardGamepadButtonLeftStick:        "l3",
	ebiten.StandardGamepadButtonRightStick:       "r3",
	ebiten.StandardGamepadButtonLeftTop:          "dpad-up",
	ebiten.StandardGamepadButtonLeftBottom:       "dpad-down",
	ebiten.StandardGamepadButtonLeftLeft:         "dpad-left",
	ebiten.StandardGamepadButtonLeftRight:        "dpad-right",
	ebiten.StandardGamepadButtonCenterCenter:     "home",
}

// MarshalJSON writes the documented JSON form of c.
func (c Controls) MarshalJSON() ([]byte, error) {
	out := controlsJSON{Version: ControlsVersion, Keys: make([]map[string]string, NumKeyZones), Pad: map[string]string{}}
	for z := range out.Keys {
		out.Keys[z] = keyNames(&c.Keys[z])
	}
	out.Menu = keyNames(&c.Keys[MenuKeys])
	for j, p := range c.Pad {
		if p != NoPadButton {
			out.Pad[rulesets.Button(1<<j).String()] = padNames[p]
		}
	}
	return json.Marshal(out)
}

// keyNames returns a zone's bindings as action name → key name.
func keyNames(zone *[numButtons]ebiten.Key) map[string]string {
	m := map[string]string{}
	for j, k := range zone {
		if k != NoKey {
			m[rulesets.Button(1<<j).String()] = k.String()
		}
	}
	return m
}

// UnmarshalJSON reads the JSON form, rejecting unknown names, another
// version and conflicting bindings; on error c is unchanged.
func (c *Controls) UnmarshalJSON(data []byte) error {
	var in controlsJSON
	if err := json.Unmarshal(data, &in); err != nil {
		return fmt.Errorf("input: decode controls: %w", err)
	}
	if in.Version != 1 && in.Version != ControlsVersion {
		return fmt.Errorf("input: controls version %d, this program reads versions 1 and %d", in.Version, ControlsVersion)
	}
	if len(in.Keys) != NumKeyZones {
		return fmt.Errorf("input: controls have %d keyboard zones, want %d", len(in.Keys), NumKeyZones)
	}
	var out Controls
	for z, m := range append(in.Keys, in.Menu) {
		if err := readKeys(&out.Keys[z], zoneNames[z], m); err != nil {
			return err
		}
	}
	for j := range out.Pad {
		out.Pad[j] = NoPadButton
	}
	for name, pad := range in.Pad {
		b, ok := rulesets.ParseButton(name)
		if !ok {
			return fmt.Errorf("input: controls, gamepad: unknown action %q", name)
		}
		i := slices.Index(padNames[:], pad)
		if i < 0 {
			return fmt.Errorf("input: controls, gamepad: %s: unknown button %q", name, pad)
		}
		out.Pad[buttonIndex(b)] = ebiten.StandardGamepadButton(i)
	}
	if err := out.Validate(); err != nil {
		return fmt.Errorf("input: controls: %w", err)
	}
	if in.Version == 1 {
		out.upgradeV1()
	}
	*c = out
	return nil
}

// readKeys reads one zone's bindings, action name → key name, into zone.
func readKeys(zone *[numButtons]ebiten.Key, name string, m map[string]string) error {
	for j := range zone {
		zone[j] = NoKey
	}
	for action, key := range m {
		b, ok := rulesets.ParseButton(action)
		if !ok {
			return fmt.Errorf("input: controls, %s: unknown action %q", name, action)
		}
		var k ebiten.Key
		if err := k.UnmarshalText([]byte(key)); err != nil {
			return fmt.Errorf("input: controls, %s: %s: %w", name, action, err)
		}
		zone[buttonIndex(b)] = k
	}
	return nil
}

// upgradeV1 gives controls read from a version 1 file what that version
// did not know, the Rules action and the menu keys, with their default
// bindings where the player has not used those inputs for something else.
func (c *Controls) upgradeV1() {
	def := DefaultControls()
	for z := range c.Keys {
		for j, k := range def.Keys[z] {
			if b := rulesets.Button(1 << j); k != NoKey && (z == MenuKeys || b == rulesets.ButtonRules) {
				_ = c.BindKey(z, b, k) // refused where the key is taken: left unbound
			}
		}
	}
	_ = c.BindPad(rulesets.ButtonRules, def.PadButton(rulesets.ButtonRules))
}

// Store is where the controls are kept: a *persist.Store, as for the
// settings.
type Store = persist.Files

// LoadControls reads the controls from st. It always returns usable
// controls: the defaults when the file is missing, and also, with a
// one-line notice for the player, when it cannot be read or is corrupt,
// conflicting or of an unknown version, in which case the old file is kept
// as ControlsFile+".bak".
func LoadControls(st Store) (c Controls, notice string) {
	return persist.LoadOrDefault(st, ControlsFile, decodeControls, DefaultControls,
		persist.Notices{Subject: "Controls", Using: "the default controls", Restored: "default controls"})
}

// decodeControls reads and checks the JSON form of the controls.
func decodeControls(data []byte) (c Controls, err error) {
	err = c.UnmarshalJSON(data)
	return c, err
}

// SaveControls writes c to st atomically.
func SaveControls(st Store, c Controls) error {
	data, err := c.MarshalJSON()
	if err != nil {
		return err
	}
	if err := st.WriteFile(ControlsFile, append(data, '\n')); err != nil {
		return fmt.Errorf("input: save controls: %w", err)
	}
	return nil
}
