package scenes

import "github.com/hajimehoshi/ebiten/v2/text/v2"

// Pause is the menu over a paused table: resume, read the rules, or leave
// the game. Push it with Director.Push (FadeQuick); the table under it
// stays in sight and stands still.
type Pause struct {
	d     *Director
	name  string
	rules func() Scene
	leave func(ctx *Context)
	menu  Menu
}

// The items of the pause menu.
const (
	pauseResume = iota
	pauseRules
	pauseLeave
)

// NewPause returns the pause menu of a table. name is the scene's name
// ("thatsmine-pause"); rules returns the game's rules summary, which
// replaces the menu; leave leaves the game, the menu still on top (it
// pops the menu and whatever else it must).
func NewPause(d *Director, name string, rules func() Scene, leave func(ctx *Context)) *Pause {
	p := &Pause{d: d, name: name, rules: rules, leave: leave}
	p.menu.Items = []MenuItem{pauseResume: {Label: "Resume"}, pauseRules: {Label: "Rules"}, pauseLeave: {Label: "Leave the game"}}
	p.menu.X, p.menu.Y, p.menu.Width = 440, 300, 400
	return p
}

// Name implements Scene.
func (p *Pause) Name() string { return p.name }

// Overlay implements Overlay: the table shows, dimmed, under the menu.
func (p *Pause) Overlay() {}

// Cursor returns the highlighted item, for tests.
func (p *Pause) Cursor() int { return p.menu.Cursor }

// ItemRect returns where item i (0 Resume, 1 Rules, 2 Leave) answers taps
// and clicks, in logical pixels, for tests: see Menu.ItemRect.
func (p *Pause) ItemRect(i int) (x, y, w, h float64, shown bool) { return p.menu.ItemRect(i) }

// Update implements Scene.
func (p *Pause) Update(ctx *Context) error {
	ev := p.menu.Update(ctx)
	switch {
	case ev.Action == MenuBack, ev.Action == MenuActivate && ev.Index == pauseResume:
		ctx.Pop(FadeQuick)
	case ev.Action == MenuActivate && ev.Index == pauseRules:
		ctx.Replace(p.rules(), FadeQuick)
	case ev.Action == MenuActivate && ev.Index == pauseLeave:
		p.leave(ctx)
	}
	return nil
}

// Draw implements Scene.
func (p *Pause) Draw(c *Canvas) {
	pal := p.d.Palette()
	c.FillRect(0, 0, ScreenWidth, ScreenHeight, WithAlpha(pal.BackdropDeep, 0.7))
	solidPanel(c, pal, 400, 200, 480, 320)
	c.Text("Paused", ScreenWidth/2, 250, TextStyle{Size: 40, Bold: true, Color: pal.Text, Align: text.AlignCenter, VAlign: text.AlignCenter})
	p.menu.Draw(c, pal)
}
