package netlobby

import (
	"fmt"
	"net/netip"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/netplay"
	"github.com/jankenarcade/janken/scenes"
)

// maxTyped bounds what can be typed: a code and an address with a port;
// for a room picked from the list, the code alone.
const maxTyped = 4 + 21

// destination is a room a joiner asks for: the code its player typed and
// the host's address (invalid in the browser, whose Join reaches the
// page's host).
type destination struct {
	code netplay.RoomCode
	addr netip.AddrPort
}

// typeCode opens the typing mode for the code of picked, a room from the
// list, or, if picked is the zero Room, for a code and an address.
func (l *Lobby) typeCode(picked netplay.Room) {
	l.mode, l.picked, l.typed, l.err, l.lit = modeType, picked, "", "", -1
}

// updateType reads typed characters: the four letters of a room code,
// then, unless the room was picked from the list, optionally the host's
// address ("KXQM 192.168.1.20" or with ":port"). The characters are the
// ones the keyboard's layout types, not key positions, so an AZERTY or
// QWERTZ typist gets the letters they see. Enter joins and Esc goes back.
// Once the screen has been touched the keypad is shown (a phone raises
// no keyboard for the game), and its keys type, delete, join and go back
// as they are tapped or clicked.
func (l *Lobby) updateType(ctx *scenes.Context) {
	if nav := ctx.Nav(); l.keypadShown() && nav.Click {
		keys := l.keypad()
		if i := keyAt(keys, nav.PointerX, nav.PointerY); i >= 0 {
			l.pressKey(keys, i, ctx.Tick())
			return
		}
	}
	var keys [16]ebiten.Key
	for _, k := range ctx.Source().AppendJustPressedKeys(keys[:0]) {
		switch k {
		case ebiten.KeyEscape:
			l.leaveTyping()
			return
		case ebiten.KeyEnter, ebiten.KeyNumpadEnter:
			l.submitTyped()
			return
		case ebiten.KeyBackspace:
			l.deleteTyped()
		}
	}
	var chars [16]rune
	l.typed = appendTyped(l.typed, ctx.Source().AppendInputChars(chars[:0]), l.typeLimit())
}

// deleteTyped deletes the last character typed, if any.
func (l *Lobby) deleteTyped() {
	if n := len(l.typed); n > 0 {
		l.typed = l.typed[:n-1]
	}
}

// leaveTyping goes back to the list of rooms or, on a network without
// one, to the first menu.
func (l *Lobby) leaveTyping() {
	if l.cfg.Net.Discovery == nil {
		l.choose()
		return
	}
	l.mode = modeJoin
}

// typeLimit is how many characters the code field takes: a code alone
// for a room picked from the list, else a code and an address.
func (l *Lobby) typeLimit() int {
	if l.picked.Addr.IsValid() {
		return 4
	}
	return maxTyped
}

// appendTyped appends to typed the characters of chars that a room code
// or an address can hold, letters in capitals, up to limit characters in
// all; the others (spaces included) are dropped.
func appendTyped(typed string, chars []rune, limit int) string {
	for _, c := range chars {
		if c >= 'a' && c <= 'z' {
			c -= 'a' - 'A'
		}
		ok := c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == ':'
		if ok && len(typed) < limit {
			typed += string(c)
		}
	}
	return typed
}

// submitTyped joins the typed room: the room picked from the list, or at
// the typed address.
func (l *Lobby) submitTyped() {
	r, err := parseTyped(l.typed, l.picked.Addr, l.cfg.Net.JoinsPageHost)
	if err != nil {
		l.err = err.Error()
		return
	}
	l.joinRoom(r)
}

// parseTyped reads "CODE" or "CODE address[:port]". A code alone names
// the room picked from the list, at picked, or the page's host in the
// browser (pageHost). Announcements carry no code, so a room from the
// list is joined by the code its host's screen shows, never by one heard.
func parseTyped(typed string, picked netip.AddrPort, pageHost bool) (destination, error) {
	if len(typed) < 4 {
		return destination{}, fmt.Errorf("Type the room's four letters.")
	}
	code, err := netplay.ParseRoomCode(typed[:4])
	if err != nil {
		return destination{}, fmt.Errorf("%q is not a room code.", typed[:4])
	}
	addr := typed[4:]
	switch {
	case picked.IsValid() && addr == "":
		return destination{code, picked}, nil
	case picked.IsValid():
		return destination{}, fmt.Errorf("Type the room's four letters alone.")
	case addr == "" && pageHost:
		return destination{code: code}, nil
	case addr == "":
		return destination{}, fmt.Errorf("Add the host's address after the code, or pick the room from the list.")
	}
	if !strings.Contains(addr, ":") {
		addr = fmt.Sprintf("%s:%d", addr, netplay.GamePort)
	}
	a, err := netip.ParseAddrPort(addr)
	if err != nil {
		return destination{}, fmt.Errorf("%q is not an address.", typed[4:])
	}
	return destination{code, a}, nil
}
