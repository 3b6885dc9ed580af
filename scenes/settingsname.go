package scenes

import (
	"image"
	"image/color"
	"strings"
	"unicode/utf8"

	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"github.com/jankenarcade/janken/assets"
	"github.com/jankenarcade/janken/drawable"
	"github.com/jankenarcade/janken/settings"
)

// startNaming opens the name to typing, starting from the name as it is:
// on the keyboard, or on a touch-only device through the platform's text
// input, which raises a phone's own keyboard (see TextField).
func (s *SettingsScreen) startNaming(ctx *Context) {
	s.nameErr = ""
	name := ctx.Settings().PlayerName
	if err := s.name.Start(ctx, name, ctx.TouchOnly(), nameCaret(name)); err != nil {
		s.nameErr = "Your name cannot be typed here: " + err.Error()
		return
	}
	ctx.Play(assets.Click)
	s.refresh()
}

// updateNaming types the name (see TextField): Enter keeps it, trimmed,
// and Esc leaves it as it was. On the keyboard a click anywhere keeps it
// too; on a phone the field's Keep and Cancel buttons are tapped. The
// menu does not move meanwhile, so that Q, Space or Backspace type
// rather than navigate.
func (s *SettingsScreen) updateNaming(ctx *Context) {
	if nav := ctx.Nav(); nav.Click {
		keep, cancel := true, false
		if s.name.Platform() {
			keep = inRect(nav.PointerX, nav.PointerY, nameKeepRect)
			cancel = inRect(nav.PointerX, nav.PointerY, nameCancelRect)
		}
		switch {
		case keep:
			s.keepName(ctx, s.name.Text()+s.name.Preedit())
			return
		case cancel:
			s.name.Close()
			s.refresh()
			return
		}
	}
	res, err := s.name.Update(ctx, nameCaret(s.name.Text()+s.name.Preedit()))
	switch {
	case err != nil:
		s.nameErr = "Your name cannot be typed here: " + err.Error()
	case res == FieldDone:
		s.keepName(ctx, s.name.Text())
		return
	}
	s.refresh()
}

// keepName saves name without the spaces around it and ends the typing.
func (s *SettingsScreen) keepName(ctx *Context, name string) {
	s.name.Close()
	st := ctx.Settings()
	st.PlayerName = strings.TrimSpace(s.name.keep("", name))
	ctx.SetSettings(st)
	ctx.Play(assets.Click)
	s.refresh()
}

// keepNameChar reports whether a name may go on from name with c: a
// character every machine draws (drawable.Chars), within
// settings.MaxNameRunes characters and settings.MaxNameBytes bytes.
func keepNameChar(name string, c rune) bool {
	return drawable.Char(c) && utf8.RuneCountInString(name) < settings.MaxNameRunes &&
		len(name)+utf8.RuneLen(c) <= settings.MaxNameBytes
}

// The name's field on a touch-only device, at the top of the screen,
// where a phone's keyboard, rising from the bottom, leaves it in sight:
// the field, then its Cancel and Keep buttons, each at least TouchTarget
// each way. Rectangles are {x, y, w, h} in logical pixels.
var (
	namePanelRect  = [4]float64{100, 24, 1080, 236}
	nameBoxRect    = [4]float64{140, 92, 680, 96}
	nameCancelRect = [4]float64{840, 92, 150, 96}
	nameKeepRect   = [4]float64{1005, 92, 150, 96}
)

// nameSize is the size of the name in its touch field, and nameInset the
// room before it.
const nameSize, nameInset = 44, 22

// inRect reports whether (x, y) is in r.
func inRect(x, y float64, r [4]float64) bool {
	return x >= r[0] && x < r[0]+r[2] && y >= r[1] && y < r[1]+r[3]
}

