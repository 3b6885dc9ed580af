package netplay

import "net/netip"

// MaxWireSize is the largest datagram a transport sends or accepts:
// MaxPacketSize and 32 bytes of headroom for a layer that wraps every
// packet (package secure's seal adds secure.Overhead), 1232 bytes in all,
// the UDP payload that crosses any IPv6 path without fragmentation. The
// sessions above never make a packet over MaxPacketSize.
const MaxWireSize = MaxPacketSize + 32

// Transport sends and receives whole packets (datagrams) between peers
// addressed by netip.AddrPort. Delivery may lose, duplicate or reorder
// packets; the sessions above cope with all three.
//
// Send and Receive never block, so that a session can call them from the
// game's Update. A Transport is used by one goroutine at a time.
type Transport interface {
	// LocalAddr returns the address peers send to.
	LocalAddr() netip.AddrPort
	// Send queues packet p for to. It copies p and does not block; a
	// packet that cannot be queued is lost, as on any network.
	Send(to netip.AddrPort, p []byte) error
	// Receive copies the next arrived packet into buf and returns its
	// length and sender, or ok false if none is waiting. A packet larger
	// than buf is truncated (and will then fail to decode).
	Receive(buf []byte) (n int, from netip.AddrPort, ok bool)
	// Close releases the transport; later calls fail or report nothing.
	Close() error
}

// Counter counts what a peer sent and received, and what it dropped.
type Counter struct {
	PacketsSent, BytesSent int64
	PacketsRecv, BytesRecv int64
	Dropped                Drops
}

// Drops counts received packets that were dropped, by reason.
type Drops struct {
	Malformed   int64 // undecodable, oversized or of another protocol version
	WrongRoom   int64 // for another room
	UnknownPeer int64 // from an address that is not a peer of the session
	ForeignSeat int64 // acting for a seat its sender does not own
	RateLimited int64 // beyond the sender's packet budget
	Stale       int64 // too far in the past or future to use
}

// Total returns the number of dropped packets.
func (d Drops) Total() int64 {
	return d.Malformed + d.WrongRoom + d.UnknownPeer + d.ForeignSeat + d.RateLimited + d.Stale
}

// admit parses a received packet's header and checks that it is for room.
// A packet that fails is counted in d and reported not ok; the caller
// drops it without further thought.
func (d *Drops) admit(pkt []byte, room RoomCode) (h Header, payload []byte, ok bool) {
	h, payload, err := ParseHeader(pkt)
	if err != nil {
		d.Malformed++
		return Header{}, nil, false
	}
	if h.Room != room {
		d.WrongRoom++
		return Header{}, nil, false
	}
	return h, payload, true
}

// drain hands every packet waiting on tr to handle, counting them in c.
func drain(tr Transport, buf []byte, c *Counter, handle func(from netip.AddrPort, p []byte)) {
	for {
		n, from, ok := tr.Receive(buf)
		if !ok {
			return
		}
		c.PacketsRecv++
		c.BytesRecv += int64(n)
		handle(from, buf[:n])
	}
}

// IsAnnouncement reports whether p is a LAN room announcement: the one
// packet that travels unsealed (secure.Config.Plain), since it goes to the
// broadcast address for joiners who do not know the room's code yet.
func IsAnnouncement(p []byte) bool {
	h, _, err := ParseHeader(p)
	return err == nil && h.Kind == KindAnnounce
}
