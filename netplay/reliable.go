package netplay

import (
	"encoding/binary"
	"fmt"
	"time"
)

// Limits of the reliable channel.
const (
	maxFragments = 64                              // fragments of one message
	fragmentSize = MaxPacketSize - headerSize - 24 // payload bytes per fragment
	// MaxMessageSize is the largest reliable message: what fills every
	// fragment once padded (pad).
	MaxMessageSize = maxFragments*fragmentSize - padBlock
	maxUnacked     = 256 // messages queued before the peer is too far behind
	resendBurst    = 8   // messages resent per peer per resend
	// streamResend is how long a stream may carry no news of the oldest
	// unacknowledged message before it is resent (channel).
	streamResend = 2 * time.Second
)

// padBlock is the step of a message's length on the wire. A sealed packet
// hides its bytes but not its length, which anyone on the same network
// sees; unpadded, that length would tell the name of the card in an
// action (a negative card's is longer), before the table reveals it, and
// something of a deflated view's content. So queue pads every message to
// a multiple of padBlock: every action of the four games (at most 43
// bytes of JSON) then travels at one length, and a view's length says
// only its size in steps of padBlock.
const padBlock = 64

// pad appends to dst msg padded to a multiple of padBlock: a marker byte
// 0x80 after it, then zeros (ISO/IEC 7816-4), so that unpad finds where
// msg ends whatever bytes it ends with.
func pad(dst, msg []byte) []byte {
	dst = append(append(dst, msg...), 0x80)
	for len(dst)%padBlock != 0 {
		dst = append(dst, 0)
	}
	return dst
}

// paddedSize is the length pad makes of a message of n bytes.
func paddedSize(n int) int { return (n + padBlock) / padBlock * padBlock }

// unpad returns the message that pad padded into p, and false if p is not
// a padded message: it must end in a marker and at most padBlock-1 zeros,
// and be a whole number of padBlocks.
func unpad(p []byte) ([]byte, bool) {
	if len(p) == 0 || len(p)%padBlock != 0 {
		return nil, false
	}
	end := len(p) - 1
	for end > 0 && p[end] == 0 && len(p)-end < padBlock {
		end--
	}
	if p[end] != 0x80 {
		return nil, false
	}
	return p[:end], true
}

// fragment is one packet of a reliable message: message Seq, fragment
// Index of Count, with the sender's acknowledgement of what it has
// received (the next message it expects) riding along.
type fragment struct {
	Seq, Ack     uint32
	Index, Count int
	Data         []byte
}

func (m *fragment) append(dst []byte) []byte {
	dst = binary.AppendUvarint(dst, uint64(m.Seq))
	dst = binary.AppendUvarint(dst, uint64(m.Ack))
	dst = append(dst, byte(m.Index), byte(m.Count))
	return appendBytes(dst, m.Data)
}

func (m *fragment) decode(p []byte) error {
	r := reader{b: p}
	m.Seq = uint32(r.upTo(1<<32-1, "seq"))
	m.Ack = uint32(r.upTo(1<<32-1, "ack"))
	m.Index, m.Count = int(r.byte()), int(r.byte())
	m.Data = r.bytes(fragmentSize, "fragment")
	if r.err == nil && (m.Count < 1 || m.Count > maxFragments || m.Index >= m.Count) {
		r.fail("fragment %d of %d", m.Index, m.Count)
	}
	return r.done()
}

// ackMsg acknowledges every message before Next, and the fragments of
// message Next that have arrived (bit i for fragment i), so that a resend
// carries only the missing ones.
type ackMsg struct {
	Next uint32
	Have uint64
}

func (m *ackMsg) append(dst []byte) []byte {
	dst = binary.AppendUvarint(dst, uint64(m.Next))
	return binary.AppendUvarint(dst, m.Have)
}

func (m *ackMsg) decode(p []byte) error {
	r := reader{b: p}
	m.Next = uint32(r.upTo(1<<32-1, "ack"))
	m.Have = r.upTo(1<<64-1, "fragments held")
	return r.done()
}

