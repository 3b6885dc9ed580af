package lobby

import (
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/persist"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/privacy"
)

// harness runs a lobby in a headless director fed by a Script.
type harness struct {
	t       *testing.T
	d       *scenes.Director
	src     *input.Script
	lobby   *Lobby
	started *Seating
}

func newHarness(t *testing.T, cfg Config) *harness {
	return startHarness(t, cfg, func(d *scenes.Director, cfg Config) scenes.Scene { return New(d, cfg) })
}

// startHarness runs the scene first returns for cfg, whose Start records
// the seating in h.started.
func startHarness(t *testing.T, cfg Config, first func(*scenes.Director, Config) scenes.Scene) *harness {
	h := &harness{t: t, src: new(input.Script)}
	cfg.Start = func(ctx *scenes.Context, s Seating) { h.started = &s }
	h.d = scenes.New(scenes.Options{Source: h.src, Store: persist.At(t.TempDir()),
		Start: func(d *scenes.Director) scenes.Scene {
			sc := first(d, cfg)
			h.lobby, _ = sc.(*Lobby)
			return sc
		}})
	h.tick()
	return h
}

// tick runs one director tick with events, then releases every key and
// button pressed so that the next press is new.
func (h *harness) tick(events ...input.Event) {
	h.t.Helper()
	h.src.Do(events...)
	if err := h.d.Update(); err != nil {
		h.t.Fatal(err)
	}
	h.src.Advance()
	h.src.Do(input.Releases(events)...)
}

// click clicks the mouse at logical (x, y).
func (h *harness) click(x, y float64) {
	sx, sy := h.d.ToScreen(x, y)
	h.tick(input.MouseMove(sx, sy))
	h.tick(input.MouseDown(ebiten.MouseButtonLeft))
}

// menu puts the cursor on item and activates it with Space, the menu
// keys' Confirm, which never seats anyone.
func (h *harness) menu(item int) {
	h.t.Helper()
	if h.lobby.menu.Cursor = h.lobby.row(item); h.lobby.menu.Cursor < 0 {
		h.t.Fatalf("no menu row for item %d", item)
	}
	h.tick(input.KeyDown(ebiten.KeySpace))
}

func (h *harness) seats() string {
	var b strings.Builder
	for _, s := range h.lobby.Seats() {
		switch s.Kind {
		case Empty:
			b.WriteString("_ ")
		case Human:
			b.WriteString(DeviceName(s.Device) + " ")
		case Bot:
			b.WriteString("AI:" + s.Bot + " ")
		}
	}
	return strings.TrimSpace(b.String())
}

func (h *harness) want(seats, message string) {
	h.t.Helper()
	if got := h.seats(); got != seats {
		h.t.Errorf("seats = %q, want %q", got, seats)
	}
	if message != "" && !strings.Contains(h.lobby.Message(), message) {
		h.t.Errorf("message = %q, want it to contain %q", h.lobby.Message(), message)
	}
}

var ninjan = Config{Title: "Ninjan", MinPlayers: 2, MaxPlayers: 5, Bots: []string{"easy", "medium", "hard"}}

func TestJoinAndLeave(t *testing.T) {
	h := newHarness(t, ninjan)
	h.tick(input.KeyDown(ebiten.KeyEnter))
	h.want("Right keys _ _ _ _", "Player 1 joined with Right keys")
	if h.lobby.Cursor() != 0 || h.started != nil {
		t.Error("the joining press also worked the menu")
	}
	h.tick(input.PadConnect(0))
	h.tick(input.PadDown(0, ebiten.StandardGamepadButtonRightBottom))
	h.tick(input.KeyDown(ebiten.KeyE))
	h.want("Right keys Gamepad 1 Left keys _ _", "Player 3 joined with Left keys")

	h.tick(input.KeyDown(ebiten.KeyDigit1))
	h.want("Right keys Gamepad 1 Left keys _ _", "Slam keys 1–4 is for Slam")

	h.tick(input.KeyDown(ebiten.KeyBackspace)) // Right keys' Back
	h.want("_ Gamepad 1 Left keys _ _", "Player 1 left")
	if h.d.Top() != scenes.Scene(h.lobby) {
		t.Fatal("leaving a seat also left the lobby")
	}
	x, y := cardRect(3)
	h.click(x+20, y+20)
	h.want("_ Gamepad 1 Left keys Mouse _", "Player 4 joined with Mouse")
	h.click(x+20, y+20)
	h.want("_ Gamepad 1 Left keys _ _", "Player 4 left")

	h.tick(input.PadDisconnect(0))
	h.tick()
	h.want("_ _ Left keys _ _", "Player 2's gamepad disconnected")
}

