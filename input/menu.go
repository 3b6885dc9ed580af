package input

import "github.com/jankenarcade/janken/rulesets"

// MenuInput reads every device as one player, for menus and the screens
// around a match: what any keyboard zone or the menu keys, any gamepad,
// the mouse or a touch did on a tick, whether a seat is bound to it or
// not. It reads them through the controls of a Router, so that a remapping
// on the controls screen reaches the menus as it reaches the seats: there
// is one mapping, not one per screen.
//
// A MenuInput keeps its own device state (a stick's hysteresis, the
// touches of the tick before), so polling it does not disturb the Router
// that the tables poll on the same tick. Touches are all pointers: Slam's
// touch areas are the Router's. Keys pressed with Control or Meta held are
// shortcuts (Ctrl+S, Cmd+D), not menu moves, and are ignored.
//
// A MenuInput must be used from the game's Update only. Polling allocates
// nothing in steady state.
type MenuInput struct {
	keymap *keymap
	dev    devices
}

// NewMenuInput returns a MenuInput that maps devices through r's controls,
// as they are now and after any later SetControls.
func NewMenuInput(r *Router) *MenuInput {
	m := &MenuInput{keymap: &r.keymap, dev: newDevices()}
	m.dev.skipModified = true
	return m
}

// Poll reads src once for this tick and returns the actions any device
// pressed on it, and those any device holds.
func (m *MenuInput) Poll(src Source) (pressed, held rulesets.Buttons) {
	m.dev.poll(src, m.keymap)
	st := m.dev.merged()
	return st.pressed, st.held
}

// Pointers returns the mouse, then the touches by touch ID, as of the last
// Poll. The slice is reused by the next Poll.
func (m *MenuInput) Pointers() []Pointer { return m.dev.pointers }
