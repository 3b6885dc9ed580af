package scenes

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
)

// menuScene hosts a Menu and records its events.
type menuScene struct {
	menu   Menu
	events []MenuEvent
}

func (m *menuScene) Name() string { return "menu" }
func (m *menuScene) Update(ctx *Context) error {
	if ev := m.menu.Update(ctx); ev.Action != MenuNone {
		m.events = append(m.events, ev)
	}
	return nil
}
func (m *menuScene) Draw(*Canvas) {}

func TestMenuScrollsToCursor(t *testing.T) {
	ms := &menuScene{}
	for _, l := range []string{"a", "b", "c", "d", "e", "f", "g"} {
		ms.menu.Items = append(ms.menu.Items, MenuItem{Label: l})
	}
	ms.menu.Items[2].Disabled = true
	ms.menu.X, ms.menu.Y, ms.menu.Width = 100, 100, 300
	ms.menu.MaxHeight = 3*(menuItemH+menuGap) - menuGap // three entries
	d, s, _ := testDirector(t, Options{Start: func(*Director) Scene { return ms }})
	tick(t, d, s)
	shown := func() (first, last int) {
		first = -1
		for i := range ms.menu.Items {
			if _, _, _, _, ok := ms.menu.ItemRect(i); ok {
				if first < 0 {
					first = i
				}
				last = i
			}
		}
		return first, last
	}
	if f, l := shown(); f != 0 || l != 2 {
		t.Fatalf("shown %d–%d, want 0–2", f, l)
	}
	tick(t, d, s, input.KeyTap(ebiten.KeyArrowDown)...)
	tick(t, d, s, input.KeyTap(ebiten.KeyArrowDown)...) // skips the disabled c
	if ms.menu.Cursor != 3 {
		t.Fatalf("cursor %d, want 3 (c is disabled)", ms.menu.Cursor)
	}
	if f, l := shown(); f != 1 || l != 3 {
		t.Fatalf("cursor on d: shown %d–%d, want 1–3", f, l)
	}
	// A click where a hidden entry would be hits nothing; one on a shown
	// entry activates it.
	x, y, _, _, _ := ms.menu.ItemRect(3)
	tick(t, d, s, input.MouseMove(d.ToScreen(x+10, y+10)), input.MouseDown(ebiten.MouseButtonLeft), input.MouseUp(ebiten.MouseButtonLeft))
	tick(t, d, s, input.MouseMove(d.ToScreen(x+10, y+3*(menuItemH+menuGap)+10)), input.MouseDown(ebiten.MouseButtonLeft), input.MouseUp(ebiten.MouseButtonLeft))
	if len(ms.events) != 1 || ms.events[0] != (MenuEvent{MenuActivate, 3}) {
		t.Fatalf("events %+v, want one activation of entry 3", ms.events)
	}
	// Up past the top wraps to the last entry, scrolled into view.
	for range 3 {
		tick(t, d, s, input.KeyTap(ebiten.KeyArrowUp)...)
	}
	if ms.menu.Cursor != 6 {
		t.Fatalf("cursor %d after wrapping, want 6", ms.menu.Cursor)
	}
	if f, l := shown(); f != 4 || l != 6 {
		t.Fatalf("shown %d–%d, want 4–6", f, l)
	}
}

func TestMenuValueArrows(t *testing.T) {
	ms := &menuScene{}
	ms.menu.Items = []MenuItem{{Label: "Volume", Value: "80%"}, {Label: "Back"}}
	ms.menu.X, ms.menu.Y, ms.menu.Width = 100, 100, 600
	d, s, _ := testDirector(t, Options{Start: func(*Director) Scene { return ms }})
	tick(t, d, s)
	x, y, w, h, _ := ms.menu.ItemRect(0)
	click := func(px float64) {
		tick(t, d, s, input.MouseMove(d.ToScreen(px, y+h/2)), input.MouseDown(ebiten.MouseButtonLeft), input.MouseUp(ebiten.MouseButtonLeft))
	}
	click(x + w*menuValueAt + 10) // the left arrow
	click(x + w - 10)             // the right arrow
	click(x + 40)                 // the label
	tick(t, d, s, input.KeyTap(ebiten.KeyArrowLeft)...)
	tick(t, d, s, input.KeyTap(ebiten.KeyArrowDown)...)
	tick(t, d, s, input.KeyTap(ebiten.KeyArrowRight)...) // Back has no value
	tick(t, d, s, input.KeyTap(ebiten.KeyBackspace)...)
	want := []MenuEvent{{MenuDecrease, 0}, {MenuIncrease, 0}, {MenuActivate, 0}, {MenuDecrease, 0}, {MenuBack, 1}}
	if len(ms.events) != len(want) {
		t.Fatalf("events %+v, want %+v", ms.events, want)
	}
	for i := range want {
		if ms.events[i] != want[i] {
			t.Fatalf("events %+v, want %+v", ms.events, want)
		}
	}
}
