package input

import (
	"fmt"
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

// DefaultHistory is the number of frames a Router keeps: four seconds.
const DefaultHistory = 240

// Router polls a Source once per tick and routes every press to the seat
// its device is bound to, building one rulesets.Frame per tick.
//
// Seats are bound to devices explicitly (Bind). Several seats may share a
// device (pass-and-play on one keyboard zone or one tablet): the device's
// presses then go to the seat given the focus (Focus), by default the lowest.
// Presses of devices bound to no seat are reported as Loose, for the lobby
// to seat them.
//
// When a gamepad bound to a seat disconnects, the seat waits to be
// reclaimed and the Router is paused: Poll builds no frame, so the match
// cannot advance, and the next press of any unbound device reclaims the
// lowest waiting seat. A new pad takes the lowest free ID, so a Router never
// assumes a pad that comes back is the one that left.
//
// Building a frame looks at devices in a fixed order and combines presses
// with OR, so the order in which a Source lists keys, pads and touches never
// shows in a frame, in Loose, or in who reclaims or joins first.
//
// A Router must be used from the game's Update only. Polling allocates
// nothing in steady state.
type Router struct {
	controls Controls
	keyOwner [ebiten.KeyMax + 1]keyOwner
	padOwner [ebiten.StandardGamepadButtonMax + 1]rulesets.Buttons

	seats   [rulesets.MaxSeats]Device
	focus   [rulesets.MaxSeats]bool
	waiting uint16                    // bit s: seat s lost its pad and waits to be reclaimed
	lost    [rulesets.MaxSeats]Device // the pad a waiting seat lost

	zones      [NumKeyZones]devState
	pads       [MaxPads]padState // connected pads, sorted by ID, first npads
	npads      int
	mouse      devState
	touch      devState
	touchZones [rulesets.MaxSeats]devState
	zoneRects  [rulesets.MaxSeats]TouchArea
	nzones     int

	touches, prevTouches []touchPoint
	mouseWasDown         bool
	pointers             []Pointer

	frame  rulesets.Frame
	frames *Ring
	loose  []Press

	// Reused buffers for polling.
	keyBuf   []ebiten.Key
	padIDs   []ebiten.GamepadID
	padBuf   []ebiten.StandardGamepadButton
	touchIDs []ebiten.TouchID
}

type keyOwner struct {
	zone    int8 // -1: no zone
	buttons rulesets.Buttons
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

// Pointer is the mouse or one touch, for scenes that hit-test cards under
// it and drag them.
type Pointer struct {
	Device   Device         // Mouse or Touch
	Touch    ebiten.TouchID // which touch, for Touch
	X, Y     int            // in screen (layout) pixels
	Down     bool           // pressed now
	JustDown bool           // pressed on this tick
	JustUp   bool           // released on this tick (X, Y: where it was last)
}

// NewRouter returns a Router with the default controls, no seat bound, and
// room for DefaultHistory frames.
func NewRouter() *Router {
	r := &Router{
		frames:      NewRing(DefaultHistory),
		loose:       make([]Press, 0, NumKeyZones+MaxPads+2+rulesets.MaxSeats),
		keyBuf:      make([]ebiten.Key, 0, 32),
		padIDs:      make([]ebiten.GamepadID, 0, 2*MaxPads),
		padBuf:      make([]ebiten.StandardGamepadButton, 0, ebiten.StandardGamepadButtonMax+1),
		touchIDs:    make([]ebiten.TouchID, 0, maxTouches),
		touches:     make([]touchPoint, 0, maxTouches),
		prevTouches: make([]touchPoint, 0, maxTouches),
		pointers:    make([]Pointer, 0, maxTouches+1),
	}
	if err := r.SetControls(DefaultControls()); err != nil {
		panic(err) // the defaults are tested to be valid
	}
	return r
}

// Controls returns the bindings in use.
func (r *Router) Controls() Controls { return r.controls }

// SetControls validates c and uses it from the next Poll on; an invalid c
// is rejected and changes nothing.
func (r *Router) SetControls(c Controls) error {
	if err := c.Validate(); err != nil {
		return err
	}
	r.controls = c
	for k := range r.keyOwner {
		r.keyOwner[k] = keyOwner{zone: -1}
	}
	for z := range c.Keys {
		for j, k := range c.Keys[z] {
			if k != NoKey {
				r.keyOwner[k].zone = int8(z)
				r.keyOwner[k].buttons |= 1 << j
			}
		}
	}
	r.padOwner = [len(r.padOwner)]rulesets.Buttons{}
	for j, p := range c.Pad {
		if p != NoPadButton {
			r.padOwner[p] |= 1 << j
		}
	}
	return nil
}

// SetTouchAreas makes touches that begin in one of zones (at most MaxSeats)
// act as the TouchZone devices of the same index, as in Slam; nil makes
// every touch a pointer again.
func (r *Router) SetTouchAreas(zones []TouchArea) {
	r.nzones = copy(r.zoneRects[:], zones)
}

// Frames returns the ring of recent frames.
func (r *Router) Frames() *Ring { return r.frames }

// Bind binds seat to device d, which must exist now (a keyboard or touch
// zone in range, a connected pad). A seat waiting to be reclaimed is
// reclaimed.
func (r *Router) Bind(seat int, d Device) error {
	if seat < 0 || seat >= rulesets.MaxSeats {
		return fmt.Errorf("input: bind seat %d: no such seat", seat)
	}
	if !r.exists(d) {
		return fmt.Errorf("input: bind seat %d to %v: no such device", seat, d)
	}
	r.seats[seat] = d
	r.waiting &^= 1 << seat
	return nil
}

func (r *Router) exists(d Device) bool {
	switch d.Kind {
	case KeyZone:
		return d.Index >= 0 && d.Index < NumKeyZones
	case Pad:
		return r.pad(ebiten.GamepadID(d.Index)) != nil
	case Mouse, Touch:
		return d.Index == 0
	case TouchZone:
		return d.Index >= 0 && d.Index < r.nzones
	}
	return false
}

// Unbind frees seat: its device, if no other seat shares it, becomes
// loose. A seat waiting to be reclaimed stops waiting.
func (r *Router) Unbind(seat int) {
	if seat >= 0 && seat < rulesets.MaxSeats {
		r.seats[seat], r.focus[seat] = NoDevice, false
		r.waiting &^= 1 << seat
	}
}

// Device returns the device seat is bound to (NoDevice if none).
func (r *Router) Device(seat int) Device {
	if seat < 0 || seat >= rulesets.MaxSeats {
		return NoDevice
	}
	return r.seats[seat]
}

// Focus gives seat the presses of the device it shares with other seats
// (in pass-and-play, the seat whose turn it is).
func (r *Router) Focus(seat int) {
	if seat < 0 || seat >= rulesets.MaxSeats || r.seats[seat] == NoDevice {
		return
	}
	for s := range r.seats {
		r.focus[s] = r.seats[s] == r.seats[seat] && s == seat
	}
}

// SeatOf returns the seat that receives d's presses, or -1.
func (r *Router) SeatOf(d Device) int {
	if d == NoDevice {
		return -1
	}
	first := -1
	for s, sd := range r.seats {
		if sd != d {
			continue
		}
		if r.focus[s] {
			return s
		}
		if first < 0 {
			first = s
		}
	}
	return first
}

// Paused reports whether some seat waits to be reclaimed.
func (r *Router) Paused() bool { return r.waiting != 0 }

// Waiting returns the lowest seat waiting to be reclaimed ("press a button
// to reclaim Player N"), or -1.
func (r *Router) Waiting() int {
	for s := 0; s < rulesets.MaxSeats; s++ {
		if r.waiting&(1<<s) != 0 {
			return s
		}
	}
	return -1
}

// Loose returns this tick's presses of devices bound to no seat, in the
// canonical device order. The slice is reused by the next Poll.
func (r *Router) Loose() []Press { return r.loose }

// Pointers returns the mouse, then the touches not in a touch area by
// touch ID, as of this tick. The slice is reused by the next Poll.
func (r *Router) Pointers() []Pointer { return r.pointers }

// Pads appends the IDs of the connected gamepads, in increasing order.
func (r *Router) Pads(dst []ebiten.GamepadID) []ebiten.GamepadID {
	for _, p := range r.pads[:r.npads] {
		dst = append(dst, p.id)
	}
	return dst
}

// Poll reads src once for tick and builds its frame. It returns the frame,
// also kept in Frames, and true; or, while paused, nil and false: no frame
// is built, presses of bound devices are dropped, and tick is free to be
// used again on the next Poll.
//
// Loose presses reclaim waiting seats first, lowest seat first, in the
// canonical device order; those left are reported by Loose. A tick not
// after the last one kept (a new match counting from 0 again) starts a
// fresh history in Frames. Pads beyond MaxPads connected are ignored
// until one of those followed leaves.
func (r *Router) Poll(src Source, tick int64) (*rulesets.Frame, bool) {
	r.pollPads(src)
	r.pollKeys(src)
	r.pollMouse(src)
	r.pollTouches(src)

	r.frame = rulesets.Frame{Tick: tick}
	r.loose = r.loose[:0]
	for z := range r.zones {
		r.route(Device{KeyZone, z}, &r.zones[z])
	}
	for i := range r.pads[:r.npads] {
		r.route(Device{Pad, int(r.pads[i].id)}, &r.pads[i].devState)
	}
	r.route(Device{Kind: Mouse}, &r.mouse)
	r.route(Device{Kind: Touch}, &r.touch)
	for z := range r.touchZones[:r.nzones] {
		r.route(Device{TouchZone, z}, &r.touchZones[z])
	}
	r.reclaim()
	if r.Paused() {
		return nil, false
	}
	if err := r.frames.Push(&r.frame); err != nil {
		// An earlier tick again (a new match): start a fresh history.
		r.frames.Clear()
		r.frames.Push(&r.frame)
	}
	f, _ := r.frames.Newest()
	return f, true
}

// route adds what device d did to the seat it is bound to, or to Loose.
func (r *Router) route(d Device, st *devState) {
	if seat := r.SeatOf(d); seat >= 0 {
		r.frame.Pressed[seat] |= st.pressed
		r.frame.Held[seat] |= st.held
	} else if st.any {
		r.loose = append(r.loose, Press{Device: d, Buttons: st.pressed})
	}
}

// reclaim gives waiting seats to loose presses, in canonical device order.
// A device reclaiming a seat takes with it every seat that shared the same
// lost pad (pass-and-play), so that it is not left unbound.
func (r *Router) reclaim() {
	for r.waiting != 0 && len(r.loose) > 0 {
		lost := r.lost[r.Waiting()]
		for s := range r.seats {
			if r.waiting&(1<<s) != 0 && r.lost[s] == lost {
				r.seats[s] = r.loose[0].Device
				r.waiting &^= 1 << s
			}
		}
		r.loose = slices.Delete(r.loose, 0, 1)
	}
}

func (r *Router) pad(id ebiten.GamepadID) *padState {
	for i := range r.pads[:r.npads] {
		if r.pads[i].id == id {
			return &r.pads[i]
		}
	}
	return nil
}

// pollPads follows pads connecting and disconnecting, then reads them.
func (r *Router) pollPads(src Source) {
	r.padIDs = src.AppendGamepadIDs(r.padIDs[:0])
	slices.Sort(r.padIDs) // beyond MaxPads, the lowest IDs win, whatever the source's order
	for i := 0; i < r.npads; {
		if slices.Contains(r.padIDs, r.pads[i].id) {
			i++
			continue
		}
		r.disconnect(r.pads[i].id)
		copy(r.pads[i:], r.pads[i+1:r.npads])
		r.npads--
	}
	for _, id := range r.padIDs {
		if r.npads < MaxPads && r.pad(id) == nil {
			r.pads[r.npads] = padState{id: id}
			r.npads++
		}
	}
	slices.SortFunc(r.pads[:r.npads], func(a, b padState) int { return int(a.id) - int(b.id) })
	for i := range r.pads[:r.npads] {
		r.readPad(src, &r.pads[i])
	}
}

// disconnect makes every seat bound to pad id wait to be reclaimed.
func (r *Router) disconnect(id ebiten.GamepadID) {
	d := Device{Pad, int(id)}
	for s := range r.seats {
		if r.seats[s] == d {
			r.seats[s], r.focus[s], r.lost[s] = NoDevice, false, d
			r.waiting |= 1 << s
		}
	}
}

func (r *Router) readPad(src Source, p *padState) {
	p.devState = devState{}
	r.padBuf = src.AppendJustPressedGamepadButtons(p.id, r.padBuf[:0])
	for _, b := range r.padBuf {
		p.pressed |= r.padOwner[b]
		p.any = true
	}
	r.padBuf = src.AppendPressedGamepadButtons(p.id, r.padBuf[:0])
	for _, b := range r.padBuf {
		p.held |= r.padOwner[b]
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

func (r *Router) pollKeys(src Source) {
	for z := range r.zones {
		r.zones[z] = devState{}
	}
	r.keyBuf = src.AppendJustPressedKeys(r.keyBuf[:0])
	for _, k := range r.keyBuf {
		if o := r.owner(k); o.zone >= 0 {
			r.zones[o.zone].pressed |= o.buttons
			r.zones[o.zone].any = true
		}
	}
	r.keyBuf = src.AppendPressedKeys(r.keyBuf[:0])
	for _, k := range r.keyBuf {
		if o := r.owner(k); o.zone >= 0 {
			r.zones[o.zone].held |= o.buttons
		}
	}
}

func (r *Router) owner(k ebiten.Key) keyOwner {
	if k < 0 || int(k) >= len(r.keyOwner) {
		return keyOwner{zone: -1}
	}
	return r.keyOwner[k]
}

func (r *Router) pollMouse(src Source) {
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
	r.mouse = st
	x, y := src.CursorPosition()
	down := src.IsMouseButtonPressed(ebiten.MouseButtonLeft)
	r.pointers = append(r.pointers[:0], Pointer{
		Device: Device{Kind: Mouse}, X: x, Y: y, Down: down,
		JustDown: src.IsMouseButtonJustPressed(ebiten.MouseButtonLeft),
		JustUp:   r.mouseWasDown && !down,
	})
	r.mouseWasDown = down
}

// pollTouches follows touches: one that begins in a touch zone's cell
// presses that gesture for the zone; others are pointers.
func (r *Router) pollTouches(src Source) {
	r.touch = devState{}
	for z := range r.touchZones {
		r.touchZones[z] = devState{}
	}
	r.prevTouches, r.touches = r.touches, r.prevTouches[:0]
	r.touchIDs = src.AppendTouchIDs(r.touchIDs[:0])
	for _, id := range r.touchIDs {
		if len(r.touches) == maxTouches {
			break
		}
		x, y := src.TouchPosition(id)
		t := touchPoint{id: id, x: x, y: y, zone: int8(r.zoneAt(x, y))}
		prev := r.prevTouch(id)
		if prev != nil {
			t.zone = prev.zone // a touch stays with the zone it began in
		}
		r.touches = append(r.touches, t)
		if t.zone >= 0 {
			r.touchZone(t, prev == nil)
			continue
		}
		r.pointers = append(r.pointers, Pointer{Device: Device{Kind: Touch}, Touch: id, X: x, Y: y, Down: true, JustDown: prev == nil})
		r.touch.any = r.touch.any || prev == nil
	}
	for _, p := range r.prevTouches {
		if p.zone < 0 && !slices.ContainsFunc(r.touches, func(t touchPoint) bool { return t.id == p.id }) {
			r.pointers = append(r.pointers, Pointer{Device: Device{Kind: Touch}, Touch: p.id, X: p.x, Y: p.y, JustUp: true})
		}
	}
	// Touches in ID order, not the order the source listed them in.
	slices.SortFunc(r.pointers[1:], func(a, b Pointer) int { return int(a.Touch) - int(b.Touch) })
}

func (r *Router) prevTouch(id ebiten.TouchID) *touchPoint {
	for i := range r.prevTouches {
		if r.prevTouches[i].id == id {
			return &r.prevTouches[i]
		}
	}
	return nil
}

func (r *Router) zoneAt(x, y int) int {
	for z := range r.zoneRects[:r.nzones] {
		if (image.Point{x, y}).In(r.zoneRects[z].Area) {
			return z
		}
	}
	return -1
}

// touchZone records a touch of zone t.zone: a gesture pressed when it
// begins on a cell, held while it stays on one.
func (r *Router) touchZone(t touchPoint, began bool) {
	if int(t.zone) >= r.nzones {
		return // the zones were laid out again under a held touch
	}
	st := &r.touchZones[t.zone]
	g := r.zoneRects[t.zone].gestureAt(image.Point{t.x, t.y})
	if began {
		st.pressed |= g
		st.any = true
	}
	st.held |= g
}
