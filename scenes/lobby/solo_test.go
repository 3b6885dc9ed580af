package lobby

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/scenes"
)

var slamSolo = Config{Title: "Slam", MinPlayers: 2, MaxPlayers: 8, Bots: []string{"easy", "medium", "hard"},
	Level: "easy", Opponents: 1, Gestures: true}

// TestPlayVsComputer chooses Play vs computer on a game's menu in the
// ways a player can and checks the seating it starts with: the player who
// chose, on the device they chose with (or the device they can play the
// game with), then the AI players, and no lobby on the way.
func TestPlayVsComputer(t *testing.T) {
	ninjanSolo := ninjan
	ninjanSolo.Opponents = 3
	pad := ebiten.StandardGamepadButtonRightBottom
	for _, c := range []struct {
		name string
		cfg  Config
		do   func(h *harness)
		want string
	}{
		{"Enter", ninjanSolo, func(h *harness) { h.tick(input.KeyDown(ebiten.KeyEnter)) }, "Right keys AI:medium AI:medium AI:medium"},
		{"E", ninjanSolo, func(h *harness) { h.tick(input.KeyDown(ebiten.KeyE)) }, "Left keys AI:medium AI:medium AI:medium"},
		{"pad A", ninjanSolo, func(h *harness) { h.tick(input.PadConnect(0)); h.tick(input.PadDown(0, pad)) }, "Gamepad 1 AI:medium AI:medium AI:medium"},
		{"S W Space: the keys used last", ninjanSolo, func(h *harness) {
			h.tick(input.KeyDown(ebiten.KeyS))
			h.tick(input.KeyDown(ebiten.KeyW))
			h.tick(input.KeyDown(ebiten.KeySpace))
		}, "Left keys AI:medium AI:medium AI:medium"},
		{"→ Enter: a stronger level", ninjanSolo, func(h *harness) {
			h.tick(input.KeyDown(ebiten.KeyArrowRight))
			h.tick(input.KeyDown(ebiten.KeyEnter))
		}, "Right keys AI:hard AI:hard AI:hard"},
		{"click: the keys of Enter", ninjanSolo, func(h *harness) { h.click(450, 270) }, "Right keys AI:medium AI:medium AI:medium"},
		{"tap", ninjanSolo, func(h *harness) { h.tap(450, 270) }, "Touch screen AI:medium AI:medium AI:medium"},
		{"Slam: Enter", slamSolo, func(h *harness) { h.tick(input.KeyDown(ebiten.KeyEnter)) }, "Slam keys 1–4 AI:easy"},
		{"Slam: 7 then Space", slamSolo, func(h *harness) {
			h.tick(input.KeyDown(ebiten.KeyDigit7))
			h.tick(input.KeyDown(ebiten.KeySpace))
		}, "Slam keys 7–0 AI:easy"},
		{"Slam: pad A", slamSolo, func(h *harness) { h.tick(input.PadConnect(0)); h.tick(input.PadDown(0, pad)) }, "Gamepad 1 AI:easy"},
		{"Slam: tap", slamSolo, func(h *harness) { h.tap(450, 270) }, "Touch corner 1 AI:easy"},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := startHarness(t, c.cfg, func(d *scenes.Director, cfg Config) scenes.Scene { return NewGameMenu(d, "test", cfg, nil) })
			c.do(h)
			s := h.started
			if s == nil {
				t.Fatalf("not started; top scene %q, cursor %d", h.d.Top().Name(), h.d.Status().Cursor)
			}
			if got := seatsString(s.Seats); got != c.want {
				t.Errorf("seats %q, want %q", got, c.want)
			}
			if s.Humans() != rulesets.Only(0) || s.Router.Device(0) != s.Seats[0].Device {
				t.Errorf("humans %v, seat 0 on %v: want one human at seat 0 on its device", s.Humans(), s.Router.Device(0))
			}
			for seat := 1; seat < rulesets.MaxSeats; seat++ {
				if d := s.Router.Device(seat); d != input.NoDevice {
					t.Errorf("seat %d bound to %v", seat, d)
				}
			}
			if h.d.Top().Name() != "test-setup" {
				t.Errorf("top scene %q: the lobby opened on the way", h.d.Top().Name())
			}
		})
	}
}

// tap taps the touch screen at logical (x, y) (tick lifts the finger
// on the next tick).
func (h *harness) tap(x, y float64) {
	sx, sy := h.d.ToScreen(x, y)
	h.tick(input.TouchDown(1, sx, sy))
}

func seatsString(seats []Seat) string {
	var s string
	for i, st := range seats {
		if i > 0 {
			s += " "
		}
		switch st.Kind {
		case Human:
			s += DeviceName(st.Device)
		case Bot:
			s += "AI:" + st.Bot
		}
	}
	return s
}
