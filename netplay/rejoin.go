package netplay

import (
	"fmt"
	"net/netip"
)

// Rejoin moves the client at old to addr, as a new connection: a browser
// that reloaded its page, or a phone that woke, reaches the host again
// from another address and starts over with a fresh Client for the same
// seats. The host forgets the old connection's messages and its seats'
// untold events, and sends each seat its view now, which holds all it
// needs. Nothing else changes: the game goes on as it was.
func (h *Host[G, A, E]) Rejoin(old, addr netip.AddrPort) error {
	r := h.remote(old)
	if r == nil {
		return fmt.Errorf("netplay: no client at %v", old)
	}
	if old != addr && h.remote(addr) != nil {
		return fmt.Errorf("netplay: %v is already another client", addr)
	}
	r.Addr = addr
	r.ch = channel{stream: r.Stream}
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
