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
const ControlsVersion = 1

// controlsJSON is the file's form: per keyboard zone and for the gamepad,
// action name (as rulesets.Button.String writes it) → input name. Unbound
// actions are left out.
//
//	{"version": 1,
//	 "keys": [{"up": "W", "down": "S", …}, …],
//	 "pad": {"confirm": "a", "up": "dpad-up", …}}
type controlsJSON struct {
	Version int                 `json:"version"`
	Keys    []map[string]string `json:"keys"`
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
	for z := range c.Keys {
		out.Keys[z] = map[string]string{}
		for j, k := range c.Keys[z] {
			if k != NoKey {
				out.Keys[z][rulesets.Button(1<<j).String()] = k.String()
			}
		}
	}
	for j, p := range c.Pad {
		if p != NoPadButton {
			out.Pad[rulesets.Button(1<<j).String()] = padNames[p]
		}
	}
	return json.Marshal(out)
}

// UnmarshalJSON reads the JSON form, rejecting unknown names, another
// version and conflicting bindings; on error c is unchanged.
func (c *Controls) UnmarshalJSON(data []byte) error {
	var in controlsJSON
	if err := json.Unmarshal(data, &in); err != nil {
		return fmt.Errorf("input: decode controls: %w", err)
	}
	if in.Version != ControlsVersion {
		return fmt.Errorf("input: controls version %d, this program reads version %d", in.Version, ControlsVersion)
	}
	if len(in.Keys) != NumKeyZones {
		return fmt.Errorf("input: controls have %d keyboard zones, want %d", len(in.Keys), NumKeyZones)
	}
	var out Controls
	for z, m := range in.Keys {
		for j := range out.Keys[z] {
			out.Keys[z][j] = NoKey
		}
		for name, key := range m {
			b, ok := rulesets.ParseButton(name)
			if !ok {
				return fmt.Errorf("input: controls, %s: unknown action %q", zoneNames[z], name)
			}
			var k ebiten.Key
			if err := k.UnmarshalText([]byte(key)); err != nil {
				return fmt.Errorf("input: controls, %s: %s: %w", zoneNames[z], name, err)
			}
			out.Keys[z][buttonIndex(b)] = k
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
	*c = out
	return nil
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
