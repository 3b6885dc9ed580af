// Package peektest checks, for a card table's tests, that Peek mode's
// banner keeps clear of the shown hand and of every button on the
// screens players use: two windows on the keys, a phone on the touch
// screen with the Peek button.
package peektest

import (
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/cardtable"
	"github.com/jankenarcade/janken/scenes/lobby"
	"github.com/jankenarcade/janken/scenes/privacy"
	"github.com/jankenarcade/janken/scenes/scenetest"
)

// Screen is a screen a table is checked on, w×h pixels, and the device
// Player 1 peeks with there.
type Screen struct {
	Name   string
	W, H   int
	Device input.Device
}

// Screens are a window at 1280×720 and at 960×540 with Player 1 on the
// left keys, and a phone held sideways (844×390) with Player 1 on the
// touch screen, holding the Peek button.
var Screens = []Screen{
	{"1280x720", 1280, 720, input.Device{Kind: input.KeyZone}},
	{"960x540", 960, 540, input.Device{Kind: input.KeyZone}},
	{"phone", 844, 390, input.Device{Kind: input.Touch}},
}

// Table is the runner of the table under test.
type Table interface {
	PeekBox() (x, y, w, h float64)
	PeekHintBox() cardtable.Box
	Buttons() []cardtable.Box
}

// Seating returns a seating in Peek mode: Player 1 on dev, Player 2 on
// the right keys, then as many easy bots as bots.
func Seating(t testing.TB, dev input.Device, bots int) lobby.Seating {
	t.Helper()
	r := input.NewRouter()
	s := lobby.Seating{Router: r, Privacy: privacy.Peek}
	for seat, dev := range []input.Device{dev, {Kind: input.KeyZone, Index: 1}} {
		s.Seats = append(s.Seats, lobby.Seat{Kind: lobby.Human, Device: dev})
		if err := r.Bind(seat, dev); err != nil {
			t.Fatal(err)
		}
	}
	for range bots {
		s.Seats = append(s.Seats, lobby.Seat{Kind: lobby.Bot, Bot: "easy"})
	}
	return s
}

// Hold has Player 1 hold Peek from the next tick on: the left zone's key
// in a window, a finger on the table's Peek button on the phone.
func Hold(src *input.Script, d *scenes.Director, s Screen, tab Table) {
	if s.Device.Kind != input.Touch {
		src.Do(input.KeyDown(ebiten.KeyShiftLeft))
		return
	}
	x, y, w, h := tab.PeekBox()
	sx, sy := d.ToScreen(x+w/2, y+h/2)
	src.Do(input.TouchDown(1, sx, sy))
}

// Shoot draws the table on s, keeping the picture as name-s.Name, and
// fails t unless the banner names whose hand is showing.
func Shoot(t testing.TB, d *scenes.Director, name string, s Screen) {
	t.Helper()
	var said strings.Builder
	d.RecordText(func(line string, x, y float64) { said.WriteString(line + " ") })
	defer d.RecordText(nil)
	scenetest.ShootSize(t, d, name+"-"+s.Name, s.W, s.H)
	if !strings.Contains(said.String(), "Player 1's hand") {
		t.Errorf("holding Peek, the table says %q, want whose hand is showing", said.String())
	}
}

// NodeBox returns where n, a child of a scene graph's root, lies.
func NodeBox(n *scenes.Node) cardtable.Box {
	return cardtable.Box{X: n.X - n.PivotX, Y: n.Y - n.PivotY, W: n.W, H: n.H}
}

// Clear fails t if the banner overlaps one of boxes, which are what
// (the hand's cards, the table's buttons), or one of the runner's
// buttons.
func Clear(t testing.TB, tab Table, what string, boxes ...cardtable.Box) {
	t.Helper()
	banner := tab.PeekHintBox()
	for _, b := range boxes {
		if b.Overlaps(banner) {
			t.Errorf("the banner %v covers %s %v", banner, what, b)
		}
	}
	for _, b := range tab.Buttons() {
		if b.Overlaps(banner) {
			t.Errorf("the banner %v covers the runner's button %v", banner, b)
		}
	}
}