func TestBotsAndPlayerRange(t *testing.T) {
	h := newHarness(t, ninjan)
	h.menu(itemStart)
	h.want("_ _ _ _ _", "Ninjan needs 2–5 players: 2 more to start (press E, Enter or A on a free device, or add an AI player).")
	h.tick(input.KeyDown(ebiten.KeyE))
	h.menu(itemAddBot)
	h.want("Left keys AI:medium _ _ _", "")
	h.lobby.Leave(1)
	h.tick(input.KeyDown(ebiten.KeyEnter)) // Right keys join; not a menu choice
	if row := h.lobby.row(itemAddBot); h.lobby.Cursor() != row || h.seats() != "Left keys Right keys _ _ _" {
		t.Fatalf("the joining Enter worked the menu: cursor %d, seats %q", h.lobby.Cursor(), h.seats())
	}
	h.tick(input.KeyDown(ebiten.KeySpace))
	h.tick(input.KeyDown(ebiten.KeyArrowRight)) // difficulty medium → hard
	h.tick(input.KeyDown(ebiten.KeySpace))
	h.want("Left keys Right keys AI:medium AI:hard _", "Player 4 is an AI player (hard)")
	h.tick(input.KeyDown(ebiten.KeyEnter)) // seated Right keys press the button
	h.tick(input.KeyDown(ebiten.KeySpace))
	h.want("Left keys Right keys AI:medium AI:hard AI:hard", "")
	h.tick(input.PadConnect(1))
	h.tick(input.PadDown(1, ebiten.StandardGamepadButtonRightBottom))
	h.want("Left keys Right keys Gamepad 2 AI:hard AI:hard", "Player 3 joined with Gamepad 2")

	h.menu(itemRemoveBot)
	h.want("Left keys Right keys Gamepad 2 AI:hard _", "Player 5's AI player left")
	h.menu(itemStart)
	if h.started == nil {
		t.Fatalf("not started: %q", h.lobby.Message())
	}
	s := h.started
	if len(s.Seats) != 4 || s.Privacy != privacy.Peek || s.Humans() != 0b0111 {
		t.Errorf("seating %+v, want 4 seats, 3 humans with their own devices (Peek)", *s)
	}
	for i, d := range []input.Device{{Kind: input.KeyZone, Index: 0}, {Kind: input.KeyZone, Index: 1}, {Kind: input.Pad, Index: 1}, input.NoDevice} {
		if s.Router.Device(i) != d {
			t.Errorf("seat %d on %v, want %v", i, s.Router.Device(i), d)
		}
	}
}

func TestTableFull(t *testing.T) {
	h := newHarness(t, Config{Title: "Duel", MinPlayers: 2, MaxPlayers: 2})
	h.tick(input.KeyDown(ebiten.KeyE))
	h.tick(input.KeyDown(ebiten.KeyEnter))
	h.tick(input.PadConnect(0))
	h.tick(input.PadDown(0, ebiten.StandardGamepadButtonRightBottom))
	h.want("Left keys Right keys", "The table is full: Duel seats at most 2 players.")
}

func TestPassAndPlay(t *testing.T) {
	h := newHarness(t, ninjan)
	h.tick(input.KeyDown(ebiten.KeyEnter))
	h.menu(itemShare)
	h.menu(itemShare)
	h.want("Right keys Right keys Right keys _ _", "Player 3 joined with Right keys")
	h.menu(itemStart)
	if h.started == nil || h.started.Privacy != privacy.HandOff {
		t.Fatalf("started %+v (%q), want a hand-off seating", h.started, h.lobby.Message())
	}
}