// nameCaret is where the caret of the touch field stands after shown, in
// logical pixels: the phone's keyboard is kept from covering it.
func nameCaret(shown string) image.Rectangle {
	x := nameBoxRect[0] + nameInset + text.Advance(shown, face(false, nameSize))
	y := nameBoxRect[1] + nameBoxRect[3]/2
	return image.Rect(int(x), int(y-nameSize/2), int(x)+3, int(y+nameSize/2))
}

// hint is the line at the foot of the screen: how to change settings, or
// while the name is typed on the keyboard how to keep it, or why a
// character was refused or the name cannot be typed.
func (s *SettingsScreen) hint() string {
	switch {
	case s.nameErr != "":
		return s.nameErr
	case s.name.Open() && s.name.Refused() != 0:
		return refusedHint(s.name.Refused())
	case s.name.Open():
		return s.d.Hint("Type the name the network shows for you; Enter keeps it, Esc cancels.",
			"Type the name the network shows for you; Done or Keep saves it, Cancel leaves it.")
	}
	return s.d.Hint("Left / Right change a setting, Enter types your name; changes are saved at once.",
		"Tap a setting's arrows to change it, or your name to type it; changes are saved at once.")
}

// refusedHint says why c was left out of the name.
func refusedHint(c rune) string {
	if !drawable.Char(c) {
		return "A name takes Latin, Greek or Cyrillic letters, which every machine can draw."
	}
	return "A name is at most 16 characters long."
}

// drawNameField draws the touch field over the screen: the name typed,
// what the phone's keyboard composes underlined, a caret, and the Cancel
// and Keep buttons.
func (s *SettingsScreen) drawNameField(c *Canvas, pal *Palette) {
	c.FillRect(0, 0, ScreenWidth, ScreenHeight, WithAlpha(pal.BackdropDeep, 0.7))
	r := namePanelRect
	Panel(c, pal, r[0], r[1], r[2], r[3])
	c.Text("Your name", r[0]+40, r[1]+16, TextStyle{Size: 32, Bold: true, Color: pal.Text})
	b := nameBoxRect
	c.RoundRect(b[0], b[1], b[2], b[3], 12, pal.BackdropDeep)
	c.StrokeRoundRect(b[0], b[1], b[2], b[3], 12, 3, pal.Accent)
	typed, pre := s.name.Text(), s.name.Preedit()
	x, y := b[0]+nameInset, b[1]+b[3]/2
	st := TextStyle{Size: nameSize, Color: pal.Text, VAlign: text.AlignCenter}
	c.Text(typed, x, y, st)
	if pre != "" {
		px := x + text.Advance(typed, face(false, nameSize))
		c.Text(pre, px, y, st)
		c.FillRect(px, y+nameSize/2, text.Advance(pre, face(false, nameSize)), 3, pal.Text)
	}
	caret := nameCaret(typed + pre)
	c.FillRect(float64(caret.Min.X), float64(caret.Min.Y), 3, nameSize, pal.Accent)
	for _, bt := range []struct {
		r     [4]float64
		label string
		fill  color.RGBA
		ink   color.RGBA
	}{{nameCancelRect, "Cancel", pal.Panel, pal.Text}, {nameKeepRect, "Keep", pal.Accent, pal.AccentText}} {
		x, y, w, h := bt.r[0], bt.r[1], bt.r[2], bt.r[3]
		c.RoundRect(x, y, w, h, 12, bt.fill)
		c.StrokeRoundRect(x, y, w, h, 12, 2, pal.PanelEdge)
		c.Text(bt.label, x+w/2, y+h/2, TextStyle{Size: 30, Bold: true, Color: bt.ink, Align: text.AlignCenter, VAlign: text.AlignCenter})
	}
	msg := "Type on your keyboard; Done or Keep saves your name."
	if s.name.Refused() != 0 {
		msg = refusedHint(s.name.Refused())
	}
	c.Text(msg, b[0], r[1]+r[3]-24, TextStyle{Size: 22, Color: pal.TextDim, VAlign: text.AlignEnd})
}
