package lobby

import (
	"image"
	"image/color"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/persist"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/scenetest"
)

func TestMain(m *testing.M) { scenetest.Main(m) }

// TestLobbyScreenshot renders the lobby with three players seated on
// three kinds of device and one AI player: each seated player's card
// carries its seat colour, and the empty seat does not.
func TestLobbyScreenshot(t *testing.T) {
	src := new(input.Script)
	var l *Lobby
	d := scenes.New(scenes.Options{Source: src, Store: persist.At(t.TempDir()),
		Start: func(d *scenes.Director) scenes.Scene { l = New(d, ninjan); return l }})
	script := [][]input.Event{
		{input.KeyDown(ebiten.KeyEnter)},
		{input.KeyUp(ebiten.KeyEnter), input.PadConnect(0)},
		{input.PadDown(0, ebiten.StandardGamepadButtonRightBottom)},
		{input.PadUp(0, ebiten.StandardGamepadButtonRightBottom), input.KeyDown(ebiten.KeyE)},
		{input.KeyUp(ebiten.KeyE)},
	}
	scenetest.Run(t, d, 41, func(tick int) {
		src.Advance()
		if tick < len(script) {
			src.Do(script[tick]...)
		}
		if tick == len(script) {
			l.AddBot()
		}
	})
	img := scenetest.Shoot(t, d, "lobby")
	pal := d.Palette()
	for seat, seated := range []bool{true, true, true, true, false} {
		x, y := cardRect(seat)
		got := img.RGBAAt(int(x)+6, int(y+cardH/2))
		if near(got, pal.Seats[seat]) != seated {
			t.Errorf("seat %d band is %v; seat colour %v, seated %v", seat, got, pal.Seats[seat], seated)
		}
	}
}

// slamLobbyShot renders a Slam lobby with players on four-key zones and a
// touch corner.
func slamLobbyShot(t *testing.T) (*scenes.Director, *image.RGBA) {
	src := new(input.Script)
	d := scenes.New(scenes.Options{Source: src, Store: persist.At(t.TempDir()), Start: func(d *scenes.Director) scenes.Scene {
		return New(d, Config{Title: "Slam", MinPlayers: 2, MaxPlayers: 8, Bots: []string{"easy", "medium", "hard"}, Gestures: true})
	}})
	corner := input.SlamTouchAreas(8, scenes.ScreenWidth, scenes.ScreenHeight)[3].Cells[0].Min
	script := [][]input.Event{
		{input.KeyDown(ebiten.KeyDigit1)}, {input.KeyDown(ebiten.KeyM)},
		{input.TouchDown(1, corner.X+4, corner.Y+4)}, {input.TouchUp(1), input.KeyDown(ebiten.KeyS)},
	}
	scenetest.Run(t, d, 21, func(tick int) {
		src.Advance()
		if tick < len(script) {
			src.Do(script[tick]...)
		}
	})
	return d, scenetest.Shoot(t, d, "lobby-slam")
}

// TestSlamLobbyScreenshot checks the Slam lobby as drawn: the players on
// the zones 1–4 and M–/ and on a touch corner hold seats 1–3, in their
// seat colours; seat 4 is empty.
func TestSlamLobbyScreenshot(t *testing.T) {
	d, img := slamLobbyShot(t)
	pal := d.Palette()
	for seat, seated := range []bool{true, true, true, false} {
		x, y := cardRect(seat)
		got := img.RGBAAt(int(x)+6, int(y+cardH/2))
		if near(got, pal.Seats[seat]) != seated {
			t.Errorf("seat %d band is %v; seat colour %v, seated %v", seat, got, pal.Seats[seat], seated)
		}
	}
}

func near(a, b color.RGBA) bool {
	d := func(x, y uint8) int { return max(int(x)-int(y), int(y)-int(x)) }
	return d(a.R, b.R) < 12 && d(a.G, b.G) < 12 && d(a.B, b.B) < 12
}
