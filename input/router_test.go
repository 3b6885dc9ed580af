package input

import (
	"fmt"
	"image"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/jankenarcade/janken/rulesets"
)

const (
	up, down, left, right = rulesets.ButtonUp, rulesets.ButtonDown, rulesets.ButtonLeft, rulesets.ButtonRight
	confirm, back, peek   = rulesets.ButtonConfirm, rulesets.ButtonBack, rulesets.ButtonPeek
	rock, paper, scissors = rulesets.ButtonRock, rulesets.ButtonPaper, rulesets.ButtonScissors
	clap, menu, rules     = rulesets.ButtonClap, rulesets.ButtonMenu, rulesets.ButtonRules
	padA, padB, padX      = ebiten.StandardGamepadButtonRightBottom, ebiten.StandardGamepadButtonRightRight, ebiten.StandardGamepadButtonRightLeft
	padY, padStart        = ebiten.StandardGamepadButtonRightTop, ebiten.StandardGamepadButtonCenterRight
	padView               = ebiten.StandardGamepadButtonCenterLeft
)

// poll runs one tick: the Script's current events, then a Poll.
func poll(t *testing.T, r *Router, s *Script, tick int64) *rulesets.Frame {
	t.Helper()
	f, ok := r.Poll(s, tick)
	if !ok {
		t.Fatalf("tick %d: paused, want a frame", tick)
	}
	return f
}

func bindAll(t *testing.T, r *Router, devices ...Device) {
	t.Helper()
	for seat, d := range devices {
		if err := r.Bind(seat, d); err != nil {
			t.Fatal(err)
		}
	}
}

func TestKeyboardZones(t *testing.T) {
	tests := []struct {
		name          string
		events        []Event
		pressed, held [rulesets.MaxSeats]rulesets.Buttons
	}{
		{"left zone navigates", []Event{KeyDown(ebiten.KeyW), KeyDown(ebiten.KeyE)},
			[8]rulesets.Buttons{0: up | confirm}, [8]rulesets.Buttons{0: up | confirm}},
		{"right zone backs and peeks", []Event{KeyDown(ebiten.KeyBackspace), KeyDown(ebiten.KeyShiftRight)},
			[8]rulesets.Buttons{1: back | peek}, [8]rulesets.Buttons{1: back | peek}},
		{"four slam zones at once", []Event{KeyDown(ebiten.KeyDigit1), KeyDown(ebiten.KeyDigit8), KeyDown(ebiten.KeyC), KeyDown(ebiten.KeySlash)},
			[8]rulesets.Buttons{2: rock, 3: paper, 4: scissors, 5: clap}, [8]rulesets.Buttons{2: rock, 3: paper, 4: scissors, 5: clap}},
		{"a tap within the tick presses but does not hold", KeyTap(ebiten.KeyZ),
			[8]rulesets.Buttons{4: rock}, [8]rulesets.Buttons{}},
		{"mashing two gestures", []Event{KeyDown(ebiten.KeyM), KeyDown(ebiten.KeyComma)},
			[8]rulesets.Buttons{5: rock | paper}, [8]rulesets.Buttons{5: rock | paper}},
		{"unbound keys do nothing", []Event{KeyDown(ebiten.KeyP), KeyDown(ebiten.KeyF5)},
			[8]rulesets.Buttons{}, [8]rulesets.Buttons{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, s := NewRouter(), new(Script)
			bindAll(t, r, Device{KeyZone, 0}, Device{KeyZone, 1}, Device{KeyZone, 2}, Device{KeyZone, 3}, Device{KeyZone, 4}, Device{KeyZone, 5})
			s.Do(tt.events...)
			f := poll(t, r, s, 7)
			if f.Tick != 7 || f.Pressed != tt.pressed || f.Held != tt.held {
				t.Errorf("frame = %+v\nwant tick 7, pressed %v, held %v", *f, tt.pressed, tt.held)
			}
			s.Advance()
			f = poll(t, r, s, 8)
			if f.Pressed != ([8]rulesets.Buttons{}) || f.Held != tt.held {
				t.Errorf("next tick = %+v, want nothing pressed and the same held", *f)
			}
		})
	}
}

