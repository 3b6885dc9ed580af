package elevensuitstable

import (
	"image"
	"slices"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/rulesets"
	es "github.com/jankenarcade/janken/rulesets/elevensuits"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/scenetest"
)

// defending returns a two-seat table where the human, seat 0, is to
// answer an attack, with the pointer's script.
func defending(t *testing.T) (*scenes.Director, *input.Script, *couch) {
	d, src, c := openTable(t, Options{Seating: seating(t, 2, 0), Secret: 5},
		fastForward(t, func(g *es.State) bool { return g.Phase() == es.PhaseDefend && g.ToAct(nil)[0] == 0 }))
	scenetest.Until(t, d, 200, func(int) { src.Advance() }, func() bool { return c.Status().Acting == 0 })
	return d, src, c
}

// point is a place on the logical screen.
type point struct{ x, y float64 }

// press moves the mouse to from and presses there, carries it through
// path one tick a point, and lets go on the next tick: n ticks in all.
func press(d *scenes.Director, src *input.Script, from point, path ...point) (script func(tick int), n int) {
	move := func(p point) input.Event {
		x, y := d.ToScreen(p.x, p.y)
		return input.MouseMove(x, y)
	}
	return func(tick int) {
		src.Advance()
		switch {
		case tick == 0:
			src.Do(move(from))
		case tick == 1:
			src.Do(input.MouseDown(ebiten.MouseButtonLeft))
		case tick-2 < len(path):
			src.Do(move(path[tick-2]))
		case tick-2 == len(path):
			src.Do(input.MouseUp(ebiten.MouseButtonLeft))
		}
	}, len(path) + 4
}

// TestPointerPlaysCard: a click on a card of the defender's hand, at the
// place the table draws it, answers with that card, and so does carrying
// it to the middle of the table; let go anywhere else, the card goes back
// to the hand and nothing is played.
func TestPointerPlaysCard(t *testing.T) {
	mid := point{(attX + defX) / 2, battleY}
	away := point{800, 250}
	for _, tc := range []struct {
		name  string
		path  func(card point) []point
		plays bool
	}{
		{"click", func(point) []point { return nil }, true},
		{"a wobble within the slop is a click", func(c point) []point { return []point{{c.x + 4, c.y + 3}} }, true},
		{"drag onto the middle", func(c point) []point { return []point{{c.x, c.y - 100}, mid, mid} }, true},
		{"drag elsewhere", func(c point) []point { return []point{{c.x, c.y - 100}, away, away} }, false},
		{"drag over the middle and away", func(c point) []point { return []point{mid, away} }, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d, src, c := defending(t)
			v := c.game.View(0)
			const slot = 2
			card := v.Hand(0)[slot].Card
			x, y, _ := c.tab.handPos(0, slot, v.HandLen[0])
			at := point{x, y}
			script, n := press(d, src, at, tc.path(at)...)
			scenetest.Run(t, d, n, script)
			want := "Player 1 answers with " + cardName(card) + "."
			played := slices.Contains(c.Status().Lines(), want)
			if played != tc.plays || (c.game.Phase() != es.PhaseDefend) != tc.plays {
				t.Errorf("played %v (phase %v), want %v", played, c.game.Phase(), tc.plays)
			}
			if !tc.plays && c.tab.cursor != slot {
				t.Errorf("the cursor is on %d, want %d: the card carried back", c.tab.cursor, slot)
			}
		})
	}
}

// TestCarriedCardFollowsPointer: a card carried is drawn at the pointer,
// face up, and its place in the hand is empty; over the middle of the
// table, the middle is ringed.
func TestCarriedCardFollowsPointer(t *testing.T) {
	for _, tc := range []struct {
		name   string
		to     point
		ringed bool
	}{
		{"away", point{800, 250}, false},
		{"over the middle", point{(attX + defX) / 2, battleY + 40}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d, src, c := defending(t)
			v := c.game.View(0)
			const slot = 1
			x, y, _ := c.tab.handPos(0, slot, v.HandLen[0])
			script, n := press(d, src, point{x, y}, point{600, 300}, tc.to)
			scenetest.Run(t, d, n-2, script) // still held at tc.to
			img := scenetest.Shoot(t, d, "elevensuits-drag")
			box := func(cx, cy float64) image.Rectangle {
				return image.Rect(int(cx)-40, int(cy)-55, int(cx)+40, int(cy)+55)
			}
			if share := paleShare(img, box(tc.to.x, tc.to.y-20)); share < 0.4 {
				t.Errorf("the carried card is %.0f%% pale under the pointer: not drawn there", share*100)
			}
			if share := paleShare(img, box(x, y)); share > 0.1 {
				t.Errorf("the card's place in the hand is %.0f%% pale: still drawn there", share*100)
			}
			b := c.tab.nodes.battle
			edge := img.RGBAAt(int(b.X-b.W/2)+1, int(b.Y))
			if ringed := near(edge, d.Palette().Accent); ringed != tc.ringed {
				t.Errorf("the middle's edge is %v: ringed %v, want %v", edge, ringed, tc.ringed)
			}
		})
	}
}

