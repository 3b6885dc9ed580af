package input

import (
	"fmt"
	"slices"

	"github.com/hajimehoshi/ebiten/v2"
)

// Script is a Source that replays synthetic device events tick by tick,
// for tests and headless runs. Its zero value is at tick 0 with nothing
// pressed, no pads and no touches.
//
// Events take effect in the tick they are applied to: Do applies them to
// the current tick, At schedules them for a later one, and Advance moves to
// the next tick (clearing what was "just pressed") and applies the events
// scheduled there. The Append methods list keys, pads and touches in the
// order the events came, so shuffling a tick's events changes the polling
// order a consumer sees — which is how tests prove it does not matter.
//
// Like the real devices, a key or mouse button pressed and released within
// one tick still counts as just pressed; gamepads and touches are sampled,
// so a press must last until the tick ends to be seen.
type Script struct {
	tick     int64
	schedule map[int64][]Event

	keys, justKeys []ebiten.Key
	chars          []rune // typed on this tick
	pads           []scriptPad
	mouseX, mouseY int
	mouseHeld      uint8 // bit b: ebiten.MouseButton(b) held
	mouseJust      uint8 // bit b: pressed on this tick
	touches        []scriptTouch
}

type scriptPad struct {
	id         ebiten.GamepadID
	held, just uint32 // bit b: ebiten.StandardGamepadButton(b)
	axes       [ebiten.StandardGamepadAxisMax + 1]float64
}

type scriptTouch struct {
	id   ebiten.TouchID
	x, y int
}

// EventKind says what an Event does.
type EventKind uint8

// The kinds of Event.
const (
	EventKeyDown EventKind = iota + 1
	EventKeyUp
	EventPadConnect
	EventPadDisconnect
	EventPadDown
	EventPadUp
	EventPadAxis
	EventMouseMove
	EventMouseDown
	EventMouseUp
	EventTouchDown
	EventTouchMove
	EventTouchUp
)

// Event is one synthetic device event for a Script. Build events with the
// functions named after them (KeyDown, PadConnect, TouchDown, …); only the
// fields of its Kind are meaningful.
type Event struct {
	Kind   EventKind
	Key    ebiten.Key
	Pad    ebiten.GamepadID
	Button ebiten.StandardGamepadButton
	Axis   ebiten.StandardGamepadAxis
	Value  float64
	Mouse  ebiten.MouseButton
	Touch  ebiten.TouchID
	X, Y   int
}

// KeyDown presses key k.
func KeyDown(k ebiten.Key) Event { return Event{Kind: EventKeyDown, Key: k} }

// KeyUp releases key k.
func KeyUp(k ebiten.Key) Event { return Event{Kind: EventKeyUp, Key: k} }

// KeyTap presses and releases key k within one tick.
func KeyTap(k ebiten.Key) []Event { return []Event{KeyDown(k), KeyUp(k)} }

// PadConnect connects a standard-layout gamepad under id.
func PadConnect(id ebiten.GamepadID) Event { return Event{Kind: EventPadConnect, Pad: id} }

// PadDisconnect disconnects gamepad id, dropping its state.
func PadDisconnect(id ebiten.GamepadID) Event { return Event{Kind: EventPadDisconnect, Pad: id} }

// PadDown presses button b of gamepad id.
func PadDown(id ebiten.GamepadID, b ebiten.StandardGamepadButton) Event {
	return Event{Kind: EventPadDown, Pad: id, Button: b}
}

// PadUp releases button b of gamepad id.
func PadUp(id ebiten.GamepadID, b ebiten.StandardGamepadButton) Event {
	return Event{Kind: EventPadUp, Pad: id, Button: b}
}

// PadAxis sets axis a of gamepad id to v (from -1 to 1).
func PadAxis(id ebiten.GamepadID, a ebiten.StandardGamepadAxis, v float64) Event {
	return Event{Kind: EventPadAxis, Pad: id, Axis: a, Value: v}
}

// MouseMove moves the cursor to (x, y).
func MouseMove(x, y int) Event { return Event{Kind: EventMouseMove, X: x, Y: y} }

// MouseDown presses mouse button b.
func MouseDown(b ebiten.MouseButton) Event { return Event{Kind: EventMouseDown, Mouse: b} }

// MouseUp releases mouse button b.
func MouseUp(b ebiten.MouseButton) Event { return Event{Kind: EventMouseUp, Mouse: b} }

// TouchDown puts touch id on the screen at (x, y).
func TouchDown(id ebiten.TouchID, x, y int) Event {
	return Event{Kind: EventTouchDown, Touch: id, X: x, Y: y}
}

