package netplay

import (
	"encoding/binary"
	"time"

	"github.com/jankenarcade/janken/rulesets"
)

// A browser peer reaches only the host, so the host relays the rollback
// packets between it and every other peer. Whatever a peer sends the host,
// or the host a peer, in one update goes in one relay packet (kind
// KindRelay) when any of it is relayed, so each message costs three bytes
// instead of a packet header: one entry per message, each a byte naming a
// peer and the message's kind, its length in two bytes, and its payload.
//
// An entry a peer sends the host names the receiver (the host itself for
// its own messages); the host passes it on naming instead the sender, whom
// it knows from the address the packet came from, so a peer cannot send a
// relay in another's name. An entry from the host names the sender (the
// host for its own). A peer accepts relay packets only from the host and
// checks each message against the named sender's seats, exactly as if
// that sender had sent it directly.

// relayEntryHead is the length of an entry's peer, kind and length.
const relayEntryHead = 3

// The relay byte holds the peer index in its high bits, the kind in its
// low ones.
const relayKindBits = 4

// Every peer index and kind must fit in the relay byte.
var (
	_ [1<<(8-relayKindBits) - rulesets.MaxSeats]struct{}
	_ [1<<relayKindBits - kindCount]struct{}
)

// appendRelayEntry appends an entry naming peer for a message of kind k
// whose payload m appends.
func appendRelayEntry(dst []byte, peer int, k Kind, m appender) []byte {
	at := len(dst)
	dst = append(dst, relayByte(peer, k), 0, 0)
	dst = m.append(dst)
	binary.LittleEndian.PutUint16(dst[at+1:], uint16(len(dst)-at-relayEntryHead))
	return dst
}

// nextRelayEntry splits the first entry off a relay packet's payload p,
// checking the peer it names against n peers.
func nextRelayEntry(p []byte, n int) (peer int, k Kind, payload, rest []byte, ok bool) {
	if len(p) < relayEntryHead {
		return 0, 0, nil, nil, false
	}
	peer, k = int(p[0]>>relayKindBits), Kind(p[0]&(1<<relayKindBits-1))
	size := int(binary.LittleEndian.Uint16(p[1:]))
	if peer >= n || k == KindRelay || size > len(p)-relayEntryHead {
		return 0, 0, nil, nil, false
	}
	return peer, k, p[relayEntryHead : relayEntryHead+size], p[relayEntryHead+size:], true
}

func relayByte(peer int, k Kind) byte { return byte(peer)<<relayKindBits | byte(k) }

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

// makeBundles gives a bundle to every peer whose packets from us carry
// relayed messages: to the host if any of ours is relayed, and on the host
// to every peer it relays for.
func (s *Session[S, P]) makeBundles() {
	for j := range s.peers {
		p := &s.peers[j]
		if p.relayed || s.cfg.Self == 0 && j != 0 && relayShare(s.cfg.Peers, 0, j) > 1 {
			to := &s.peers[0]
			if s.cfg.Self == 0 {
				to = p
			}
			if to.bundle == nil {
				to.bundle = make([]byte, 0, MaxPacketSize)
			}
		}
	}
}

// addToBundle adds message m of kind k, naming peer, to the bundle for
// peer to, sending the bundle first if m would not fit.
func (s *Session[S, P]) addToBundle(to, peer int, k Kind, m appender) {
	p := &s.peers[to]
	if len(p.bundle) == 0 {
		p.bundle = appendHeader(p.bundle, KindRelay, s.cfg.Room)
	}
	before := len(p.bundle)
	p.bundle = appendRelayEntry(p.bundle, peer, k, m)
	if len(p.bundle) > MaxPacketSize && before > headerSize {
		p.bundle = p.bundle[:before]
		s.flushBundle(to)
		s.addToBundle(to, peer, k, m)
	}
}

// flushBundles sends every bundle.
func (s *Session[S, P]) flushBundles() {
	for j := range s.peers {
		if s.peers[j].bundle != nil {
			s.flushBundle(j)
		}
	}
}

func (s *Session[S, P]) flushBundle(to int) {
	p := &s.peers[to]
	if len(p.bundle) > headerSize && !p.dropped {
		s.post(p.Addr, p.bundle)
	}
	p.bundle = p.bundle[:0]
}

// rawMessage is a message already encoded, passed on as it is.
type rawMessage struct{ payload []byte }

func (m *rawMessage) append(dst []byte) []byte { return append(dst, m.payload...) }

// onRelay handles relay packet payload from peer j. The host takes its own
// messages and passes each other one on, naming j as its sender; another
// peer takes each message from the sender it names. A packet with any
// entry out of place is dropped whole.
func (s *Session[S, P]) onRelay(now time.Duration, j int, payload []byte) {
	if !s.validRelay(j, payload) {
		s.stats.Counter.Dropped.Malformed++
		return
	}
	for len(payload) > 0 {
		peer, k, msg, rest, _ := nextRelayEntry(payload, len(s.peers))
		payload = rest
		switch {
		case peer == 0:
			s.dispatch(now, j, k, msg) // the host's own, or to it
		case s.peers[peer].dropped:
			s.stats.Counter.Dropped.Stale++
		case s.cfg.Self == 0:
			s.relay.payload = msg
			s.addToBundle(peer, j, k, &s.relay)
			s.heard(now, j)
		default:
			s.heard(now, 0)
			s.dispatch(now, peer, k, msg)
		}
	}
}

// validRelay reports whether a relay packet from peer j is one this peer
// expects (on the host, from a peer it relays for; elsewhere, from the
// host when it relays for us) and every entry is well formed and takes a
// route through the host.
func (s *Session[S, P]) validRelay(j int, payload []byte) bool {
	if s.peers[j].bundle == nil || len(payload) == 0 {
		return false
	}
	for len(payload) > 0 {
		peer, _, _, rest, ok := nextRelayEntry(payload, len(s.peers))
		if !ok {
			return false
		}
		payload = rest
		switch {
		case peer == 0:
		case s.cfg.Self == 0 && viaHost(s.cfg.Peers, j, peer):
		case s.cfg.Self != 0 && viaHost(s.cfg.Peers, peer, s.cfg.Self):
		default:
			return false
		}
	}
	return true
}
