package netplay

import (
	"fmt"
	"net/netip"
	"slices"
)

// MovedAway is why the host lets a client's old connection go when its
// seats move to a new one (Rejoin): a client told it was not cut off by
// the host, and must not claim its seats back by itself, since that would
// take them from its own newer page (a duplicated browser tab holds the
// same ticket).
const MovedAway = "its seats moved to a newer connection"

// Rejoin moves the client at old to addr, as a new connection: a browser
// that reloaded its page, or a phone that woke, reaches the host again
// from another address and starts over with a fresh Client for the same
// seats. The host forgets the old connection's messages and its seats'
// untold events, and sends each seat its view now, which holds all it
// needs. Nothing else changes: the game goes on as it was. Should the
// old connection still be there (a page duplicated, not reloaded), it is
// told so (MovedAway) whenever it is heard from, as a client whose seats
// were taken over is.
func (h *Host[G, A, E]) Rejoin(old, addr netip.AddrPort) error {
	r := h.remote(old)
	if r == nil {
		return fmt.Errorf("netplay: no client at %v", old)
	}
	if old != addr && h.remote(addr) != nil {
		return fmt.Errorf("netplay: %v is already another client", addr)
	}
	if old != addr {
		h.rememberMoved(remote{Remote: Remote{Addr: old, Stream: r.Stream}, fault: MovedAway}, addr)
	}
	r.Addr = addr
	r.restart()
	r.answered = [len(r.answered)]uint64{}
	r.fault, r.due = "", r.Seats
	r.heard, r.progress, r.sent = h.now, h.now, h.now
	for seat := range r.answered {
		if r.Seats.Has(seat) {
			h.pending[seat], h.backlog[seat] = h.pending[seat][:0], 0
		}
	}
	return nil
}

// Return gives the client at old, whose seats were taken over (TakeOver),
// its seats back on a new connection from addr, and returns them: a
// browser whose tab was frozen past the host's patience, or a machine
// whose link came back, asks for its seats again with its ticket, and
// its player plays on where the host's bots had played for them. The
// table that took the seats over stops playing them before its next
// Apply for them, which would be refused. As in Rejoin, the client starts
// over with each seat's view now. A client whose player left the match
// (ClientLeft) does not come back.
func (h *Host[G, A, E]) Return(old, addr netip.AddrPort) (SeatSet, error) {
	i := slices.IndexFunc(h.taken, func(t remote) bool { return t.Addr == old && t.fault == TakenOver })
	switch {
	case i < 0:
		return 0, fmt.Errorf("netplay: no client taken over at %v", old)
	case h.taken[i].left:
		return 0, fmt.Errorf("netplay: the client at %v left the match", old)
	case h.remote(addr) != nil:
		return 0, fmt.Errorf("netplay: %v is already another client", addr)
	}
	r := h.taken[i]
	h.taken = slices.Delete(h.taken, i, i+1)
	h.remotes = append(h.remotes, r)
	if err := h.Rejoin(old, addr); err != nil {
		return 0, err // cannot happen: old is a client again, addr none
	}
	return r.Seats, nil
}

// maxMoved is how many old connections the host remembers to tell that
// their seats moved: a phone that wakes a hundred times in a game leaves
// no hundred records to search on every stranger's packet.
const maxMoved = 16

// rememberMoved tells moved, an old connection, that its seats moved to
// addr, and remembers it among the clients let go (forgetting the oldest
// such beyond maxMoved, and any record of addr, which is a client again).
func (h *Host[G, A, E]) rememberMoved(moved remote, addr netip.AddrPort) {
	h.taken = slices.DeleteFunc(h.taken, func(t remote) bool { return t.Addr == addr })
	first, n := -1, 0 // the oldest moved connection remembered, and how many
	for i, t := range h.taken {
		if t.fault != MovedAway {
			continue
		}
		if first < 0 {
			first = i
		}
		n++
	}
	if n >= maxMoved {
		h.taken = slices.Delete(h.taken, first, first+1)
	}
	h.dismiss(&moved)
	h.taken = append(h.taken, moved)
}