// TouchMove moves touch id to (x, y).
func TouchMove(id ebiten.TouchID, x, y int) Event {
	return Event{Kind: EventTouchMove, Touch: id, X: x, Y: y}
}

// TouchUp lifts touch id.
func TouchUp(id ebiten.TouchID) Event { return Event{Kind: EventTouchUp, Touch: id} }

// Tick returns the current tick.
func (s *Script) Tick() int64 { return s.tick }

// Do applies events to the current tick, in order.
//
// It panics on an event that cannot happen on real devices (a button of a
// pad that is not connected, a touch that is not down, a pad connected
// twice): that is a mistake in the test, not a device state.
func (s *Script) Do(events ...Event) {
	for _, e := range events {
		s.apply(e)
	}
}

// Type types text on the current tick, as a keyboard's layout would make
// its characters (see AppendInputChars).
func (s *Script) Type(text string) { s.chars = append(s.chars, []rune(text)...) }

// At schedules events for tick, which must not be in the past. Events for
// the current tick are applied at once.
func (s *Script) At(tick int64, events ...Event) {
	switch {
	case tick < s.tick:
		panic(fmt.Sprintf("input: Script.At(%d) in the past (now %d)", tick, s.tick))
	case tick == s.tick:
		s.Do(events...)
	default:
		if s.schedule == nil {
			s.schedule = make(map[int64][]Event)
		}
		s.schedule[tick] = append(s.schedule[tick], events...)
	}
}

// Advance ends the current tick and begins the next one: nothing is just
// pressed any more, and the events scheduled for the new tick are applied.
func (s *Script) Advance() {
	s.tick++
	s.justKeys = s.justKeys[:0]
	s.chars = s.chars[:0]
	s.mouseJust = 0
	for i := range s.pads {
		s.pads[i].just = 0
	}
	if events, ok := s.schedule[s.tick]; ok {
		delete(s.schedule, s.tick)
		s.Do(events...)
	}
}

func (s *Script) apply(e Event) {
	switch e.Kind {
	case EventKeyDown:
		if !slices.Contains(s.keys, e.Key) {
			s.keys = append(s.keys, e.Key)
			if !slices.Contains(s.justKeys, e.Key) {
				s.justKeys = append(s.justKeys, e.Key)
			}
		}
	case EventKeyUp:
		if i := slices.Index(s.keys, e.Key); i >= 0 {
			s.keys = slices.Delete(s.keys, i, i+1)
		}
	case EventPadConnect:
		if s.pad(e.Pad) != nil {
			panic(fmt.Sprintf("input: Script: gamepad %d connected twice", e.Pad))
		}
		s.pads = append(s.pads, scriptPad{id: e.Pad})
	case EventPadDisconnect:
		s.mustPad(e)
		s.pads = slices.DeleteFunc(s.pads, func(p scriptPad) bool { return p.id == e.Pad })
	case EventPadDown:
		p, bit := s.mustPad(e), uint32(1)<<e.Button
		if p.held&bit == 0 {
			p.held |= bit
			p.just |= bit
		}
	case EventPadUp:
		p := s.mustPad(e)
		p.held &^= 1 << e.Button
		p.just &^= 1 << e.Button // sampled: a press released within the tick is never seen
	case EventPadAxis:
		s.mustPad(e).axes[e.Axis] = e.Value
	case EventMouseMove:
		s.mouseX, s.mouseY = e.X, e.Y
	case EventMouseDown:
		bit := uint8(1) << e.Mouse
		if s.mouseHeld&bit == 0 {
			s.mouseHeld |= bit
			s.mouseJust |= bit
		}
	case EventMouseUp:
		s.mouseHeld &^= 1 << e.Mouse
	case EventTouchDown:
		if s.touch(e.Touch) != nil {
			panic(fmt.Sprintf("input: Script: touch %d put down twice", e.Touch))
		}
		s.touches = append(s.touches, scriptTouch{id: e.Touch, x: e.X, y: e.Y})
	case EventTouchMove:
		t := s.mustTouch(e)
		t.x, t.y = e.X, e.Y
	case EventTouchUp:
		s.mustTouch(e)
		s.touches = slices.DeleteFunc(s.touches, func(t scriptTouch) bool { return t.id == e.Touch })
	default:
		panic(fmt.Sprintf("input: Script: unknown event kind %d", e.Kind))
	}
}

func (s *Script) pad(id ebiten.GamepadID) *scriptPad {
	return element(s.pads, func(p scriptPad) bool { return p.id == id })
}

