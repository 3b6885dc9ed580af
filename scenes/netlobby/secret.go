package netlobby

import (
	"crypto/rand"
	"encoding/binary"
)

// NewSecret returns a new match's secret, from the system's secure
// random source: nothing about it can be guessed from the time, from an
// earlier match or from anything a joiner is told. Never zero, which a
// Match's Secret is on a joiner.
func NewSecret() uint64 {
	var b [8]byte
	for {
		rand.Read(b[:]) // never fails (crypto/rand's promise since Go 1.24)
		if s := binary.LittleEndian.Uint64(b[:]); s != 0 {
			return s
		}
	}
}
