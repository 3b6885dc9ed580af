package netlobby

import (
	"fmt"
	"time"

	"github.com/jankenarcade/janken/netplay"
	"github.com/jankenarcade/janken/netplay/secure"
)

// answerWait is how long a joiner asks a room before it tells the player
// that no answer came.
const answerWait = 5 * time.Second

// seal wraps tr, a transport Network opened, in the room's encryption
// (package netplay/secure): from then on every packet but the LAN room
// announcements (which name no code) is authenticated and encrypted under keys agreed with
// each peer and bound to the room's code, so a machine without the code
// gets nothing in. The header's constant part (SealPrefix) is bound into
// the handshake and so left out of every sealed packet. The match takes the sealed transport from the lobby.
func (l *Lobby) seal(tr netplay.Transport, room netplay.RoomCode) (*secure.Conn, error) {
	c, err := secure.Wrap(tr, secure.Config{Key: []byte(room.String()), Plain: netplay.IsAnnouncement, Clock: l.clock, Prefix: netplay.SealPrefix(room)})
	if err != nil {
		return nil, fmt.Errorf("seal room %v: %w", room, err)
	}
	return c, nil
}

// clock is game time, in ticks, for the sealed transport's handshake
// resends: the director's, which outlives the lobby.
func (l *Lobby) clock() time.Duration { return time.Duration(l.d.Tick()) * netplay.TickDuration }

// noAnswer is what a joiner is told when the room it asks says nothing:
// when not even the handshake completed, most likely its code was typed
// wrong (a host never answers a handshake under another code).
func noAnswer(tr netplay.Transport, r destination) string {
	if c, ok := tr.(*secure.Conn); ok && !c.Established(r.addr) {
		return fmt.Sprintf("No answer from room %v at %v — check the room code.", r.code, r.addr)
	}
	return fmt.Sprintf("No answer from room %v at %v.", r.code, r.addr)
}
