package privacy

import (
	"image"
	"image/color"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/persist"
	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/scenetest"
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
		DrawCurtain(c, pal, seat, scenes.SeatName(seat, ""), "Enter", t.d.TouchOnly())
	}
}

func TestMain(m *testing.M) { scenetest.Main(m) }

// TestNoOtherHandOnScreen plays a hand-off, drawing every tick as the game
// does: during Player 1's turn only Player 1's hand is drawn; while the
// curtain waits for Player 2, neither hand is drawn or visible; once
// Player 2 reveals, only Player 2's hand is.
func TestNoOtherHandOnScreen(t *testing.T) {
	src, r := new(input.Script), input.NewRouter()
	for seat := range 2 {
		if err := r.Bind(seat, input.Device{Kind: input.KeyZone, Index: 1}); err != nil {
			t.Fatal(err)
		}
	}
	var demo *demoTable
	d := scenes.New(scenes.Options{Source: src, Store: persist.At(t.TempDir()), Start: func(d *scenes.Director) scenes.Scene {
		demo = &demoTable{d: d, router: r, gate: NewGate(HandOff, rulesets.Only(0, 1), r.Focus)}
		return demo
	}})
	// Each tick is drawn before the next, as frames come between ticks;
	// small, for what the table asks the gate is the same at any size.
	screen := ebiten.NewImage(scenes.ScreenWidth/4, scenes.ScreenHeight/4)
	defer screen.Deallocate()
	play := func(ticks int, script map[int][]input.Event) {
		scenetest.Run(t, d, ticks, func(tick int) {
			if tick > 0 {
				d.Draw(screen)
			}
			src.Advance()
			src.Do(script[tick]...)
		})
		d.Draw(screen)
	}

	// Player 1 reveals and plays.
	demo.owe = []int{0}
	play(5, map[int][]input.Event{2: {input.KeyDown(ebiten.KeyEnter)}, 3: {input.KeyUp(ebiten.KeyEnter)}})
	if demo.drawn != rulesets.Only(0) {
		t.Fatalf("during Player 1's turn hands %b were drawn, want Player 1's: the scenario went wrong", demo.drawn)
	}
	// Then it is Player 2's turn: the curtain.
	demo.owe, demo.drawn = []int{1}, 0
	play(6, nil)
	curtain := scenetest.Shoot(t, d, "privacy-curtain")
	if demo.drawn != 0 {
		t.Errorf("hands drawn behind the curtain: %b", demo.drawn)
	}
	if n := count(curtain, handColours[0]) + count(curtain, handColours[1]); n != 0 {
		t.Errorf("curtain screenshot shows %d hand pixels", n)
	}
	// Player 2 lifts the curtain.
	play(5, map[int][]input.Event{0: {input.KeyDown(ebiten.KeyEnter)}, 1: {input.KeyUp(ebiten.KeyEnter)}})
	hand := scenetest.Shoot(t, d, "privacy-hand")
	if demo.drawn != rulesets.Only(1) {
		t.Errorf("hands drawn after Player 2 revealed: %b, want only Player 2's", demo.drawn)
	}
	if n := count(hand, handColours[0]); n != 0 {
		t.Errorf("Player 2's moment shows %d pixels of Player 1's hand", n)
	}
	if n := count(hand, handColours[1]); n < 600*180/2 {
		t.Errorf("Player 2's hand shows only %d pixels", n)
	}
}

// count returns how many pixels of img have colour c.
func count(img *image.RGBA, c color.RGBA) int {
	n := 0
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if img.RGBAAt(x, y) == c {
				n++
			}
		}
	}
	return n
}
