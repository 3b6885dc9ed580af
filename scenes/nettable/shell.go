package nettable

import (
	"image/color"

	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"github.com/jankenarcade/janken/scenes"
)

// Shell is what every networked table shows and asks around the game:
// the news of the connection, the "leave the match?" prompt (a network
// match cannot pause for one machine, so the game goes on under it), and
// the connection line in a corner. Its prompts have buttons, so a mouse,
// a finger or a gamepad answers them as well as the keys.
type Shell struct {
	Notice string // the connection's news of what holds the game up, shown in a panel while set
	// Passing is news in passing (seats changed hands, or a silent
	// machine, while the game goes on), shown where the connection's
	// line is, without covering the table.
	Passing string
	Gone    bool   // the match cannot go on: its Leave button (or Confirm) leaves
	Leaving bool   // the prompt is up
	Fault   string // what ended the match on this machine, if anything did
	// Awaited names the players whose phones or browsers the host waits
	// for: while it is set, the news over the table (when the game waits
	// for them) offers to let a bot play for them, and the prompt asks
	// that instead of whether to leave.
	Awaited string
	// touch and keyless are the director's TouchSeen and TouchOnly on
	// the last Ask: touch-sized buttons, and no key named.
	touch, keyless bool
}

// Answer is what the player did to the Shell's prompt on a tick.
type Answer uint8

// The answers.
const (
	NoAnswer   Answer = iota // the prompt took nothing on this tick
	Spent                    // it opened, or closed (stay, keep waiting): the tick's input is spent
	Leave                    // leave the match
	LetBotPlay               // let bots play for the Awaited players
)

// Fail ends the match on this machine with err: the table says so and
// offers to leave. A fault of the network ends the match, never the
// program.
func (s *Shell) Fail(err error) {
	s.Fault, s.Gone = "The match ended: "+err.Error(), true
}

// Ask works the prompt for one tick: Back (Esc, a pad's B or Start) or
// menu, the table's own Menu button clicked, opens and closes it; Confirm
// (Enter, a pad's A) answers it; a click or a tap answers with the
// button it lands on. While Awaited is set, the news's button opens the
// prompt too.
func (s *Shell) Ask(ctx *scenes.Context, menu bool) Answer {
	s.touch, s.keyless = ctx.TouchSeen(), ctx.TouchOnly()
	nav := ctx.Nav()
	p := s.prompt()
	if nav.Click {
		for i := range p.n {
			if x, y, w, h := p.rect(i, s.touch); inBox(nav.PointerX, nav.PointerY, x, y, w, h) {
				return s.answer(p.buttons[i].act)
			}
		}
	}
	switch {
	case p.confirm != doNothing && nav.Confirm:
		return s.answer(p.confirm)
	case nav.Back || menu:
		s.Leaving = !s.Leaving
		return Spent
	}
	return NoAnswer
}

// answer does what a button does.
func (s *Shell) answer(a action) Answer {
	switch a {
	case doLeave:
		return Leave
	case doRelease:
		s.Leaving = false
		return LetBotPlay
	case doOpen:
		s.Leaving = true
	case doClose:
		s.Leaving = false
	}
	return Spent
}

// Paused reports whether the table should hold its own input: the prompt
// is up or the match is over for good.
func (s *Shell) Paused() bool { return s.Leaving || s.Gone }

// action is what a prompt's button does.
type action uint8

const (
	doNothing action = iota
	doLeave
	doRelease // let a bot play for the awaited players
	doOpen    // open the prompt
	doClose   // close it: stay, keep waiting
)

// button is a prompt's button.
type button struct {
	label string
	act   action
}

// prompt is what the Shell shows over the table: a message, up to two
// buttons, what Confirm does, and the keys' hint (empty on a touch-only
// device, which has no keys to name).
type prompt struct {
	msg, hint string
	buttons   [2]button
	n         int
	confirm   action
}

// prompt returns what the Shell shows now; its msg is empty when it shows
// nothing.
func (s *Shell) prompt() prompt {
	leave := button{"Leave", doLeave}
	var p prompt
	switch {
	case s.Fault != "" || s.Gone:
		p = prompt{msg: s.Notice, hint: "Enter: leave", buttons: [2]button{leave}, n: 1, confirm: doLeave}
		if s.Fault != "" {
			p.msg = s.Fault
		}
	case s.Leaving && s.Awaited != "":
		p = prompt{msg: "Let a bot play for " + s.Awaited + "?", hint: "Enter: yes    Esc: keep waiting",
			buttons: [2]button{{"Let a bot play", doRelease}, {"Keep waiting", doClose}}, n: 2, confirm: doRelease}
	case s.Leaving:
		p = prompt{msg: "Leave the match?", hint: "Enter: leave    Esc: stay",
			buttons: [2]button{leave, {"Stay", doClose}}, n: 2, confirm: doLeave}
	case s.Awaited != "" && s.Notice != "":
		p = prompt{msg: s.Notice, hint: "Esc: let a bot play", buttons: [2]button{{"Let a bot play…", doOpen}}, n: 1}
	default:
		p = prompt{msg: s.Notice}
	}
	if s.keyless {
		p.hint = ""
	}
	return p
}

