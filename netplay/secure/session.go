package secure

import (
	"crypto/cipher"
	"encoding/binary"
	"errors"
	"fmt"

	"golang.org/x/crypto/chacha20poly1305"
)

// The packet types, told by the first byte of every sealed packet. A
// handshake message starts with its type; a sealed payload starts with
// its counter, whose first byte has dataFlag set, so the type costs no
// byte of the small packets that make most of a match's traffic. Neither
// is 'J', the first byte of every netplay packet, so a plain packet is
// never mistaken for a sealed one.
const (
	typeInit   byte = 1    // a Noise handshake's first message
	typeReply  byte = 2    // its answer
	dataFlag   byte = 0x80 // set in the first byte of a sealed payload
	prefixFlag byte = 0x40 // set beside dataFlag when the payload's Config.Prefix was left out
)

const (
	tagSize     = chacha20poly1305.Overhead
	counterSize = 2                  // the flags and the low counterBits of the counter
	counterBits = 8*counterSize - 2  // the counter's bits on the wire
	counterMask = 1<<counterBits - 1 // those bits of a counter
	windowSize  = 64                 // counters behind the highest that may still arrive
)

var (
	errReplayed = errors.New("secure: replayed packet")
	errTooOld   = errors.New("secure: packet older than the replay window")
	errForged   = errors.New("secure: packet failed authentication")
)

// session is one direction pair of keys agreed with a peer.
type session struct {
	send, recv cipher.AEAD
	sent       uint64 // the last counter sent
	win        window
	nonce      [chacha20poly1305.NonceSize]byte
	ad         [counterSize]byte
	initE      [32]byte // the initiator's ephemeral key: tells a duplicate initiation
	heard      bool     // a packet from the peer has opened under it
}

// newSession keys a session; sendKey and recvKey come from the Noise
// handshake's split.
func newSession(sendKey, recvKey [32]byte, initE []byte) (*session, error) {
	send, err := chacha20poly1305.New(sendKey[:])
	if err != nil {
		return nil, fmt.Errorf("secure: send key: %w", err)
	}
	recv, err := chacha20poly1305.New(recvKey[:])
	if err != nil {
		return nil, fmt.Errorf("secure: receive key: %w", err)
	}
	s := &session{send: send, recv: recv}
	copy(s.initE[:], initE)
	return s, nil
}

// setNonce writes counter n as Noise's ChaChaPoly does: 32 zero bits,
// then n little-endian.
func (s *session) setNonce(n uint64) []byte {
	binary.LittleEndian.PutUint64(s.nonce[4:], n)
	return s.nonce[:]
}

// seal appends p sealed under the next counter to dst; flags (dataFlag,
// with prefixFlag if p's prefix was left out) go in the first byte, which
// is authenticated with the counter.
func (s *session) seal(dst, p []byte, flags byte) []byte {
	s.sent++
	binary.BigEndian.PutUint16(s.ad[:], uint16(s.sent&counterMask)|uint16(flags)<<8)
	dst = append(dst, s.ad[:]...)
	return s.send.Seal(dst, s.setNonce(s.sent), p, s.ad[:])
}

// open appends pkt's payload to dst if it authenticates under s and its
// counter is new; only then does the window move.
func (s *session) open(dst, pkt []byte) ([]byte, error) {
	n := expand(s.win.top, binary.BigEndian.Uint16(pkt)&counterMask)
	copy(s.ad[:], pkt[:len(s.ad)])
	out, err := s.recv.Open(dst, s.setNonce(n), pkt[len(s.ad):], s.ad[:])
	if err != nil {
		return nil, errForged
	}
	if err := s.win.check(n); err != nil {
		return nil, err
	}
	s.win.mark(n)
	return out, nil
}

// expand returns the counter whose low counterBits are low and which lies
// nearest the next expected one, top+1 (RFC 9000, appendix A.3). A wrong
// guess fails authentication: the full counter is the nonce.
func expand(top uint64, low uint16) uint64 {
	const span = 1 << counterBits
	const half = span / 2
	next := top + 1
	n := next&^(span-1) | uint64(low)
	switch {
	case n+half <= next && n < 1<<62:
		n += span
	case n > next+half && n >= span:
		n -= span
	}
	return n
}

// window is a sliding replay window (RFC 6479): top is the highest
// counter received and bit i of seen says whether top-i was.
type window struct {
	top  uint64
	seen uint64
}

// check reports whether counter n may be received.
func (w *window) check(n uint64) error {
	switch {
	case n == 0: // never sent: counters start at 1
		return errReplayed
	case n > w.top:
		return nil
	case w.top-n >= windowSize:
		return errTooOld
	case w.seen&(1<<(w.top-n)) != 0:
		return errReplayed
	}
	return nil
}

// mark records counter n as received; check(n) must have passed.
func (w *window) mark(n uint64) {
	if n <= w.top {
		w.seen |= 1 << (w.top - n)
		return
	}
	if shift := n - w.top; shift < windowSize {
		w.seen = w.seen<<shift | 1
	} else {
		w.seen = 1
	}
	w.top = n
}
