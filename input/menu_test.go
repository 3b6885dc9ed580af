package input

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/jankenarcade/janken/rulesets"
)

func TestMenuInputMergesEveryDevice(t *testing.T) {
	tests := []struct {
		name          string
		events        []Event
		pressed, held rulesets.Buttons
	}{
		{"arrows and WASD", []Event{KeyDown(ebiten.KeyArrowUp), KeyDown(ebiten.KeyA)}, up | left, up | left},
		{"Enter, E and Space confirm", []Event{KeyDown(ebiten.KeyEnter), KeyDown(ebiten.KeyE), KeyDown(ebiten.KeySpace)}, confirm, confirm},
		{"Numpad Enter is Enter", KeyTap(ebiten.KeyNumpadEnter), confirm, 0},
		{"Q and Backspace back", []Event{KeyDown(ebiten.KeyQ), KeyDown(ebiten.KeyBackspace)}, back, back},
		{"Esc is the menu key, F1 the rules", []Event{KeyDown(ebiten.KeyEscape), KeyDown(ebiten.KeyF1)}, menu | rules, menu | rules},
		{"a Slam zone gestures", []Event{KeyDown(ebiten.KeyDigit1)}, rock, rock},
		{"any pad", []Event{PadDown(0, padA), PadDown(3, padView)}, confirm | clap | rules, confirm | clap | rules},
		{"a pad's stick", []Event{PadAxis(3, ebiten.StandardGamepadAxisLeftStickHorizontal, 0.8)}, right, right},
		{"the mouse's right button backs", []Event{MouseDown(ebiten.MouseButtonRight)}, back, back},
		{"keys of no action", []Event{KeyDown(ebiten.KeyP)}, 0, 0},
		{"Ctrl+S is a shortcut, not down", []Event{KeyDown(ebiten.KeyControlLeft), KeyDown(ebiten.KeyS)}, 0, 0},
		{"Cmd+D is a shortcut, not right", []Event{KeyDown(ebiten.KeyMetaRight), KeyDown(ebiten.KeyD), KeyDown(ebiten.KeyArrowUp)}, 0, 0},
		{"Shift and Alt do not make shortcuts", []Event{KeyDown(ebiten.KeyShiftRight), KeyDown(ebiten.KeyAltLeft), KeyDown(ebiten.KeyS)}, down | peek, down | peek},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := new(Script)
			s.Do(PadConnect(0), PadConnect(3))
			m := NewMenuInput(NewRouter())
			m.Poll(s)
			s.Advance()
			s.Do(tt.events...)
			if p, h := m.Poll(s); p != tt.pressed || h != tt.held {
				t.Errorf("pressed %v held %v, want %v and %v", p, h, tt.pressed, tt.held)
			}
		})
	}
}

// TestMenuKeysAreNoSeat checks that the menu keys act in menus only: they
// press nothing at a table and seat nobody in the lobby.
func TestMenuKeysAreNoSeat(t *testing.T) {
	r, s := NewRouter(), new(Script)
	bindAll(t, r, Device{KeyZone, 0}, Device{KeyZone, 1})
	if err := r.Bind(0, Device{KeyZone, MenuKeys}); err == nil {
		t.Error("a seat was bound to the menu keys")
	}
	s.Do(KeyDown(ebiten.KeySpace))
	if f := poll(t, r, s, 0); f.Pressed != ([rulesets.MaxSeats]rulesets.Buttons{}) || len(r.Loose()) != 0 {
		t.Errorf("Space: pressed %v, loose %v; want nothing at the table and nobody joining", f.Pressed, r.Loose())
	}
}

// TestMenuInputFollowsRemap checks that menus answer to what the controls
// screen sets on the router, and no longer to the key it replaced.
func TestMenuInputFollowsRemap(t *testing.T) {
	r, s := NewRouter(), new(Script)
	m := NewMenuInput(r)
	c := r.Controls()
	if err := c.BindKey(1, up, ebiten.KeyI); err != nil {
		t.Fatal(err)
	}
	if err := r.SetControls(c); err != nil {
		t.Fatal(err)
	}
	s.Do(KeyTap(ebiten.KeyI)...)
	if p, _ := m.Poll(s); p != up {
		t.Errorf("the new key I pressed %v, want up", p)
	}
	s.Advance()
	s.Do(KeyTap(ebiten.KeyArrowUp)...)
	if p, _ := m.Poll(s); p != 0 {
		t.Errorf("the old key ↑ pressed %v, want nothing", p)
	}
}

// TestMenuInputBesideRouter polls a MenuInput and a Router on the same
// ticks, as the director and a table do: each sees the stick's fresh push
// and the new touch.
func TestMenuInputBesideRouter(t *testing.T) {
	r, s := NewRouter(), new(Script)
	m := NewMenuInput(r)
	s.Do(PadConnect(0))
	poll(t, r, s, 0)
	m.Poll(s)
	bindAll(t, r, Device{Pad, 0})
	s.Advance()
	s.Do(PadAxis(0, ebiten.StandardGamepadAxisLeftStickVertical, 0.9), TouchDown(4, 10, 20))
	f := poll(t, r, s, 1)
	menuPressed, _ := m.Poll(s)
	if f.Pressed[0] != down || menuPressed != down {
		t.Errorf("stick pushed: seat %v, menus %v; want down for both", f.Pressed[0], menuPressed)
	}
	for name, ptrs := range map[string][]Pointer{"router": r.Pointers(), "menus": m.Pointers()} {
		if len(ptrs) != 2 || !ptrs[1].JustDown || ptrs[1].X != 10 {
			t.Errorf("%s: pointers %+v, want the touch just down", name, ptrs)
		}
	}
}

func BenchmarkMenuInputPoll(b *testing.B) {
	r, s := NewRouter(), new(Script)
	m := NewMenuInput(r)
	s.Do(PadConnect(0), PadConnect(1))
	press := []Event{KeyDown(ebiten.KeyW), KeyDown(ebiten.KeyEnter), PadDown(0, padA), TouchDown(1, 5, 5), MouseDown(ebiten.MouseButtonLeft)}
	release := Releases(press)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		s.Advance()
		if i%2 == 0 {
			s.Do(press...)
		} else {
			s.Do(release...)
		}
		m.Poll(s)
	}
}
