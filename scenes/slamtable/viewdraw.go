package slamtable

import (
	"fmt"

	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"github.com/jankenarcade/janken/scenes"
)

// The photo finish stepped to, listed in the left column of the table
// (the status's).
const (
	viewX, viewW = sideLeftX - sideW/2, sideW
	listY        = 136.0
	listLine     = 22.0
)

// Draw implements scenes.Scene: the table as the replay has it, and the
// photo finish stepped to, card by card.
func (w *Watcher) Draw(c *scenes.Canvas) {
	w.Table.Draw(c)
	if w.atlas == nil || w.finish < 0 {
		return
	}
	w.drawFinishList(c, w.d.Palette())
}

// drawFinishList lists what every seat did on the card stepped to, on an
// opaque panel over whatever the table shows there.
func (w *Watcher) drawFinishList(c *scenes.Canvas, pal *scenes.Palette) {
	f := &w.finishes[w.finish]
	n := w.state.Seats()
	h := 44 + float64(n)*listLine
	c.RoundRect(viewX-8, listY-8, viewW+16, h+16, 12, pal.BackdropDeep)
	c.RoundRect(viewX-8, listY-8, viewW+16, h+16, 12, pal.Panel)
	c.Text(fmt.Sprintf("Photo finish %d of %d", w.finish+1, len(w.finishes)), viewX, listY+12,
		scenes.TextStyle{Size: 20, Bold: true, Color: pal.Accent, VAlign: text.AlignCenter})
	for seat := range n {
		y := listY + 44 + float64(seat)*listLine
		c.Circle(viewX+8, y, 7, pal.Seats[seat])
		c.Text(fmt.Sprintf("P%d", seat+1), viewX+22, y, scenes.TextStyle{Size: 15, Bold: true, Color: pal.Text, VAlign: text.AlignCenter})
		c.Text(finishLine(f, seat), viewX+50, y, scenes.TextStyle{Size: 15, Color: pal.Text, VAlign: text.AlignCenter})
	}
}
