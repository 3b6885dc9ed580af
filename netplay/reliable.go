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
	// MaxMessageSize is the largest reliable message.
	MaxMessageSize = maxFragments * fragmentSize
	maxUnacked     = 256 // messages queued before the peer is too far behind
	resendBurst    = 8   // messages resent per peer per resend
)

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

// ackMsg acknowledges every message before Next.
type ackMsg struct{ Next uint32 }

func (m *ackMsg) append(dst []byte) []byte { return binary.AppendUvarint(dst, uint64(m.Next)) }

func (m *ackMsg) decode(p []byte) error {
	r := reader{b: p}
	m.Next = uint32(r.upTo(1<<32-1, "ack"))
	return r.done()
}

// channel is a reliable, ordered stream of messages to and from one peer
// over an unreliable transport: messages are split into fragments, resent
// until acknowledged, and delivered in order exactly once. It suits the
// few, small messages of a turn-based game.
type channel struct {
	// Sending.
	next    uint32 // the sequence number of the next message queued
	acked   uint32 // every message before it is acknowledged
	unacked [][]byte
	sent    int // unacked[:sent] have been sent at least once
	sentAt  time.Duration
	// Receiving.
	expect uint32 // the next message to deliver
	parts  [maxFragments][]byte
	got    int
	count  int
}

// queue adds a message for sending.
func (c *channel) queue(msg []byte) error {
	if len(msg) > MaxMessageSize {
		return fmt.Errorf("netplay: message of %d bytes exceeds %d", len(msg), MaxMessageSize)
	}
	if len(c.unacked) >= maxUnacked {
		return fmt.Errorf("netplay: peer is %d messages behind", len(c.unacked))
	}
	c.unacked = append(c.unacked, append([]byte(nil), msg...))
	c.next++
	return nil
}

// onAck forgets the messages the peer has acknowledged.
func (c *channel) onAck(next uint32) {
	if next <= c.acked || next > c.next {
		return // old, or acknowledging what was never sent
	}
	n := int(next - c.acked)
	c.unacked = c.unacked[n:]
	c.sent = max(0, c.sent-n)
	c.acked = next
}

// flush sends the messages never sent, and every resend interval the
// oldest unacknowledged ones again.
func (c *channel) flush(now, resend time.Duration, send func(f *fragment)) {
	if now-c.sentAt >= resend && c.sent > 0 {
		c.sentAt = now
		for i := range min(c.sent, resendBurst) {
			c.sendMessage(i, send)
		}
	}
	for ; c.sent < len(c.unacked); c.sent++ {
		c.sendMessage(c.sent, send)
		c.sentAt = now
	}
}

func (c *channel) sendMessage(i int, send func(f *fragment)) {
	msg := c.unacked[i]
	count := max(1, (len(msg)+fragmentSize-1)/fragmentSize)
	for k := range count {
		end := min(len(msg), (k+1)*fragmentSize)
		send(&fragment{Seq: c.acked + uint32(i), Ack: c.expect, Index: k, Count: count, Data: msg[k*fragmentSize : end]})
	}
}

// receive takes in a fragment and returns the message it completes, if
// any. Fragments of any message but the next one expected are ignored
// (their message is resent); the caller acknowledges after each call.
func (c *channel) receive(f *fragment) []byte {
	c.onAck(f.Ack)
	if f.Seq != c.expect {
		return nil
	}
	if c.count != f.Count {
		c.parts, c.got, c.count = [maxFragments][]byte{}, 0, f.Count
	}
	if c.parts[f.Index] == nil {
		c.parts[f.Index] = append([]byte{}, f.Data...)
		c.got++
	}
	if c.got < c.count {
		return nil
	}
	var msg []byte
	for _, p := range c.parts[:c.count] {
		msg = append(msg, p...)
	}
	c.parts, c.got, c.count = [maxFragments][]byte{}, 0, 0
	c.expect++
	return msg
}
