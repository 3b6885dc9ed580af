package input

import (
	"fmt"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/jankenarcade/janken/rulesets"
)

// The keyboard zones: two full-control zones for menus and tables, then
// four zones of four keys for Slam, at the keyboard's far corners to limit
// key ghosting when several people press at once. After them in
// Controls.Keys come the menu keys, which act in menus only.
const (
	NumKeyZones  = 6
	NumFullZones = 2 // zones 0 and 1

	// MenuKeys is the index in Controls.Keys of the menu keys: extra keys
	// that menus answer to (Space confirms) but that no seat sits at, so
	// that they never join a player or act at a table.
	MenuKeys = NumKeyZones
)

// NoKey is an unbound keyboard action.
const NoKey ebiten.Key = -1

// NoPadButton is an unbound gamepad action.
const NoPadButton ebiten.StandardGamepadButton = -1

var zoneNames = [NumKeyZones + 1]string{"Left keys", "Right keys", "Slam keys 1–4", "Slam keys 7–0", "Slam keys Z–V", "Slam keys M–/", "Menu keys"}

// ZoneName returns the name of keyboard zone i (or of MenuKeys) as the
// screen shows it.
func ZoneName(i int) string { return zoneNames[i] }

// Controls binds each action to a physical input: per keyboard zone a key,
// and for every gamepad a standard-layout button. It is the one mapping of
// the program: the seats at a table and the menus (see MenuInput) read the
// devices through it, so what the controls screen changes applies to both.
// It is saved as ControlsFile. The zero value binds nothing;
// DefaultControls is the layout of a first start.
//
// Gamepads also navigate with the left stick; that is not remappable.
// Numpad Enter, unless bound itself, does what Enter does.
type Controls struct {
	// Keys are the keyboard zones' keys, then the menu keys
	// (Keys[MenuKeys]), each indexed by action bit.
	Keys [NumKeyZones + 1][numButtons]ebiten.Key
	Pad  [numButtons]ebiten.StandardGamepadButton
}

// DefaultControls returns the bindings of a first start.
func DefaultControls() Controls {
	var c Controls
	c.ResetKeys()
	c.ResetPad()
	return c
}

// ResetKeys restores the default keyboard zones and menu keys.
func (c *Controls) ResetKeys() {
	c.Keys = defaultKeys()
}

// ResetPad restores the default gamepad layout.
func (c *Controls) ResetPad() {
	c.Pad = defaultPad()
}

// defaultKeys is the keyboard of a first start. Each full zone has a
// pause key (Menu, through which a player leaves) and a rules key: Esc and
// F1 on the left, \ and F2 on the right.
func defaultKeys() [NumKeyZones + 1][numButtons]ebiten.Key {
	var z [NumKeyZones + 1][numButtons]ebiten.Key
	for i := range z {
		for j := range z[i] {
			z[i][j] = NoKey
		}
	}
	full := func(i int, up, down, left, right, confirm, back, peek, menu, rules ebiten.Key) {
		copy(z[i][:], []ebiten.Key{up, down, left, right, confirm, back, peek, menu})
		z[i][buttonIndex(rulesets.ButtonRules)] = rules
	}
	full(0, ebiten.KeyW, ebiten.KeyS, ebiten.KeyA, ebiten.KeyD, ebiten.KeyE, ebiten.KeyQ, ebiten.KeyShiftLeft, ebiten.KeyEscape, ebiten.KeyF1)
	full(1, ebiten.KeyArrowUp, ebiten.KeyArrowDown, ebiten.KeyArrowLeft, ebiten.KeyArrowRight, ebiten.KeyEnter, ebiten.KeyBackspace, ebiten.KeyShiftRight, ebiten.KeyBackslash, ebiten.KeyF2)
	slam := func(i int, rock, paper, scissors, clap ebiten.Key) {
		copy(z[i][buttonIndex(rulesets.ButtonRock):], []ebiten.Key{rock, paper, scissors, clap})
	}
	slam(2, ebiten.KeyDigit1, ebiten.KeyDigit2, ebiten.KeyDigit3, ebiten.KeyDigit4)
	slam(3, ebiten.KeyDigit7, ebiten.KeyDigit8, ebiten.KeyDigit9, ebiten.KeyDigit0)
	slam(4, ebiten.KeyZ, ebiten.KeyX, ebiten.KeyC, ebiten.KeyV)
	slam(5, ebiten.KeyM, ebiten.KeyComma, ebiten.KeyPeriod, ebiten.KeySlash)
	z[MenuKeys][buttonIndex(rulesets.ButtonConfirm)] = ebiten.KeySpace
	return z
}

