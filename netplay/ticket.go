package netplay

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"fmt"
	"net/netip"
)

// Ticket is a joiner's proof that it holds its seats: the host draws one
// for each joiner it seats and tells it only in the joiner's own sealed
// welcome. A joiner that comes back from another address (a browser page
// reloaded: a new connection) hands it in with its hello, and the host
// moves the joiner's seats to the new address (see OnRejoin). Its
// 128 random bits are guessed by no one, including the room's other
// joiners, who know the room's code but never see one another's welcomes.
type Ticket [16]byte

// newTicket draws a ticket.
func newTicket() Ticket {
	var t Ticket
	_, _ = rand.Read(t[:]) // never fails (crypto/rand's contract)
	return t
}

// IsZero reports whether t is no ticket.
func (t Ticket) IsZero() bool { return t == Ticket{} }

// String returns t in hex, as ParseTicket reads it.
func (t Ticket) String() string { return hex.EncodeToString(t[:]) }

// ParseTicket reads a ticket written by String.
func ParseTicket(s string) (Ticket, error) {
	var t Ticket
	b, err := hex.DecodeString(s)
	if err != nil || len(b) != len(t) {
		return Ticket{}, fmt.Errorf("netplay: %q is not a ticket", s)
	}
	copy(t[:], b)
	return t, nil
}

// equal compares tickets in constant time: how long a comparison takes
// tells a guesser nothing of the ticket.
func (t Ticket) equal(u Ticket) bool { return subtle.ConstantTimeCompare(t[:], u[:]) == 1 }

// appendTicket appends t, or nothing for no ticket, as a byte string.
func appendTicket(dst []byte, t Ticket) []byte {
	if t.IsZero() {
		return appendBytes(dst, nil)
	}
	return appendBytes(dst, t[:])
}

// ticket reads a ticket appendTicket wrote: none, or all 16 bytes.
func (r *reader) ticket() Ticket {
	var t Ticket
	b := r.bytes(len(t), "ticket")
	if r.err == nil && len(b) != 0 && len(b) != len(t) {
		r.fail("a ticket of %d bytes", len(b))
	}
	copy(t[:], b)
	return t
}

// Rejoiner moves a joiner's seats in a running match from its old
// address to a new one (netplay.Host.Rejoin), or says why it cannot.
type Rejoiner func(old, addr netip.AddrPort) error

// OnRejoin has the lobby that handed tr to a match (LobbyHost.Handoff)
// move a joiner's seats with rejoin when it comes back from a new address
// with its ticket (a browser whose page reloaded), and reports whether tr
// came from a Handoff. A match that can take a machine back calls it as
// it begins; until then, and in a match that cannot, such a joiner is
// refused.
func OnRejoin(tr Transport, rejoin Rejoiner) bool {
	t, ok := layer[*handoff](tr)
	if ok {
		t.h.rejoin = rejoin
	}
	return ok
}
