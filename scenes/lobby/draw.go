package lobby

import (
	"image/color"
	"strings"

	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/scenes"
)

// Layout, in logical pixels.
const (
	cardsX, cardsY = 40.0, 132.0
	cardW, cardH   = 360.0, 118.0
	cardGap        = 16.0
	menuX, menuY   = 800.0, 132.0
	menuW          = 440.0
	legendY        = 490.0
)

// cardRect returns seat's card: two columns, top to bottom.
func cardRect(seat int) (x, y float64) {
	return cardsX + float64(seat/4)*(cardW+cardGap), cardsY + float64(seat%4)*(cardH+cardGap)
}

// seatAt returns the seat whose card holds (x, y), or -1.
func (l *Lobby) seatAt(x, y float64) int {
	for s := range l.Seats() {
		cx, cy := cardRect(s)
		if x >= cx && x < cx+cardW && y >= cy && y < cy+cardH {
			return s
		}
	}
	return -1
}

// Draw implements scenes.Scene.
func (l *Lobby) Draw(c *scenes.Canvas) {
	pal := l.d.Palette()
	l.backdrop.Draw(c, pal)
	c.Text(l.cfg.Title+" — who is playing?", cardsX, 52, scenes.TextStyle{Size: 44, Bold: true, Color: pal.Text, VAlign: text.AlignCenter})
	join := l.joinKeys()
	c.Text(l.subtitle(join), cardsX, 98, scenes.TextStyle{Size: 22, Color: pal.TextDim, VAlign: text.AlignCenter})
	for s := range l.Seats() {
		l.drawSeat(c, pal, s, join)
	}
	l.menu.Draw(c, pal)
	touchOnly := l.d.TouchOnly()
	if !touchOnly && l.phones == nil {
		l.drawRule(c, pal, join)
	}
	switch {
	case l.phones != nil:
		l.drawPhones(c, pal)
	case !touchOnly:
		l.drawLegend(c, pal)
	}
	if l.message != "" {
		st := scenes.TextStyle{Size: 22, Bold: true, Color: pal.Accent, VAlign: text.AlignCenter}
		c.Text(l.message, cardsX, scenes.ScreenHeight-30, st)
	}
}

// subtitle says how many play and how to join: on a device only touched,
// by a tap, since it has no keys to press.
func (l *Lobby) subtitle(join string) string {
	sub := playerRange(l.cfg.MinPlayers, l.cfg.MaxPlayers) + " · to join, "
	switch {
	case l.d.TouchOnly() && l.cfg.Gestures:
		return sub + "tap a corner of the screen"
	case l.d.TouchOnly():
		return sub + "tap an empty seat"
	case l.cfg.Gestures:
		return sub + "press " + join + " on your own device, or tap a corner of the screen"
	}
	return sub + "press " + join + " on your own device, or click an empty seat"
}

func (l *Lobby) drawSeat(c *scenes.Canvas, pal *scenes.Palette, s int, join string) {
	x, y := cardRect(s)
	seat := l.seats[s]
	clr := pal.Seats[s]
	scenes.Panel(c, pal, x, y, cardW, cardH)
	if seat.Kind == Empty {
		c.StrokeRoundRect(x+6, y+6, cardW-12, cardH-12, 12, 2, dim(clr))
	} else {
		c.RoundRect(x, y, 14, cardH, 7, clr)
	}
	name := scenes.TextStyle{Size: 30, Bold: true, Color: clr}
	c.Text(scenes.SeatName(s, ""), x+32, y+18, name)
	who, how := "Empty", "press "+join+" to join"
	if l.d.TouchOnly() {
		how = "tap here to join"
	}
	switch seat.Kind {
	case Human:
		who, how = DeviceName(seat.Device), l.deviceHint(seat.Device)
	case Bot:
		who, how = "AI player", "difficulty: "+seat.Bot
	case Phone:
		who, how = seat.Name, "on their phone · click here to remove"
	}
	c.Text(who, x+32, y+60, scenes.TextStyle{Size: 24, Bold: seat.Kind != Empty, Color: pal.Text})
	c.Text(how, x+32, y+90, scenes.TextStyle{Size: 18, Color: pal.TextDim})
	if l.held[s] > 0 {
		w := (cardW - 32) * float64(l.held[s]) / leaveHoldTicks
		c.FillRect(x+16, y+cardH-8, w, 4, pal.Notice)
	}
}

// deviceHint tells a seated player how to press the lobby's buttons and
// how to leave.
func (l *Lobby) deviceHint(d input.Device) string {
	controls := l.router.Controls()
	switch d.Kind {
	case input.KeyZone:
		back := controls.Key(d.Index, rulesets.ButtonBack)
		if back == input.NoKey {
			return "hold " + input.KeyCap(controls.Key(d.Index, rulesets.ButtonClap)) + " (clap) to leave"
		}
		if k := controls.Key(d.Index, rulesets.ButtonConfirm); k != input.NoKey && !l.cfg.Gestures {
			return input.KeyCap(k) + ": buttons · " + input.KeyCap(back) + ": leave"
		}
		return input.KeyCap(back) + " to leave"
	case input.Pad:
		return input.PadCap(controls.PadButton(rulesets.ButtonConfirm)) + ": buttons · " +
			input.PadCap(controls.PadButton(rulesets.ButtonBack)) + ": leave"
	case input.TouchZone:
		return "hold clap to leave"
	case input.Touch:
		return "tap here to leave"
	}
	return "click here to leave"
}

