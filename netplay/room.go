package netplay

import (
	"crypto/rand"
	"encoding/binary"
	"fmt"
	"strings"
)

// RoomCode names a hosted game and is its password. It is shown as four
// letters ("KXQM"), short enough to read across a room; the host's screen
// shows it, no announcement carries it, and the lobby seals every packet
// of the room and its match with a key made from it (netplay/secure), so
// that only machines told the code can join, and packets of another game
// on the same network are dropped. The zero code names no room.
type RoomCode uint32

// RoomLetters are the letters of a code: consonants only, so that no code
// spells a word, and none that are easily confused with digits.
const RoomLetters = "BCDFGHJKLMNPQRSTVWXZ"

const roomCodeLen = 4

// roomCodes is how many codes exist.
const roomCodes = 20 * 20 * 20 * 20

// NewRoomCode returns a random room code from crypto/rand, since the code
// is the room's password; two hosts on one network practically never
// collide.
func NewRoomCode() RoomCode {
	const limit = (1 << 32) / (roomCodes - 1) * (roomCodes - 1) // no modulo bias below it
	var b [4]byte
	for {
		rand.Read(b[:]) // never fails
		if v := binary.LittleEndian.Uint32(b[:]); v < limit {
			return RoomCode(v%(roomCodes-1) + 1)
		}
	}
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
		b[i] = RoomLetters[v%20]
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
		d := strings.IndexByte(RoomLetters, s[i])
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