func TestZoneKeyCapsAreDistinct(t *testing.T) {
	c := DefaultControls()
	if err := c.Validate(); err != nil {
		t.Fatal(err)
	}
	seen := map[string]string{}
	for z := range c.Keys {
		want := Nav
		switch {
		case z == MenuKeys:
			want = confirm
		case z >= NumFullZones:
			want = rulesets.Gestures
		}
		if got := c.ZoneButtons(z); got != want {
			t.Errorf("%s offers %v, want %v", ZoneName(z), got, want)
		}
		for j, k := range c.Keys[z] {
			if k == NoKey {
				continue
			}
			cap := KeyCap(k)
			if other, dup := seen[cap]; dup {
				t.Errorf("key cap %q shown for %s and %s", cap, other, ZoneName(z))
			}
			seen[cap] = ZoneName(z) + " " + ActionName(1<<j)
		}
	}
	for _, tc := range []struct {
		k    ebiten.Key
		want string
	}{{ebiten.KeyDigit7, "7"}, {ebiten.KeyArrowLeft, "←"}, {ebiten.KeyW, "W"}, {ebiten.KeyEnter, "Enter"}, {ebiten.KeySlash, "/"}} {
		if got := KeyCap(tc.k); got != tc.want {
			t.Errorf("KeyCap(%v) = %q, want %q", tc.k, got, tc.want)
		}
	}
}

func TestPads(t *testing.T) {
	r, s := NewRouter(), new(Script)
	s.Do(PadConnect(0), PadConnect(1), PadConnect(2))
	poll(t, r, s, 0)
	bindAll(t, r, Device{Pad, 2}, Device{Pad, 0}, Device{Pad, 1})

	s.Advance()
	s.Do(PadDown(2, padA), PadDown(0, padX), PadDown(1, padStart), PadAxis(1, ebiten.StandardGamepadAxisLeftStickVertical, -0.9))
	f := poll(t, r, s, 1)
	want := [8]rulesets.Buttons{0: confirm | clap, 1: rock, 2: menu | up}
	if f.Pressed != want || f.Held != want {
		t.Errorf("tick 1 = %+v, want pressed and held %v", *f, want)
	}

	// The stick holds up until it comes back under the release threshold.
	s.Advance()
	s.Do(PadAxis(1, ebiten.StandardGamepadAxisLeftStickVertical, -0.4))
	if f = poll(t, r, s, 2); f.Pressed[2] != 0 || f.Held[2] != menu|up {
		t.Errorf("tick 2 seat 2: pressed %v held %v, want nothing new and menu+up held", f.Pressed[2], f.Held[2])
	}
	s.Advance()
	s.Do(PadAxis(1, ebiten.StandardGamepadAxisLeftStickVertical, -0.2), PadAxis(1, ebiten.StandardGamepadAxisLeftStickHorizontal, 0.6))
	if f = poll(t, r, s, 3); f.Pressed[2] != right || f.Held[2] != menu|right {
		t.Errorf("tick 3 seat 2: pressed %v held %v, want right pressed, menu+right held", f.Pressed[2], f.Held[2])
	}
}

func TestTouchAreas(t *testing.T) {
	r, s := NewRouter(), new(Script)
	areas := SlamTouchAreas(4, 800, 600)
	r.SetTouchAreas(areas)
	bindAll(t, r, Device{TouchZone, 0}, Device{TouchZone, 1}, Device{TouchZone, 2}, Device{TouchZone, 3})
	centre := func(z, cell int) (int, int) {
		c := areas[z].Cells[cell]
		return (c.Min.X + c.Max.X) / 2, (c.Min.Y + c.Max.Y) / 2
	}
	x0, y0 := centre(0, 0)
	x3, y3 := centre(3, 3)
	x1, y1 := centre(1, 2)
	s.Do(TouchDown(10, x0, y0), TouchDown(11, x3, y3), TouchDown(12, 400, 300))
	f := poll(t, r, s, 0)
	if want := [8]rulesets.Buttons{0: rock, 3: clap}; f.Pressed != want {
		t.Errorf("pressed = %v, want %v", f.Pressed, want)
	}
	ptrs := r.Pointers()
	if len(ptrs) != 2 || ptrs[1].Touch != 12 || !ptrs[1].JustDown || ptrs[1].X != 400 {
		t.Errorf("pointers = %+v, want the mouse and touch 12 just down at the centre", ptrs)
	}
	// A touch that slides into another zone stays with the zone it began in
	// and presses nothing new.
	s.Advance()
	s.Do(TouchMove(10, x1, y1), TouchUp(12))
	f = poll(t, r, s, 1)
	if f.Pressed != ([8]rulesets.Buttons{}) || f.Held[1] != 0 {
		t.Errorf("after sliding: pressed %v held %v, want nothing pressed and seat 1 untouched", f.Pressed, f.Held)
	}
	if ptrs = r.Pointers(); len(ptrs) != 2 || !ptrs[1].JustUp || ptrs[1].Touch != 12 {
		t.Errorf("pointers = %+v, want touch 12 just up", ptrs)
	}
}

