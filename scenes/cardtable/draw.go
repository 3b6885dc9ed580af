package cardtable

import (
	"image/color"
	"slices"
	"strings"

	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/nettable"
	"github.com/jankenarcade/janken/scenes/privacy"
)

// Draw implements scenes.Scene: the game's table from the view the
// screen may show, then what the runner keeps over it (see drawOver).
func (r *Runner[V, A, E, PV]) Draw(c *scenes.Canvas) {
	ready := r.match.Ready()
	if ready {
		r.drawView = r.match.View(r.st.Shown)
		r.table.Draw(c, &r.st, &r.drawView)
	}
	r.drawOver(c, ready)
}

// drawOver draws what the runner keeps over the game's table — the
// buttons (the Peek button among them, for a seat on the touch screen),
// the curtain or the peek hint, a refused action, an unplugged
// controller, and on the network the connection's line and news — or,
// until the match is ready, the wait for the host.
func (r *chrome) drawOver(c *scenes.Canvas, ready bool) {
	pal := r.d.Palette()
	if !ready {
		nettable.DrawWaiting(c, pal)
		r.drawShell(c, pal)
		return
	}
	r.drawButtons(c, pal)
	r.drawPeekButton(c, pal)
	switch seat, up := r.gate.Curtain(); {
	case up:
		privacy.DrawCurtain(c, pal, seat, r.st.Who[seat], r.st.KeyName(seat, rulesets.ButtonConfirm), r.d.TouchOnly())
	case r.st.PeekHint:
		p := r.places.place()
		privacy.DrawPeekHint(c, pal, r.gate, r.st.Who, r.peekKeys(), p.HintX, p.HintY, p.HintW)
	}
	if r.notice != "" && r.st.Tick-r.noticeAt < NoticeTicks {
		drawBanner(c, pal, r.notice, scenes.ScreenHeight-120, pal.Notice)
	}
	if r.router.Paused() {
		r.drawUnplugged(c, pal, r.router.Waiting())
	}
	r.drawShell(c, pal)
}

// drawShell draws a network match's connection line and news.
func (r *chrome) drawShell(c *scenes.Canvas, pal *scenes.Palette) {
	if r.net != nil {
		p := r.places.place()
		r.shell.Draw(c, pal, r.net.Connection(), p.LineX, p.LineY)
	}
}

// drawButtons draws the Rules and Menu buttons (a network match has no
// rules overlay: it cannot pause for one machine; a replay has neither).
func (r *chrome) drawButtons(c *scenes.Canvas, pal *scenes.Palette) {
	if r.watching {
		return // the replay viewer has its own controls
	}
	b := r.places.place()
	buttons := []struct {
		x     float64
		label string
	}{{b.RulesX, "Rules"}, {b.MenuX, "Menu"}}
	if r.net != nil {
		buttons = buttons[1:]
	}
	for _, bt := range buttons {
		c.RoundRect(bt.x, b.Y, buttonW, buttonH, 10, pal.Panel)
		c.StrokeRoundRect(bt.x, b.Y, buttonW, buttonH, 10, 2, pal.PanelEdge)
		st := scenes.TextStyle{Size: 20, Color: pal.Text, Align: text.AlignCenter, VAlign: text.AlignCenter}
		c.Text(bt.label, bt.x+buttonW/2, b.Y+buttonH/2, scenes.TableTextFit(st, r.d.UIScale(), bt.label, buttonW-12))
	}
}

// drawUnplugged covers the table while a seat's controller is away.
func (r *chrome) drawUnplugged(c *scenes.Canvas, pal *scenes.Palette, seat int) {
	c.FillRect(0, 0, scenes.ScreenWidth, scenes.ScreenHeight, scenes.WithAlpha(pal.BackdropDeep, 0.85))
	scenes.Panel(c, pal, 240, 260, 800, 200)
	c.Text("Paused: a controller was unplugged", scenes.ScreenWidth/2, 320, scenes.TextStyle{Size: 32, Bold: true, Color: pal.Notice, Align: text.AlignCenter, VAlign: text.AlignCenter})
	name := "a player"
	if seat >= 0 && seat < len(r.st.Names) {
		name = r.st.Names[seat]
	}
	c.Text("Press any button on a controller to play as "+name, scenes.ScreenWidth/2, 390,
		scenes.TextStyle{Size: 24, Color: pal.Text, Align: text.AlignCenter, VAlign: text.AlignCenter})
}

// drawBanner draws a one-line message centred on a panel at y.
func drawBanner(c *scenes.Canvas, pal *scenes.Palette, msg string, y float64, clr color.RGBA) {
	st := scenes.TextStyle{Size: 22, Bold: true, Color: clr, Align: text.AlignCenter, VAlign: text.AlignCenter}
	w := scenes.TextWidth(msg, st) + 48
	c.RoundRect((scenes.ScreenWidth-w)/2, y-20, w, 40, 20, pal.Panel)
	c.Text(msg, scenes.ScreenWidth/2, y, st)
}

// KeyName names what seat presses for action b on its device ("E",
// "Enter", "A", "the left mouse button"), or the action's own name ("Confirm") where no
// device is bound: see input.Router.KeyName.
func (st *Status) KeyName(seat int, b rulesets.Button) string {
	if st.router == nil {
		return input.ActionName(b)
	}
	return st.router.KeyName(seat, b)
}

// KeysOf names what the seats in seats press for action b, each name once
// in seat order: "L-Shift or Y" for a keyboard player and a pad player.
func (st *Status) KeysOf(seats rulesets.Audience, b rulesets.Button) string {
	var names []string
	for seat := range rulesets.MaxSeats {
		if name := st.KeyName(seat, b); seats.Sees(seat) && !slices.Contains(names, name) {
			names = append(names, name)
		}
	}
	return strings.Join(names, " or ")
}
