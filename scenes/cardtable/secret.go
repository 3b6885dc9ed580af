package cardtable

import (
	"crypto/rand"
	"encoding/binary"
)

// NewSecret returns a new match's secret, from the system's secure
// random source: nothing about it can be guessed from the time or from
// an earlier match.
func NewSecret() uint64 {
	var b [8]byte
	rand.Read(b[:]) // never fails (crypto/rand's promise since Go 1.24)
	return binary.LittleEndian.Uint64(b[:])
}
