package thatsminetable

import (
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"github.com/jankenarcade/janken/scenes"
)

// pause is the menu over the table: resume, read the rules, or leave.
type pause struct {
	t    *Table
	menu scenes.Menu
}

func newPause(t *Table) *pause {
	p := &pause{t: t}
	p.menu.Items = []scenes.MenuItem{{Label: "Resume"}, {Label: "Rules"}, {Label: "Leave the game"}}
	p.menu.X, p.menu.Y, p.menu.Width = 440, 300, 400
	return p
}

func (p *pause) Name() string { return "thatsmine-pause" }
func (p *pause) Overlay()     {}
func (p *pause) Cursor() int  { return p.menu.Cursor }

func (p *pause) Update(ctx *scenes.Context) error {
	ev := p.menu.Update(ctx)
	switch {
	case ev.Action == scenes.MenuBack, ev.Action == scenes.MenuActivate && ev.Index == 0:
		ctx.Pop(scenes.FadeQuick)
	case ev.Action == scenes.MenuActivate && ev.Index == 1:
		ctx.Replace(rulesOverlay(p.t.d), scenes.FadeQuick)
	case ev.Action == scenes.MenuActivate && ev.Index == 2:
		p.t.quit = true
		ctx.Pop(scenes.FadeQuick)
	}
	return nil
}

func (p *pause) Draw(c *scenes.Canvas) {
	pal := p.t.d.Palette()
	c.FillRect(0, 0, scenes.ScreenWidth, scenes.ScreenHeight, withAlpha(pal.BackdropDeep, 0.7))
	scenes.Panel(c, pal, 400, 200, 480, 320)
	c.Text("Paused", scenes.ScreenWidth/2, 250, scenes.TextStyle{Size: 40, Bold: true, Color: pal.Text, Align: text.AlignCenter, VAlign: text.AlignCenter})
	p.menu.Draw(c, pal)
}
