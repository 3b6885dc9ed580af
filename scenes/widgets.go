package scenes

import (
	"image/color"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"github.com/jankenarcade/janken/assets"
)

// MenuItem is one entry of a Menu. An item with a Value is a setting: it
// shows the value between arrows, and Left/Right (or a click on an arrow)
// change it.
type MenuItem struct {
	Label    string
	Value    string
	Disabled bool
}

// MenuAction is what the player did to a menu on one tick.
type MenuAction uint8

// The menu actions.
const (
	MenuNone     MenuAction = iota
	MenuActivate            // Enter, Space, A, or a click on the entry
	MenuDecrease            // Left, or a click on the left arrow
	MenuIncrease            // Right, or a click on the right arrow
	MenuBack                // Esc, Backspace or B
)

// MenuEvent is a menu action and the entry it concerns.
type MenuEvent struct {
	Action MenuAction
	Index  int
}

// Menu is a vertical list of entries driven by Nav: keys, gamepads, and
// the pointer (hover moves the cursor, a click activates). Its entries
// grow with the UI scale; when they no longer fit in MaxHeight the list
// scrolls to keep the cursor in view. Once the screen has been touched
// (Context.TouchSeen) its entries and value arrows are at least
// TouchTarget tall and wide. Set Items, X, Y, Width and MaxHeight, then
// call Update from the scene's Update and Draw from its Draw.
type Menu struct {
	Items     []MenuItem
	Cursor    int
	X, Y      float64 // top-left corner, logical pixels
	Width     float64 // at UI scale 1
	MaxHeight float64 // logical pixels; 0 means no limit

	root  *Node
	glow  []float64 // highlight of each entry, eased towards the cursor
	scale float64
	touch bool // touch-sized entries: see TouchTarget
	first int  // the first entry shown
}

// TouchTarget is the least height and width, in logical pixels, of what a
// finger taps once the screen has been touched: 44 CSS pixels (the size
// platform guidelines ask for) on a phone in landscape, where the
// 1280×720 picture is shown PhoneHeight CSS pixels tall.
const TouchTarget = (44*ScreenHeight + PhoneHeight - 1) / PhoneHeight // rounded up: 82

// PhoneHeight is the height in CSS pixels of a phone's screen in
// landscape (an iPhone 12 to 14: 844×390), the smallest the menus are
// made for.
const PhoneHeight = 390

// Menu metrics at UI scale 1.
const (
	menuItemH = 48
	menuGap   = 8
	menuFont  = 26
	menuArrow = 44 // width of a value arrow's click zone
	// menuValueAt is where a setting's value begins, as a fraction of
	// the entry's width.
	menuValueAt = 0.5
)

// layout places one node per entry for hit testing; entries scrolled out
// of view are hidden.
func (m *Menu) layout(scale float64) {
	if m.root == nil {
		m.root = NewNode("menu", 0, 0)
	}
	m.scale = scale
	for len(m.root.children) > len(m.Items) {
		m.root.Remove(m.root.children[len(m.root.children)-1])
	}
	for i := len(m.root.children); i < len(m.Items); i++ {
		n := NewNode("item", 0, 0)
		n.ID, n.Interactive = i, true
		m.root.Add(n)
	}
	if len(m.glow) != len(m.Items) {
		m.glow = make([]float64, len(m.Items))
		if m.Cursor >= 0 && m.Cursor < len(m.glow) {
			m.glow[m.Cursor] = 1 // shown lit at once, not faded in
		}
	}
	shown := m.Shown()
	m.first = max(0, min(max(m.first, m.Cursor-shown+1), m.Cursor, len(m.Items)-shown))
	pad := m.hitPad()
	for i, n := range m.root.children {
		n.W, n.H = m.Width*scale, m.itemH()+2*pad
		n.PivotX, n.PivotY = 0, 0
		n.X, n.Y = m.X, m.Y+float64(i-m.first)*m.pitch()-pad
		n.Hidden = i < m.first || i >= m.first+shown
	}
}

// itemH returns the height an entry is drawn: on touch, tall enough that
// with the gap around it its hit area is TouchTarget tall.
func (m *Menu) itemH() float64 {
	if m.touch {
		return max(menuItemH*m.scale, TouchTarget-menuGap*m.scale)
	}
	return menuItemH * m.scale
}

// pitch returns the distance from one entry to the next.
func (m *Menu) pitch() float64 { return m.itemH() + menuGap*m.scale }

