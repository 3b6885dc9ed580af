package cardtable

import (
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"github.com/jankenarcade/janken/scenes"
)

// Link is a network match's connection, as its table shows it.
type Link interface {
	// Connection describes the link for the corner of the table.
	Connection() string
	// Notice is the connection's news (a silent machine), and whether the
	// match cannot go on.
	Notice() (notice string, gone bool)
	// Close ends this machine's part in the match.
	Close()
}

// shell is what a networked table shows and asks around the game: the
// connection's news, the "leave the match?" prompt (a network match
// cannot pause for one machine, so the game goes on under it), a fault
// that ended the match, and the connection line in a corner.
type shell struct {
	notice  string
	gone    bool
	leaving bool
	fault   string
}

// update works the prompt: Back (or the table's Menu button, menu)
// opens and closes it, Confirm leaves; it reports whether to leave.
func (s *shell) update(ctx *scenes.Context, l Link, menu bool) bool {
	if s.fault == "" {
		s.notice, s.gone = l.Notice()
	}
	nav := ctx.Nav()
	switch {
	case s.paused() && nav.Confirm:
		return true
	case nav.Back || menu:
		s.leaving = !s.leaving
	}
	return false
}

// fail ends the match with err: the table says so and offers to leave.
// A fault of the network never ends the program.
func (s *shell) fail(err error) {
	s.fault, s.gone = "The match ended: "+err.Error(), true
}

// paused reports whether the table holds its own input: the prompt is
// up or the match cannot go on.
func (s *shell) paused() bool { return s.leaving || s.gone }

// draw draws the connection line and the news or the prompt.
func (s *shell) draw(c *scenes.Canvas, pal *scenes.Palette, l Link) {
	if l == nil {
		return
	}
	c.Text(l.Connection(), scenes.ScreenWidth-16, scenes.ScreenHeight-8, scenes.TextStyle{Size: 15, Color: pal.TextDim, Align: text.AlignEnd, VAlign: text.AlignEnd})
	msg := s.notice
	switch {
	case s.fault != "":
		msg = s.fault + " Enter: leave"
	case s.leaving:
		msg = "Leave the match? Enter: leave    Esc: stay"
	}
	if msg == "" {
		return
	}
	c.RoundRect(240, 300, 800, 80, 16, pal.Panel)
	c.Text(msg, scenes.ScreenWidth/2, 340, scenes.TextStyle{Size: 26, Bold: true, Color: pal.Text, Align: text.AlignCenter, VAlign: text.AlignCenter})
}