// The prompt's layout: a panel across the middle of the screen, the
// message at its top, the buttons under it side by side, centred, and the
// hint under them. On touch the buttons are scenes.TouchTarget tall.
const (
	panelX, panelY, panelW = 240, 260, 800
	msgY                   = 44 // the message's middle, below the panel's top
	buttonsY               = 84 // the buttons' top, below the panel's top
	buttonW, buttonH       = 280, 56
	buttonGap              = 32
	hintRoom               = 56 // below the buttons, with a hint
	bottomRoom             = 24 // without one
	// newsY and newsH place the panel of news with no button.
	newsY, newsH = 300, 80
)

// rect returns the hit area, and drawing, of button i.
func (p *prompt) rect(i int, touch bool) (x, y, w, h float64) {
	h = buttonH
	if touch {
		h = max(h, scenes.TouchTarget)
	}
	row := float64(p.n)*buttonW + float64(p.n-1)*buttonGap
	x = (scenes.ScreenWidth-row)/2 + float64(i)*(buttonW+buttonGap)
	return x, panelY + buttonsY, buttonW, h
}

// opaque returns c without its translucency.
func opaque(c color.RGBA) color.RGBA {
	c.A = 0xff
	return c
}

func inBox(x, y, bx, by, bw, bh float64) bool {
	return x >= bx && x < bx+bw && y >= by && y < by+bh
}

// Draw draws the connection line, ending at (x, y), or in its place the
// news in passing while the match goes on, and the news or the prompt
// over the table.
func (s *Shell) Draw(c *scenes.Canvas, pal *scenes.Palette, line string, x, y float64) {
	if s.Passing != "" && !s.Gone {
		drawPassing(c, pal, s.Passing, x, y)
	} else {
		c.Text(line, x, y, scenes.TextStyle{Size: 15, Color: pal.TextDim, Align: text.AlignEnd, VAlign: text.AlignEnd})
	}
	p := s.prompt()
	if p.msg == "" && p.n == 0 {
		return
	}
	msg := scenes.TextStyle{Size: 26, Bold: true, Color: pal.Text, Align: text.AlignCenter, VAlign: text.AlignCenter}
	if p.n == 0 {
		c.RoundRect(panelX, newsY, panelW, newsH, 16, opaque(pal.Panel))
		c.Text(p.msg, scenes.ScreenWidth/2, newsY+newsH/2, msg.Fit(p.msg, panelW-40))
		return
	}
	_, by, _, bh := p.rect(0, s.touch)
	bottom := by + bh + bottomRoom
	if p.hint != "" {
		bottom = by + bh + hintRoom
	}
	// Opaque under the panel's translucent body: the table's own text
	// must not show through the question.
	c.RoundRect(panelX, panelY, panelW, bottom-panelY, 20, opaque(pal.Panel))
	scenes.Panel(c, pal, panelX, panelY, panelW, bottom-panelY)
	c.Text(p.msg, scenes.ScreenWidth/2, panelY+msgY, msg.Fit(p.msg, panelW-40))
	for i := range p.n {
		s.drawButton(c, pal, &p, i)
	}
	if p.hint != "" {
		c.Text(p.hint, scenes.ScreenWidth/2, by+bh+hintRoom/2, scenes.TextStyle{Size: 18, Color: pal.TextDim, Align: text.AlignCenter, VAlign: text.AlignCenter})
	}
}

// The pill of news in passing: its text's size, and its padding.
const (
	passingSize = 16
	passingPadX = 12
	passingPadY = 2
)

// drawPassing draws news in passing where the connection's line is: a
// pill in the accent colour, ending at x, its text's foot at y.
func drawPassing(c *scenes.Canvas, pal *scenes.Palette, news string, x, y float64) {
	st := scenes.TextStyle{Size: passingSize, Bold: true, Color: pal.AccentText, Align: text.AlignEnd, VAlign: text.AlignEnd}
	w := scenes.TextWidth(news, st) + 2*passingPadX
	h := float64(passingSize + 2*passingPadY)
	c.RoundRect(x-w+passingPadX, y-h+passingPadY-1, w, h, h/2, pal.Accent)
	c.Text(news, x, y, st)
}

// drawButton draws button i of p: the one Confirm presses lit.
func (s *Shell) drawButton(c *scenes.Canvas, pal *scenes.Palette, p *prompt, i int) {
	x, y, w, h := p.rect(i, s.touch)
	b := p.buttons[i]
	st := scenes.TextStyle{Size: 24, Bold: true, Color: pal.Text, Align: text.AlignCenter, VAlign: text.AlignCenter}
	if b.act == p.confirm {
		c.RoundRect(x, y, w, h, 12, pal.Accent)
		st.Color = pal.AccentText
	} else {
		c.RoundRect(x, y, w, h, 12, pal.Panel)
	}
	c.StrokeRoundRect(x, y, w, h, 12, 2, pal.PanelEdge)
	c.Text(b.label, x+w/2, y+h/2, st.Fit(b.label, w-16))
}

// DrawWaiting fills the screen of a client whose table waits for the
// host's first view.
func DrawWaiting(c *scenes.Canvas, pal *scenes.Palette) {
	c.FillRect(0, 0, scenes.ScreenWidth, scenes.ScreenHeight, pal.BackdropDeep)
	c.Text("Waiting for the host to deal…", scenes.ScreenWidth/2, scenes.ScreenHeight/2,
		scenes.TextStyle{Size: 26, Bold: true, Color: pal.Text, Align: text.AlignCenter, VAlign: text.AlignCenter})
}