func TestSlamLobby(t *testing.T) {
	h := newHarness(t, Config{Title: "Slam", MinPlayers: 2, MaxPlayers: 8, Bots: []string{"easy"}, Gestures: true})
	if h.lobby.row(itemShare) >= 0 {
		t.Error("a Slam lobby offers pass-and-play")
	}
	h.tick(input.KeyDown(ebiten.KeyS)) // Left keys work the menu only
	h.want("_ _ _ _ _ _ _ _", "")
	if h.lobby.Cursor() != h.lobby.row(itemStart) {
		t.Errorf("cursor %d after Left keys' Down, want Start (Remove AI is disabled)", h.lobby.Cursor())
	}
	x, y := cardRect(0)
	h.click(x+20, y+20)
	h.want("_ _ _ _ _ _ _ _", "Slam needs four buttons: tap a corner of the screen, or use a gamepad or a four-key zone 1 2 3 4, 7 8 9 0, Z X C V, M , . /")
	h.tick(input.KeyDown(ebiten.KeyDigit3))
	h.tick(input.KeyDown(ebiten.KeyPeriod))
	area := input.SlamTouchAreas(8, scenes.ScreenWidth, scenes.ScreenHeight)[2].Cells[0]
	sx, sy := h.d.ToScreen(float64(area.Min.X+5), float64(area.Min.Y+5))
	h.tick(input.TouchDown(1, sx, sy))
	h.want("Slam keys 1–4 Slam keys M–/ Touch corner 3 _ _ _ _ _", "Player 3 joined with Touch corner 3")

	// Holding Clap for a second leaves; letting go early does not.
	h.src.Do(input.KeyDown(ebiten.KeyDigit4))
	for range leaveHoldTicks - 1 {
		h.tick()
	}
	h.want("Slam keys 1–4 Slam keys M–/ Touch corner 3 _ _ _ _ _", "")
	h.tick()
	h.want("_ Slam keys M–/ Touch corner 3 _ _ _ _ _", "Player 1 left")
}

func TestStartWithADeviceJustGone(t *testing.T) {
	h := newHarness(t, ninjan)
	h.tick(input.KeyDown(ebiten.KeyE))
	h.tick(input.PadConnect(2))
	h.tick(input.PadDown(2, ebiten.StandardGamepadButtonRightBottom))
	h.tick(input.KeyDown(ebiten.KeyEnter))
	h.lobby.menu.Cursor = h.lobby.row(itemStart)
	h.tick(input.PadDisconnect(2), input.KeyDown(ebiten.KeySpace))
	if h.started != nil {
		t.Fatal("started without the pad that left")
	}
	h.want("Left keys _ Right keys _ _", "Gamepad 3 is gone")
	if h.lobby.Router().Device(0) != (input.Device{Kind: input.KeyZone, Index: 0}) || h.lobby.Router().Device(2) != (input.Device{Kind: input.KeyZone, Index: 1}) {
		t.Errorf("router not restored to the lobby's seats: %v, %v", h.lobby.Router().Device(0), h.lobby.Router().Device(2))
	}
}

// TestNavigationNeverSeats: the arrows and WASD, pressed by a device with
// no seat, move the menu's cursor and seat nobody, in a card game's lobby
// and in Slam's. (Before, any press of a loose zone seated it.)
func TestNavigationNeverSeats(t *testing.T) {
	slam := Config{Title: "Slam", MinPlayers: 2, MaxPlayers: 8, Bots: []string{"easy"}, Gestures: true}
	for _, cfg := range []Config{ninjan, slam} {
		for _, k := range []ebiten.Key{ebiten.KeyArrowUp, ebiten.KeyArrowDown, ebiten.KeyArrowLeft, ebiten.KeyArrowRight,
			ebiten.KeyW, ebiten.KeyA, ebiten.KeyS, ebiten.KeyD} {
			t.Run(cfg.Title+"/"+k.String(), func(t *testing.T) {
				h := newHarness(t, cfg)
				before := h.lobby.Cursor()
				h.tick(input.KeyDown(k))
				h.want(strings.TrimSpace(strings.Repeat("_ ", cfg.MaxPlayers)), "")
				if h.lobby.Message() != "" {
					t.Errorf("message %q after %v", h.lobby.Message(), k)
				}
				moved := h.lobby.Cursor() != before
				if vertical := k == ebiten.KeyArrowUp || k == ebiten.KeyArrowDown || k == ebiten.KeyW || k == ebiten.KeyS; moved != vertical {
					t.Errorf("%v moved the cursor %d → %d", k, before, h.lobby.Cursor())
				}
			})
		}
	}
}

