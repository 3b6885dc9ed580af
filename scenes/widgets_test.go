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

// phoneScale is how many CSS pixels a logical pixel takes on a phone in
// landscape: the 1280×720 picture shown 390 CSS pixels tall.
const phoneScale = float64(PhoneHeight) / ScreenHeight

// touchTap returns the events of a touch going down at logical (x, y).
func touchTap(d *Director, x, y float64) []input.Event {
	sx, sy := d.ToScreen(x, y)
	return []input.Event{input.TouchDown(1, sx, sy)}
}

func TestDirectorTouchOnly(t *testing.T) {
	d, s, _ := testDirector(t, Options{Start: func(*Director) Scene { return &stubScene{name: "s"} }})
	steps := []struct {
		name            string
		events          []input.Event
		seen, touchOnly bool
	}{
		{"start", nil, false, false},
		{"key", input.KeyTap(ebiten.KeyArrowDown), false, false},
		{"mouse", []input.Event{input.MouseDown(ebiten.MouseButtonLeft), input.MouseUp(ebiten.MouseButtonLeft)}, false, false},
		{"touch", touchTap(d, 100, 100), true, true},
		{"held", nil, true, true},
		{"lift", []input.Event{input.TouchUp(1)}, true, true},
		{"key after touch", input.KeyTap(ebiten.KeyEnter), true, false},
		{"touch again", touchTap(d, 200, 100), true, true},
	}
	for _, st := range steps {
		tick(t, d, s, st.events...)
		if d.TouchSeen() != st.seen || d.TouchOnly() != st.touchOnly {
			t.Fatalf("%s: TouchSeen %v, TouchOnly %v; want %v, %v", st.name, d.TouchSeen(), d.TouchOnly(), st.seen, st.touchOnly)
		}
	}
}

// TestMenuTouchTargets checks the geometry of menus at a phone's scale:
// once the screen is touched, every entry's hit area, and each part of a
// setting (its label, its two arrows), is at least 44 CSS pixels each way,
// the parts of a setting do not overlap, and neighbouring entries' hit
// areas do not either. Before a touch the desktop layout is unchanged.
func TestMenuTouchTargets(t *testing.T) {
	menus := []struct {
		name  string
		width float64
		items []MenuItem
	}{
		{"lobby", 440, []MenuItem{{Label: "Add AI", Value: "medium"}, {Label: "Add player on", Value: "Keyboard"},
			{Label: "Remove AI"}, {Label: "Phones", Value: "off"}, {Label: "Start game"}, {Label: "Back"}}},
		{"game menu", 560, []MenuItem{{Label: "Play"}, {Label: "Rules"}, {Label: "Back"}}},
		{"settings", 760, []MenuItem{{Label: "Volume", Value: "80%"}, {Label: "Interface size", Value: "100%"}}},
	}
	for _, tc := range menus {
		t.Run(tc.name, func(t *testing.T) {
			ms := &menuScene{}
			ms.menu.Items = tc.items
			ms.menu.X, ms.menu.Y, ms.menu.Width = 40, 40, tc.width
			d, s, _ := testDirector(t, Options{Start: func(*Director) Scene { return ms }})
			tick(t, d, s)
			if _, _, _, h, _ := ms.menu.ItemRect(0); h != menuItemH {
				t.Fatalf("before a touch an entry is %v tall, want the desktop's %v", h, float64(menuItemH))
			}
			tick(t, d, s, touchTap(d, 1270, 710)...) // off the menu
			tick(t, d, s, input.TouchUp(1))
			css := func(v float64) float64 { return v * phoneScale }
			lastBottom := 0.0
			for i, item := range tc.items {
				x, y, w, h, shown := ms.menu.ItemRect(i)
				if !shown {
					t.Fatalf("entry %d not shown", i)
				}
				if css(h) < 44 || css(w) < 44 {
					t.Errorf("entry %q hit area %.1f×%.1f CSS px, want ≥ 44", item.Label, css(w), css(h))
				}
				if y < lastBottom {
					t.Errorf("entry %q hit area starts at %v, above the last one's bottom %v", item.Label, y, lastBottom)
				}
				lastBottom = y + h
				dec, inc, ok := ms.menu.ArrowRects(i)
				if ok != (item.Value != "") {
					t.Fatalf("entry %q: ArrowRects ok %v", item.Label, ok)
				}
				if !ok {
					continue
				}
				label := [4]float64{x, y, dec[0] - x, h}
				parts := [][4]float64{label, dec, inc}
				for j, p := range parts {
					if css(p[2]) < 44 || css(p[3]) < 44 {
						t.Errorf("entry %q part %d is %.1f×%.1f CSS px, want ≥ 44", item.Label, j, css(p[2]), css(p[3]))
					}
					if j > 0 && p[0] < parts[j-1][0]+parts[j-1][2] {
						t.Errorf("entry %q part %d overlaps part %d", item.Label, j, j-1)
					}
				}
				if end := inc[0] + inc[2]; end > x+w {
					t.Errorf("entry %q increase arrow ends at %v, past the entry's %v", item.Label, end, x+w)
				}
			}
		})
	}
}

