package netplay

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// RoomCode names a hosted game. It is shown as four letters ("KXQM"),
// short enough to read across a room, and every packet carries it, so
// packets of another game on the same network are dropped. The zero code
// names no room.
type RoomCode uint32

// roomLetters are the letters of a code: consonants only, so that no code
// spells a word, and none that are easily confused with digits.
const roomLetters = "BCDFGHJKLMNPQRSTVWXZ"

const roomCodeLen = 4

// roomCodes is how many codes exist.
const roomCodes = 20 * 20 * 20 * 20

// NewRoomCode returns a random room code, so that two hosts on one network
// practically never collide. A code keeps games apart; it is no secret, so
// the runtime-seeded generator serves, and it keeps crypto/rand's code out
// of the WebAssembly download.
func NewRoomCode() RoomCode {
	return RoomCode(rand.Uint32N(roomCodes-1) + 1)
}

// Valid reports whether c is a code that String can spell.
func (c RoomCode) Valid() bool { return c > 0 && c < roomCodes }

// String spells the code in four letters.
func (c RoomCode) String() string {
	if !c.Valid() {
		return fmt.Sprintf("room(%d)", uint32(c))
	}
	var b [roomCodeLen]byte
	v := uint32(c)
	for i := roomCodeLen - 1; i >= 0; i-- {
		b[i] = roomLetters[v%20]
		v /= 20
	}
	return string(b[:])
}

// ParseRoomCode reads a code as a player types it: four letters, any case,
// surrounding spaces ignored.
func ParseRoomCode(s string) (RoomCode, error) {
	s = strings.ToUpper(strings.TrimSpace(s))
	if len(s) != roomCodeLen {
		return 0, fmt.Errorf("netplay: room code %q: want %d letters", s, roomCodeLen)
	}
	var v uint32
	for i := 0; i < len(s); i++ {
		d := strings.IndexByte(roomLetters, s[i])
		if d < 0 {
			return 0, fmt.Errorf("netplay: room code %q: %q is not a code letter", s, s[i])
		}
		v = v*20 + uint32(d)
	}
	c := RoomCode(v)
	if !c.Valid() {
		return 0, fmt.Errorf("netplay: room code %q names no room", s)
	}
	return c, nil
}