// channel is a reliable, ordered stream of messages to and from one peer
// over an unreliable transport: messages are split into fragments, resent
// until acknowledged, and delivered in order exactly once. A message is
// resent when it has gone unacknowledged for twice the measured round trip
// (at least the configured minimum), so a slow link is not flooded; the
// oldest is resent without the fragments the peer says it holds. It suits
// the few, small messages of a turn-based game.
//
// Over a stream (a WebSocket), which loses nothing while it lasts, a
// message is resent only when it is the oldest and the peer has
// acknowledged nothing new for streamResend since it was sent: what a
// stream delays is queued, not lost, and a resend would queue up behind
// it, however long the queue. While anything is acknowledged the stream
// is moving. The resend is for a packet dropped on the way into a full
// queue (a page that stopped running in a background tab, say).
type channel struct {
	stream bool // the peer is reached over a stream
	// Sending.
	next    uint32 // the sequence number of the next message queued
	acked   uint32 // every message before it is acknowledged
	unacked []outgoing
	have    uint64        // the fragments of the oldest unacknowledged message the peer holds
	news    time.Duration // when the peer last acknowledged something new
	rtt     time.Duration // smoothed round trip, from messages sent once with none before them waiting (onAck)
	// Receiving: the messages from expect on, as their fragments come in
	// any order.
	expect  uint32
	arrived [receiveWindow]assembly
}

// receiveWindow is how many messages ahead of the next one to deliver are
// kept while they arrive.
const receiveWindow = 16

// assembly gathers the fragments of one message.
type assembly struct {
	seq   uint32
	parts [][]byte
	got   int
}

type outgoing struct {
	data   []byte
	sentAt time.Duration
	tries  int
	head   bool // first sent with every message before it acknowledged
}

// queue adds a message for sending, padded (pad).
func (c *channel) queue(msg []byte) error {
	if err := c.fits(len(msg)); err != nil {
		return err
	}
	c.unacked = append(c.unacked, outgoing{data: pad(make([]byte, 0, paddedSize(len(msg))), msg)})
	c.next++
	return nil
}

// fits reports why a message of n bytes cannot be queued, if it cannot.
func (c *channel) fits(n int) error {
	if n > MaxMessageSize {
		return fmt.Errorf("netplay: message of %d bytes exceeds %d", n, MaxMessageSize)
	}
	if len(c.unacked) >= maxUnacked {
		return fmt.Errorf("netplay: peer is %d messages behind", len(c.unacked))
	}
	return nil
}

// onAck forgets the messages the peer has acknowledged, and measures the
// round trip on those sent only once while nothing before them waited:
// acknowledgements are cumulative, so a message that arrived behind a
// lost one is acknowledged only once that one is resent and arrives, and
// its wait would count a resend's timeout as network time (on a lossy
// link the estimate then grew until resends came a second apart).
//
// have is the peer's word on which fragments of message next it holds.
// Acknowledgements may arrive out of order, but a peer keeps the fragments
// of a message until it is whole, so the words add up.
func (c *channel) onAck(now time.Duration, next uint32, have uint64) {
	if next == c.acked && next < c.next {
		have &= fragmentsOf(c.unacked[0].data) // a claim beyond the message is no news
		if have&^c.have != 0 {
			c.news = now
		}
		c.have |= have
		return
	}
	if next <= c.acked || next > c.next {
		return // old, or acknowledging what was never sent
	}
	c.news = now
	n := int(next - c.acked)
	for _, m := range c.unacked[:n] {
		if m.tries == 1 && m.head {
			sample := now - m.sentAt
			if c.rtt == 0 {
				c.rtt = sample
			} else {
				c.rtt += (sample - c.rtt) / 8
			}
		}
	}
	c.unacked = c.unacked[n:]
	c.acked, c.have = next, have
}

// flush sends the messages never sent, and again those unacknowledged for
// too long: the oldest (the one holding up the rest) after the timeout,
// the others after twice as long, as they have probably arrived and wait
// only for it.
func (c *channel) flush(now, minResend time.Duration, send func(f *fragment)) {
	if c.stream {
		c.flushStream(now, send)
		return
	}
	timeout := min(max(minResend, 2*c.rtt), time.Second)
	for i := range c.unacked {
		m := &c.unacked[i]
		if i >= resendBurst && m.tries > 0 {
			continue
		}
		wait := timeout
		if i > 0 {
			wait *= 2
		}
		if m.tries == 0 || now-m.sentAt >= wait {
			if m.tries == 0 {
				m.head = i == 0
			}
			m.sentAt = now
			m.tries++
			c.sendMessage(i, send)
		}
	}
}

