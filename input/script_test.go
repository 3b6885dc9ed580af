package input

import (
	"slices"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

func TestScriptKeys(t *testing.T) {
	var s Script
	s.Do(KeyDown(ebiten.KeyA))
	s.Do(KeyTap(ebiten.KeyB)...)
	if got := s.AppendJustPressedKeys(nil); !slices.Equal(got, []ebiten.Key{ebiten.KeyA, ebiten.KeyB}) {
		t.Errorf("just pressed on tick 0 = %v, want [A B] (a tap within a tick counts)", got)
	}
	if got := s.AppendPressedKeys(nil); !slices.Equal(got, []ebiten.Key{ebiten.KeyA}) {
		t.Errorf("held on tick 0 = %v, want [A]", got)
	}
	s.At(2, KeyUp(ebiten.KeyA))
	s.Advance()
	if got := s.AppendJustPressedKeys(nil); len(got) != 0 {
		t.Errorf("just pressed on tick 1 = %v, want none", got)
	}
	if got := s.AppendPressedKeys(nil); !slices.Equal(got, []ebiten.Key{ebiten.KeyA}) {
		t.Errorf("held on tick 1 = %v, want [A]", got)
	}
	s.Advance()
	if s.Tick() != 2 || len(s.AppendPressedKeys(nil)) != 0 {
		t.Errorf("tick %d held %v, want tick 2 with nothing held", s.Tick(), s.AppendPressedKeys(nil))
	}
}

func TestScriptPadsSampled(t *testing.T) {
	var s Script
	s.Do(PadConnect(0), PadConnect(1), PadDown(1, ebiten.StandardGamepadButtonRightBottom),
		PadDown(0, ebiten.StandardGamepadButtonRightTop), PadUp(0, ebiten.StandardGamepadButtonRightTop),
		PadAxis(1, ebiten.StandardGamepadAxisLeftStickHorizontal, -0.75))
	if got := s.AppendGamepadIDs(nil); !slices.Equal(got, []ebiten.GamepadID{0, 1}) {
		t.Errorf("pads = %v, want [0 1]", got)
	}
	if got := s.AppendJustPressedGamepadButtons(0, nil); len(got) != 0 {
		t.Errorf("pad 0 just pressed %v: a press released within the tick must not be sampled", got)
	}
	if got := s.AppendJustPressedGamepadButtons(1, nil); !slices.Equal(got, []ebiten.StandardGamepadButton{ebiten.StandardGamepadButtonRightBottom}) {
		t.Errorf("pad 1 just pressed = %v", got)
	}
	if v := s.GamepadAxis(1, ebiten.StandardGamepadAxisLeftStickHorizontal); v != -0.75 {
		t.Errorf("pad 1 axis = %v, want -0.75", v)
	}
	s.Advance()
	s.Do(PadDisconnect(0))
	if got := s.AppendGamepadIDs(nil); !slices.Equal(got, []ebiten.GamepadID{1}) {
		t.Errorf("pads after disconnect = %v, want [1]", got)
	}
	if got := s.AppendPressedGamepadButtons(1, nil); len(got) != 1 || len(s.AppendJustPressedGamepadButtons(1, nil)) != 0 {
		t.Errorf("pad 1 on tick 1: held %v, want held and no longer just pressed", got)
	}
}

func TestScriptMouseAndTouch(t *testing.T) {
	var s Script
	s.Do(MouseMove(10, 20), MouseDown(ebiten.MouseButtonLeft), MouseUp(ebiten.MouseButtonLeft),
		TouchDown(3, 5, 6), TouchDown(7, 100, 200), TouchMove(3, 8, 9))
	if x, y := s.CursorPosition(); x != 10 || y != 20 {
		t.Errorf("cursor = (%d, %d), want (10, 20)", x, y)
	}
	if !s.IsMouseButtonJustPressed(ebiten.MouseButtonLeft) || s.IsMouseButtonPressed(ebiten.MouseButtonLeft) {
		t.Error("a click within a tick: want just pressed and not held")
	}
	if got := s.AppendTouchIDs(nil); !slices.Equal(got, []ebiten.TouchID{3, 7}) {
		t.Errorf("touches = %v, want [3 7]", got)
	}
	if x, y := s.TouchPosition(3); x != 8 || y != 9 {
		t.Errorf("touch 3 at (%d, %d), want (8, 9)", x, y)
	}
	s.Advance()
	s.Do(TouchUp(3))
	if s.IsMouseButtonJustPressed(ebiten.MouseButtonLeft) {
		t.Error("click still just pressed on the next tick")
	}
	if got := s.AppendTouchIDs(nil); !slices.Equal(got, []ebiten.TouchID{7}) {
		t.Errorf("touches after lift = %v, want [7]", got)
	}
}

func TestScriptRejectsImpossibleEvents(t *testing.T) {
	tests := map[string]func(*Script){
		"button of absent pad": func(s *Script) { s.Do(PadDown(4, ebiten.StandardGamepadButtonRightBottom)) },
		"pad connected twice":  func(s *Script) { s.Do(PadConnect(0), PadConnect(0)) },
		"lift absent touch":    func(s *Script) { s.Do(TouchUp(1)) },
		"schedule in the past": func(s *Script) { s.Advance(); s.At(0, KeyDown(ebiten.KeyA)) },
	}
	for name, f := range tests {
		t.Run(name, func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Error("no panic")
				}
			}()
			f(new(Script))
		})
	}
}

func TestReleases(t *testing.T) {
	got := Releases([]Event{KeyDown(ebiten.KeyA), PadDown(1, ebiten.StandardGamepadButtonRightTop), MouseMove(1, 2),
		MouseDown(ebiten.MouseButtonRight), TouchDown(4, 0, 0), KeyUp(ebiten.KeyB)})
	want := []Event{KeyUp(ebiten.KeyA), PadUp(1, ebiten.StandardGamepadButtonRightTop), MouseUp(ebiten.MouseButtonRight), TouchUp(4)}
	if !slices.Equal(got, want) {
		t.Errorf("Releases = %v, want %v", got, want)
	}
}