func TestSlamTouchAreasDoNotOverlap(t *testing.T) {
	for n := 1; n <= rulesets.MaxSeats; n++ {
		for _, size := range [][2]int{{800, 600}, {1280, 720}, {600, 900}} {
			areas := SlamTouchAreas(n, size[0], size[1])
			for i, a := range areas {
				if a.Area.Empty() || !a.Area.In(image.Rect(0, 0, size[0], size[1])) {
					t.Errorf("n=%d %v: area %d = %v, not on screen", n, size, i, a.Area)
				}
				for j := range i {
					if a.Area.Overlaps(areas[j].Area) {
						t.Errorf("n=%d %v: areas %d and %d overlap", n, size, i, j)
					}
				}
			}
		}
	}
}

// tickEvents is a deterministic stream of device events: per tick, events
// on distinct keys, pads and touches, so any order within a tick is a
// possible polling order.
func tickEvents(ticks int) [][]Event {
	rng := rand.New(rand.NewPCG(1, 2))
	keys := []ebiten.Key{ebiten.KeyW, ebiten.KeyE, ebiten.KeyArrowUp, ebiten.KeyEnter, ebiten.KeyDigit1, ebiten.KeyDigit2,
		ebiten.KeyDigit9, ebiten.KeyZ, ebiten.KeyV, ebiten.KeyM, ebiten.KeySlash, ebiten.KeyP}
	buttons := []ebiten.StandardGamepadButton{padA, padB, padX, padY}
	areas := SlamTouchAreas(2, 800, 600)
	var held []ebiten.Key
	out := make([][]Event, ticks)
	out[0] = []Event{PadConnect(3), PadConnect(0), PadConnect(1)}
	padHeld := map[[2]int]bool{}
	touchDown := false
	for tick := 1; tick < ticks; tick++ {
		var ev []Event
		for _, k := range keys {
			switch down := slices.Contains(held, k); {
			case !down && rng.IntN(4) == 0:
				ev, held = append(ev, KeyDown(k)), append(held, k)
			case down && rng.IntN(3) == 0:
				ev, held = append(ev, KeyUp(k)), slices.DeleteFunc(held, func(h ebiten.Key) bool { return h == k })
			}
		}
		for _, pad := range []int{0, 1, 3} {
			for bi, b := range buttons {
				if rng.IntN(5) == 0 {
					on := !padHeld[[2]int{pad, bi}]
					padHeld[[2]int{pad, bi}] = on
					if on {
						ev = append(ev, PadDown(ebiten.GamepadID(pad), b))
					} else {
						ev = append(ev, PadUp(ebiten.GamepadID(pad), b))
					}
				}
			}
		}
		if rng.IntN(3) == 0 {
			if touchDown {
				ev = append(ev, TouchUp(5), TouchUp(6), TouchUp(7), TouchUp(8))
			} else {
				c0, c1 := areas[0].Cells[rng.IntN(4)], areas[1].Cells[rng.IntN(4)]
				ev = append(ev, TouchDown(5, c0.Min.X+1, c0.Min.Y+1), TouchDown(6, c1.Min.X+1, c1.Min.Y+1),
					TouchDown(7, 300+rng.IntN(100), 300), TouchDown(8, 500, 200+rng.IntN(100)))
			}
			touchDown = !touchDown
		}
		out[tick] = ev
	}
	return out
}

