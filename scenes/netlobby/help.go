package netlobby

import "github.com/jankenarcade/janken/scenes"

// Help is the network menu of a build without network play (the itch.io
// build, see package wasm): how a browser joins a friend's game
// (browserHelp), and Back. It is the screen the Chooser shows in a browser
// that no desktop host served, without the lobbies' code behind it.
type Help struct {
	menu     scenes.Menu
	backdrop *scenes.Backdrop
	d        *scenes.Director
}

// NewHelp returns the network menu of a build without network play.
func NewHelp(d *scenes.Director) *Help {
	return &Help{d: d, backdrop: scenes.NewBackdrop(), menu: backMenu()}
}

// backMenu is the menu under browserHelp: Back alone.
func backMenu() scenes.Menu {
	return scenes.Menu{X: leftX, Y: browserMenuY, Width: menuW, MaxHeight: 340, Items: []scenes.MenuItem{{Label: "Back"}}}
}

// Name implements scenes.Scene: the Chooser's name, since it is the same
// screen.
func (h *Help) Name() string { return "netplay" }

// Cursor implements scenes.Cursored.
func (h *Help) Cursor() int { return h.menu.Cursor }

// Update implements scenes.Scene: any choice goes back.
func (h *Help) Update(ctx *scenes.Context) error {
	h.backdrop.Update(ctx.ReducedMotion())
	if ev := h.menu.Update(ctx); ev.Action == scenes.MenuBack || ev.Action == scenes.MenuActivate {
		ctx.Pop(scenes.Backward)
	}
	return nil
}

// Draw implements scenes.Scene.
func (h *Help) Draw(cv *scenes.Canvas) {
	pal := h.d.Palette()
	drawMenuPage(cv, pal, h.backdrop)
	drawBrowserHelp(cv, pal, 180)
	h.menu.Draw(cv, pal)
}

// drawMenuPage draws the network menu's backdrop, panel and title.
func drawMenuPage(cv *scenes.Canvas, pal *scenes.Palette, backdrop *scenes.Backdrop) {
	backdrop.Draw(cv, pal)
	scenes.Panel(cv, pal, panelX, panelY, panelW, panelH)
	cv.Text("Play over the network", leftX, 100, scenes.TextStyle{Size: 46, Bold: true, Color: pal.Text})
}
