package nettable

import (
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"github.com/jankenarcade/janken/scenes"
)

// Shell is what every networked table shows and asks around the game:
// the news of the connection, the "leave the match?" prompt (a network
// match cannot pause for one machine, so the game goes on under it), and
// the connection line in a corner.
type Shell struct {
	Notice  string // the connection's news, shown in a panel while set
	Gone    bool   // the match cannot go on: Enter leaves
	Leaving bool   // the prompt is up
	Fault   string // what ended the match on this machine, if anything did
	// Awaited names the players whose phones the host waits for: while
	// it is set, the prompt offers to let a bot play for them instead of
	// leaving.
	Awaited string
}

// Fail ends the match on this machine with err: the table says so and
// offers to leave. A fault of the network ends the match, never the
// program.
func (s *Shell) Fail(err error) {
	s.Fault, s.Gone = "The match ended: "+err.Error(), true
}

// LeaveAsked works the prompt: Esc (or menu, the table's own Menu button
// clicked) opens and closes it, Enter leaves. It reports whether to leave.
func (s *Shell) LeaveAsked(ctx *scenes.Context, menu bool) bool {
	nav := ctx.Nav()
	switch {
	case (s.Leaving || s.Gone) && nav.Confirm:
		return true
	case nav.Back || menu:
		s.Leaving = !s.Leaving
	}
	return false
}

// Paused reports whether the table should hold its own input: the prompt
// is up or the match is over for good.
func (s *Shell) Paused() bool { return s.Leaving || s.Gone }

// Draw draws the connection line, ending at (x, y), and the news or the
// prompt over the table.
func (s *Shell) Draw(c *scenes.Canvas, pal *scenes.Palette, line string, x, y float64) {
	c.Text(line, x, y, scenes.TextStyle{Size: 15, Color: pal.TextDim, Align: text.AlignEnd, VAlign: text.AlignEnd})
	msg := s.Notice
	switch {
	case s.Fault != "":
		msg = s.Fault + " Enter: leave"
	case s.Gone:
		msg += " Enter: leave"
	case s.Leaving && s.Awaited != "":
		msg = "Let a bot play for " + s.Awaited + "? Enter: yes    Esc: keep waiting"
	case s.Leaving:
		msg = "Leave the match? Enter: leave    Esc: stay"
	}
	if msg == "" {
		return
	}
	c.RoundRect(240, 300, 800, 80, 16, pal.Panel)
	c.Text(msg, scenes.ScreenWidth/2, 340, scenes.TextStyle{Size: 26, Bold: true, Color: pal.Text, Align: text.AlignCenter, VAlign: text.AlignCenter})
}

// DrawWaiting fills the screen of a client whose table waits for the
// host's first view.
func DrawWaiting(c *scenes.Canvas, pal *scenes.Palette) {
	c.FillRect(0, 0, scenes.ScreenWidth, scenes.ScreenHeight, pal.BackdropDeep)
	c.Text("Waiting for the host to deal…", scenes.ScreenWidth/2, scenes.ScreenHeight/2,
		scenes.TextStyle{Size: 26, Bold: true, Color: pal.Text, Align: text.AlignCenter, VAlign: text.AlignCenter})
}