func defaultPad() [numButtons]ebiten.StandardGamepadButton {
	return [numButtons]ebiten.StandardGamepadButton{
		ebiten.StandardGamepadButtonLeftTop,     // up
		ebiten.StandardGamepadButtonLeftBottom,  // down
		ebiten.StandardGamepadButtonLeftLeft,    // left
		ebiten.StandardGamepadButtonLeftRight,   // right
		ebiten.StandardGamepadButtonRightBottom, // confirm
		ebiten.StandardGamepadButtonRightRight,  // back
		ebiten.StandardGamepadButtonRightTop,    // peek
		ebiten.StandardGamepadButtonCenterRight, // menu: Start
		ebiten.StandardGamepadButtonRightLeft,   // rock
		ebiten.StandardGamepadButtonRightTop,    // paper
		ebiten.StandardGamepadButtonRightRight,  // scissors
		ebiten.StandardGamepadButtonRightBottom, // clap
		ebiten.StandardGamepadButtonCenterLeft,  // rules: View (Back, Select)
	}
}

// ZoneButtons returns the actions keyboard zone i (or MenuKeys) can
// produce.
func (c *Controls) ZoneButtons(i int) rulesets.Buttons {
	var set rulesets.Buttons
	for j, k := range c.Keys[i] {
		if k != NoKey {
			set |= 1 << j
		}
	}
	return set
}

// A ConflictError rejects a binding whose physical input already serves an
// action that is live at the same time. Its message names both, for the
// controls screen to show.
type ConflictError struct {
	Action rulesets.Button // the action being bound
	Input  string          // key cap of the contested input
	Holder string          // who has it: "Left keys: Up", "Pad: Confirm"
}

func (e *ConflictError) Error() string {
	return fmt.Sprintf("%s is already %s; choose another for %s", e.Input, e.Holder, ActionName(e.Action))
}

// BindKey binds action b of keyboard zone zone (or of MenuKeys) to key k
// (NoKey unbinds it). A key serves only one zone, and within a zone only actions that are
// never live together (see clash); otherwise BindKey returns a
// *ConflictError and changes nothing.
func (c *Controls) BindKey(zone int, b rulesets.Button, k ebiten.Key) error {
	bi := buttonIndex(b)
	switch {
	case zone < 0 || zone > MenuKeys:
		return fmt.Errorf("input: no keyboard zone %d", zone)
	case bi < 0:
		return fmt.Errorf("input: bind %v: not a single action", b)
	case k != NoKey && (k < 0 || k > ebiten.KeyMax):
		return fmt.Errorf("input: bind %s: no key %d", ActionName(b), k)
	}
	if k != NoKey {
		for z := range c.Keys {
			for j, other := range c.Keys[z] {
				if other != k || (z == zone && j == bi) {
					continue
				}
				if z != zone || clash(b, 1<<j) {
					return &ConflictError{Action: b, Input: KeyCap(k), Holder: zoneNames[z] + ": " + ActionName(1<<j)}
				}
			}
		}
	}
	c.Keys[zone][bi] = k
	return nil
}

// BindPad binds action b of every gamepad to button p (NoPadButton unbinds
// it), or returns a *ConflictError and changes nothing if p already serves
// an action live at the same time.
func (c *Controls) BindPad(b rulesets.Button, p ebiten.StandardGamepadButton) error {
	bi := buttonIndex(b)
	switch {
	case bi < 0:
		return fmt.Errorf("input: bind %v: not a single action", b)
	case p != NoPadButton && (p < 0 || p > ebiten.StandardGamepadButtonMax):
		return fmt.Errorf("input: bind %s: no gamepad button %d", ActionName(b), p)
	}
	if p != NoPadButton {
		for j, other := range c.Pad {
			if other == p && j != bi && clash(b, 1<<j) {
				return &ConflictError{Action: b, Input: PadCap(p), Holder: "Gamepad: " + ActionName(1<<j)}
			}
		}
	}
	c.Pad[bi] = p
	return nil
}

// Validate reports the first binding that is out of range or in conflict,
// as read from a file.
func (c *Controls) Validate() error {
	var check Controls
	for i := range check.Keys {
		for j := range check.Keys[i] {
			check.Keys[i][j] = NoKey
		}
	}
	for j := range check.Pad {
		check.Pad[j] = NoPadButton
	}
	for z := range c.Keys {
		for j, k := range c.Keys[z] {
			if err := check.BindKey(z, 1<<j, k); err != nil {
				return err
			}
		}
	}
	for j, p := range c.Pad {
		if err := check.BindPad(1<<j, p); err != nil {
			return err
		}
	}
	return nil
}

var actionNames = [numButtons]string{"Up", "Down", "Left", "Right", "Confirm", "Back", "Peek", "Menu", "Rock", "Paper", "Scissors", "Clap", "Rules"}

// ActionName returns how the screen names a single action: "Confirm".
func ActionName(b rulesets.Button) string {
	if i := buttonIndex(b); i >= 0 {
		return actionNames[i]
	}
	return b.String()
}

