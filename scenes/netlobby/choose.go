package netlobby

import (
	"github.com/jankenarcade/janken/scenes"
)

// Chooser is the first screen of network play: which game to play. Each
// game opens its own network lobby. main.go gives it the games of its
// list (package catalog) that can be played over the network:
//
//	Network: func(d *scenes.Director) scenes.Scene {
//		return netlobby.Choose(d, arcade.Networked(web)...)
//	},
type Chooser struct {
	d        *scenes.Director
	games    []Config
	menu     scenes.Menu
	backdrop *scenes.Backdrop
	lines    []string // the highlighted game's blurb, wrapped
	linesFor int      // for this cursor
	// net is the network of the games; in a browser that no desktop host
	// served, which can play none of them, the menu is only Back, under
	// browserHelp.
	net *Network
}

// Choose returns the network menu of games.
func Choose(d *scenes.Director, games ...Config) *Chooser {
	c := &Chooser{d: d, backdrop: scenes.NewBackdrop(), linesFor: -1, net: &Network{}}
	if len(games) > 0 {
		c.net = games[0].network()
	}
	if c.net.offers() || !c.net.InBrowser {
		c.games = games
	}
	if len(c.games) == 0 {
		c.menu = backMenu()
		return c
	}
	c.menu = scenes.Menu{X: leftX, Y: menuY - 60, Width: menuW, MaxHeight: 340}
	for _, g := range c.games {
		c.menu.Items = append(c.menu.Items, scenes.MenuItem{Label: g.Title})
	}
	c.menu.Items = append(c.menu.Items, scenes.MenuItem{Label: "Back"})
	return c
}

// Name implements scenes.Scene.
func (c *Chooser) Name() string { return "netplay" }

// Cursor implements scenes.Cursored.
func (c *Chooser) Cursor() int { return c.menu.Cursor }

// Update implements scenes.Scene.
func (c *Chooser) Update(ctx *scenes.Context) error {
	c.backdrop.Update(ctx.ReducedMotion())
	ev := c.menu.Update(ctx)
	switch {
	case ev.Action == scenes.MenuBack || ev.Action == scenes.MenuActivate && ev.Index == len(c.games):
		ctx.Pop(scenes.Backward)
	case ev.Action == scenes.MenuActivate:
		l := New(c.d, c.games[ev.Index])
		l.others = c.games
		ctx.Push(l, scenes.Forward)
	}
	if i := c.menu.Cursor; i != c.linesFor {
		c.lines, c.linesFor = c.lines[:0], i
		if i >= 0 && i < len(c.games) {
			c.lines = scenes.WrapText(c.lines, c.games[i].Blurb, blurbStyle, panelW-(rightX-panelX)-40)
		}
	}
	return nil
}

// Draw implements scenes.Scene.
func (c *Chooser) Draw(cv *scenes.Canvas) {
	pal := c.d.Palette()
	drawMenuPage(cv, pal, c.backdrop)
	switch {
	case !c.net.InBrowser:
		cv.Text("Each player at their own computer or browser on this network. Which game?", leftX, 180,
			scenes.TextStyle{Size: 24, Color: pal.Text})
	case len(c.games) > 0:
		cv.Text("This page comes from the game hosting at "+c.net.PageHost+". Which game does it host?", leftX, 180,
			scenes.TextStyle{Size: 24, Color: pal.Text})
	default:
		drawBrowserHelp(cv, pal, 180)
	}
	c.menu.Draw(cv, pal)
	st := blurbStyle
	st.Color = pal.TextDim
	for j, l := range c.lines {
		cv.Text(l, rightX, menuY-60+float64(j)*32, st)
	}
}

var blurbStyle = scenes.TextStyle{Size: 22}
