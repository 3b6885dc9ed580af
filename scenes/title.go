package scenes

import (
	"math"
	"strconv"

	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"github.com/jankenarcade/janken/assets"
	"github.com/jankenarcade/janken/rulesets"
)

// Where the title screen's menu is.
const titleMenuX, titleMenuY = 96, 228

// Title is the title screen: the collection's name over the animated
// backdrop, and a menu of the registered games, Settings, Credits and (on
// the desktop) Quit. A panel describes the highlighted entry.
type Title struct {
	d        *Director
	menu     Menu
	backdrop *Backdrop
	entries  []titleEntry
	lines    []string // the info panel's wrapped blurb
	credit   []string // and credit line
	linesFor int      // the cursor they were wrapped for
	linesSc  float64  // and the text scale

	// The menu and the info panel change only with the cursor, but
	// cover a good part of the screen in translucent layers: each is
	// drawn from an image of its own (see drawCached).
	menuLayer Layer[titleKey]
	infoLayer Layer[titleKey]

	detail    string  // see Detail
	detailRow float64 // the hit area's height it was made for
}

// titleKey is what the title's menu and info panel are drawn from.
type titleKey struct {
	cursor, first int
	ui            float64
	pal           *Palette
}

// titleEntry is one menu entry: a game, or one of the fixed screens.
type titleEntry struct {
	game    *Entry
	players string // "3–6 players"
	label   string
	blurb   string
	open    func(ctx *Context)
}

// NewTitle returns the title screen of d's games.
func NewTitle(d *Director) *Title {
	t := &Title{d: d, backdrop: NewBackdrop(), linesFor: -1}
	for i := range d.games {
		g := &d.games[i]
		t.entries = append(t.entries, titleEntry{game: g, label: g.Title, blurb: g.Blurb,
			players: playersText(g.MinPlayers, g.MaxPlayers),
			open:    func(ctx *Context) { ctx.Push(g.Open(ctx.Director()), FadeQuick) }})
	}
	if open := d.opts.Network; open != nil {
		t.entries = append(t.entries, titleEntry{label: "Play over network",
			blurb: "Play with friends on this network, each at their own computer or browser: one hosts a room, the others join it with its four-letter code.",
			open:  func(ctx *Context) { ctx.Push(open(ctx.Director()), Forward) }})
	}
	if open := d.opts.Replays; open != nil {
		t.entries = append(t.entries, titleEntry{label: "Replays",
			blurb: "Watch your last matches again, step by step, at any speed; export one to share, or open one a friend sent.",
			open:  func(ctx *Context) { ctx.Push(open(ctx.Director()), Forward) }})
	}
	t.entries = append(t.entries,
		titleEntry{label: "Settings", blurb: "Volume, fullscreen, a colour-blind palette, reduced motion, the size of the interface and your name on the network. Changes apply at once and are kept.",
			open: func(ctx *Context) { ctx.Push(NewSettings(ctx.Director()), Forward) }},
		titleEntry{label: "Credits", blurb: "The original games and their designers, and how this collection was made.",
			open: func(ctx *Context) { ctx.Push(NewCredits(ctx.Director()), Forward) }})
	if canQuit {
		t.entries = append(t.entries, titleEntry{label: "Quit", blurb: "Close Janken Arcade. Your settings are already saved.",
			open: func(ctx *Context) { ctx.Quit() }})
	}
	if len(d.games) == 0 {
		t.entries[0].blurb = "No games are installed in this build. " + t.entries[0].blurb
	}
	for _, e := range t.entries {
		t.menu.Items = append(t.menu.Items, MenuItem{Label: e.label})
	}
	t.menu.X, t.menu.Y, t.menu.Width, t.menu.MaxHeight = titleMenuX, titleMenuY, 380, 440
	t.menu.layout(d.UIScale())
	return t
}

// Name implements Scene.
func (t *Title) Name() string { return "title" }

// Cursor implements Cursored.
func (t *Title) Cursor() int { return t.menu.Cursor }

// Detail implements Detailed: "rows 82", the height in logical pixels
// of each menu entry's hit area as of the last Update, for the browser
// tests that check that a phone's first screen has touch-sized rows.
func (t *Title) Detail() string { return t.detail }

