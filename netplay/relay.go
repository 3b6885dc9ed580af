package netplay

import (
	"time"

	"github.com/jankenarcade/janken/rulesets"
)

// A browser peer reaches only the host, so the host relays the rollback
// packets between it and every other peer. A relay packet is the header
// (kind KindRelay), one byte naming a peer and the kind of the packet
// relayed, and that packet's payload: one byte more than the packet sent
// directly. On its way to the host the byte names the receiver; the host
// overwrites it with the sender, known from the address the packet came
// from, so a peer cannot send a relay in another's name.
//
// Trust follows the handshake: a peer accepts a relay packet only from
// the host and checks its content against the named sender's seats,
// exactly as it checks a packet that sender sent directly.

// relayHeaderSize is the length of what a relay packet adds to a packet's
// payload after the header.
const relayHeaderSize = 1

// The relay byte holds the peer index in its high bits, the kind in its
// low ones.
const relayKindBits = 4

// Every peer index and kind must fit in the relay byte.
var (
	_ [1<<(8-relayKindBits) - rulesets.MaxSeats]struct{}
	_ [1<<relayKindBits - kindCount]struct{}
)

// appendRelayHeader starts a relay packet for room, naming peer.
func appendRelayHeader(dst []byte, room RoomCode, peer int, k Kind) []byte {
	dst = appendHeader(dst, KindRelay, room)
	return append(dst, byte(peer)<<relayKindBits|byte(k))
}

// readRelayHeader splits a relay packet's payload into the peer it names,
// the relayed kind and payload, checking the peer against n peers.
func readRelayHeader(p []byte, n int) (peer int, k Kind, payload []byte, ok bool) {
	if len(p) < relayHeaderSize {
		return 0, 0, nil, false
	}
	peer, k = int(p[0]>>relayKindBits), Kind(p[0]&(1<<relayKindBits-1))
	if peer >= n || k == KindRelay {
		return 0, 0, nil, false
	}
	return peer, k, p[relayHeaderSize:], true
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
// The host forwards it, stamped with j as its sender; another peer handles
// what the host relays as a packet from the sender it names.
func (s *Session[S, P]) onRelay(now time.Duration, j int, pkt, payload []byte) {
	d := &s.stats.Counter.Dropped
	peer, k, inner, ok := readRelayHeader(payload, len(s.peers))
	if !ok {
		d.Malformed++
		return
	}
	if s.cfg.Self == 0 {
		switch {
		case !viaHost(s.cfg.Peers, j, peer):
			d.Malformed++
		case s.peers[peer].dropped:
			d.Stale++
		default:
			pkt[headerSize] = byte(j)<<relayKindBits | byte(k)
			s.post(s.peers[peer].Addr, pkt)
			s.heard(now, j)
		}
		return
	}
	switch {
	case j != 0 || !viaHost(s.cfg.Peers, peer, s.cfg.Self):
		d.Malformed++
	case s.peers[peer].dropped:
		d.Stale++
	default:
		s.heard(now, 0)
		s.dispatch(now, peer, k, inner)
	}
}
