package rulesets

import (
	"crypto/sha256"
	"encoding/binary"
)

// DeriveSeed (temporary stand-in until the views branch lands).
func DeriveSeed(secret uint64, purpose string, seat int) uint64 {
	var b [16]byte
	binary.LittleEndian.PutUint64(b[:8], secret)
	binary.LittleEndian.PutUint64(b[8:], uint64(int64(seat)))
	h := sha256.New()
	h.Write(b[:])
	h.Write([]byte(purpose))
	return binary.LittleEndian.Uint64(h.Sum(nil))
}