// TestHoverMovesCursor: the pointer over a hand card puts the cursor on
// it, the card the table draws there.
func TestHoverMovesCursor(t *testing.T) {
	d, src, c := defending(t)
	v := c.game.View(0)
	for _, slot := range []int{3, 0, 4} {
		x, y, _ := c.tab.handPos(0, slot, v.HandLen[0])
		sx, sy := d.ToScreen(x, y+30)
		scenetest.Run(t, d, 2, func(tick int) {
			src.Advance()
			if tick == 0 {
				src.Do(input.MouseMove(sx, sy))
			}
		})
		if c.tab.cursor != slot {
			t.Errorf("the pointer over card %d left the cursor on %d", slot, c.tab.cursor)
		}
	}
	if c.game.Phase() != es.PhaseDefend {
		t.Error("hovering played a card")
	}
}

// TestClickNamesCard: in a guess, a click on a cell of the naming grid
// names its card.
func TestClickNamesCard(t *testing.T) {
	d, src, c := openTable(t, Options{Rules: es.Config{Advanced: true}, Seating: seating(t, 2, 0), Secret: 11},
		fastForward(t, func(g *es.State) bool {
			v := g.View(-1)
			return g.Phase() == es.PhaseAttack && g.ToAct(nil)[0] == 0 && v.GraveLen[0]+v.GraveLen[1] >= 2
		}))
	scenetest.Run(t, d, 41, keyed(src, map[int]ebiten.Key{20: ebiten.KeyArrowLeft, 30: ebiten.KeyEnter}))
	if c.game.Phase() != es.PhaseNaming {
		t.Fatalf("phase %v, want naming", c.game.Phase())
	}
	const suit, sym = 3, 2
	x, y := gridCell(suit, sym)
	script, n := press(d, src, point{x + gridCellW/2, y + gridCellH/2})
	scenetest.Run(t, d, n, script)
	v := c.game.View(0)
	if want := es.MakeCard(suit, rulesets.Symbols[sym]); v.NamedLen != 1 || v.Named[0] != want {
		t.Errorf("named %v, want %v", v.Named[:v.NamedLen], want)
	}
}

// TestPointerAllocatesNothing: once its nodes are made, following the
// pointer over the choices, carrying a card about, allocates nothing a
// tick.
func TestPointerAllocatesNothing(t *testing.T) {
	tab := &table{nodes: newChoiceNodes(), choice: []option{
		{action: es.Action{Kind: es.Defend}, x: 100, y: 500, w: 95, h: 153},
		{action: es.Action{Kind: es.Defend}, slot: 1, x: 204, y: 500, w: 95, h: 153},
	}}
	navs := []scenes.Nav{
		{PointerX: 150, PointerY: 600, PointerMoved: true},
		{PointerX: 150, PointerY: 600, Click: true, PointerDown: true},
		{PointerX: 300, PointerY: 300, PointerMoved: true, PointerDown: true},
		{PointerX: 800, PointerY: 250, PointerMoved: true, PointerDown: true},
		{PointerX: 800, PointerY: 250},
	}
	var tick int64
	step := func() {
		for i := range navs {
			tick++
			tab.nodes.layout(tab.choice)
			if _, ok := tab.pointer(&navs[i], tick); ok {
				t.Fatal("a card let go away from the middle was played")
			}
		}
	}
	step()
	if d := tab.drag; !d.Dropped || !d.Moved || d.Source != tab.nodes.options[0] {
		t.Fatalf("the pointer did not carry the first card: %+v", d)
	}
	if allocs := testing.AllocsPerRun(50, step); allocs != 0 {
		t.Errorf("%v allocations a drag", allocs)
	}
}
