package cardtable

import (
	"errors"
	"net/netip"

	"github.com/jankenarcade/janken/netplay"
	"github.com/jankenarcade/janken/rulesets"
)

// Rejoiner is a hosted network match whose host can move a client to a
// new connection.
type Rejoiner interface {
	Rejoin(old, addr netip.AddrPort) error
}

// Rejoin moves the client at old to its new connection from addr (a
// phone's page reloaded), giving it back its seats if bots play them by
// now: see nettable.Hosted.Rejoin. Only the host can.
func (n *Net[G, V, A, E, PV]) Rejoin(old, addr netip.AddrPort) error {
	if n.side.Hosted == nil {
		return errors.New("cardtable: only the host moves a client")
	}
	return n.side.Hosted.Rejoin(old, addr)
}

// Awaited returns the seats whose silent phones or browsers the host
// waits for (see lobby.Seating.WaitForPhones and nettable.ReloadWait).
func (n *Net[G, V, A, E, PV]) Awaited() rulesets.Audience {
	var a rulesets.Audience
	if h := n.side.Hosted; h != nil {
		for seat := range n.side.Players {
			if h.Awaited.Has(seat) {
				a |= rulesets.Only(seat)
			}
		}
	}
	return a
}

// Release lets the host's bots play seats, whose phones it waited for,
// from the next Update on.
func (n *Net[G, V, A, E, PV]) Release(seats rulesets.Audience) error {
	h := n.side.Hosted
	if h == nil {
		return errors.New("cardtable: only the host lets a bot play a seat")
	}
	var set netplay.SeatSet
	for seat := range n.side.Players {
		if seats.Sees(seat) {
			set |= netplay.SeatsOf(seat)
		}
	}
	return h.Release(set)
}

// Rejoiner returns the runner's network match as one whose host can move
// a client to a new connection, if it is one.
func (r *Runner[V, A, E, PV]) Rejoiner() (Rejoiner, bool) {
	j, ok := r.match.(Rejoiner)
	return j, ok
}