// replay feeds the stream to a fresh Router, shuffling each tick's events
// with shuffle, and records every frame, and the loose presses and
// pointers of each tick.
func replay(t *testing.T, stream [][]Event, shuffle *rand.Rand) ([]rulesets.Frame, []string) {
	t.Helper()
	r, s := NewRouter(), new(Script)
	r.SetTouchAreas(SlamTouchAreas(2, 800, 600))
	var frames []rulesets.Frame
	var loose []string
	for tick, events := range stream {
		if tick > 0 {
			s.Advance()
		}
		events = slices.Clone(events)
		if shuffle != nil {
			shuffle.Shuffle(len(events), func(i, j int) { events[i], events[j] = events[j], events[i] })
		}
		s.Do(events...)
		f := poll(t, r, s, int64(tick))
		frames = append(frames, *f)
		loose = append(loose, fmt.Sprint(r.Loose(), r.Pointers()))
		if tick == 0 {
			bindAll(t, r, Device{KeyZone, 0}, Device{KeyZone, 1}, Device{KeyZone, 2}, Device{Pad, 0}, Device{Pad, 3}, Device{TouchZone, 1})
		}
	}
	return frames, loose
}

func TestPollingOrderDoesNotMatter(t *testing.T) {
	stream := tickEvents(200)
	want, wantLoose := replay(t, stream, nil)
	var pressedSeats int
	for _, f := range want {
		for _, p := range f.Pressed {
			if p != 0 {
				pressedSeats++
			}
		}
	}
	if pressedSeats < 200 {
		t.Fatalf("the stream pressed only %d times: too thin to prove anything", pressedSeats)
	}
	for seed := range uint64(5) {
		got, gotLoose := replay(t, stream, rand.New(rand.NewPCG(seed, 99)))
		for i := range want {
			if got[i] != want[i] {
				t.Fatalf("shuffle %d, tick %d: frame %+v, in order %+v", seed, i, got[i], want[i])
			}
			if gotLoose[i] != wantLoose[i] {
				t.Fatalf("shuffle %d, tick %d: loose and pointers %s, in order %s", seed, i, gotLoose[i], wantLoose[i])
			}
		}
	}
}

func TestLooseJoinsInCanonicalOrder(t *testing.T) {
	for _, order := range [][]Event{
		{PadDown(2, padA), KeyDown(ebiten.KeyEnter), TouchDown(1, 5, 5), KeyDown(ebiten.KeyW)},
		{KeyDown(ebiten.KeyW), TouchDown(1, 5, 5), KeyDown(ebiten.KeyEnter), PadDown(2, padA)},
	} {
		r, s := NewRouter(), new(Script)
		s.Do(PadConnect(2))
		poll(t, r, s, 0)
		s.Advance()
		s.Do(order...)
		poll(t, r, s, 1)
		want := []Press{{Device{KeyZone, 0}, up}, {Device{KeyZone, 1}, confirm}, {Device{Pad, 2}, confirm | clap}, {Device{Kind: Touch}, 0}}
		if got := r.Loose(); !slices.Equal(got, want) {
			t.Errorf("events %v: loose = %v, want %v", order, got, want)
		}
	}
}

func TestSharedDeviceFollowsFocus(t *testing.T) {
	r, s := NewRouter(), new(Script)
	bindAll(t, r, Device{KeyZone, 1}, Device{KeyZone, 0}, Device{KeyZone, 1})
	s.Do(KeyDown(ebiten.KeyEnter))
	if f := poll(t, r, s, 0); f.Pressed[0] != confirm || f.Pressed[2] != 0 {
		t.Errorf("without focus: %v, want the lowest sharing seat (0) to get it", f.Pressed)
	}
	r.Focus(2)
	s.Advance()
	s.Do(KeyUp(ebiten.KeyEnter), KeyDown(ebiten.KeyBackspace))
	if f := poll(t, r, s, 1); f.Pressed[2] != back || f.Pressed[0] != 0 || r.SeatOf(Device{KeyZone, 1}) != 2 {
		t.Errorf("focus on seat 2: %v, want seat 2 to get it", f.Pressed)
	}
}

// tally stands for a match: it changes only when stepped with a frame.
type tally struct {
	steps   int
	presses [rulesets.MaxSeats]int
}

func (m *tally) step(f *rulesets.Frame) {
	m.steps++
	for s, p := range f.Pressed {
		if p != 0 {
			m.presses[s]++
		}
	}
}