// Update implements Scene.
func (t *Title) Update(ctx *Context) error {
	t.backdrop.Update(ctx.ReducedMotion())
	ev := t.menu.Update(ctx)
	if p := t.menu.itemH() + 2*t.menu.hitPad(); p != t.detailRow {
		t.detail, t.detailRow = "rows "+strconv.FormatFloat(p, 'f', -1, 64), p
	}
	switch ev.Action {
	case MenuActivate:
		ctx.Play(assets.Flip)
		t.entries[ev.Index].open(ctx)
	case MenuBack:
		// Esc on the title points at Quit rather than quitting.
		if canQuit && t.menu.Cursor != len(t.entries)-1 {
			t.menu.Cursor = len(t.entries) - 1
			ctx.Play(assets.Click)
		}
	}
	return nil
}

// Draw implements Scene.
func (t *Title) Draw(c *Canvas) {
	pal := t.d.Palette()
	s := t.d.UIScale()
	t.backdrop.Draw(c, pal)
	t.drawEmblem(c, pal)
	t.drawName(c, pal)
	t.drawCached(c, pal, s)
	hint := TextStyle{Size: 18, Color: pal.TextDim, VAlign: text.AlignEnd}
	c.Text(t.d.Hint("Arrows or stick: choose    Enter / A: select    Esc / B: back    F11: fullscreen",
		"Tap an entry to open it"), 96, ScreenHeight-14, hint)
	if v := t.d.opts.Version; v != "" {
		hint.Align = text.AlignEnd
		c.Text(v, ScreenWidth-40, ScreenHeight-14, hint)
	}
	t.drawNotice(c, pal)
}

// drawName draws the collection's name with a soft shadow.
func (t *Title) drawName(c *Canvas, pal *Palette) {
	bob := 0.0
	if !t.d.settings.ReducedMotion {
		bob = 3 * math.Sin(float64(t.d.tick)/50)
	}
	big := TextStyle{Size: 92, Bold: true, Color: WithAlpha(pal.BackdropDeep, 0.7), VAlign: text.AlignEnd}
	for _, layer := range [2]struct {
		dx, dy float64
		shadow bool
	}{{5, 7, true}, {0, 0, false}} {
		x, y := 90+layer.dx, 168+layer.dy+bob
		if layer.shadow {
			big.Color = WithAlpha(pal.BackdropDeep, 0.8)
			c.Text("JANKEN", x, y, big)
			c.Text("ARCADE", x+TextWidth("JANKEN ", big), y, big)
			continue
		}
		big.Color = pal.Accent
		c.Text("JANKEN", x, y, big)
		big.Color = pal.Text
		c.Text("ARCADE", x+TextWidth("JANKEN ", big), y, big)
	}
	c.Text("Rock · Paper · Scissors — a collection of card games", 96, 214+bob,
		TextStyle{Size: 24, Color: pal.TextDim, VAlign: text.AlignEnd})
}

// drawEmblem draws rock, paper and scissors chasing one another round a
// circle: each beats the one ahead of it.
func (t *Title) drawEmblem(c *Canvas, pal *Palette) {
	// Kept clear of the name on the left and the panel below.
	cx, cy, r := 1020.0, 128.0, 70.0
	turn := 0.0
	if !t.d.settings.ReducedMotion {
		turn = float64(t.d.tick) / 300
	}
	c.Circle(cx, cy, r+50, WithAlpha(pal.Panel, 0.5))
	for i, sym := range rulesets.Symbols {
		a := turn + float64(i)*2*math.Pi/3 - math.Pi/2
		x, y := cx+r*math.Cos(a), cy+r*math.Sin(a)
		c.Circle(x, y, 40, WithAlpha(pal.BackdropDeep, 0.85))
		DrawSymbol(c, sym, x, y, 58, 0, pal.Symbol(sym))
	}
}

