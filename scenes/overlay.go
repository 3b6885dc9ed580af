package scenes

import (
	"github.com/hajimehoshi/ebiten/v2/text/v2"
)

// RulesSection is one heading of a rules summary, its text and an
// optional figure below the text.
type RulesSection struct {
	Heading string
	Text    string
	// Touch, if set, replaces Text on a touch-only device
	// (Director.TouchOnly): a Controls section's keys mean nothing on a
	// phone.
	Touch  string
	Figure Figure
}

// Figure is an illustration in a rules summary, drawn with the game's own
// sprites: a worked example says more than a formula.
type Figure interface {
	// Lines is the figure's height, in lines of the summary's text.
	Lines() int
	// Update runs each tick the summary is up (to fetch sprites).
	Update(ctx *Context)
	// Draw draws the figure with its top-left corner at (x, y), its
	// sizes multiplied by scale (the UI scale).
	Draw(c *Canvas, x, y, scale float64)
}

// Rules is an overlay summarising a game's rules over its table: push it
// with Director.Push (FadeQuick) and it pops itself on Back or Confirm.
// Up and Down scroll a long summary. A click pops it too; on a
// touch-only device, a tap reads on, a page at a time, and pops it only
// from the end.
type Rules struct {
	d        *Director
	title    string
	sections []RulesSection
	lines    []rulesLine
	scale    float64 // UI scale the lines were wrapped for
	touch    bool    // and whether for a touch-only device
	scroll   float64 // lines scrolled
}

type rulesLine struct {
	text    string
	heading bool
	figure  Figure // drawn from this line down, if set
}

// Rules overlay geometry.
const (
	rulesX, rulesY, rulesW, rulesH = 190.0, 60.0, 900.0, 600.0
	rulesTextTop                   = 170.0
	rulesTextBottom                = 600.0
)

// NewRules returns a rules overlay.
func NewRules(d *Director, title string, sections ...RulesSection) *Rules {
	return &Rules{d: d, title: title, sections: sections}
}

// Name implements Scene.
func (r *Rules) Name() string { return "rules" }

// Overlay implements Overlay: the table stays visible under the summary.
func (r *Rules) Overlay() {}

func (r *Rules) wrap(scale float64, touch bool) {
	if r.lines != nil && r.scale == scale && r.touch == touch {
		return
	}
	r.scale, r.touch, r.lines = scale, touch, r.lines[:0]
	var buf []string
	for i, s := range r.sections {
		if i > 0 {
			r.lines = append(r.lines, rulesLine{}) // a blank line between sections
		}
		r.lines = append(r.lines, rulesLine{text: s.Heading, heading: true})
		body := s.Text
		if touch && s.Touch != "" {
			body = s.Touch
		}
		buf = WrapText(buf[:0], body, r.bodyStyle(nil), rulesW-120)
		for _, l := range buf {
			r.lines = append(r.lines, rulesLine{text: l})
		}
		if s.Figure != nil {
			r.lines = append(r.lines, rulesLine{figure: s.Figure})
			for range s.Figure.Lines() - 1 {
				r.lines = append(r.lines, rulesLine{})
			}
		}
	}
}

func (r *Rules) bodyStyle(pal *Palette) TextStyle {
	st := TextStyle{Size: 22 * r.scale}
	if pal != nil {
		st.Color = pal.Text
	}
	return st
}

func (r *Rules) lineH() float64 { return 32 * r.scale }

// visible returns how many lines fit.
func (r *Rules) visible() int { return int((rulesTextBottom - rulesTextTop) / r.lineH()) }

// Update implements Scene.
func (r *Rules) Update(ctx *Context) error {
	r.wrap(ctx.UIScale(), ctx.TouchOnly())
	for _, s := range r.sections {
		if s.Figure != nil {
			s.Figure.Update(ctx)
		}
	}
	nav := ctx.Nav()
	switch {
	case nav.Click && ctx.TouchOnly() && r.more():
		r.scroll = min(r.maxScroll(), r.scroll+float64(max(1, r.visible()-1)))
	case nav.Back || nav.Confirm || nav.Click:
		ctx.Pop(FadeQuick)
	default:
		r.scroll = min(r.maxScroll(), max(0, r.scroll+float64(nav.Dir()*3)))
	}
	return nil
}

// maxScroll returns how far the summary scrolls: to its last line.
func (r *Rules) maxScroll() float64 { return float64(max(0, len(r.lines)-r.visible())) }

// more reports whether lines below the panel's foot are left to read.
func (r *Rules) more() bool { return r.scroll < r.maxScroll() }

// Draw implements Scene.
func (r *Rules) Draw(c *Canvas) {
	pal := r.d.Palette()
	r.wrap(r.d.UIScale(), r.d.TouchOnly())
	c.FillRect(0, 0, ScreenWidth, ScreenHeight, WithAlpha(pal.BackdropDeep, 0.7))
	solidPanel(c, pal, rulesX, rulesY, rulesW, rulesH)
	c.Text(r.title, rulesX+60, rulesY+36, TextStyle{Size: 40, Bold: true, Color: pal.Text})
	body := r.bodyStyle(pal)
	head := TextStyle{Size: 24 * r.scale, Bold: true, Color: pal.Accent}
	y := rulesTextTop
	first := int(r.scroll)
	for i := first; i < len(r.lines) && i < first+r.visible(); i++ {
		l := r.lines[i]
		switch {
		case l.figure != nil && i+l.figure.Lines() <= first+r.visible():
			// Whole or not at all: a figure cut by the panel's edge
			// would run over the title or the hint.
			l.figure.Draw(c, rulesX+60, y, r.scale)
		case l.heading:
			c.Text(l.text, rulesX+60, y, head)
		default:
			c.Text(l.text, rulesX+60, y, body)
		}
		y += r.lineH()
	}
	hint := "Enter or Esc: back to the game"
	switch {
	case r.touch && r.more():
		hint = "Tap to read on"
	case r.touch:
		hint = "Tap to go back to the game"
	case len(r.lines) > r.visible():
		hint = "Up / Down: scroll    " + hint
	}
	c.Text(hint, rulesX+60, rulesY+rulesH-24, TextStyle{Size: 18, Color: pal.TextDim, VAlign: text.AlignEnd})
}

// solidPanel is Panel on an opaque ground, for an overlay whose text
// must not mix with the screen under it.
func solidPanel(c *Canvas, pal *Palette, x, y, w, h float64) {
	c.RoundRect(x, y, w, h, 20, pal.BackdropDeep)
	Panel(c, pal, x, y, w, h)
}
