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

// HintH is the height of the box a table keeps for the peek hint
// (cardtable.Places): two lines of its largest text on a panel.
const HintH = 2*(viewerSize+lineGap) + 2*hintPadY

// The peek hint's text: the viewer's name in large type, for the players
// looking away; the rest smaller, shrinking to fit down to minHintSize.
const (
	viewerSize, hintSize, minHintSize = 24.0, 20.0, 14.0
	lineGap                           = 6.0       // between a line's height and its text's size
	hintPadX, hintPadY                = 16.0, 6.0 // the panel's margins around the text
)

// DrawPeekHint draws the banner of Peek mode in the box at (x, y), w wide
// and HintH tall, that a table keeps for it: how to peek, "One at a
// time" while several seats hold Peek, or whose hand is showing, named
// by who (indexed by seat; a seat without a name is "Player N"). key
// names the Peek inputs of the players ("L-Shift or Y"); empty, it says
// "Peek". The banner sits centred at the foot of the box, on one line or
// two, as large as fits.
func DrawPeekHint(c *scenes.Canvas, pal *scenes.Palette, g *Gate, who []string, key string, x, y, w float64) {
	var buf [2]string
	lines, st := fitHint(buf[:0], g, who, key, w)
	bx, by, bw, bh := hintPanel(lines, st, x, y, w)
	st.Color = pal.TextDim
	if g.Crowded() {
		st.Color = pal.Notice
	}
	c.RoundRect(bx, by, bw, bh, min(bh/2, 20), pal.Panel)
	if v := g.Viewer(); v != NoViewer {
		st.Color = pal.Seats[v%len(pal.Seats)]
		c.StrokeRoundRect(bx, by, bw, bh, min(bh/2, 20), 2, st.Color)
	}
	lineH := st.Size + lineGap
	for i, line := range lines {
		c.Text(line, x+w/2, by+hintPadY+lineH*(float64(i)+0.5), st)
	}
}

// PeekHintBox returns the panel DrawPeekHint draws in the box at (x, y),
// w wide: its top left corner and size.
func PeekHintBox(g *Gate, who []string, key string, x, y, w float64) (bx, by, bw, bh float64) {
	var buf [2]string
	lines, st := fitHint(buf[:0], g, who, key, w)
	return hintPanel(lines, st, x, y, w)
}

// hintPanel returns the panel under lines set in st, centred at the foot
// of the box at (x, y), w wide.
func hintPanel(lines []string, st scenes.TextStyle, x, y, w float64) (bx, by, bw, bh float64) {
	for _, line := range lines {
		bw = max(bw, scenes.TextWidth(line, st))
	}
	bw = min(w, bw+2*hintPadX)
	bh = float64(len(lines))*(st.Size+lineGap) + 2*hintPadY
	return x + (w-bw)/2, y + HintH - bh, bw, bh
}

// fitHint returns the hint's text for g, broken into at most two lines
// that fit a box w wide, appended to dst, and the style to set them in:
// the largest size at which its full wording fits, or failing that its
// short one ("Hold Peek to see your hand", "One at a time"), down to
// minHintSize.
func fitHint(dst []string, g *Gate, who []string, key string, w float64) ([]string, scenes.TextStyle) {
	if key == "" {
		key = "Peek"
	}
	wordings := [2]string{"Hold " + key + " to see your hand — others look away", "Hold " + key + " to see your hand"}
	size := hintSize
	switch {
	case g.Crowded():
		wordings[0], wordings[1] = "One at a time: only one player may hold "+key, "One at a time"
	case g.Viewer() != NoViewer:
		wordings[0] = viewerName(g.Viewer(), who) + "'s hand is showing"
		wordings[1] = wordings[0]
		size = viewerSize
	}
	room := w - 2*hintPadX
	st := scenes.TextStyle{Bold: true, Align: text.AlignCenter, VAlign: text.AlignCenter}
	for st.Size = size; st.Size >= minHintSize; st.Size-- {
		for _, s := range wordings {
			if lines := scenes.WrapText(dst[:0], s, st, room); fits(lines, st, room) {
				return balance(lines, s, st), st
			}
		}
	}
	st.Size = minHintSize // a box too narrow for any wording on two lines
	st = st.Fit(wordings[1], room)
	return append(dst[:0], wordings[1]), st
}

// balance breaks s, wrapped into lines, into two lines as even as its
// spaces allow ("Player 1's hand / is showing", not "Player 1's hand is
// / showing"): no wider than lines, so they fit where lines do. One
// line stays as it is.
func balance(lines []string, s string, st scenes.TextStyle) []string {
	if len(lines) != 2 {
		return lines
	}
	best := max(scenes.TextWidth(lines[0], st), scenes.TextWidth(lines[1], st))
	for i := range len(s) {
		if s[i] != ' ' {
			continue
		}
		if w := max(scenes.TextWidth(s[:i], st), scenes.TextWidth(s[i+1:], st)); w < best {
			best, lines[0], lines[1] = w, s[:i], s[i+1:]
		}
	}
	return lines
}

// fits reports whether lines set in st are at most two, each at most
// room wide.
func fits(lines []string, st scenes.TextStyle, room float64) bool {
	if len(lines) > 2 {
		return false
	}
	for _, line := range lines {
		if scenes.TextWidth(line, st) > room {
			return false
		}
	}
	return true
}

// opaque returns c without its translucency (the palette's panels let
// the table through; a curtain must not).
func opaque(c color.RGBA) color.RGBA {
	c.A = 0xff
	return c
}

// viewerName returns who names seat, or "Player N" if who has no name
// for it.
func viewerName(seat int, who []string) string {
	if seat < len(who) && who[seat] != "" {
		return who[seat]
	}
	return scenes.SeatName(seat, "")
}
