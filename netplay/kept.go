package netplay

import "net/netip"

// maxKept bounds the packets a Kept holds: a match's first messages, a
// window of them at most (inFlight), each of a few fragments.
const maxKept = 4 * inFlight

// Kept is a Transport that hands out the packets kept for it before its
// own: a match's first packets, which reached a machine still waiting to
// hear that the match had begun (a Join, or a phone's page), and would
// otherwise be dropped. A host reached over a stream sends each message
// once (see channel), so the match's client would wait seconds for a
// resend of what was dropped.
type Kept struct {
	Transport
	packets []keptPacket
}

type keptPacket struct {
	from netip.AddrPort
	data []byte
}

// Keep keeps a copy of p, from from, unless maxKept packets wait already.
func (k *Kept) Keep(from netip.AddrPort, p []byte) {
	if len(k.packets) < maxKept {
		k.packets = append(k.packets, keptPacket{from, append([]byte(nil), p...)})
	}
}

// Receive implements Transport: the kept packets first, in the order
// they came, then the wrapped transport's.
func (k *Kept) Receive(buf []byte) (int, netip.AddrPort, bool) {
	if len(k.packets) == 0 {
		return k.Transport.Receive(buf)
	}
	p := k.packets[0]
	k.packets = k.packets[1:]
	return copy(buf, p.data), p.from, true
}

// Unwrap returns the transport the Kept wraps.
func (k *Kept) Unwrap() Transport { return k.Transport }
