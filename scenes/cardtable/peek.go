package cardtable

import (
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/privacy"
)

// PeekW and PeekH are the Peek button's size (see Places): a finger's
// height (44 CSS pixels on a phone held sideways) and room for its label.
const PeekW, PeekH = 130, scenes.TouchTarget

// peekLabel names the Peek button, and the peek hint names it so.
const peekLabel = "Peek"

// touchPeeker returns the human seat that peeks by holding the Peek
// button, or -1 when the table offers none. In Peek mode a seat played on
// the touch screen has no button to hold but this one; seats that share
// the touch screen pass it round behind the curtain instead (HandOff), so
// one seat at most is on it.
func (r *chrome) touchPeeker() int {
	if r.watching || r.gate.Mode() != privacy.Peek || r.solo() >= 0 {
		return -1
	}
	for seat := range r.seats {
		if r.st.Humans.Sees(seat) && r.router.Device(seat).Kind == input.Touch {
			return seat
		}
	}
	return -1
}

// PeekBox returns where the Peek button is on the logical screen, its
// top left corner and size, when the table offers it (Status.PeekButton).
func (r *chrome) PeekBox() (x, y, w, h float64) {
	p := r.places.place()
	return p.PeekX, p.PeekY, PeekW, PeekH
}

// peekHeld reports whether a finger holds the Peek button now: any touch
// down on it, whichever touch the menus follow (a second finger taps the
// cards meanwhile).
func (r *chrome) peekHeld() bool {
	x, y, w, h := r.PeekBox()
	x0, y0 := r.d.ToScreen(x, y)
	x1, y1 := r.d.ToScreen(x+w, y+h)
	for _, p := range r.router.Pointers() {
		if p.Device.Kind == input.Touch && p.Down && p.X >= x0 && p.X < x1 && p.Y >= y0 && p.Y < y1 {
			return true
		}
	}
	return false
}

// onPeek reports whether the logical point (x, y) is on the Peek button,
// when the table offers it: a tap there only peeks.
func (r *chrome) onPeek(x, y float64) bool {
	bx, by, bw, bh := r.PeekBox()
	return r.st.PeekButton && inBox(x, y, bx, by, bw, bh)
}

// peekKeys names the human seats' Peek inputs for the peek hint; on a
// touch-only device none: "Hold Peek …".
func (r *chrome) peekKeys() string {
	return r.d.Hint(r.st.KeysOf(r.st.Humans, rulesets.ButtonPeek), "")
}

// PeekHintBox returns where the panel of Peek mode's banner is on the
// logical screen while the runner draws it (Status.PeekHint).
func (r *chrome) PeekHintBox() Box {
	p := r.places.place()
	x, y, w, h := privacy.PeekHintBox(r.gate, r.st.Who, r.peekKeys(), p.HintX, p.HintY, p.HintW)
	return Box{x, y, w, h}
}

// peek adds the Peek button's hold to f, for the gate: the frame the
// gate reads, f itself or the runner's copy of it with the touch seat's
// Peek held. Nothing else of f changes, and no other seat's.
func (r *chrome) peek(f *rulesets.Frame) *rulesets.Frame {
	seat := r.touchPeeker()
	r.st.PeekButton = seat >= 0
	r.peeking = r.st.PeekButton && r.peekHeld()
	if !r.peeking || f == nil {
		return f
	}
	r.peeked = *f
	r.peeked.Held[seat] |= rulesets.ButtonPeek
	return &r.peeked
}

// drawPeekButton draws the Peek button, lit while it is held.
func (r *chrome) drawPeekButton(c *scenes.Canvas, pal *scenes.Palette) {
	if !r.st.PeekButton {
		return
	}
	x, y, w, h := r.PeekBox()
	fill, ink := pal.Panel, pal.Text
	if r.peeking {
		fill, ink = pal.Accent, pal.AccentText
	}
	c.RoundRect(x, y, w, h, 16, fill)
	c.StrokeRoundRect(x, y, w, h, 16, 2, pal.PanelEdge)
	st := scenes.TextStyle{Size: 28, Bold: true, Color: ink, Align: text.AlignCenter, VAlign: text.AlignCenter}
	c.Text(peekLabel, x+w/2, y+h/2, st)
}