// TestIssueWalkHasNoGhostSeat replays issue 18's walk in That's Mine's
// lobby: E, Space three times, then ↓. Left keys and three AI players are
// seated; the arrow moves the cursor and seats no "Right keys".
func TestIssueWalkHasNoGhostSeat(t *testing.T) {
	h := newHarness(t, Config{Title: "That's Mine", MinPlayers: 3, MaxPlayers: 6, Bots: []string{"easy", "medium", "hard"}})
	for _, k := range []ebiten.Key{ebiten.KeyE, ebiten.KeySpace, ebiten.KeySpace, ebiten.KeySpace, ebiten.KeyArrowDown} {
		h.tick(input.KeyDown(k))
	}
	h.want("Left keys AI:medium AI:medium AI:medium _ _", "Player 4 is an AI player (medium).")
	if h.lobby.Cursor() != h.lobby.row(itemShare) {
		t.Errorf("cursor on row %d after ↓, want %d", h.lobby.Cursor(), h.lobby.row(itemShare))
	}
}

// TestConfirmPressesButtonsOnceSeated: each device's Confirm seats it
// the first time, and once it is seated presses the highlighted button
// (Add AI).
func TestConfirmPressesButtonsOnceSeated(t *testing.T) {
	for _, c := range []struct {
		device        string
		connect, down input.Event
	}{
		{"Left keys", input.Event{}, input.KeyDown(ebiten.KeyE)},
		{"Right keys", input.Event{}, input.KeyDown(ebiten.KeyEnter)},
		{"Gamepad 1", input.PadConnect(0), input.PadDown(0, ebiten.StandardGamepadButtonRightBottom)},
	} {
		t.Run(c.device, func(t *testing.T) {
			h := newHarness(t, ninjan)
			if c.connect != (input.Event{}) {
				h.tick(c.connect)
			}
			h.tick(c.down)
			h.want(c.device+" _ _ _ _", "Player 1 joined with "+c.device)
			h.tick(c.down)
			h.want(c.device+" AI:medium _ _ _", "Player 2 is an AI player (medium)")
		})
	}
}

// TestSlamPadHoldsConfirm: a pad joins Slam's lobby with A, not with its
// other gestures, and holding A (Clap, and the Confirm that presses the
// buttons) does not unseat it: a pad leaves with B.
func TestSlamPadHoldsConfirm(t *testing.T) {
	h := newHarness(t, Config{Title: "Slam", MinPlayers: 2, MaxPlayers: 8, Bots: []string{"easy"}, Gestures: true})
	h.tick(input.PadConnect(0))
	h.tick(input.PadDown(0, ebiten.StandardGamepadButtonRightLeft)) // X: rock
	h.want("_ _ _ _ _ _ _ _", "")
	a := ebiten.StandardGamepadButtonRightBottom
	h.src.Do(input.PadDown(0, a)) // and held
	h.tick()
	h.want("Gamepad 1 _ _ _ _ _ _ _", "Player 1 joined with Gamepad 1")
	for range 2 * leaveHoldTicks {
		h.tick()
	}
	h.want("Gamepad 1 _ _ _ _ _ _ _", "")
	h.src.Do(input.PadUp(0, a))
	h.tick(input.PadDown(0, ebiten.StandardGamepadButtonRightRight)) // B
	h.want("_ _ _ _ _ _ _ _", "Player 1 left")
}

// TestNobodyPlaying: AI players alone do not start; the message names the
// keys that join.
func TestNobodyPlaying(t *testing.T) {
	h := newHarness(t, ninjan)
	h.menu(itemAddBot)
	h.menu(itemAddBot)
	h.menu(itemStart)
	h.want("AI:medium AI:medium _ _ _", "Nobody is playing: press E, Enter or A on your device to join first.")
	if h.started != nil {
		t.Error("started with no human")
	}
}