// hitPad returns how far an entry's hit area reaches past its drawing,
// above and below: on touch, half the gap, so that the hit areas of
// neighbours meet without overlapping.
func (m *Menu) hitPad() float64 {
	if m.touch {
		return menuGap * m.scale / 2
	}
	return 0
}

// arrowZone returns the width of a value arrow's hit area.
func (m *Menu) arrowZone() float64 {
	if m.touch {
		return max(menuArrow*m.scale, TouchTarget)
	}
	return menuArrow * m.scale
}

// Shown returns how many entries fit at the current UI scale.
func (m *Menu) Shown() int {
	n := len(m.Items)
	if m.MaxHeight <= 0 || m.scale <= 0 {
		return n
	}
	fit := int((m.MaxHeight + menuGap*m.scale) / m.pitch())
	return max(1, min(n, fit))
}

// ItemRect returns where entry i's hit area is on screen and whether it
// is shown, as of the last Update. On touch the hit area reaches half a
// gap past the drawn entry above and below.
func (m *Menu) ItemRect(i int) (x, y, w, h float64, shown bool) {
	if m.root == nil || i < 0 || i >= len(m.root.children) {
		return 0, 0, 0, 0, false
	}
	n := m.root.children[i]
	return n.X, n.Y, n.W, n.H, !n.Hidden
}

// Height returns the height of the entries shown.
func (m *Menu) Height() float64 {
	return float64(m.Shown())*m.pitch() - menuGap*m.scale
}

// Update reads ctx's Nav and returns what the player did. Moving the
// cursor plays the click sound.
func (m *Menu) Update(ctx *Context) MenuEvent {
	m.touch = ctx.TouchSeen()
	m.layout(ctx.UIScale())
	if len(m.Items) == 0 {
		return MenuEvent{Index: -1}
	}
	m.Cursor = max(0, min(m.Cursor, len(m.Items)-1))
	nav := ctx.Nav()
	ev := MenuEvent{Index: m.Cursor}
	if d := nav.Dir(); d != 0 {
		m.move(ctx, d)
		ev.Index = m.Cursor
	}
	item := m.Items[m.Cursor]
	switch {
	case nav.Confirm && !item.Disabled:
		ev.Action = MenuActivate
	case nav.Back:
		ev.Action = MenuBack
	case nav.Side() < 0 && item.Value != "" && !item.Disabled:
		ev.Action = MenuDecrease
	case nav.Side() > 0 && item.Value != "" && !item.Disabled:
		ev.Action = MenuIncrease
	}
	if nav.Click {
		if i := m.scrollMarkAt(nav.PointerX, nav.PointerY); i >= 0 {
			m.reveal(ctx, i)
			ev.Index = m.Cursor
		}
	}
	if nav.PointerMoved || nav.Click {
		if hit := m.root.HitTest(nav.PointerX, nav.PointerY); hit != nil && !m.Items[hit.ID].Disabled {
			if hit.ID != m.Cursor {
				m.Cursor = hit.ID
				ctx.Play(assets.Click)
			}
			ev.Index = m.Cursor
			if nav.Click {
				ev.Action = m.clickAction(hit, nav.PointerX)
			}
		}
	}
	m.stepGlow(ctx.ReducedMotion())
	m.layout(m.scale) // scroll to where the cursor went
	return ev
}

// scrollMarkAt returns the entry that a click at (x, y) on a scroll mark
// brings into view (the one just past the list's edge), or -1: without
// keys, a finger has no other way to reach the entries scrolled out of a
// long list. A mark's hit area is the list's width and, on touch,
// TouchTarget tall, beyond the entries' hit areas.
func (m *Menu) scrollMarkAt(x, y float64) int {
	if x < m.X || x >= m.X+m.Width*m.scale {
		return -1
	}
	reach := 28 * m.scale
	if m.touch {
		reach = TouchTarget
	}
	top, bottom := m.Y-m.hitPad(), m.Y+m.Height()+m.hitPad()
	switch {
	case m.first > 0 && y >= top-reach && y < top:
		return m.first - 1
	case m.first+m.Shown() < len(m.Items) && y >= bottom && y < bottom+reach:
		return m.first + m.Shown()
	}
	return -1
}

// reveal moves the cursor to entry i, or past it the way it lies if it is
// disabled, scrolling it into view.
func (m *Menu) reveal(ctx *Context, i int) {
	dir := 1
	if i < m.Cursor {
		dir = -1
	}
	m.Cursor = i - dir
	m.move(ctx, dir)
	m.layout(m.scale)
}

