package rulesets

import (
	"crypto/sha256"
	"encoding/binary"
)

// DeriveSeed returns the seed for one purpose of a match, derived one way
// from the match's secret: knowing any number of derived seeds tells
// nothing about the secret or about the seeds of other purposes and seats.
// So a seed that a network client may learn (a bot's, which a replay or a
// bot's visible choices could give away) can never be turned back into the
// deal.
//
// The intended use: a match has one secret, never sent to a client, and
//
//	deal seed           DeriveSeed(secret, "deal", -1)
//	bot seed for seat s DeriveSeed(secret, "bot", s)
//	rematch secret      DeriveSeed(secret, "rematch", -1)
//
// Seat is -1 for a purpose of the whole match. The result is SHA-256 of
// the secret, the seat and the purpose: the same on every platform.
func DeriveSeed(secret uint64, purpose string, seat int) uint64 {
	var buf [64]byte
	b := append(buf[:0], "janken seed\x00"...)
	b = binary.LittleEndian.AppendUint64(b, secret)
	b = binary.LittleEndian.AppendUint64(b, uint64(int64(seat)))
	b = append(b, purpose...) // last, so that its length needs no marker
	sum := sha256.Sum256(b)
	return binary.LittleEndian.Uint64(sum[:8])
}
