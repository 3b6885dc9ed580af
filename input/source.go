package input

import (
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
)

// Source is everything the game polls from the devices on one tick:
// keyboard, gamepads (standard layout), mouse and touches. The director
// reads it once per Update; Ebiten is the real one and Script replays
// synthetic events in tests, so no test needs a window.
//
// The Append methods append to dst and return it, as Ebitengine's own do,
// so that polling with reused slices allocates nothing. They return their
// values in no promised order: callers must not let the order of keys, pads
// or touches decide anything.
//
// A Source is read from the game's Update only.
type Source interface {
	// AppendJustPressedKeys appends the keys that became pressed on this
	// tick, including a key pressed and released within the tick.
	AppendJustPressedKeys(dst []ebiten.Key) []ebiten.Key
	// AppendPressedKeys appends the keys held down now.
	AppendPressedKeys(dst []ebiten.Key) []ebiten.Key
	// AppendInputChars appends the characters typed on this tick, as the
	// keyboard's layout makes them (an AZERTY "A" is 'a', not 'q').
	AppendInputChars(dst []rune) []rune

	// AppendGamepadIDs appends the IDs of the connected gamepads. A pad
	// connects or disconnects between two ticks when its ID appears in or
	// leaves this list; a new pad takes the lowest free ID, so an ID names
	// a pad only while it stays connected.
	AppendGamepadIDs(dst []ebiten.GamepadID) []ebiten.GamepadID
	// AppendJustPressedGamepadButtons appends the standard-layout buttons
	// of pad id that became pressed on this tick.
	AppendJustPressedGamepadButtons(id ebiten.GamepadID, dst []ebiten.StandardGamepadButton) []ebiten.StandardGamepadButton
	// AppendPressedGamepadButtons appends the standard-layout buttons of
	// pad id held down now.
	AppendPressedGamepadButtons(id ebiten.GamepadID, dst []ebiten.StandardGamepadButton) []ebiten.StandardGamepadButton
	// GamepadAxis returns the value of a standard-layout axis of pad id,
	// from -1 to 1 (0 for a pad without it).
	GamepadAxis(id ebiten.GamepadID, axis ebiten.StandardGamepadAxis) float64

	// CursorPosition returns the mouse position in screen (layout) pixels.
	CursorPosition() (x, y int)
	// IsMouseButtonPressed reports whether b is held down now.
	IsMouseButtonPressed(b ebiten.MouseButton) bool
	// IsMouseButtonJustPressed reports whether b became pressed on this
	// tick, including a click within the tick.
	IsMouseButtonJustPressed(b ebiten.MouseButton) bool

	// AppendTouchIDs appends the touches on the screen now. A touch begins
	// when its ID appears and ends when it leaves this list.
	AppendTouchIDs(dst []ebiten.TouchID) []ebiten.TouchID
	// TouchPosition returns where touch id is, in screen (layout) pixels.
	TouchPosition(id ebiten.TouchID) (x, y int)
}

// Ebiten is the Source of the running game, read through Ebitengine and
// its inpututil package. Its zero value is ready to use; it must be used
// from the game's Update only.
//
// A gamepad without the standard layout (one Ebitengine has no mapping
// for) reports its raw buttons and first two axes as if they were in the
// standard order (bottom, right, left, top face buttons, shoulders, …, then
// the left stick), which is how most such pads number them: it can still
// join and play, and the controls screen can fix what is off.
type Ebiten struct{}

var _ Source = Ebiten{}

// AppendJustPressedKeys implements Source.
func (Ebiten) AppendJustPressedKeys(dst []ebiten.Key) []ebiten.Key {
	return inpututil.AppendJustPressedKeys(dst)
}

// AppendPressedKeys implements Source.
func (Ebiten) AppendPressedKeys(dst []ebiten.Key) []ebiten.Key {
	return inpututil.AppendPressedKeys(dst)
}

// AppendInputChars implements Source.
func (Ebiten) AppendInputChars(dst []rune) []rune { return ebiten.AppendInputChars(dst) }

// AppendGamepadIDs implements Source.
func (Ebiten) AppendGamepadIDs(dst []ebiten.GamepadID) []ebiten.GamepadID {
	return ebiten.AppendGamepadIDs(dst)
}

// AppendJustPressedGamepadButtons implements Source.
func (Ebiten) AppendJustPressedGamepadButtons(id ebiten.GamepadID, dst []ebiten.StandardGamepadButton) []ebiten.StandardGamepadButton {
	if ebiten.IsStandardGamepadLayoutAvailable(id) {
		return inpututil.AppendJustPressedStandardGamepadButtons(id, dst)
	}
	return appendRawButtons(id, dst, inpututil.IsGamepadButtonJustPressed)
}

// AppendPressedGamepadButtons implements Source.
func (Ebiten) AppendPressedGamepadButtons(id ebiten.GamepadID, dst []ebiten.StandardGamepadButton) []ebiten.StandardGamepadButton {
	if ebiten.IsStandardGamepadLayoutAvailable(id) {
		return inpututil.AppendPressedStandardGamepadButtons(id, dst)
	}
	return appendRawButtons(id, dst, ebiten.IsGamepadButtonPressed)
}

// appendRawButtons appends the raw buttons of an unmapped pad for which
// is(id, button) holds, as the standard buttons of the same number.
func appendRawButtons(id ebiten.GamepadID, dst []ebiten.StandardGamepadButton, is func(ebiten.GamepadID, ebiten.GamepadButton) bool) []ebiten.StandardGamepadButton {
	n := min(ebiten.GamepadButtonCount(id), int(ebiten.StandardGamepadButtonMax)+1)
	for b := range n {
		if is(id, ebiten.GamepadButton(b)) {
			dst = append(dst, ebiten.StandardGamepadButton(b))
		}
	}
	return dst
}

// GamepadAxis implements Source.
func (Ebiten) GamepadAxis(id ebiten.GamepadID, axis ebiten.StandardGamepadAxis) float64 {
	if ebiten.IsStandardGamepadLayoutAvailable(id) {
		return ebiten.StandardGamepadAxisValue(id, axis)
	}
	if int(axis) < min(ebiten.GamepadAxisCount(id), 2) {
		return ebiten.GamepadAxisValue(id, ebiten.GamepadAxisType(axis))
	}
	return 0
}

// CursorPosition implements Source.
func (Ebiten) CursorPosition() (x, y int) { return ebiten.CursorPosition() }

// IsMouseButtonPressed implements Source.
func (Ebiten) IsMouseButtonPressed(b ebiten.MouseButton) bool {
	return ebiten.IsMouseButtonPressed(b)
}

// IsMouseButtonJustPressed implements Source.
func (Ebiten) IsMouseButtonJustPressed(b ebiten.MouseButton) bool {
	return inpututil.IsMouseButtonJustPressed(b)
}

// AppendTouchIDs implements Source.
func (Ebiten) AppendTouchIDs(dst []ebiten.TouchID) []ebiten.TouchID {
	return ebiten.AppendTouchIDs(dst)
}

// TouchPosition implements Source.
func (Ebiten) TouchPosition(id ebiten.TouchID) (x, y int) { return ebiten.TouchPosition(id) }