func TestHotPlug(t *testing.T) {
	tests := []struct {
		name     string
		reclaim  []Event // the press that reclaims seat 0, pad 0 having left
		reclaims Device
	}{
		{"same ID, a pad plugged back in", []Event{PadConnect(0), PadDown(0, padB)}, Device{Pad, 0}},
		{"a different pad", []Event{PadConnect(5), PadDown(5, padY)}, Device{Pad, 5}},
		{"the keyboard", []Event{KeyDown(ebiten.KeyDigit9)}, Device{KeyZone, 3}},
		{"a touch", []Event{TouchDown(3, 100, 100)}, Device{Kind: Touch}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, s := NewRouter(), new(Script)
			var m tally
			var tick int64
			var last int64 // the tick of the last frame
			run := func(events ...Event) bool {
				s.Advance()
				s.Do(events...)
				f, ok := r.Poll(s, tick)
				if ok {
					m.step(f)
					last = f.Tick
					tick++
				}
				return ok
			}
			run(PadConnect(0), PadConnect(1))
			bindAll(t, r, Device{Pad, 0}, Device{Pad, 1})
			run(PadDown(0, padA), PadDown(1, padA))

			if run(PadDisconnect(0)) || !r.Paused() || r.Waiting() != 0 {
				t.Fatalf("after pad 0 left: paused %v waiting %d, want paused, Player 1 waiting", r.Paused(), r.Waiting())
			}
			before := m
			// Bound pad 1 presses, the pad is plugged in again but idle:
			// nothing reaches the match, and nobody reclaims.
			if run(PadUp(1, padA), PadDown(1, padB)) || run() {
				t.Fatal("a frame while paused")
			}
			if m != before || r.Device(0) != NoDevice {
				t.Fatalf("match changed while paused: %+v → %+v, seat 0 on %v", before, m, r.Device(0))
			}
			if !run(tt.reclaim...) {
				t.Fatal("still paused after the reclaiming press")
			}
			if r.Device(0) != tt.reclaims || r.Paused() {
				t.Errorf("seat 0 on %v (paused %v), want %v", r.Device(0), r.Paused(), tt.reclaims)
			}
			if m.steps != before.steps+1 || m.presses[0] != before.presses[0] {
				t.Errorf("match %+v after %+v: want one step and the reclaiming press not played", m, before)
			}
			if last != 2 {
				t.Errorf("first frame after the pause has tick %d, want 2 (no tick lost or skipped)", last)
			}
		})
	}
}

func TestTwoSeatsReclaimedInOrder(t *testing.T) {
	for _, events := range [][]Event{
		{KeyDown(ebiten.KeyEnter), PadDown(4, padA)},
		{PadDown(4, padA), KeyDown(ebiten.KeyEnter)},
	} {
		r, s := NewRouter(), new(Script)
		s.Do(PadConnect(0), PadConnect(1), PadConnect(4))
		poll(t, r, s, 0)
		bindAll(t, r, Device{KeyZone, 0}, Device{Pad, 1}, Device{Pad, 0})
		s.Advance()
		s.Do(PadDisconnect(0), PadDisconnect(1))
		if _, ok := r.Poll(s, 1); ok || r.Waiting() != 1 {
			t.Fatalf("two pads left: waiting %d, want seat 1 first", r.Waiting())
		}
		s.Advance()
		s.Do(events...)
		if _, ok := r.Poll(s, 1); !ok {
			t.Fatal("still paused")
		}
		if r.Device(1) != (Device{KeyZone, 1}) || r.Device(2) != (Device{Pad, 4}) {
			t.Errorf("events %v: seat 1 on %v, seat 2 on %v; want keys 1 then pad 4 (canonical order)", events, r.Device(1), r.Device(2))
		}
	}
}

