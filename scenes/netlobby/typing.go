package netlobby

import (
	"fmt"
	"net/netip"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/netplay"
	"github.com/jankenarcade/janken/scenes"
)

// maxTyped bounds what can be typed: a code and an address with a port.
const maxTyped = 4 + 21

// updateType reads typed characters: the four letters of a room code,
// then optionally the host's address ("KXQM 192.168.1.20" or with
// ":port"). Enter joins, Esc goes back.
func (l *Lobby) updateType(ctx *scenes.Context) {
	var keys [16]ebiten.Key
	for _, k := range ctx.Source().AppendJustPressedKeys(keys[:0]) {
		switch name := k.String(); {
		case k == ebiten.KeyEscape:
			l.mode = modeJoin
			return
		case k == ebiten.KeyEnter || k == ebiten.KeyNumpadEnter:
			l.submitTyped()
			return
		case k == ebiten.KeyBackspace:
			if n := len(l.typed); n > 0 {
				l.typed = l.typed[:n-1]
			}
		default:
			if c := typedChar(name); c != 0 && len(l.typed) < maxTyped {
				l.typed += string(c)
			}
		}
	}
}

// typedChar maps a key name to the character it types, or 0.
func typedChar(name string) byte {
	switch {
	case len(name) == 1 && name[0] >= 'A' && name[0] <= 'Z':
		return name[0]
	case strings.HasPrefix(name, "Digit") && len(name) == 6:
		return name[5]
	case strings.HasPrefix(name, "Numpad") && len(name) == 7 && name[6] >= '0' && name[6] <= '9':
		return name[6]
	case name == "Period" || name == "NumpadDecimal":
		return '.'
	case name == "Semicolon":
		return ':'
	}
	return 0
}

// submitTyped joins the typed room: at the typed address, or where
// discovery heard it.
func (l *Lobby) submitTyped() {
	r, err := parseTyped(l.typed, l.rooms, l.cfg.Net.JoinsPageHost)
	if err != nil {
		l.err = err.Error()
		return
	}
	l.joinRoom(r)
}

// parseTyped reads "CODE" or "CODE address[:port]". A code alone names a
// room heard on the LAN, or the page's host in the browser (pageHost).
func parseTyped(typed string, heard []netplay.Room, pageHost bool) (netplay.Room, error) {
	if len(typed) < 4 {
		return netplay.Room{}, fmt.Errorf("Type the room's four letters.")
	}
	code, err := netplay.ParseRoomCode(typed[:4])
	if err != nil {
		return netplay.Room{}, fmt.Errorf("%q is not a room code.", typed[:4])
	}
	addr := typed[4:]
	if addr == "" {
		for _, r := range heard {
			if r.Code == code {
				return r, nil
			}
		}
		if pageHost {
			return netplay.Room{Code: code}, nil
		}
		return netplay.Room{}, fmt.Errorf("Room %v is not on this network's list: add the host's address.", code)
	}
	if !strings.Contains(addr, ":") {
		addr = fmt.Sprintf("%s:%d", addr, netplay.GamePort)
	}
	a, err := netip.ParseAddrPort(addr)
	if err != nil {
		return netplay.Room{}, fmt.Errorf("%q is not an address.", typed[4:])
	}
	return netplay.Room{Code: code, Addr: a}, nil
}
