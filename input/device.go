package input

import (
	"fmt"

	"github.com/jankenarcade/janken/rulesets"
)

// DeviceKind is a kind of input device.
type DeviceKind uint8

// The kinds of device, in their canonical order (see Device.Less).
const (
	// KeyZone is one zone of the shared keyboard; Device.Index is the
	// zone's index in Controls.Keys.
	KeyZone DeviceKind = iota + 1
	// Pad is a gamepad; Device.Index is its Ebitengine ID while it stays
	// connected.
	Pad
	// Mouse is the mouse: a pointer, with its right button for Back and its
	// middle button for Peek.
	Mouse
	// Touch is the touch screen as a pointer (a tablet passed around).
	Touch
	// TouchZone is one of Slam's per-player touch zones at the screen's
	// corners and edges; Device.Index is the zone's index.
	TouchZone
)

// MaxPads is the number of gamepads the game follows at once.
const MaxPads = 8

// Device names one input device a seat can be bound to.
type Device struct {
	Kind  DeviceKind
	Index int
}

// NoDevice is the zero Device: a seat bound to nothing.
var NoDevice Device

// String returns a short name for logs and tests: "keys 0", "pad 3".
func (d Device) String() string {
	switch d.Kind {
	case KeyZone:
		return fmt.Sprintf("keys %d", d.Index)
	case Pad:
		return fmt.Sprintf("pad %d", d.Index)
	case Mouse:
		return "mouse"
	case Touch:
		return "touch"
	case TouchZone:
		return fmt.Sprintf("touch zone %d", d.Index)
	}
	return "no device"
}

// Less orders devices canonically: by kind, then index. Whenever two
// devices do something on the same tick (both press to join, both press to
// reclaim a seat), this order decides, never the order they were polled in.
func (d Device) Less(e Device) bool {
	if d.Kind != e.Kind {
		return d.Kind < e.Kind
	}
	return d.Index < e.Index
}

// Press is one device's presses on one tick.
type Press struct {
	Device Device
	// Buttons are the actions the device's keymap gives the press; it is
	// empty for a press with no action of its own (a left click, a tap).
	Buttons rulesets.Buttons
}

// Nav is the set of actions used by menus and turn-based tables.
const Nav = rulesets.ButtonUp | rulesets.ButtonDown | rulesets.ButtonLeft | rulesets.ButtonRight |
	rulesets.ButtonConfirm | rulesets.ButtonBack | rulesets.ButtonPeek | rulesets.ButtonMenu | rulesets.ButtonRules

// MenuActions is the set of actions the menu keys may bind: Nav without
// Peek, which no menu uses.
const MenuActions = Nav &^ rulesets.ButtonPeek

// AllButtons lists every action a device can be bound to, in the order the
// controls screen shows them. Its order is that of the bits of
// rulesets.Button: AllButtons[i] is 1<<i.
var AllButtons = [...]rulesets.Button{
	rulesets.ButtonUp, rulesets.ButtonDown, rulesets.ButtonLeft, rulesets.ButtonRight,
	rulesets.ButtonConfirm, rulesets.ButtonBack, rulesets.ButtonPeek, rulesets.ButtonMenu,
	rulesets.ButtonRock, rulesets.ButtonPaper, rulesets.ButtonScissors, rulesets.ButtonClap,
	rulesets.ButtonRules,
}

// numButtons is the number of distinct actions (bits of rulesets.Button).
const numButtons = len(AllButtons)

// buttonIndex returns the bit number of a single button.
func buttonIndex(b rulesets.Button) int {
	for i := 0; i < numButtons; i++ {
		if b == 1<<i {
			return i
		}
	}
	return -1
}

// clash reports whether actions a and b may not share one physical input
// of a device. Actions of the same layer (Nav, or Slam's Gestures) are live
// at once and must differ; a pad's few face buttons serve both layers. Menu
// and Rules clash with everything: they interrupt whatever is playing.
func clash(a, b rulesets.Button) bool {
	const interrupts = rulesets.ButtonMenu | rulesets.ButtonRules
	if (a|b)&interrupts != 0 {
		return true
	}
	return a&rulesets.Gestures != 0 == (b&rulesets.Gestures != 0)
}
