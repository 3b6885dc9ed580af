package input

import (
	"image"
	"slices"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/jankenarcade/janken/rulesets"
)

// Stick thresholds: a stick past stickOn presses its direction, and the
// direction is released only back under stickOff, so that a stick resting
// near the threshold does not repeat presses.
const (
	stickOn  = 0.5
	stickOff = 0.35
)

// maxTouches is the number of simultaneous touches followed.
const maxTouches = 16

// keymap is a Controls compiled for polling: for each key the zone it
// serves and the actions it presses there, for each pad button its
// actions.
type keymap struct {
	key [ebiten.KeyMax + 1]keyOwner
	pad [ebiten.StandardGamepadButtonMax + 1]rulesets.Buttons
}

type keyOwner struct {
	zone    int8 // index in Controls.Keys, or -1: no zone
	buttons rulesets.Buttons
}

// compile builds the keymap of c.
func (km *keymap) compile(c *Controls) {
	for k := range km.key {
		km.key[k] = keyOwner{zone: -1}
	}
	for z := range c.Keys {
		for j, k := range c.Keys[z] {
			if k != NoKey {
				km.key[k].zone = int8(z)
				km.key[k].buttons |= 1 << j
			}
		}
	}
	if km.key[ebiten.KeyNumpadEnter].zone < 0 {
		km.key[ebiten.KeyNumpadEnter] = km.key[ebiten.KeyEnter]
	}
	km.pad = [len(km.pad)]rulesets.Buttons{}
	for j, p := range c.Pad {
		if p != NoPadButton {
			km.pad[p] |= 1 << j
		}
	}
}

func (km *keymap) owner(k ebiten.Key) keyOwner {
	if k < 0 || int(k) >= len(km.key) {
		return keyOwner{zone: -1}
	}
	return km.key[k]
}

// devices is what every device did on one tick, read through a keymap:
// each keyboard zone and the menu keys, each followed gamepad, the mouse,
// the touch screen and Slam's touch areas, and where the pointers are. A
// Router routes it to seats; a MenuInput merges it for menus. Each keeps
// its own, since reading devices has state (a stick's hysteresis, the
// touches of the tick before).
type devices struct {
	zones      [NumKeyZones + 1]devState // the zones, then the menu keys
	pads       [MaxPads]padState         // connected pads, sorted by ID, first npads
	npads      int
	gone       []ebiten.GamepadID // pads that disconnected on this tick
	mouse      devState
	touch      devState
	touchZones [rulesets.MaxSeats]devState
	zoneRects  [rulesets.MaxSeats]TouchArea
	nzones     int

	touches, prevTouches []touchPoint
	mouseWasDown         bool
	pointers             []Pointer

	// skipModified drops the keys pressed or held with Control or Meta
	// (a shortcut such as Ctrl+S is no S), but for those modifiers
	// themselves, which a player may have bound.
	skipModified bool

	// Reused buffers for polling.
	keyBuf   []ebiten.Key
	padIDs   []ebiten.GamepadID
	padBuf   []ebiten.StandardGamepadButton
	touchIDs []ebiten.TouchID
}

// devState is what one device did on the current tick.
type devState struct {
	pressed, held rulesets.Buttons
	any           bool // some physical press this tick, with or without an action
}

type padState struct {
	id    ebiten.GamepadID
	stick rulesets.Buttons // directions the left stick holds
	devState
}

type touchPoint struct {
	id   ebiten.TouchID
	x, y int
	zone int8 // touch zone it began in, or -1: a pointer
}

func newDevices() devices {
	return devices{
		gone:        make([]ebiten.GamepadID, 0, MaxPads),
		keyBuf:      make([]ebiten.Key, 0, 32),
		padIDs:      make([]ebiten.GamepadID, 0, 2*MaxPads),
		padBuf:      make([]ebiten.StandardGamepadButton, 0, ebiten.StandardGamepadButtonMax+1),
		touchIDs:    make([]ebiten.TouchID, 0, maxTouches),
		touches:     make([]touchPoint, 0, maxTouches),
		prevTouches: make([]touchPoint, 0, maxTouches),
		pointers:    make([]Pointer, 0, maxTouches+1),
	}
}

