package netlobby

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"github.com/jankenarcade/janken/netplay"
	"github.com/jankenarcade/janken/scenes"
)

// The on-screen keypad of the typing mode, shown once the screen has been
// touched: a phone's browser raises no keyboard for the game's canvas, so
// the room code is typed by tapping its letters. Every key is at least
// scenes.TouchTarget each way (44 CSS pixels on a phone held sideways);
// the keys' hit areas meet without overlapping, and each is drawn a
// little inside its own.
const (
	padX, padW = leftX, panelW - 2*(leftX-panelX) // across the panel, inside its margins
	padTop     = 328.0                            // under the field and two lines of error
	keyH       = scenes.TouchTarget
	keyInset   = 5 // between a key's hit area and its drawing
)

// The touch layout of the typing mode above the keypad (see drawType).
const (
	touchPromptY = 164.0
	touchFieldY  = 198.0
	touchFieldH  = 70.0
	touchErrY    = 276.0 // the first of at most two lines of error
	touchErrMax  = 2
)

// padAction is what a key of the keypad does besides typing.
type padAction uint8

const (
	padType   padAction = iota // types its character
	padDelete                  // deletes the last character
	padJoin                    // joins, as Enter does
	padBack                    // leaves the typing mode, as Esc does
)

// padKey is one key of the keypad: its hit area on the logical screen,
// its label and what it does.
type padKey struct {
	x, y, w, h float64
	label      string
	action     padAction
}

// The keypads: the room code's letters, then for an address the digits,
// '.' and ':', then Back, Delete and Join.
var (
	codePad    = layoutPad(netplay.RoomLetters[:10], netplay.RoomLetters[10:])
	addressPad = layoutPad(netplay.RoomLetters[:10], netplay.RoomLetters[10:], "1234567890.:")
)

// layoutPad lays out a keypad with a row of keys for each of rows' strings
// (a key a character), and under them Back, Delete and Join: each row
// centred on the pad, its keys of one whole width that fills it, so that
// neighbours meet exactly.
func layoutPad(rows ...string) []padKey {
	var keys []padKey
	row := func(y float64, ks []padKey) {
		w := math.Floor(padW / float64(len(ks)))
		x := padX + (padW-w*float64(len(ks)))/2
		for i, k := range ks {
			k.x, k.y, k.w, k.h = x+float64(i)*w, y, w, keyH
			keys = append(keys, k)
		}
	}
	y := padTop
	for _, chars := range rows {
		ks := make([]padKey, len(chars))
		for i := range ks {
			ks[i].label = chars[i : i+1]
		}
		row(y, ks)
		y += keyH
	}
	row(y, []padKey{{label: "Back", action: padBack}, {label: "Delete", action: padDelete}, {label: "Join", action: padJoin}})
	return keys
}

// keypad returns the keypad of the typing mode: the code's letters, and
// the address's characters too unless the room was picked from the list
// or the page's host is joined.
func (l *Lobby) keypad() []padKey {
	if l.typeLimit() > 4 && !l.cfg.Net.JoinsPageHost {
		return addressPad
	}
	return codePad
}

// keyAt returns the index of the key of keys under (x, y), or -1.
func keyAt(keys []padKey, x, y float64) int {
	for i, k := range keys {
		if x >= k.x && x < k.x+k.w && y >= k.y && y < k.y+k.h {
			return i
		}
	}
	return -1
}

// pressKey does what key i of the keypad does, and lights it for a moment.
func (l *Lobby) pressKey(keys []padKey, i int, tick int64) {
	l.lit, l.litAt = i, tick
	switch k := keys[i]; k.action {
	case padType:
		l.typed = appendTyped(l.typed, []rune(k.label), l.typeLimit())
	case padDelete:
		l.deleteTyped()
	case padJoin:
		l.submitTyped()
	case padBack:
		l.leaveTyping()
	}
}

// litTicks is how long a tapped key stays lit.
const litTicks = 8

// drawKeypad draws the keypad, the key tapped last lit for a moment.
func (l *Lobby) drawKeypad(c *scenes.Canvas, pal *scenes.Palette) {
	lit := -1
	if l.d.Tick()-l.litAt < litTicks {
		lit = l.lit
	}
	for i, k := range l.keypad() {
		fill, ink, size := pal.Panel, pal.Text, 32.0
		switch {
		case i == lit:
			fill, ink = pal.Text, pal.AccentText
		case k.action == padJoin:
			fill, ink = pal.Accent, pal.AccentText
		}
		if k.action != padType {
			size = 28
		}
		x, y, w, h := k.x+keyInset, k.y+keyInset, k.w-2*keyInset, k.h-2*keyInset
		c.RoundRect(x, y, w, h, 12, fill)
		c.StrokeRoundRect(x, y, w, h, 12, 2, pal.PanelEdge)
		c.Text(k.label, x+w/2, y+h/2, scenes.TextStyle{Size: size, Bold: true, Color: ink, Align: text.AlignCenter, VAlign: text.AlignCenter})
	}
}
