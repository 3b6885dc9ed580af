package lobby

import (
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"github.com/jankenarcade/janken/scenes"
)

// GameMenu is the first screen of a game without options of its own
// (That's Mine, Ninjan): Play vs computer (see Solo), which starts at
// once, Choose players, which opens the lobby, How to play and Back. The
// cursor starts on Play vs computer, so Enter twice from the title is a
// game against the computer.
type GameMenu struct {
	d        *scenes.Director
	name     string
	cfg      Config
	rules    func(*scenes.Director) scenes.Scene
	solo     *Solo
	menu     scenes.Menu
	rows     []int // the item of each menu row
	backdrop *scenes.Backdrop
}

// The GameMenu's entries.
const (
	gameSolo = iota
	gameLobby
	gameRules
	gameBack
)

// NewGameMenu returns the menu of the game cfg describes, named name
// ("ninjan"); rules, if not nil, opens its How to play overlay.
func NewGameMenu(d *scenes.Director, name string, cfg Config, rules func(*scenes.Director) scenes.Scene) *GameMenu {
	g := &GameMenu{d: d, name: name, cfg: cfg, rules: rules, solo: NewSolo(d, cfg), backdrop: scenes.NewBackdrop()}
	g.menu.X, g.menu.Y, g.menu.Width = 360, 250, 560
	g.refresh()
	return g
}

func (g *GameMenu) refresh() {
	g.menu.Items, g.rows = g.menu.Items[:0], g.rows[:0]
	add := func(item int, mi scenes.MenuItem) {
		g.menu.Items, g.rows = append(g.menu.Items, mi), append(g.rows, item)
	}
	add(gameSolo, g.solo.Item())
	add(gameLobby, scenes.MenuItem{Label: "Choose players"})
	if g.rules != nil {
		add(gameRules, scenes.MenuItem{Label: "How to play"})
	}
	add(gameBack, scenes.MenuItem{Label: "Back"})
}

// Name implements scenes.Scene: "ninjan-setup".
func (g *GameMenu) Name() string { return g.name + "-setup" }

// Cursor implements scenes.Cursored.
func (g *GameMenu) Cursor() int { return g.menu.Cursor }

// Update implements scenes.Scene.
func (g *GameMenu) Update(ctx *scenes.Context) error {
	g.backdrop.Update(ctx.ReducedMotion())
	g.solo.Update(ctx)
	ev := g.menu.Update(ctx)
	item := -1
	if ev.Index >= 0 && ev.Index < len(g.rows) {
		item = g.rows[ev.Index]
	}
	switch {
	case ev.Action == scenes.MenuBack || (ev.Action == scenes.MenuActivate && item == gameBack):
		ctx.Pop(scenes.Backward)
	case item == gameSolo && ev.Action == scenes.MenuActivate:
		g.solo.Start(ctx)
	case item == gameSolo && ev.Action == scenes.MenuDecrease:
		g.solo.Step(-1)
	case item == gameSolo && ev.Action == scenes.MenuIncrease:
		g.solo.Step(1)
	case item == gameLobby && ev.Action == scenes.MenuActivate:
		ctx.Push(New(g.d, g.cfg), scenes.Forward)
	case item == gameRules && ev.Action == scenes.MenuActivate:
		ctx.Push(g.rules(g.d), scenes.FadeQuick)
	}
	g.refresh()
	return nil
}

// Draw implements scenes.Scene.
func (g *GameMenu) Draw(c *scenes.Canvas) {
	pal := g.d.Palette()
	g.backdrop.Draw(c, pal)
	c.Text(g.cfg.Title, scenes.ScreenWidth/2, 120, scenes.TextStyle{Size: 64, Bold: true, Color: pal.Text, Align: text.AlignCenter, VAlign: text.AlignCenter})
	c.Text(playerRange(g.cfg.MinPlayers, g.cfg.MaxPlayers), scenes.ScreenWidth/2, 185,
		scenes.TextStyle{Size: 22, Color: pal.TextDim, Align: text.AlignCenter, VAlign: text.AlignCenter})
	g.menu.Draw(c, pal)
	if about := g.about(); about != "" {
		c.Text(about, scenes.ScreenWidth/2, g.menu.Y+g.menu.Height()+48,
			scenes.TextStyle{Size: 20, Color: pal.TextDim, Align: text.AlignCenter, VAlign: text.AlignCenter})
	}
}

// about says what the highlighted entry does.
func (g *GameMenu) about() string {
	if g.menu.Cursor < 0 || g.menu.Cursor >= len(g.rows) {
		return ""
	}
	switch g.rows[g.menu.Cursor] {
	case gameSolo:
		if g.d.TouchOnly() {
			return g.solo.TouchAbout()
		}
		return g.solo.About()
	case gameLobby:
		return "Seat friends on keyboards, gamepads and the mouse, and AI players, then start."
	}
	return ""
}