// poll reads src once for this tick through km.
func (d *devices) poll(src Source, km *keymap) {
	d.pollPads(src, km)
	d.pollKeys(src, km)
	d.pollMouse(src)
	d.pollTouches(src)
}

// merged returns what every device but the touch areas did, combined.
func (d *devices) merged() devState {
	var m devState
	add := func(st *devState) {
		m.pressed |= st.pressed
		m.held |= st.held
		m.any = m.any || st.any
	}
	for z := range d.zones {
		add(&d.zones[z])
	}
	for i := range d.pads[:d.npads] {
		add(&d.pads[i].devState)
	}
	add(&d.mouse)
	add(&d.touch)
	return m
}

func (d *devices) pad(id ebiten.GamepadID) *padState {
	for i := range d.pads[:d.npads] {
		if d.pads[i].id == id {
			return &d.pads[i]
		}
	}
	return nil
}

// pollPads follows pads connecting and disconnecting, then reads them.
func (d *devices) pollPads(src Source, km *keymap) {
	d.gone = d.gone[:0]
	d.padIDs = src.AppendGamepadIDs(d.padIDs[:0])
	slices.Sort(d.padIDs) // beyond MaxPads, the lowest IDs win, whatever the source's order
	for i := 0; i < d.npads; {
		if slices.Contains(d.padIDs, d.pads[i].id) {
			i++
			continue
		}
		d.gone = append(d.gone, d.pads[i].id)
		copy(d.pads[i:], d.pads[i+1:d.npads])
		d.npads--
	}
	for _, id := range d.padIDs {
		if d.npads < MaxPads && d.pad(id) == nil {
			d.pads[d.npads] = padState{id: id}
			d.npads++
		}
	}
	slices.SortFunc(d.pads[:d.npads], func(a, b padState) int { return int(a.id) - int(b.id) })
	for i := range d.pads[:d.npads] {
		d.readPad(src, km, &d.pads[i])
	}
}

func (d *devices) readPad(src Source, km *keymap, p *padState) {
	p.devState = devState{}
	d.padBuf = src.AppendJustPressedGamepadButtons(p.id, d.padBuf[:0])
	for _, b := range d.padBuf {
		p.pressed |= km.pad[b]
		p.any = true
	}
	d.padBuf = src.AppendPressedGamepadButtons(p.id, d.padBuf[:0])
	for _, b := range d.padBuf {
		p.held |= km.pad[b]
	}
	stick := stickDirections(p.stick,
		src.GamepadAxis(p.id, ebiten.StandardGamepadAxisLeftStickHorizontal),
		src.GamepadAxis(p.id, ebiten.StandardGamepadAxisLeftStickVertical))
	if fresh := stick &^ p.stick; fresh != 0 {
		p.pressed |= fresh
		p.any = true
	}
	p.stick = stick
	p.held |= stick
}

// stickDirections returns the directions a stick at (x, y) holds, given
// those it held (for hysteresis). Down is positive y.
func stickDirections(held rulesets.Buttons, x, y float64) rulesets.Buttons {
	var out rulesets.Buttons
	axis := func(v float64, neg, pos rulesets.Button) {
		switch {
		case v <= -stickOn || (v <= -stickOff && held&neg != 0):
			out |= neg
		case v >= stickOn || (v >= stickOff && held&pos != 0):
			out |= pos
		}
	}
	axis(x, rulesets.ButtonLeft, rulesets.ButtonRight)
	axis(y, rulesets.ButtonUp, rulesets.ButtonDown)
	return out
}

func (d *devices) pollKeys(src Source, km *keymap) {
	for z := range d.zones {
		d.zones[z] = devState{}
	}
	d.keyBuf = src.AppendPressedKeys(d.keyBuf[:0])
	modified := d.skipModified && shortcutHeld(d.keyBuf)
	for _, k := range d.keyBuf {
		if o := km.owner(k); o.zone >= 0 && !(modified && !isShortcutModifier(k)) {
			d.zones[o.zone].held |= o.buttons
		}
	}
	d.keyBuf = src.AppendJustPressedKeys(d.keyBuf[:0])
	for _, k := range d.keyBuf {
		if o := km.owner(k); o.zone >= 0 && !(modified && !isShortcutModifier(k)) {
			d.zones[o.zone].pressed |= o.buttons
			d.zones[o.zone].any = true
		}
	}
}

