package scenes

import (
	"fmt"
	"math"
	"strconv"

	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"github.com/jankenarcade/janken/assets"
	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/settings"
)

// SettingsScreen lets the player change the settings. Every change applies
// at once and is saved.
type SettingsScreen struct {
	d        *Director
	menu     Menu
	backdrop *Backdrop
	labels   [valueRows]string // values as shown, remade on change
	device   assets.Device     // the audio device's state the labels show
	// The rows after the settings: Controls (-1 without it) and Back.
	controlsRow, backRow int
	// name is open while the player types their name, from Enter or a
	// tap on the name's row to Enter (keep) or Esc; nameErr says why the
	// platform's text input could not open.
	name    TextField
	nameErr string
	// detail is Detail's answer, remade when the name's row moves.
	detail  string
	nameRow [4]float64
}

// The rows of the settings screen that hold a value.
const (
	rowVolume = iota
	rowFullscreen
	rowPalette
	rowMotion
	rowScale
	rowName
	valueRows
)

// NewSettings returns the settings screen.
func NewSettings(d *Director) *SettingsScreen {
	s := &SettingsScreen{d: d, backdrop: NewBackdrop(), controlsRow: -1}
	s.name.Keep = keepNameChar
	s.menu.Items = []MenuItem{
		{Label: "Volume"}, {Label: "Fullscreen"}, {Label: "Palette"},
		{Label: "Reduced motion"}, {Label: "Interface size"}, {Label: "Your name"},
	}
	if d.opts.Controls != nil {
		s.controlsRow = len(s.menu.Items)
		s.menu.Items = append(s.menu.Items, MenuItem{Label: "Controls…"})
	}
	s.backRow = len(s.menu.Items)
	s.menu.Items = append(s.menu.Items, MenuItem{Label: "Back"})
	s.menu.X, s.menu.Y, s.menu.Width, s.menu.MaxHeight = 140, 172, 580, 440
	s.menu.layout(d.UIScale())
	s.refresh()
	return s
}

// Name implements Scene.
func (s *SettingsScreen) Name() string { return "settings" }

// Cursor implements Cursored.
func (s *SettingsScreen) Cursor() int { return s.menu.Cursor }

// Detail implements Detailed: "name X Y W H", the rectangle of the name's
// row in logical pixels as of the last Update (W 0 while it is scrolled
// out of view), for the browser test that taps it.
func (s *SettingsScreen) Detail() string { return s.detail }

// noteNameRow remakes Detail's answer if the name's row has moved.
func (s *SettingsScreen) noteNameRow() {
	x, y, w, h, shown := s.menu.ItemRect(rowName)
	if !shown {
		w = 0
	}
	if r := [4]float64{x, y, w, h}; r != s.nameRow || s.detail == "" {
		s.nameRow = r
		s.detail = fmt.Sprintf("name %g %g %g %g", x, y, w, h)
	}
}

// refresh shows the current values in the menu.
func (s *SettingsScreen) refresh() {
	st := s.d.settings
	onOff := func(b bool) string {
		if b {
			return "On"
		}
		return "Off"
	}
	s.device = s.d.soundDevice()
	s.labels[rowVolume] = volumeLabel(st.Volume, s.device)
	s.labels[rowFullscreen] = onOff(st.Fullscreen)
	s.labels[rowPalette] = "Standard"
	if st.Palette == settings.ColourBlind {
		s.labels[rowPalette] = "Colour-blind"
	}
	s.labels[rowMotion] = onOff(st.ReducedMotion)
	s.labels[rowScale] = strconv.Itoa(st.UIScale) + "%"
	s.labels[rowName] = nameLabel(st.PlayerName)
	if s.name.Open() {
		s.labels[rowName] = s.name.Text() + s.name.Preedit() + "_"
	}
	for i := range valueRows {
		s.menu.Items[i].Value = s.labels[i]
	}
}

// volumeLabel shows the volume, or that there is no sound to turn up
// (the volume is still kept, for a machine that has a device).
func volumeLabel(volume int, device assets.Device) string {
	switch {
	case device == assets.DeviceNone:
		return "No audio device"
	case volume == 0:
		return "Muted"
	}
	return strconv.Itoa(volume) + "%"
}

// nameLabel shows the player's name, or that none is set (a network
// lobby then calls this machine's players "Player").
func nameLabel(name string) string {
	if name == "" {
		return "Not set"
	}
	return name
}

