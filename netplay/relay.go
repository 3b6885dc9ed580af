package netplay

import (
	"time"
)

// A browser peer reaches only the host, so the host relays the rollback
// packets between it and every other peer. A relay packet is the header
// (kind KindRelay), the original sender's and the receiver's peer indexes,
// the kind of the packet relayed, and that packet's payload: three bytes
// more than the packet sent directly.
//
// Trust follows the handshake: the host forwards a relay packet only if
// its sender is the peer it names, and a peer accepts one only from the
// host and checks its content against the named sender's seats, exactly
// as it checks a packet that sender sent directly.

// relayHeaderSize is the length of what a relay packet adds to a packet's
// payload after the header.
const relayHeaderSize = 3

// relayHeader says who sent a relayed packet, to whom, and its kind.
type relayHeader struct {
	From, To int
	Kind     Kind
}

// appendRelayHeader starts a relay packet for room.
func appendRelayHeader(dst []byte, room RoomCode, h relayHeader) []byte {
	dst = appendHeader(dst, KindRelay, room)
	return append(dst, byte(h.From), byte(h.To), byte(h.Kind))
}

// readRelayHeader splits a relay packet's payload into its header and the
// relayed payload, checking the peer indexes against n peers.
func readRelayHeader(p []byte, n int) (relayHeader, []byte, bool) {
	if len(p) < relayHeaderSize {
		return relayHeader{}, nil, false
	}
	h := relayHeader{From: int(p[0]), To: int(p[1]), Kind: Kind(p[2])}
	if h.From >= n || h.To >= n || h.Kind == KindRelay {
		return relayHeader{}, nil, false
	}
	return h, p[relayHeaderSize:], true
}

// viaHost reports whether peers a and b exchange packets through the host,
// peer 0: when either can reach only the host.
func viaHost(peers []PeerConfig, a, b int) bool {
	return a != 0 && b != 0 && a != b && (peers[a].HostOnly || peers[b].HostOnly)
}

// relayShare is how many peers' packets arrive from peer j's address at
// peer self: its own, and on the host those it relays for a host-only
// peer to the others, or elsewhere those the host relays to self. Each
// peer's packet budget is scaled by it, so relaying never trips the rate
// limit.
func relayShare(peers []PeerConfig, self, j int) int {
	n := 1
	for k := range peers {
		switch {
		case self == 0 && k != j && viaHost(peers, j, k):
			n++ // the host forwards j's packets to k
		case j == 0 && viaHost(peers, k, self):
			n++ // the host forwards k's packets to self
		}
	}
	return n
}

// onRelay handles relay packet pkt (payload after its header) from peer j.
// The host forwards it if j is the sender it names; another peer handles
// what it relays as a packet from the named sender.
func (s *Session[S, P]) onRelay(now time.Duration, j int, pkt, payload []byte) {
	d := &s.stats.Counter.Dropped
	h, inner, ok := readRelayHeader(payload, len(s.peers))
	if !ok || !viaHost(s.cfg.Peers, h.From, h.To) {
		d.Malformed++
		return
	}
	if s.cfg.Self == 0 {
		switch {
		case h.From != j:
			d.ForeignSeat++ // j speaking for another peer
		case s.peers[h.To].dropped:
			d.Stale++
		default:
			s.post(s.peers[h.To].Addr, pkt)
			s.heard(now, j)
		}
		return
	}
	switch {
	case j != 0 || h.To != s.cfg.Self:
		d.Malformed++
	case s.peers[h.From].dropped:
		d.Stale++
	default:
		s.heard(now, 0)
		s.dispatch(now, h.From, h.Kind, inner)
	}
}
