package cardtable

import (
	"errors"
	"net/netip"
)

// Rejoiner is a hosted network match whose host can move a client to a
// new connection.
type Rejoiner interface {
	Rejoin(old, addr netip.AddrPort) error
}

// Rejoin moves the client at old to its new connection from addr (a
// phone's page reloaded): see netplay.Host.Rejoin. Only the host can.
func (n *Net[G, V, A, E, PV]) Rejoin(old, addr netip.AddrPort) error {
	if n.side.Hosted == nil {
		return errors.New("cardtable: only the host moves a client")
	}
	return n.side.Hosted.Host.Rejoin(old, addr)
}

// Rejoiner returns the runner's network match as one whose host can move
// a client to a new connection, if it is one.
func (r *Runner[V, A, E, PV]) Rejoiner() (Rejoiner, bool) {
	j, ok := r.cfg.Match.(Rejoiner)
	return j, ok
}