// shortcutHeld reports whether keys hold Control or Meta (Command): the
// keys of the system's and the browser's shortcuts.
func shortcutHeld(keys []ebiten.Key) bool {
	for _, k := range keys {
		if isShortcutModifier(k) {
			return true
		}
	}
	return false
}

func isShortcutModifier(k ebiten.Key) bool {
	switch k {
	case ebiten.KeyControlLeft, ebiten.KeyControlRight, ebiten.KeyMetaLeft, ebiten.KeyMetaRight:
		return true
	}
	return false
}

func (d *devices) pollMouse(src Source) {
	st := devState{}
	for _, m := range [...]struct {
		b      ebiten.MouseButton
		action rulesets.Button
	}{{ebiten.MouseButtonLeft, 0}, {ebiten.MouseButtonRight, rulesets.ButtonBack}, {ebiten.MouseButtonMiddle, rulesets.ButtonPeek}} {
		if src.IsMouseButtonJustPressed(m.b) {
			st.pressed |= m.action
			st.any = true
		}
		if src.IsMouseButtonPressed(m.b) {
			st.held |= m.action
		}
	}
	d.mouse = st
	x, y := src.CursorPosition()
	down := src.IsMouseButtonPressed(ebiten.MouseButtonLeft)
	d.pointers = append(d.pointers[:0], Pointer{
		Device: Device{Kind: Mouse}, X: x, Y: y, Down: down,
		JustDown: src.IsMouseButtonJustPressed(ebiten.MouseButtonLeft),
		JustUp:   d.mouseWasDown && !down,
	})
	d.mouseWasDown = down
}

// pollTouches follows touches: one that begins in a touch zone's cell
// presses that gesture for the zone; others are pointers.
func (d *devices) pollTouches(src Source) {
	d.touch = devState{}
	for z := range d.touchZones {
		d.touchZones[z] = devState{}
	}
	d.prevTouches, d.touches = d.touches, d.prevTouches[:0]
	d.touchIDs = src.AppendTouchIDs(d.touchIDs[:0])
	for _, id := range d.touchIDs {
		if len(d.touches) == maxTouches {
			break
		}
		x, y := src.TouchPosition(id)
		t := touchPoint{id: id, x: x, y: y, zone: int8(d.zoneAt(x, y))}
		prev := d.prevTouch(id)
		if prev != nil {
			t.zone = prev.zone // a touch stays with the zone it began in
		}
		d.touches = append(d.touches, t)
		if t.zone >= 0 {
			d.touchZone(t, prev == nil)
			continue
		}
		d.pointers = append(d.pointers, Pointer{Device: Device{Kind: Touch}, Touch: id, X: x, Y: y, Down: true, JustDown: prev == nil})
		d.touch.any = d.touch.any || prev == nil
	}
	for _, p := range d.prevTouches {
		if p.zone < 0 && !slices.ContainsFunc(d.touches, func(t touchPoint) bool { return t.id == p.id }) {
			d.pointers = append(d.pointers, Pointer{Device: Device{Kind: Touch}, Touch: p.id, X: p.x, Y: p.y, JustUp: true})
		}
	}
	// Touches in ID order, not the order the source listed them in.
	slices.SortFunc(d.pointers[1:], func(a, b Pointer) int { return int(a.Touch) - int(b.Touch) })
}

func (d *devices) prevTouch(id ebiten.TouchID) *touchPoint {
	for i := range d.prevTouches {
		if d.prevTouches[i].id == id {
			return &d.prevTouches[i]
		}
	}
	return nil
}

func (d *devices) zoneAt(x, y int) int {
	for z := range d.zoneRects[:d.nzones] {
		if (image.Point{x, y}).In(d.zoneRects[z].Area) {
			return z
		}
	}
	return -1
}

// touchZone records a touch of zone t.zone: a gesture pressed when it
// begins on a cell, held while it stays on one.
func (d *devices) touchZone(t touchPoint, began bool) {
	if int(t.zone) >= d.nzones {
		return // the zones were laid out again under a held touch
	}
	st := &d.touchZones[t.zone]
	g := d.zoneRects[t.zone].gestureAt(image.Point{t.x, t.y})
	if began {
		st.pressed |= g
		st.any = true
	}
	st.held |= g
}