// clickAction tells a click on an arrow of a setting from one on the
// entry itself.
func (m *Menu) clickAction(n *Node, x float64) MenuAction {
	if m.Items[n.ID].Value != "" {
		dec, inc := m.arrowZones(n)
		switch {
		case x >= dec[0] && x < dec[1]:
			return MenuDecrease
		case x >= inc[0] && x < inc[1]:
			return MenuIncrease
		}
	}
	return MenuActivate
}

// arrowZones returns the left and right ends of the hit areas of a
// setting's decrease and increase arrows. Each is centred on its drawn
// arrow, and widened on touch; the increase arrow's stops at the entry's
// right edge.
func (m *Menu) arrowZones(n *Node) (dec, inc [2]float64) {
	drawn, zone := menuArrow*m.scale, m.arrowZone()
	decMid := n.X + n.W*menuValueAt + drawn/2
	right := n.X + n.W
	return [2]float64{decMid - zone/2, decMid + zone/2}, [2]float64{right - zone, right}
}

// ArrowRects returns where the hit areas of setting i's decrease and
// increase arrows are on screen (x, y, w, h each), as of the last Update;
// ok is false for an entry that is not a shown setting.
func (m *Menu) ArrowRects(i int) (dec, inc [4]float64, ok bool) {
	_, y, _, h, shown := m.ItemRect(i)
	if !shown || m.Items[i].Value == "" {
		return dec, inc, false
	}
	d, c := m.arrowZones(m.root.children[i])
	return [4]float64{d[0], y, d[1] - d[0], h}, [4]float64{c[0], y, c[1] - c[0], h}, true
}

// move steps the cursor by dir, skipping disabled entries and wrapping.
func (m *Menu) move(ctx *Context, dir int) {
	n := len(m.Items)
	for step := 1; step <= n; step++ {
		i := ((m.Cursor+dir*step)%n + n) % n
		if !m.Items[i].Disabled {
			if i != m.Cursor {
				m.Cursor = i
				ctx.Play(assets.Click)
			}
			return
		}
	}
}

// stepGlow eases each entry's highlight towards the cursor: about a
// fifth of the way per tick, or at once with reduced motion.
func (m *Menu) stepGlow(reduced bool) {
	for i := range m.glow {
		target := 0.0
		if i == m.Cursor {
			target = 1
		}
		if reduced {
			m.glow[i] = target
			continue
		}
		m.glow[i] += (target - m.glow[i]) * 0.22
		if math.Abs(target-m.glow[i]) < 0.002 {
			m.glow[i] = target
		}
	}
}

// Draw draws the menu.
func (m *Menu) Draw(c *Canvas, pal *Palette) {
	if m.root == nil || len(m.root.children) != len(m.Items) {
		// Drawn before its first Update (under an overlay): lay out at
		// the scale last known, or 1.
		m.layout(max(m.scale, 1))
	}
	s := m.scale
	for i, n := range m.root.children {
		if i >= len(m.Items) || n.Hidden {
			continue
		}
		item := m.Items[i]
		g := 0.0
		if i < len(m.glow) {
			g = m.glow[i]
		}
		x, y, h := n.X+14*s*g, n.Y+m.hitPad(), m.itemH()
		c.RoundRect(x, y, n.W, h, 12*s, WithAlpha(pal.Panel, 0.85))
		if g > 0 {
			c.RoundRect(x, y, n.W, h, 12*s, WithAlpha(pal.Accent, g))
		}
		col := mix(pal.Text, pal.AccentText, g)
		if item.Disabled {
			col = WithAlpha(pal.TextDim, 0.6)
		}
		st := TextStyle{Size: menuFont * s, Bold: g > 0.5, Color: col, VAlign: text.AlignCenter}
		room := n.W - 40*s // a long label (a player's name in it) is made smaller to stay on its entry
		if item.Value != "" {
			room = n.W*menuValueAt - 32*s
		}
		c.Text(item.Label, x+24*s, n.Y+n.H/2, st.Fit(item.Label, room))
		if item.Value != "" {
			m.drawValue(c, item.Value, x, n, st)
		}
	}
	m.drawScrollMarks(c, pal)
}