// flushStream is flush over a stream: it sends the messages never sent,
// and again the oldest once the peer has acknowledged nothing new for
// streamResend since it was sent.
func (c *channel) flushStream(now time.Duration, send func(f *fragment)) {
	for i := range c.unacked {
		m := &c.unacked[i]
		if m.tries == 0 || i == 0 && now-max(m.sentAt, c.news) >= streamResend {
			m.sentAt = now
			m.tries++
			c.sendMessage(i, send)
		}
	}
}

// fragmentsOf returns the set of msg's fragments, bit i for fragment i.
func fragmentsOf(msg []byte) uint64 {
	return 1<<fragmentCount(msg) - 1 // 1<<64 is 0 in Go, so all 64 are set then
}

// fragmentCount returns the number of fragments msg is sent in.
func fragmentCount(msg []byte) int { return max(1, (len(msg)+fragmentSize-1)/fragmentSize) }

// sendMessage sends the fragments of unacknowledged message i: all of
// them, but for the oldest, only those the peer does not hold.
func (c *channel) sendMessage(i int, send func(f *fragment)) {
	msg := c.unacked[i].data
	count := fragmentCount(msg)
	for k := range count {
		if i == 0 && c.have&(1<<k) != 0 {
			continue
		}
		end := min(len(msg), (k+1)*fragmentSize)
		send(&fragment{Seq: c.acked + uint32(i), Ack: c.expect, Index: k, Count: count, Data: msg[k*fragmentSize : end]})
	}
}

// receive takes in a fragment and returns the messages it completes in
// order, if any, their padding taken off; a message that arrived whole but
// not padded as queue pads is returned as nil, for the caller to count
// (only a faulty or hostile peer sends one). The caller acknowledges after
// each call.
func (c *channel) receive(now time.Duration, f *fragment) [][]byte {
	c.onAck(now, f.Ack, 0)
	if f.Seq-c.expect >= receiveWindow {
		return nil // delivered already, or too far ahead: it will come again
	}
	a := &c.arrived[f.Seq%receiveWindow]
	if a.parts == nil || a.seq != f.Seq || len(a.parts) != f.Count {
		*a = assembly{seq: f.Seq, parts: make([][]byte, f.Count)}
	}
	if a.parts[f.Index] == nil {
		a.parts[f.Index] = append([]byte{}, f.Data...)
		a.got++
	}
	var done [][]byte
	for {
		a := &c.arrived[c.expect%receiveWindow]
		if a.parts == nil || a.seq != c.expect || a.got < len(a.parts) {
			return done
		}
		var msg []byte
		for _, p := range a.parts {
			msg = append(msg, p...)
		}
		msg, _ = unpad(msg)
		done = append(done, msg)
		*a = assembly{}
		c.expect++
	}
}

// take handles a packet of the channel: an acknowledgement, or a fragment,
// which it acknowledges at once through ack. It returns the messages the
// packet completed, in order, and false if the packet was not the
// channel's or did not decode.
func (c *channel) take(now time.Duration, k Kind, payload []byte, frag *fragment, ack func(*ackMsg)) ([][]byte, bool) {
	switch k {
	case KindAck:
		var m ackMsg
		if m.decode(payload) != nil {
			return nil, false
		}
		c.onAck(now, m.Next, m.Have)
		return nil, true
	case KindMessage:
		if frag.decode(payload) != nil {
			return nil, false
		}
		msgs := c.receive(now, frag)
		m := c.ack()
		ack(&m)
		return msgs, true
	}
	return nil, false
}

// ack returns the acknowledgement of what has arrived: every message
// before the next to deliver, and the fragments of that one held so far.
func (c *channel) ack() ackMsg {
	m := ackMsg{Next: c.expect}
	if a := &c.arrived[c.expect%receiveWindow]; a.parts != nil && a.seq == c.expect {
		for i, p := range a.parts {
			if p != nil {
				m.Have |= 1 << i
			}
		}
	}
	return m
}
