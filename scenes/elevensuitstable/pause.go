package elevensuitstable

import (
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"github.com/jankenarcade/janken/scenes"
)

// pause is the in-game menu, drawn over the table.
type pause struct {
	t    *Table
	menu scenes.Menu
}

func newPause(t *Table) *pause {
	p := &pause{t: t}
	p.menu.Items = []scenes.MenuItem{{Label: "Resume"}, {Label: "Rules"}, {Label: "Leave the table"}}
	p.menu.X, p.menu.Y, p.menu.Width = 440, 260, 400
	return p
}

func (p *pause) Name() string { return "elevensuits-pause" }
func (p *pause) Overlay()     {}
func (p *pause) Cursor() int  { return p.menu.Cursor }

func (p *pause) Update(ctx *scenes.Context) error {
	ev := p.menu.Update(ctx)
	switch {
	case ev.Action == scenes.MenuBack, ev.Action == scenes.MenuActivate && ev.Index == 0:
		ctx.Pop(scenes.FadeQuick)
	case ev.Action == scenes.MenuActivate && ev.Index == 1:
		ctx.Replace(scenes.NewRules(p.t.d, "Eleven Suits", rulesSections...), scenes.FadeQuick)
	case ev.Action == scenes.MenuActivate && ev.Index == 2:
		ctx.Pop(scenes.FadeQuick)
		ctx.Pop(scenes.FadeQuick)
	}
	return nil
}

func (p *pause) Draw(c *scenes.Canvas) {
	pal := p.t.d.Palette()
	scenes.Panel(c, pal, 400, 170, 480, 400)
	c.Text("Paused", scenes.ScreenWidth/2, 215, scenes.TextStyle{Size: 36, Bold: true, Color: pal.Text, Align: text.AlignCenter, VAlign: text.AlignCenter})
	p.menu.Draw(c, pal)
}