func (s *Script) mustPad(e Event) *scriptPad {
	p := s.pad(e.Pad)
	if p == nil {
		panic(fmt.Sprintf("input: Script: event %d on gamepad %d, which is not connected", e.Kind, e.Pad))
	}
	return p
}

func (s *Script) touch(id ebiten.TouchID) *scriptTouch {
	return element(s.touches, func(t scriptTouch) bool { return t.id == id })
}

// element returns the first of items that match accepts, or nil. The
// pointer lets the caller update the item in place.
func element[T any](items []T, match func(T) bool) *T {
	if i := slices.IndexFunc(items, match); i >= 0 {
		return &items[i]
	}
	return nil
}

func (s *Script) mustTouch(e Event) *scriptTouch {
	t := s.touch(e.Touch)
	if t == nil {
		panic(fmt.Sprintf("input: Script: event %d on touch %d, which is not down", e.Kind, e.Touch))
	}
	return t
}

var _ Source = (*Script)(nil)

// AppendJustPressedKeys implements Source.
func (s *Script) AppendJustPressedKeys(dst []ebiten.Key) []ebiten.Key {
	return append(dst, s.justKeys...)
}

// AppendPressedKeys implements Source.
func (s *Script) AppendPressedKeys(dst []ebiten.Key) []ebiten.Key {
	return append(dst, s.keys...)
}

// AppendInputChars implements Source.
func (s *Script) AppendInputChars(dst []rune) []rune { return append(dst, s.chars...) }

// AppendGamepadIDs implements Source.
func (s *Script) AppendGamepadIDs(dst []ebiten.GamepadID) []ebiten.GamepadID {
	for _, p := range s.pads {
		dst = append(dst, p.id)
	}
	return dst
}

// AppendJustPressedGamepadButtons implements Source.
func (s *Script) AppendJustPressedGamepadButtons(id ebiten.GamepadID, dst []ebiten.StandardGamepadButton) []ebiten.StandardGamepadButton {
	if p := s.pad(id); p != nil {
		dst = appendButtons(dst, p.just)
	}
	return dst
}

// AppendPressedGamepadButtons implements Source.
func (s *Script) AppendPressedGamepadButtons(id ebiten.GamepadID, dst []ebiten.StandardGamepadButton) []ebiten.StandardGamepadButton {
	if p := s.pad(id); p != nil {
		dst = appendButtons(dst, p.held)
	}
	return dst
}

func appendButtons(dst []ebiten.StandardGamepadButton, set uint32) []ebiten.StandardGamepadButton {
	for b := ebiten.StandardGamepadButton(0); b <= ebiten.StandardGamepadButtonMax; b++ {
		if set&(1<<b) != 0 {
			dst = append(dst, b)
		}
	}
	return dst
}

// GamepadAxis implements Source.
func (s *Script) GamepadAxis(id ebiten.GamepadID, axis ebiten.StandardGamepadAxis) float64 {
	if p := s.pad(id); p != nil && axis >= 0 && axis <= ebiten.StandardGamepadAxisMax {
		return p.axes[axis]
	}
	return 0
}

// CursorPosition implements Source.
func (s *Script) CursorPosition() (x, y int) { return s.mouseX, s.mouseY }

// IsMouseButtonPressed implements Source.
func (s *Script) IsMouseButtonPressed(b ebiten.MouseButton) bool {
	return s.mouseHeld&(1<<b) != 0
}

// IsMouseButtonJustPressed implements Source.
func (s *Script) IsMouseButtonJustPressed(b ebiten.MouseButton) bool {
	return s.mouseJust&(1<<b) != 0
}

// AppendTouchIDs implements Source.
func (s *Script) AppendTouchIDs(dst []ebiten.TouchID) []ebiten.TouchID {
	for _, t := range s.touches {
		dst = append(dst, t.id)
	}
	return dst
}

// TouchPosition implements Source.
func (s *Script) TouchPosition(id ebiten.TouchID) (x, y int) {
	if t := s.touch(id); t != nil {
		return t.x, t.y
	}
	return 0, 0
}

// Releases returns the events that let go of what events pressed: keys,
// pad buttons and mouse buttons go up, touches lift. Tests that press for
// a single tick apply it on the next one.
func Releases(events []Event) []Event {
	var out []Event
	for _, e := range events {
		switch e.Kind {
		case EventKeyDown:
			out = append(out, KeyUp(e.Key))
		case EventPadDown:
			out = append(out, PadUp(e.Pad, e.Button))
		case EventMouseDown:
			out = append(out, MouseUp(e.Mouse))
		case EventTouchDown:
			out = append(out, TouchUp(e.Touch))
		}
	}
	return out
}