// keyCaps are the labels of keys whose Ebitengine name is not what is
// printed on the key.
var keyCaps = map[ebiten.Key]string{
	ebiten.KeyArrowUp: "↑", ebiten.KeyArrowDown: "↓", ebiten.KeyArrowLeft: "←", ebiten.KeyArrowRight: "→",
	ebiten.KeyShiftLeft: "L-Shift", ebiten.KeyShiftRight: "R-Shift", ebiten.KeyControlLeft: "L-Ctrl",
	ebiten.KeyControlRight: "R-Ctrl", ebiten.KeyAltLeft: "L-Alt", ebiten.KeyAltRight: "R-Alt",
	ebiten.KeyEscape: "Esc", ebiten.KeyBackspace: "Backspace", ebiten.KeyBackslash: "\\", ebiten.KeyComma: ",",
	ebiten.KeyPeriod: ".", ebiten.KeySlash: "/", ebiten.KeySemicolon: ";", ebiten.KeyQuote: "'",
	ebiten.KeyBracketLeft: "[", ebiten.KeyBracketRight: "]", ebiten.KeyMinus: "-", ebiten.KeyEqual: "=",
	ebiten.KeyBackquote: "`",
}

// KeyCap returns the label printed on key k, for the on-screen key caps:
// "W", "7", "↑", "Enter".
func KeyCap(k ebiten.Key) string {
	if k == NoKey {
		return "—"
	}
	if s, ok := keyCaps[k]; ok {
		return s
	}
	s := k.String()
	for _, prefix := range []string{"Digit", "Numpad"} {
		if len(s) > len(prefix) && s[:len(prefix)] == prefix {
			if prefix == "Numpad" {
				return "Num " + s[len(prefix):]
			}
			return s[len(prefix):]
		}
	}
	return s
}

var padCaps = [ebiten.StandardGamepadButtonMax + 1]string{
	ebiten.StandardGamepadButtonRightBottom:      "A",
	ebiten.StandardGamepadButtonRightRight:       "B",
	ebiten.StandardGamepadButtonRightLeft:        "X",
	ebiten.StandardGamepadButtonRightTop:         "Y",
	ebiten.StandardGamepadButtonFrontTopLeft:     "LB",
	ebiten.StandardGamepadButtonFrontTopRight:    "RB",
	ebiten.StandardGamepadButtonFrontBottomLeft:  "LT",
	ebiten.StandardGamepadButtonFrontBottomRight: "RT",
	ebiten.StandardGamepadButtonCenterLeft:       "View",
	ebiten.StandardGamepadButtonCenterRight:      "Start",
	ebiten.StandardGamepadButtonLeftStick:        "L3",
	ebiten.StandardGamepadButtonRightStick:       "R3",
	ebiten.StandardGamepadButtonLeftTop:          "D-pad ↑",
	ebiten.StandardGamepadButtonLeftBottom:       "D-pad ↓",
	ebiten.StandardGamepadButtonLeftLeft:         "D-pad ←",
	ebiten.StandardGamepadButtonLeftRight:        "D-pad →",
	ebiten.StandardGamepadButtonCenterCenter:     "Home",
}

// PadCap returns the label of a standard-layout gamepad button, named by
// its position on an Xbox-style pad: "A" is the bottom face button.
func PadCap(p ebiten.StandardGamepadButton) string {
	if p < 0 || p > ebiten.StandardGamepadButtonMax {
		return "—"
	}
	return padCaps[p]
}

// pointerNames name the buttons of a pointer's actions, to follow "press"
// or "hold": the mouse's left button (or a touch) confirms, its right
// button goes back, its middle button peeks.
var pointerNames = map[DeviceKind]map[rulesets.Button]string{
	Mouse: {rulesets.ButtonConfirm: "the left mouse button", rulesets.ButtonBack: "the right mouse button",
		rulesets.ButtonPeek: "the middle mouse button"},
	Touch: {rulesets.ButtonConfirm: "the screen"},
}

// KeyName names what a player on device d presses for action b, as a
// prompt says it after "press" or "hold": the key of d's keyboard zone
// ("E", "L-Shift", "↑"), the gamepad button ("A", "Y"), a pointer's button
// ("the left mouse button", "the screen") — or, where d has nothing bound
// to b, the action's own name ("Confirm").
func (c *Controls) KeyName(d Device, b rulesets.Button) string {
	switch d.Kind {
	case KeyZone:
		if k := c.Key(d.Index, b); k != NoKey {
			return KeyCap(k)
		}
	case Pad:
		if p := c.PadButton(b); p != NoPadButton {
			return PadCap(p)
		}
	case Mouse, Touch:
		if name, ok := pointerNames[d.Kind][b]; ok {
			return name
		}
	}
	return ActionName(b)
}

// Key returns the key bound to action b of keyboard zone zone or of
// MenuKeys (NoKey if none).
func (c *Controls) Key(zone int, b rulesets.Button) ebiten.Key {
	if i := buttonIndex(b); i >= 0 && zone >= 0 && zone <= MenuKeys {
		return c.Keys[zone][i]
	}
	return NoKey
}

// PadButton returns the gamepad button bound to action b (NoPadButton if
// none).
func (c *Controls) PadButton(b rulesets.Button) ebiten.StandardGamepadButton {
	if i := buttonIndex(b); i >= 0 {
		return c.Pad[i]
	}
	return NoPadButton
}
