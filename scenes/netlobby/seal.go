//go:build !itch

package netlobby

import (
	"fmt"
	"net/netip"

	"github.com/jankenarcade/janken/netplay"
	"github.com/jankenarcade/janken/netplay/secure"
)

// seal wraps tr, a transport Network opened, in the room's encryption
// (package netplay/secure): from then on every packet but the LAN room
// announcements (which name no code) is authenticated and encrypted under keys agreed with
// each peer and bound to the room's code, so a machine without the code
// gets nothing in. The header's constant part (SealPrefix) is bound into
// the handshake and so left out of every sealed packet. The match takes the sealed transport from the lobby.
func (l *Lobby) seal(tr netplay.Transport, room netplay.RoomCode) (netplay.Transport, error) {
	c, err := secure.Wrap(tr, secure.Config{Key: []byte(room.String()), Plain: netplay.IsAnnouncement, Clock: l.clock, Prefix: netplay.SealPrefix(room)})
	if err != nil {
		return nil, fmt.Errorf("seal room %v: %w", room, err)
	}
	return c, nil
}

// unsealed reports whether tr, a sealed transport, has not completed its
// handshake with addr.
func unsealed(tr netplay.Transport, addr netip.AddrPort) bool {
	c, ok := tr.(*secure.Conn)
	return ok && !c.Established(addr)
}