// TestMenuTouchTaps taps the parts of a setting on a touch screen: the
// label activates, the arrows change the value, each where it is drawn
// and a little around it.
func TestMenuTouchTaps(t *testing.T) {
	ms := &menuScene{}
	ms.menu.Items = []MenuItem{{Label: "Add AI", Value: "medium"}, {Label: "Back"}}
	ms.menu.X, ms.menu.Y, ms.menu.Width = 800, 132, 440
	d, s, _ := testDirector(t, Options{Start: func(*Director) Scene { return ms }})
	tick(t, d, s, touchTap(d, 10, 710)...) // off the menu: touch-sized from now on
	tick(t, d, s, input.TouchUp(1))
	x, y, w, h, _ := ms.menu.ItemRect(0)
	decArrow := x + w*menuValueAt + menuArrow/2 // where the arrows are drawn
	incArrow := x + w - menuArrow/2
	taps := []struct {
		x, y float64
		want MenuEvent
	}{
		{x + 30, y + h/2, MenuEvent{MenuActivate, 0}},
		{decArrow, y + h/2, MenuEvent{MenuDecrease, 0}},
		{decArrow - 35, y + 4, MenuEvent{MenuDecrease, 0}}, // a finger a little left and high
		{incArrow, y + h/2, MenuEvent{MenuIncrease, 0}},
		{incArrow - 35, y + h - 4, MenuEvent{MenuIncrease, 0}},
		{x + 30, y + h + 2, MenuEvent{MenuActivate, 1}}, // in the gap: the entry below
	}
	for i, tap := range taps {
		ms.events = ms.events[:0]
		tick(t, d, s, touchTap(d, tap.x, tap.y)...)
		tick(t, d, s, input.TouchUp(1))
		if len(ms.events) != 1 || ms.events[0] != tap.want {
			t.Errorf("tap %d at (%v, %v): events %+v, want %+v", i, tap.x, tap.y, ms.events, tap.want)
		}
	}
}

// TestMenuScrollMarkTaps taps below and above a touch-sized list too
// long for its room, where its scroll marks are: a finger, which has no
// arrow keys, reaches every entry that way, one a tap, and a tap past
// the marks' reach does nothing.
func TestMenuScrollMarkTaps(t *testing.T) {
	ms := &menuScene{}
	for _, l := range []string{"a", "b", "c", "d", "e", "f"} {
		ms.menu.Items = append(ms.menu.Items, MenuItem{Label: l})
	}
	ms.menu.X, ms.menu.Y, ms.menu.Width, ms.menu.MaxHeight = 100, 120, 300, 3*TouchTarget
	d, s, _ := testDirector(t, Options{Start: func(*Director) Scene { return ms }})
	tap := func(x, y float64) {
		t.Helper()
		tick(t, d, s, touchTap(d, x, y)...)
		tick(t, d, s, input.TouchUp(1))
	}
	tap(1270, 710) // off the menu: touch-sized from now on
	if n := ms.menu.Shown(); n != 3 {
		t.Fatalf("%d entries shown, want 3", n)
	}
	below := func() float64 {
		_, y, _, h, _ := ms.menu.ItemRect(ms.menu.first + ms.menu.Shown() - 1)
		return y + h + TouchTarget/2
	}
	above := func() float64 {
		_, y, _, _, _ := ms.menu.ItemRect(ms.menu.first)
		return y - TouchTarget/2
	}
	steps := []struct {
		name          string
		y             func() float64
		cursor, first int
	}{
		{"below", below, 3, 1},
		{"below again", below, 4, 2},
		{"below, to the last", below, 5, 3},
		{"below the last: nothing", below, 5, 3},
		{"far above: nothing", func() float64 { return above() - TouchTarget }, 5, 3},
		{"above", above, 2, 2},
	}
	for _, st := range steps {
		tap(200, st.y())
		if ms.menu.Cursor != st.cursor || ms.menu.first != st.first {
			t.Fatalf("%s: cursor %d, first shown %d; want %d, %d", st.name, ms.menu.Cursor, ms.menu.first, st.cursor, st.first)
		}
	}
	if len(ms.events) != 0 {
		t.Errorf("taps on the scroll marks made events %+v, want none", ms.events)
	}
}