// joinKeys names the join buttons for the players to press: "E, Enter
// or A", or in a Slam lobby "a Slam key or A".
func (l *Lobby) joinKeys() string {
	c := l.router.Controls()
	var keys []string
	if l.cfg.Gestures {
		keys = append(keys, "a Slam key")
	} else {
		for z := range input.NumKeyZones {
			if k := c.Key(z, rulesets.ButtonConfirm); k != input.NoKey {
				keys = append(keys, input.KeyCap(k))
			}
		}
	}
	if p := c.PadButton(rulesets.ButtonConfirm); p != input.NoPadButton {
		keys = append(keys, input.PadCap(p))
	}
	return orList(keys)
}

// orList joins words as a sentence does: "E, Enter or A".
func orList(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

// drawRule says, under the menu, which presses join and which press the
// menu's buttons.
func (l *Lobby) drawRule(c *scenes.Canvas, pal *scenes.Palette, join string) {
	first, second := "Join with "+join+". Once you are seated,", "it presses these buttons; moving never seats."
	if l.cfg.Gestures {
		controls := l.router.Controls()
		first = "Join with " + join + "."
		second = "Buttons: " + strings.Join(l.menuConfirmKeys(), ", ") + ", or " +
			input.PadCap(controls.PadButton(rulesets.ButtonConfirm)) + " once seated."
	}
	st := scenes.TextStyle{Size: 17, Color: pal.TextDim}
	y := l.ruleY()
	c.Text(first, menuX, y, st)
	c.Text(second, menuX, y+24, st)
}

// fitMenu keeps the menu clear of the panel under it. Touch-sized rows
// (scenes.TouchTarget) are taller than the desktop's: while the rule and a
// panel are shown under them the menu scrolls instead of pushing them off
// the screen. On a device only touched only the phones' panel remains, and
// the desktop's rows always fit.
func (l *Lobby) fitMenu() {
	l.menu.MaxHeight = 0
	if l.d.TouchSeen() && (l.phones != nil || !l.d.TouchOnly()) {
		l.menu.MaxHeight = legendY - menuY - ruleGap - ruleH
	}
}

// The rule under the menu: its distance from the menu, and its height
// with the margin under it.
const ruleGap, ruleH = 22, 56

// ruleY is where the rule under the menu starts.
func (l *Lobby) ruleY() float64 { return l.menu.Y + l.menu.Height() + ruleGap }

// panelY is where the panel under the rule starts: the keyboard legend,
// or the phones' code, which takes the rule's place (the subtitle still
// says how to join) so that it fits under the phones' longer menu.
func (l *Lobby) panelY() float64 {
	if l.phones != nil {
		return max(legendY, l.ruleY())
	}
	return max(legendY, l.ruleY()+ruleH)
}

// menuConfirmKeys names the keys that press a Slam lobby's buttons
// without seating anyone: the full zones' and the menu keys' Confirm.
func (l *Lobby) menuConfirmKeys() []string {
	c := l.router.Controls()
	var keys []string
	for z := range input.MenuKeys + 1 {
		if k := c.Key(z, rulesets.ButtonConfirm); k != input.NoKey {
			keys = append(keys, input.KeyCap(k))
		}
	}
	return keys
}

// drawLegend shows the keyboard zones with their key caps, so that people
// sharing the keyboard find their keys.
func (l *Lobby) drawLegend(c *scenes.Canvas, pal *scenes.Palette) {
	controls := l.router.Controls()
	set, labels := input.Nav&^(rulesets.ButtonMenu|rulesets.ButtonRules), "↑ ↓ ← →  confirm  back  peek"
	if l.cfg.Gestures {
		set, labels = rulesets.Gestures, "rock  paper  scissors  clap"
	}
	var zones []int
	for z := range input.NumKeyZones {
		if controls.ZoneButtons(z)&set == set {
			zones = append(zones, z)
		}
	}
	x, y, w := menuX, l.panelY(), scenes.ScreenWidth-menuX-24
	scenes.Panel(c, pal, x, y, w, 58+float64(len(zones))*32)
	c.Text("Keyboard: "+labels, x+16, y+14, scenes.TextStyle{Size: 17, Bold: true, Color: pal.TextDim})
	name := scenes.TextStyle{Size: 16, Color: pal.TextDim, VAlign: text.AlignCenter}
	capsX := 0.0
	for _, z := range zones {
		capsX = max(capsX, scenes.TextWidth(input.ZoneName(z), name))
	}
	y += 46
	for _, z := range zones {
		c.Text(input.ZoneName(z), x+16, y+13, name)
		kx := x + 28 + capsX
		for _, b := range input.AllButtons {
			if k := controls.Key(z, b); set&b != 0 && k != input.NoKey {
				kx += keyCap(c, pal, input.KeyCap(k), kx, y) + 4
			}
		}
		y += 32
	}
}

// keyCap draws one key cap at (x, y) and returns its width.
func keyCap(c *scenes.Canvas, pal *scenes.Palette, label string, x, y float64) float64 {
	st := scenes.TextStyle{Size: 15, Bold: true, Color: pal.Text, Align: text.AlignCenter, VAlign: text.AlignCenter}
	w := max(26, scenes.TextWidth(label, st)+10)
	c.RoundRect(x, y, w, 26, 6, pal.PanelEdge)
	c.RoundRect(x+1, y+1, w-2, 22, 5, pal.BackdropDeep)
	c.Text(label, x+w/2, y+12, st)
	return w
}

func dim(c color.RGBA) color.RGBA {
	return color.RGBA{R: c.R / 2, G: c.G / 2, B: c.B / 2, A: c.A / 2}
}