// Update implements Scene.
func (s *SettingsScreen) Update(ctx *Context) error {
	s.backdrop.Update(ctx.ReducedMotion())
	if s.d.soundDevice() != s.device {
		s.refresh()
	}
	if s.name.Open() {
		s.menu.stepGlow(ctx.ReducedMotion()) // the highlight settles on the name
		s.updateNaming(ctx)
		return nil
	}
	ev := s.menu.Update(ctx)
	s.noteNameRow()
	dir := 0
	switch ev.Action {
	case MenuBack:
		ctx.Pop(Backward)
		return nil
	case MenuActivate:
		switch ev.Index {
		case s.backRow:
			ctx.Pop(Backward)
			return nil
		case s.controlsRow:
			ctx.Push(s.d.opts.Controls(s.d), Forward)
			return nil
		}
		dir = 1
	case MenuDecrease:
		dir = -1
	case MenuIncrease:
		dir = 1
	}
	if dir != 0 && ev.Index == rowName {
		// The name is typed, not stepped: Enter, or a click on the row
		// or its arrows, opens it to typing.
		if ev.Action == MenuActivate || ctx.Nav().Click {
			s.startNaming(ctx)
		}
		return nil
	}
	if dir != 0 {
		ctx.SetSettings(change(ctx.Settings(), ev.Index, dir, ev.Action == MenuActivate))
		ctx.Play(assets.Click)
		s.refresh()
	}
	return nil
}

// change returns st with the setting of row moved by dir. Booleans and
// the palette toggle either way; volume steps by 10 and UI scale by its
// step, both stopping at their limits, except that with wrap (a confirm
// rather than Right) the top wraps round, so Enter alone reaches every
// value.
func change(st settings.Settings, row, dir int, wrap bool) settings.Settings {
	switch row {
	case rowVolume:
		st.Volume = stepWrap(st.Volume, dir*10, settings.MinVolume, settings.MaxVolume, wrap)
	case rowFullscreen:
		st.Fullscreen = !st.Fullscreen
	case rowPalette:
		if st.Palette == settings.Standard {
			st.Palette = settings.ColourBlind
		} else {
			st.Palette = settings.Standard
		}
	case rowMotion:
		st.ReducedMotion = !st.ReducedMotion
	case rowScale:
		st.UIScale = stepWrap(st.UIScale, dir*settings.UIScaleStep, settings.MinUIScale, settings.MaxUIScale, wrap)
	}
	return st
}

// stepWrap adds step to v within [lo, hi]; a step up from hi wraps to lo
// when wrap is set.
func stepWrap(v, step, lo, hi int, wrap bool) int {
	switch n := v + step; {
	case n > hi && wrap && v == hi:
		return lo
	case n > hi:
		return hi
	case n < lo:
		return lo
	default:
		return n
	}
}

// symbolNames are the symbols' names on screen.
var symbolNames = [...]string{rulesets.NoSymbol: "", rulesets.Rock: "Rock", rulesets.Paper: "Paper", rulesets.Scissors: "Scissors"}

// Draw implements Scene.
func (s *SettingsScreen) Draw(c *Canvas) {
	pal := s.d.Palette()
	sc := s.d.UIScale()
	s.backdrop.Draw(c, pal)
	Panel(c, pal, 100, 70, 1080, 590)
	c.Text("Settings", 140, 100, TextStyle{Size: 52, Bold: true, Color: pal.Text})
	s.menu.Draw(c, pal)
	c.Text(s.hint(), 140, 646, TextStyle{Size: 19, Color: pal.TextDim, VAlign: text.AlignEnd})
	s.drawPreview(c, pal, sc)
	if s.name.Platform() {
		s.drawNameField(c, pal)
	}
}

// drawPreview shows the palette: the three symbols and the seat colours,
// where the menu leaves room for it.
func (s *SettingsScreen) drawPreview(c *Canvas, pal *Palette, sc float64) {
	px, py := math.Max(800, s.menu.X+s.menu.Width*sc+40), 190.0
	if px > 820 {
		return
	}
	c.Text("Preview", px, py, TextStyle{Size: 22 * sc, Bold: true, Color: pal.TextDim})
	for i, sym := range rulesets.Symbols {
		x := px + 50 + float64(i)*105
		c.Circle(x, py+110, 46, WithAlpha(pal.BackdropDeep, 0.8))
		DrawSymbol(c, sym, x, py+110, 62, 0, pal.Symbol(sym))
		c.Text(symbolNames[sym], x, py+172, TextStyle{Size: 18 * sc, Color: pal.Text, Align: text.AlignCenter})
	}
	for i, col := range pal.Seats {
		c.Circle(px+22+float64(i)*40, py+240, 14, col)
	}
	c.Text("Seat colours", px, py+270, TextStyle{Size: 18 * sc, Color: pal.TextDim})
}
