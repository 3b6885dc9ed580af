package privacy

import (
	"image/color"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/persist"
	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/privacy/screenshot"
)

// handColours are the unmistakable colours the demo table paints each
// seat's hand in, so a screenshot shows whose hand is on screen.
var handColours = [2]color.RGBA{{0xff, 0x00, 0xff, 0xff}, {0x00, 0xff, 0xff, 0xff}}

// demoTable is the smallest hidden-hand table: two humans on one shared
// keyboard zone take turns, each seat's hand drawn only through the gate.
type demoTable struct {
	d      *scenes.Director
	router *input.Router
	gate   *Gate
	owe    []int // who owes now, set by the test's script
	tick   int64
	drawn  rulesets.Audience // hands drawn since the last reset
}

func (t *demoTable) Name() string { return "demo" }

func (t *demoTable) Update(ctx *scenes.Context) error {
	f, _ := t.router.Poll(ctx.Source(), t.tick)
	t.tick++
	t.gate.Owe(t.owe)
	t.gate.Update(f)
	return nil
}

func (t *demoTable) Draw(c *scenes.Canvas) {
	pal := t.d.Palette()
	c.FillRect(0, 0, scenes.ScreenWidth, scenes.ScreenHeight, pal.Backdrop)
	for seat := range 2 {
		if t.gate.MayShow(seat) {
			t.drawn |= rulesets.Only(seat)
			c.FillRect(340, 480, 600, 180, handColours[seat])
		}
	}
	if seat, ok := t.gate.Curtain(); ok {
		DrawCurtain(c, pal, seat, "Enter")
	}
}

var (
	demo                  *demoTable
	curtainShot, handShot *screenshot.Shot
	drawnBehindCurtain    rulesets.Audience
	drawnFirst            rulesets.Audience // during Player 1's turn
)

func TestMain(m *testing.M) { screenshot.Main(m, shots) }

func shots(dir string) ([]*screenshot.Shot, error) {
	src, r := new(input.Script), input.NewRouter()
	for seat := range 2 {
		if err := r.Bind(seat, input.Device{Kind: input.KeyZone, Index: 1}); err != nil {
			return nil, err
		}
	}
	d := scenes.New(scenes.Options{Source: src, Store: persist.At(dir), Start: func(d *scenes.Director) scenes.Scene {
		demo = &demoTable{d: d, router: r, gate: NewGate(HandOff, rulesets.Only(0, 1), r.Focus)}
		return demo
	}})
	// Player 1 reveals and plays; then it is Player 2's turn: the curtain.
	script := map[int]func(){
		0: func() { demo.owe = []int{0} },
		2: func() { src.Do(input.KeyDown(ebiten.KeyEnter)) },
		3: func() { src.Do(input.KeyUp(ebiten.KeyEnter)) },
		5: func() { drawnFirst, demo.owe, demo.drawn = demo.drawn, []int{1}, 0 },
	}
	step := func(tick int) {
		src.Advance()
		if f := script[tick]; f != nil {
			f()
		}
	}
	curtainShot = &screenshot.Shot{Name: "privacy-curtain", Director: d, Step: func(tick int) bool {
		step(tick)
		return tick == 10
	}}
	handShot = &screenshot.Shot{Name: "privacy-hand", Director: d, Step: func(tick int) bool {
		switch tick {
		case 0:
			drawnBehindCurtain = demo.drawn
			src.Advance()
			src.Do(input.KeyDown(ebiten.KeyEnter)) // Player 2 lifts the curtain
		case 1:
			src.Advance()
			src.Do(input.KeyUp(ebiten.KeyEnter))
		}
		return tick == 4
	}}
	return []*screenshot.Shot{curtainShot, handShot}, nil
}

// count returns how many pixels of the shot have colour c.
func count(s *screenshot.Shot, c color.RGBA) int {
	n := 0
	b := s.Image.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if s.Image.RGBAAt(x, y) == c {
				n++
			}
		}
	}
	return n
}

// TestNoOtherHandOnScreen renders the hand-off in a real window: while the
// curtain waits for Player 2, neither hand is drawn or visible; once Player
// 2 reveals, only Player 2's hand is.
func TestNoOtherHandOnScreen(t *testing.T) {
	t.Logf("screenshots: %s, %s", curtainShot.Path, handShot.Path)
	if drawnFirst != rulesets.Only(0) {
		t.Fatalf("during Player 1's turn hands %b were drawn, want Player 1's: the scenario went wrong", drawnFirst)
	}
	if drawnBehindCurtain != 0 {
		t.Errorf("hands drawn behind the curtain: %b", drawnBehindCurtain)
	}
	if n := count(curtainShot, handColours[0]) + count(curtainShot, handColours[1]); n != 0 {
		t.Errorf("curtain screenshot shows %d hand pixels", n)
	}
	if demo.drawn != rulesets.Only(1) {
		t.Errorf("hands drawn after Player 2 revealed: %b, want only Player 2's", demo.drawn)
	}
	if n := count(handShot, handColours[0]); n != 0 {
		t.Errorf("Player 2's moment shows %d pixels of Player 1's hand", n)
	}
	if n := count(handShot, handColours[1]); n < 600*180/2 {
		t.Errorf("Player 2's hand shows only %d pixels", n)
	}
}
