package input

import (
	"fmt"
	"slices"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/jankenarcade/janken/rulesets"
)

// Router polls a Source once per tick and routes every press to the seat
// its device is bound to, building one rulesets.Frame per tick.
//
// Seats are bound to devices explicitly (Bind). Several seats may share a
// device (pass-and-play on one keyboard zone or one tablet): the device's
// presses then go to the seat given the focus (Focus), by default the lowest.
// Presses of devices bound to no seat are reported as Loose, for the lobby
// to seat them. The menu keys (Controls.Keys[MenuKeys]) are no device: a
// Router ignores them, and only a MenuInput reads them.
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
	keymap   keymap
	dev      devices

	seats   [rulesets.MaxSeats]Device
	focus   [rulesets.MaxSeats]bool
	waiting uint16                    // bit s: seat s lost its pad and waits to be reclaimed
	lost    [rulesets.MaxSeats]Device // the pad a waiting seat lost

	frame rulesets.Frame
	loose []Press
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

// NewRouter returns a Router with the default controls and no seat bound.
func NewRouter() *Router {
	r := &Router{
		dev:   newDevices(),
		loose: make([]Press, 0, NumKeyZones+MaxPads+2+rulesets.MaxSeats),
	}
	if err := r.SetControls(DefaultControls()); err != nil {
		panic(err) // the defaults are tested to be valid
	}
	return r
}

// Controls returns the bindings in use.
func (r *Router) Controls() Controls { return r.controls }

// SetControls validates c and uses it from the next Poll on, for the
// seats and for every MenuInput made on r; an invalid c is rejected and
// changes nothing.
func (r *Router) SetControls(c Controls) error {
	if err := c.Validate(); err != nil {
		return err
	}
	r.controls = c
	r.keymap.compile(&c)
	return nil
}

// SetTouchAreas makes touches that begin in one of zones (at most MaxSeats)
// act as the TouchZone devices of the same index, as in Slam; nil makes
// every touch a pointer again.
func (r *Router) SetTouchAreas(zones []TouchArea) {
	r.dev.nzones = copy(r.dev.zoneRects[:], zones)
}

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
		return r.dev.pad(ebiten.GamepadID(d.Index)) != nil
	case Mouse, Touch:
		return d.Index == 0
	case TouchZone:
		return d.Index >= 0 && d.Index < r.dev.nzones
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

// KeyName names what seat presses for action b on its device: see
// Controls.KeyName. A seat without a device gets the action's name.
func (r *Router) KeyName(seat int, b rulesets.Button) string {
	return r.controls.KeyName(r.Device(seat), b)
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
func (r *Router) Pointers() []Pointer { return r.dev.pointers }

// Pads appends the IDs of the connected gamepads, in increasing order.
func (r *Router) Pads(dst []ebiten.GamepadID) []ebiten.GamepadID {
	for _, p := range r.dev.pads[:r.dev.npads] {
		dst = append(dst, p.id)
	}
	return dst
}

// Poll reads src once for tick and builds its frame. It returns the frame,
// valid until the next Poll, and true; or, while paused, nil and false: no
// frame is built, presses of bound devices are dropped, and tick is free to
// be used again on the next Poll.
//
// Loose presses reclaim waiting seats first, lowest seat first, in the
// canonical device order; those left are reported by Loose. Pads beyond
// MaxPads connected are ignored until one of those followed leaves.
func (r *Router) Poll(src Source, tick int64) (*rulesets.Frame, bool) {
	d := &r.dev
	d.poll(src, &r.keymap)
	for _, id := range d.gone {
		r.disconnect(id)
	}

	r.frame = rulesets.Frame{Tick: tick}
	r.loose = r.loose[:0]
	for z := range NumKeyZones {
		r.route(Device{KeyZone, z}, &d.zones[z])
	}
	for i := range d.pads[:d.npads] {
		r.route(Device{Pad, int(d.pads[i].id)}, &d.pads[i].devState)
	}
	r.route(Device{Kind: Mouse}, &d.mouse)
	r.route(Device{Kind: Touch}, &d.touch)
	for z := range d.touchZones[:d.nzones] {
		r.route(Device{TouchZone, z}, &d.touchZones[z])
	}
	r.reclaim()
	if r.Paused() {
		return nil, false
	}
	return &r.frame, true
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