func TestSharedPadReclaimedWhole(t *testing.T) {
	r, s := NewRouter(), new(Script)
	s.Do(PadConnect(0), PadConnect(1))
	poll(t, r, s, 0)
	bindAll(t, r, Device{Pad, 0}, Device{Pad, 1}, Device{Pad, 0})
	r.Focus(2)
	s.Advance()
	s.Do(PadDisconnect(0))
	if _, ok := r.Poll(s, 1); ok {
		t.Fatal("not paused")
	}
	s.Advance()
	s.Do(KeyDown(ebiten.KeyEnter))
	if _, ok := r.Poll(s, 1); !ok {
		t.Fatal("still paused after the reclaiming press")
	}
	if r.Device(0) != (Device{KeyZone, 1}) || r.Device(2) != (Device{KeyZone, 1}) || r.Device(1) != (Device{Pad, 1}) {
		t.Errorf("seats on %v %v %v; want both pass-and-play seats on keys 1", r.Device(0), r.Device(1), r.Device(2))
	}
}

func TestBindRejectsMissingDevice(t *testing.T) {
	r := NewRouter()
	for _, tc := range []struct {
		seat int
		d    Device
	}{{0, Device{Pad, 0}}, {9, Device{KeyZone, 0}}, {0, Device{KeyZone, NumKeyZones}}, {0, Device{TouchZone, 0}}, {0, NoDevice}} {
		if err := r.Bind(tc.seat, tc.d); err == nil {
			t.Errorf("Bind(%d, %v) succeeded", tc.seat, tc.d)
		}
	}
	if r.Device(0) != NoDevice {
		t.Errorf("a failed bind changed seat 0 to %v", r.Device(0))
	}
}

func BenchmarkPollEightSeats(b *testing.B) {
	r, s := NewRouter(), new(Script)
	s.Do(PadConnect(0), PadConnect(1), PadConnect(2))
	r.SetTouchAreas(SlamTouchAreas(4, 800, 600))
	r.Poll(s, 0)
	for seat, d := range []Device{{KeyZone, 2}, {KeyZone, 3}, {KeyZone, 4}, {KeyZone, 5}, {Pad, 0}, {Pad, 1}, {Pad, 2}, {TouchZone, 0}} {
		if err := r.Bind(seat, d); err != nil {
			b.Fatal(err)
		}
	}
	c := SlamTouchAreas(4, 800, 600)[0].Cells[1]
	press := []Event{KeyDown(ebiten.KeyDigit1), KeyDown(ebiten.KeyDigit9), KeyDown(ebiten.KeyX), KeyDown(ebiten.KeySlash),
		PadDown(0, padA), PadDown(1, padX), PadDown(2, padY), TouchDown(1, c.Min.X+1, c.Min.Y+1), TouchDown(2, 400, 300), MouseDown(ebiten.MouseButtonLeft)}
	release := []Event{KeyUp(ebiten.KeyDigit1), KeyUp(ebiten.KeyDigit9), KeyUp(ebiten.KeyX), KeyUp(ebiten.KeySlash),
		PadUp(0, padA), PadUp(1, padX), PadUp(2, padY), TouchUp(1), TouchUp(2), MouseUp(ebiten.MouseButtonLeft)}
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		s.Advance()
		if i%2 == 0 {
			s.Do(press...)
		} else {
			s.Do(release...)
		}
		if _, ok := r.Poll(s, int64(i+1)); !ok {
			b.Fatal("paused")
		}
	}
}

func TestMousePointerAndButtons(t *testing.T) {
	r, s := NewRouter(), new(Script)
	bindAll(t, r, Device{Kind: Mouse})
	s.Do(MouseMove(30, 40), MouseDown(ebiten.MouseButtonLeft), MouseDown(ebiten.MouseButtonMiddle))
	f := poll(t, r, s, 0)
	if p := r.Pointers()[0]; p.Device.Kind != Mouse || p.X != 30 || p.Y != 40 || !p.Down || !p.JustDown || p.JustUp {
		t.Errorf("pointer %+v, want the mouse just down at (30, 40)", p)
	}
	if f.Pressed[0] != peek || f.Held[0] != peek {
		t.Errorf("mouse seat: pressed %v held %v, want peek from the middle button (a left click is the pointer's)", f.Pressed[0], f.Held[0])
	}
	s.Advance()
	s.Do(MouseUp(ebiten.MouseButtonLeft), MouseDown(ebiten.MouseButtonRight))
	f = poll(t, r, s, 1)
	if p := r.Pointers()[0]; p.Down || p.JustDown || !p.JustUp {
		t.Errorf("pointer %+v, want just up", p)
	}
	if f.Pressed[0] != back {
		t.Errorf("right button pressed %v, want back", f.Pressed[0])
	}
}
