package lobby

import (
	"image"
	"image/color"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/persist"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/privacy/screenshot"
)

// lobbyShot is the lobby drawn in a real window: three players seated on
// three kinds of device and one AI player; slamShot a Slam lobby with
// players on four-key zones and a touch corner.
var lobbyShot, slamShot *screenshot.Shot

func TestMain(m *testing.M) { screenshot.Main(m, shots) }

func shots(dir string) ([]*screenshot.Shot, error) {
	src := new(input.Script)
	var l *Lobby
	d := scenes.New(scenes.Options{Source: src, Store: persist.At(dir),
		Start: func(d *scenes.Director) scenes.Scene { l = New(d, ninjan); return l }})
	script := [][]input.Event{
		{input.KeyDown(ebiten.KeyEnter)},
		{input.KeyUp(ebiten.KeyEnter), input.PadConnect(0)},
		{input.PadDown(0, ebiten.StandardGamepadButtonRightBottom)},
		{input.PadUp(0, ebiten.StandardGamepadButtonRightBottom), input.KeyDown(ebiten.KeyW)},
		{input.KeyUp(ebiten.KeyW)},
	}
	lobbyShot = &screenshot.Shot{Name: "lobby", Director: d, Step: func(tick int) bool {
		src.Advance()
		if tick < len(script) {
			src.Do(script[tick]...)
		}
		if tick == len(script) {
			l.AddBot()
		}
		return tick == 40
	}}
	src2 := new(input.Script)
	d2 := scenes.New(scenes.Options{Source: src2, Store: persist.At(dir), Start: func(d *scenes.Director) scenes.Scene {
		return New(d, Config{Title: "Slam", MinPlayers: 2, MaxPlayers: 8, Bots: []string{"easy", "medium", "hard"}, Gestures: true})
	}})
	corner := input.SlamTouchAreas(8, scenes.ScreenWidth, scenes.ScreenHeight)[3].Cells[0].Min
	slamScript := [][]input.Event{
		{input.KeyDown(ebiten.KeyDigit1)}, {input.KeyDown(ebiten.KeyM)},
		{input.TouchDown(1, corner.X+4, corner.Y+4)}, {input.TouchUp(1), input.KeyDown(ebiten.KeyS)},
	}
	slamShot = &screenshot.Shot{Name: "lobby-slam", Director: d2, Step: func(tick int) bool {
		src2.Advance()
		if tick < len(slamScript) {
			src2.Do(slamScript[tick]...)
		}
		return tick == 20
	}}
	return []*screenshot.Shot{lobbyShot, slamShot}, nil
}

// TestLobbyScreenshot checks the rendered lobby: each seated player's card
// carries its seat colour, and the empty seat does not.
func TestLobbyScreenshot(t *testing.T) {
	img := lobbyShot.Image
	t.Logf("screenshot: %s", lobbyShot.Path)
	if img.Bounds() != image.Rect(0, 0, scenes.ScreenWidth, scenes.ScreenHeight) {
		t.Fatalf("screen %v", img.Bounds())
	}
	pal := lobbyShot.Director.Palette()
	for seat, seated := range []bool{true, true, true, true, false} {
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