// drawCached draws the menu and the info panel, each from its layer
// while the menu's highlight stands still; while it glides from entry to
// entry the menu is drawn afresh. A layer's pixels blend over the
// backdrop as the shapes it holds would, one pass in place of several.
func (t *Title) drawCached(c *Canvas, pal *Palette, s float64) {
	key := titleKey{cursor: t.menu.Cursor, first: t.menu.first, ui: s, pal: pal}
	if t.menuSettled() {
		// Room for the lit entry's shift and the scroll chevrons.
		m := &t.menu
		t.menuLayer.Draw(c, m.X-2, m.Y-32*s, (m.Width+14)*s+4, m.Height()+64*s, key,
			func(c *Canvas) { m.Draw(c, pal) })
	} else {
		t.menu.Draw(c, pal)
	}
	x, y, w, h := t.infoRect(s)
	// Room for the panel's edge and its shadow.
	t.infoLayer.Draw(c, x-2, y-2, w+10, h+14, key,
		func(c *Canvas) { t.drawInfo(c, pal, s) })
}

// menuSettled reports whether every entry of the menu is fully lit or
// not lit at all.
func (t *Title) menuSettled() bool {
	for _, g := range t.menu.glow {
		if g != 0 && g != 1 {
			return false
		}
	}
	return true
}

// infoRect returns where the info panel is at interface scale s: it
// gives way to the menu as the interface grows.
func (t *Title) infoRect(s float64) (x, y, w, h float64) {
	x = math.Max(560, t.menu.X+t.menu.Width*s+48)
	return x, titleMenuY, 1180 - x, 390
}

// drawInfo draws the panel about the highlighted entry.
func (t *Title) drawInfo(c *Canvas, pal *Palette, s float64) {
	x, y, w, h := t.infoRect(s)
	Panel(c, pal, x, y, w, h)
	i := t.menu.Cursor
	if i < 0 || i >= len(t.entries) {
		return
	}
	e := t.entries[i]
	// The panel's text grows less than the menu's: it has less room.
	ps := math.Min(s, 1.2)
	left, right, bottom := x+36, x+w-36, y+h-28
	head := TextStyle{Size: 40 * ps, Bold: true, Color: pal.Text}
	c.Text(e.label, left, y+30, head)
	ty := y + 30 + 58*ps
	if g := e.game; g != nil {
		c.Text(e.players, left, ty, TextStyle{Size: 22 * ps, Bold: true, Color: pal.Accent})
		ty += 38 * ps
	}
	body := TextStyle{Size: 24 * ps, Color: pal.Text}
	credit := TextStyle{Size: 19 * ps, Color: pal.TextDim, VAlign: text.AlignEnd}
	if t.linesFor != i || t.linesSc != ps {
		t.lines = WrapText(t.lines[:0], e.blurb, body, right-left)
		t.credit = t.credit[:0]
		if g := e.game; g != nil && g.Credit != "" {
			t.credit = WrapText(t.credit, "Original game: "+g.Credit, credit, right-left)
		}
		t.linesFor, t.linesSc = i, ps
	}
	// The credit sits at the bottom; the blurb stops above it.
	lineH, creditH := 34*ps, 26*ps
	creditTop := bottom - float64(len(t.credit))*creditH
	for _, l := range t.lines {
		if ty+lineH > creditTop {
			break
		}
		c.Text(l, left, ty, body)
		ty += lineH
	}
	for j, l := range t.credit {
		c.Text(l, left, creditTop+float64(j+1)*creditH, credit)
	}
}

// playersText returns "3–6 players", "2 players" …
func playersText(lo, hi int) string {
	switch {
	case lo <= 0 && hi <= 0:
		return ""
	case lo == hi || hi <= 0:
		return strconv.Itoa(lo) + " players"
	}
	return strconv.Itoa(lo) + "–" + strconv.Itoa(hi) + " players"
}

// drawNotice draws the last notice in a banner at the top while it is
// fresh.
func (t *Title) drawNotice(c *Canvas, pal *Palette) {
	left := t.d.noticeLeft
	if left <= 0 || t.d.notice == "" {
		return
	}
	a := math.Min(1, float64(left)/60)
	st := TextStyle{Size: 20, Bold: true, Color: WithAlpha(pal.AccentText, a), Align: text.AlignCenter, VAlign: text.AlignCenter}
	w := TextWidth(t.d.notice, st) + 48
	c.RoundRect((ScreenWidth-w)/2, 18, w, 40, 20, WithAlpha(pal.Notice, a))
	c.Text(t.d.notice, ScreenWidth/2, 38, st)
}
