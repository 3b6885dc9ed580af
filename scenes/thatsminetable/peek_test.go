package thatsminetable

import (
	"strings"
	"testing"

	"github.com/jankenarcade/janken/input"
	tm "github.com/jankenarcade/janken/rulesets/thatsmine"
	"github.com/jankenarcade/janken/scenes/cardtable"
	"github.com/jankenarcade/janken/scenes/cardtable/peektest"
	"github.com/jankenarcade/janken/scenes/lobby"
	"github.com/jankenarcade/janken/scenes/privacy"
	"github.com/jankenarcade/janken/scenes/scenetest"
)

// TestPeekButtonOnPhone: Player 1 on the touch screen and Player 2 on the
// keys share a phone held sideways in Peek mode, three bots with them.
// The Peek button sits at the foot of the log, clear of the hand and of
// the log's lines; held, it shows Player 1's hand and wager row, and a
// second finger then taps Play, which plays; released, no hand.
func TestPeekButtonOnPhone(t *testing.T) {
	pos, err := tm.Decode([]byte(tm.RulebookExample))
	if err != nil {
		t.Fatal(err)
	}
	router := input.NewRouter()
	s := lobby.Seating{Router: router, Privacy: privacy.Peek}
	for seat, dev := range []input.Device{{Kind: input.Touch}, sharedKeys} {
		s.Seats = append(s.Seats, lobby.Seat{Kind: lobby.Human, Device: dev})
		if err := router.Bind(seat, dev); err != nil {
			t.Fatal(err)
		}
	}
	for range 3 {
		s.Seats = append(s.Seats, lobby.Seat{Kind: lobby.Bot, Bot: "easy"})
	}
	h := newHarness(t, s, pos, 3)
	h.d.Layout(844, 390)
	for range 5 {
		h.tick()
	}
	if !h.run.Status().PeekButton {
		t.Fatal("no Peek button for Player 1 on the touch screen")
	}
	var lines []string
	var logEnd float64 // the bottom of the log's lowest line
	h.d.RecordText(func(line string, x, y float64) {
		lines = append(lines, line)
		if x == logX+4 && y > 100 {
			logEnd = max(logEnd, y+15*1.18)
		}
	})
	defer h.d.RecordText(nil)
	said := func(name string) string {
		t.Helper()
		lines, logEnd = lines[:0], 0
		scenetest.ShootSize(t, h.d, name, 844, 390)
		return strings.Join(lines, "\n")
	}

	sx, sy := h.d.ToScreen(peekX+cardtable.PeekW/2, peekY+cardtable.PeekH/2)
	h.src.Do(input.TouchDown(1, sx, sy))
	for range 3 {
		h.tick()
	}
	text := said("thatsmine-peek-held-phone")
	if !strings.Contains(text, "— your hand") || !strings.Contains(text, "Wager") {
		t.Errorf("holding Peek, the table says:\n%s\nwant Player 1's hand and wager", text)
	}
	if logEnd == 0 || logEnd > peekY {
		t.Errorf("the log's lines end at y %v, over the Peek button from %v", logEnd, peekY)
	}
	g := &h.table.graph
	for _, n := range append(g.cards[:], g.minus, g.plus, g.play) {
		if !n.Hidden && n.X-n.PivotX+n.W > peekX && n.Y-n.PivotY+n.H > peekY {
			t.Errorf("%s at %v,%v reaches the Peek button at %v,%v", n.Name, n.X, n.Y, peekX, peekY)
		}
	}
	scenetest.Shoot(t, h.d, "thatsmine-peek-held")
	h.d.Layout(844, 390) // the phone again, after the shot's 1280×720
	// A second finger taps Play while the first holds Peek, once the
	// bots' cards are down (a tap during a show hurries it on).
	for i := 0; h.run.Busy() || i < 2; i++ {
		if i == 300 {
			t.Fatal("the table is still busy")
		}
		h.tick()
	}
	sx, sy = h.d.ToScreen(g.play.X, g.play.Y)
	h.src.Do(input.TouchDown(2, sx, sy))
	h.tick()
	h.src.Do(input.TouchUp(2))
	h.tick()
	if !h.view(0).Chosen[0] {
		t.Error("Play tapped with a second finger while the first holds Peek played nothing")
	}
	h.src.Do(input.TouchUp(1))
	h.tick()
	if text := said("thatsmine-peek-released-phone"); strings.Contains(text, "— your hand") {
		t.Errorf("released, the table says:\n%s\nwant no hand", text)
	}
	if v := h.run.Gate().Viewer(); v != privacy.NoViewer {
		t.Errorf("released, the gate shows seat %d", v)
	}
}

// TestPeekBannerClearOfHand: two players share the screen in Peek mode
// with a bot (ten cards a hand, the fullest). While Player 1 holds Peek,
// the banner names whose hand is showing and covers none of its cards,
// the wager buttons, Play, or the runner's buttons.
func TestPeekBannerClearOfHand(t *testing.T) {
	for _, sc := range peektest.Screens {
		t.Run(sc.Name, func(t *testing.T) {
			h := newHarness(t, peektest.Seating(t, sc.Device, 1), nil, 5)
			h.d.Layout(sc.W, sc.H)
			h.tick()
			peektest.Hold(h.src, h.d, sc, h.run)
			for i := 0; h.run.Status().Acting != 0 || h.run.Busy(); i++ {
				if i == 600 {
					t.Fatal("Player 1 holding Peek never gets to choose")
				}
				h.tick()
			}
			peektest.Shoot(t, h.d, "thatsmine-peek-banner", sc) // lays the hand out
			if n := h.view(0).Hand.Len(); n != 10 {
				t.Fatalf("Player 1 holds %d cards, want 10", n)
			}
			g := &h.table.graph
			var boxes []cardtable.Box
			for _, n := range append(g.cards[:], g.minus, g.plus, g.play) {
				if !n.Hidden {
					boxes = append(boxes, peektest.NodeBox(n))
				}
			}
			peektest.Clear(t, h.run, "the hand or a button", boxes...)
		})
	}
}