// drawScrollMarks draws chevrons above and below a scrolled list.
func (m *Menu) drawScrollMarks(c *Canvas, pal *Palette) {
	s := m.scale
	cx := m.X + m.Width*s/2
	if m.first > 0 {
		m.chevron(c, cx, m.Y-14*s, -1, 9*s, pal.TextDim)
	}
	if m.first+m.Shown() < len(m.Items) {
		m.chevron(c, cx, m.Y+m.Height()+14*s, 1, 9*s, pal.TextDim)
	}
}

// chevron draws a small triangle pointing up (dir -1) or down (dir 1),
// its tip r from (cx, cy), its base 2r wide and 0.6r the other side.
func (m *Menu) chevron(c *Canvas, cx, cy, dir, r float64, clr color.RGBA) {
	drawArrow(c, cx, cy+dir*0.2*r, 1.6*r, 2*r, dir*math.Pi/2, clr)
}

// drawValue draws "◀ value ▶" in the right part of an entry, the value
// made smaller if need be to fit between the arrows (a long name).
func (m *Menu) drawValue(c *Canvas, value string, x float64, n *Node, st TextStyle) {
	s := m.scale
	left, right := x+n.W*menuValueAt, x+n.W-menuArrow*s
	cy := n.Y + n.H/2
	st.Align = text.AlignCenter
	st.Bold = true
	c.Text(value, (left+menuArrow*s+right)/2, cy, st.Fit(value, right-left-menuArrow*s-8*s))
	m.triangle(c, left+menuArrow*s/2, cy, -1, 9*s, st)
	m.triangle(c, right+menuArrow*s/2, cy, 1, 9*s, st)
}

// triangle draws a small triangle pointing left (dir -1) or right (dir
// 1), its tip r from (cx, cy), its base 2r tall and 0.7r the other side.
func (m *Menu) triangle(c *Canvas, cx, cy, dir, r float64, st TextStyle) {
	drawArrow(c, cx+dir*0.15*r, cy, 1.7*r, 2*r, math.Pi/2-dir*math.Pi/2, st.Color)
}

// drawArrow draws a triangle centred at (cx, cy), length long from base
// to tip and its base wide across, pointing right turned by rotation.
func drawArrow(c *Canvas, cx, cy, length, wide, rotation float64, clr color.RGBA) {
	var g ebiten.GeoM
	g.Scale(length/100, wide/100)
	g.Rotate(rotation)
	g.Translate(cx, cy)
	c.drawSprite(spriteArrow, g, premultiplied(clr, 1))
}

// Panel draws the game's standard panel: a soft shadow, a translucent
// body and a thin edge.
func Panel(c *Canvas, pal *Palette, x, y, w, h float64) {
	c.shadow(x, y, w, h, 20, 6, 10, WithAlpha(pal.BackdropDeep, 0.55))
	c.RoundRect(x, y, w, h, 20, pal.Panel)
	c.StrokeRoundRect(x, y, w, h, 20, 2, WithAlpha(pal.PanelEdge, 0.8))
}

// WrapText breaks s into lines no wider than width when set in st,
// appending them to dst. Explicit newlines are kept; a word too long for
// a line gets a line of its own.
func WrapText(dst []string, s string, st TextStyle, width float64) []string {
	f := face(st.Bold, st.Size)
	space := text.Advance(" ", f)
	for len(s) > 0 {
		para := s
		if i := strings.IndexByte(s, '\n'); i >= 0 {
			para, s = s[:i], s[i+1:]
		} else {
			s = ""
		}
		start, lineW := -1, 0.0
		lineStart := 0
		i := 0
		for i <= len(para) {
			if i == len(para) || para[i] == ' ' {
				if start >= 0 {
					w := text.Advance(para[start:i], f)
					if lineW > 0 && lineW+space+w > width {
						dst = append(dst, strings.TrimSpace(para[lineStart:start]))
						lineStart, lineW = start, w
					} else if lineW > 0 {
						lineW += space + w
					} else {
						lineW = w
					}
					start = -1
				}
			} else if start < 0 {
				start = i
			}
			i++
		}
		dst = append(dst, strings.TrimSpace(para[lineStart:]))
	}
	return dst
}

// Lines draws lines from (x, y) downwards, lineH apart, and returns the y
// below the last.
func (c *Canvas) Lines(lines []string, x, y, lineH float64, st TextStyle) float64 {
	for _, l := range lines {
		c.Text(l, x, y, st)
		y += lineH
	}
	return y
}
