package privacy

import (
	"image/color"

	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"github.com/jankenarcade/janken/scenes"
)

// DrawCurtain covers the whole screen, hiding the table, with the hand-off
// prompt for seat, whose player is name: "Pass to Player 3" and "press
// Confirm to reveal". key names seat's Confirm input ("Enter", "A");
// empty, it is left out. On a touch-only device (touch: see
// scenes.Director.TouchOnly) the prompt says to tap instead. The curtain
// is opaque: nothing drawn before it shows through.
func DrawCurtain(c *scenes.Canvas, pal *scenes.Palette, seat int, name, key string, touch bool) {
	const w, h = scenes.ScreenWidth, scenes.ScreenHeight
	c.FillRect(0, 0, w, h, pal.BackdropDeep)
	seatClr := pal.Seats[seat%len(pal.Seats)]
	c.FillRect(0, h/2-130, w, 260, opaque(pal.Panel))
	c.FillRect(0, h/2-130, w, 8, seatClr)
	c.FillRect(0, h/2+122, w, 8, seatClr)
	c.Text("Pass to "+name, w/2, h/2-40,
		scenes.TextStyle{Size: 64, Bold: true, Color: seatClr, Align: text.AlignCenter, VAlign: text.AlignCenter})
	prompt := "press Confirm to reveal your hand"
	switch {
	case touch:
		prompt = "tap to reveal your hand"
	case key != "":
		prompt = "press " + key + " to reveal your hand"
	}
	c.Text(name+" — "+prompt, w/2, h/2+50,
		scenes.TextStyle{Size: 28, Color: pal.Text, Align: text.AlignCenter, VAlign: text.AlignCenter})
	c.Text("Everyone else, look away.", w/2, h-60,
		scenes.TextStyle{Size: 22, Color: pal.TextDim, Align: text.AlignCenter, VAlign: text.AlignCenter})
}

// DrawPeekHint draws a one-line banner at the bottom of the table in Peek
// mode: how to peek, or "One at a time" while several seats hold Peek.
// key names the Peek inputs of the players ("L-Shift or Y"); empty, it
// says "Peek".
func DrawPeekHint(c *scenes.Canvas, pal *scenes.Palette, g *Gate, key string) {
	if key == "" {
		key = "Peek"
	}
	msg, clr := "Hold "+key+" to see your hand — others look away", pal.TextDim
	switch {
	case g.Crowded():
		msg, clr = "One at a time: only one player may hold "+key, pal.Notice
	case g.Viewer() != NoViewer:
		msg, clr = scenes.SeatName(g.Viewer(), "")+"'s hand is showing", pal.Seats[g.Viewer()%len(pal.Seats)]
	}
	st := scenes.TextStyle{Size: 22, Bold: true, Color: clr, Align: text.AlignCenter, VAlign: text.AlignCenter}
	if g.Viewer() == NoViewer && !g.Crowded() && scenes.TextWidth(msg, st) > hintWidth {
		msg = "Hold " + key + " to see your hand" // several players' keys: keep clear of the side panel
	}
	tw := scenes.TextWidth(msg, st) + 48
	c.RoundRect((scenes.ScreenWidth-tw)/2, scenes.ScreenHeight-64, tw, 40, 20, pal.Panel)
	c.Text(msg, scenes.ScreenWidth/2, scenes.ScreenHeight-44, st)
}

// hintWidth is the widest the peek hint's text may be and stay clear of
// a table's side panel (the card tables' log starts 350 px right of the
// centre).
const hintWidth = 640

// opaque returns c without its translucency (the palette's panels let
// the table through; a curtain must not).
func opaque(c color.RGBA) color.RGBA {
	c.A = 0xff
	return c
}
