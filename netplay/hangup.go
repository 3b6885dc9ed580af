package netplay

import "net/netip"

// disconnects is a transport that can tell that a browser peer's
// connection has closed (HostTransport, and the layers that wrap it).
type disconnects interface {
	Disconnected(addr netip.AddrPort) bool
}

// layer returns the first layer of tr that is a T, unwrapping (Unwrap)
// from the outside in.
func layer[T any](tr Transport) (T, bool) {
	for tr != nil {
		if t, ok := tr.(T); ok {
			return t, true
		}
		u, ok := tr.(interface{ Unwrap() Transport })
		if !ok {
			break
		}
		tr = u.Unwrap()
	}
	var zero T
	return zero, false
}

// hungUp returns the browser peers (bit j for peer j) whose connection to
// this host has closed, before this update reads what they sent. A
// browser reaches the others only through the host and has no way back
// into a real-time match (a reloaded page is a new connection, from
// another address), so a closed connection is a player who left: a tab
// closed, a page reloaded or navigated away, a phone's browser killed.
// Asked before the packets are read, since a connection that has closed
// has queued all it sent (the hub notes the close after its last packet).
func (s *Session[S, P]) hungUp() uint32 {
	if s.hangUps == nil {
		return 0
	}
	var gone uint32
	for j := range s.peers {
		p := &s.peers[j]
		if p.HostOnly && !p.left && !p.dropped && s.hangUps.Disconnected(p.Addr) {
			gone |= 1 << j
		}
	}
	return gone
}

// leaveHungUp takes the peers of hungUp as if they had said they left
// (KindLeave), with the inputs this host holds of them as their last: the
// host, which decides drops while it plays, drops them at once, and the
// other peers, which hear a browser only through the host, take its drop
// as it comes (acceptDrop).
func (s *Session[S, P]) leaveHungUp(gone uint32) {
	for j := range s.peers {
		if gone&(1<<j) != 0 {
			s.peers[j].left = true
		}
	}
}
