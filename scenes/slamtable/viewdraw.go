package slamtable

import (
	"fmt"

	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"github.com/jankenarcade/janken/scenes"
)

// The replay viewer's controls and photo-finish list, in the left column
// of the table (the status's).
const (
	viewX, viewW        = sideLeftX - sideW/2, sideW
	controlsY, controlH = 380.0, 92.0
	barY, barH          = controlsY + 28, 10.0
	buttonsY, buttonH   = controlsY + 48, 24.0
	listY               = 136.0
	listLine            = 22.0
)

// viewButton is one of the viewer's on-screen buttons, for the mouse and
// touch, in a row under the time line.
type viewButton int

const (
	buttonPrevCard viewButton = iota
	buttonPrevTick
	buttonPlay
	buttonNextTick
	buttonNextCard
	numButtons
)

// buttonLabels label the buttons; buttonPlay's is the play state's.
var buttonLabels = [numButtons]string{"« card", "‹ tick", "", "tick ›", "card »"}

// buttonW is the width of one button, and buttonGap the gap between two.
const (
	buttonGap = 6.0
	buttonW   = (viewW - (float64(numButtons)-1)*buttonGap) / float64(numButtons)
)

// buttonAt returns the button under (x, y), if any.
func buttonAt(x, y float64) (viewButton, bool) {
	if y < buttonsY || y > buttonsY+buttonH || x < viewX || x > viewX+viewW {
		return 0, false
	}
	i := int((x - viewX) / (buttonW + buttonGap))
	return viewButton(i), i < int(numButtons) && x-viewX-float64(i)*(buttonW+buttonGap) <= buttonW
}

// Draw implements scenes.Scene: the table as the replay has it, then the
// viewer's controls, and the photo finish stepped to, card by card.
func (v *Viewer) Draw(c *scenes.Canvas) {
	v.Table.Draw(c)
	if v.atlas == nil {
		return
	}
	pal := v.d.Palette()
	v.drawControls(c, pal)
	if v.finish >= 0 {
		v.drawFinishList(c, pal)
	}
}

// viewPanel draws an opaque panel in the left column from y, h high
// (and 8 of padding around), over whatever the table shows there.
func viewPanel(c *scenes.Canvas, pal *scenes.Palette, y, h float64) {
	c.RoundRect(viewX-8, y-8, viewW+16, h+16, 12, pal.BackdropDeep)
	c.RoundRect(viewX-8, y-8, viewW+16, h+16, 12, pal.Panel)
}

// speedNames name speeds.
var speedNames = [len(speeds)]string{"0.25×", "0.5×", "1×", "2×", "4×"}

// drawControls draws what the replay does, where it is and the keys.
func (v *Viewer) drawControls(c *scenes.Canvas, pal *scenes.Palette) {
	viewPanel(c, pal, controlsY, controlH)
	state := "Paused"
	if v.playing {
		state = "Playing " + speedNames[v.speed]
	}
	st := scenes.TextStyle{Size: 18, Bold: true, Color: pal.Text, VAlign: text.AlignCenter}
	c.Text("Replay · "+state, viewX, controlsY+10, st)
	st.Align, st.Bold = text.AlignEnd, false
	c.Text(clock(v.Tick())+" / "+clock(v.Ticks()), viewX+viewW, controlsY+10, st)
	// The time line, a notch per photo finish.
	c.RoundRect(viewX, barY, viewW, barH, barH/2, pal.PanelEdge)
	if n := v.Ticks(); n > 0 {
		c.RoundRect(viewX, barY, viewW*float64(v.Tick())/float64(n), barH, barH/2, pal.Accent)
		for _, f := range v.finishes {
			x := viewX + viewW*float64(f.Record.FlipTick)/float64(n)
			c.FillRect(x, barY+barH, 1, 4, pal.TextDim)
		}
	}
	for b := range numButtons {
		x := viewX + float64(b)*(buttonW+buttonGap)
		label := buttonLabels[b]
		if b == buttonPlay {
			label = map[bool]string{true: "Pause", false: "Play"}[v.playing]
		}
		c.RoundRect(x, buttonsY, buttonW, buttonH, 6, pal.PanelEdge)
		c.Text(label, x+buttonW/2, buttonsY+buttonH/2, scenes.TextStyle{Size: 14, Bold: b == buttonPlay, Color: pal.Text, Align: text.AlignCenter, VAlign: text.AlignCenter})
	}
	hint := "Space play · ←→ tick · ↑↓ speed · PgUp/PgDn cards"
	c.Text(hint, viewX+viewW/2, controlsY+controlH-6, scenes.TextStyle{Size: 13, Color: pal.TextDim, Align: text.AlignCenter, VAlign: text.AlignCenter})
}

// barTick returns the replay tick of a click at (x, y) on the time line
// of a replay ticks long.
func barTick(x, y float64, ticks int64) (int64, bool) {
	if x < viewX || x > viewX+viewW || y < barY-8 || y > barY+barH+8 {
		return 0, false
	}
	return int64((x - viewX) / viewW * float64(ticks)), true
}

// clock writes ticks as minutes and seconds: "1:05".
func clock(ticks int64) string {
	s := ticks / 60
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}

// drawFinishList lists what every seat did on the card stepped to.
func (v *Viewer) drawFinishList(c *scenes.Canvas, pal *scenes.Palette) {
	f := &v.finishes[v.finish]
	n := v.state.Seats()
	h := 44 + float64(n)*listLine
	viewPanel(c, pal, listY, h)
	c.Text(fmt.Sprintf("Photo finish %d of %d", v.finish+1, len(v.finishes)), viewX, listY+12,
		scenes.TextStyle{Size: 20, Bold: true, Color: pal.Accent, VAlign: text.AlignCenter})
	for seat := range n {
		y := listY + 44 + float64(seat)*listLine
		c.Circle(viewX+8, y, 7, pal.Seats[seat])
		c.Text(fmt.Sprintf("P%d", seat+1), viewX+22, y, scenes.TextStyle{Size: 15, Bold: true, Color: pal.Text, VAlign: text.AlignCenter})
		c.Text(finishLine(f, seat), viewX+50, y, scenes.TextStyle{Size: 15, Color: pal.Text, VAlign: text.AlignCenter})
	}
}
