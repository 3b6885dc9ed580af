// Package secure authenticates and encrypts every packet of a netplay
// transport.
//
// Wrap puts a Transport inside a layer that, like WireGuard, agrees a key
// with each remote address on first contact and seals every later packet
// to it. The handshake is Noise NNpsk0 (github.com/flynn/noise: X25519,
// ChaCha20-Poly1305, SHA-256) with a pre-shared key derived from the
// room's key (its code), so a machine without the code cannot complete a
// handshake, and the first message is checked against the key before the
// responder does any Diffie-Hellman or keeps any state. Each side's
// ephemeral key makes the session keys secret even from a listener who
// knows the code.
//
// Per packet, ChaCha20-Poly1305 seals the payload under an explicit
// counter (UDP loses and reorders, so the nonce cannot be implicit); the
// counter travels in its low 14 bits, and a 64-packet sliding window
// (RFC 6479) drops replays and packets from too far back. A packet costs
// Overhead bytes more than its payload, less Config.Prefix when it starts
// with that: the prefix is bound into the handshake, so it need not
// travel.
//
// A session is bound to the address that completed the handshake: a
// machine that forges another's source address never sees the reply, so
// it gets nothing in. A new handshake from an address replaces its
// session only once the initiator's first sealed packet proves it holds
// the new keys, so a forged or replayed initiation cannot break a match.
// Both ends may initiate at once (rollback peers talk to each other): the
// initiation with the smaller ephemeral key wins, and the loser's, should
// it arrive after the winner's handshake is done, is not answered until
// the peer has sealed a packet under the winning session (or Retry has
// passed, for a peer that restarted); a side that answered the winner
// does not take the answer to its own, losing initiation either, for
// three Retry periods. Past them it does: a winner forged from the peer's
// address by someone with the room code is never completed, and must not
// stall the handshake; if the tie was real, the peer's first packet
// sealed under the winner moves this side over to it.
//
// Everything unsealed is dropped and counted, except packets for which
// Config.Plain says so (LAN room announcements, which go to a broadcast
// address). Stats counts every drop by reason.
//
// Sealing and opening allocate nothing once a session exists; handshakes
// allocate, as they happen once per peer.
package secure

import (
	"bytes"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"net/netip"
	"time"
)

// Transport has the method set of netplay.Transport, which this package
// may not import (netplay's own tests use it). Send and Receive never
// block; a Transport is used by one goroutine at a time.
type Transport interface {
	LocalAddr() netip.AddrPort
	Send(to netip.AddrPort, p []byte) error
	Receive(buf []byte) (n int, from netip.AddrPort, ok bool)
	Close() error
}

// Config says how Wrap seals a transport.
type Config struct {
	// Key is shared by every machine of the room and by no one else: the
	// room code, say. A handshake with a different key fails.
	Key []byte
	// Plain reports the packets that pass unsealed both ways (LAN room
	// announcements, sent to the broadcast address). It must never report
	// a sealed packet; nil passes nothing unsealed.
	Plain func(p []byte) bool
	// Clock tells the time, to retry a lost handshake; nil is the
	// monotonic wall clock. Tests pass their simulated clock.
	Clock func() time.Duration
	// Retry is how long an unanswered handshake waits before it is sent
	// again (on the next Send to that address); 0 is 250 ms.
	Retry time.Duration
	// Prefix is what most sealed packets start with (netplay's header up
	// to its kind: netplay.SealPrefix). A sealed packet that starts with
	// it leaves it out, marked by a flag bit, and it is restored on
	// opening. Both ends must give the same Prefix: it is part of the
	// handshake, so peers with different ones never agree on a key.
	Prefix []byte
}

// Overhead is what sealing adds to a packet (before any Config.Prefix
// is left out): the counter's low 14 bits with the bits that mark a
// sealed payload and a left-out prefix, and the 16-byte authentication
// tag. A transport that takes
// packets of up to N bytes carries sealed payloads of up to N - Overhead.
const Overhead = counterSize + tagSize

// A peer's answers to this side's initiation are refused for an answered
// initiation of the peer's that wins the tie (receiveReply) for at most
// tieRetries times Retry from the first: one forged from the peer's
// address is never proven, and must not hold the handshake up for longer.
const tieRetries = 3

// Limits on what a Conn keeps for addresses that have no session yet.
const (
	maxQueue     = 64  // packets waiting for one address's handshake
	maxPending   = 4   // answered initiations awaiting proof, per address
	maxAddresses = 256 // addresses with any state
	defaultRetry = 250 * time.Millisecond
	// A responder's Diffie-Hellman work is budgeted, so that a flood of
	// initiations (from someone who has the code) cannot stall the game:
	// answerBurst at once, answerRate a second after that.
	answerBurst = 16
	answerRate  = 64
	// Wrong codes are budgeted too: the room code is short, and each
	// initiation checked is one guess at it. While guessBurst wrong ones
	// have been tried faster than guessRate a second, initiations from
	// addresses without a session go unchecked (the right code among
	// them too), so finding a four-letter code by trying takes hours,
	// not minutes.
	guessBurst = 32
	guessRate  = 4
)

// ErrClosed is returned by a closed Conn's Send.
var ErrClosed = errors.New("secure: transport closed")

// Stats counts what a Conn did and what it dropped.
type Stats struct {
	Handshakes int64 // sessions established (as initiator or responder)
	Queued     int64 // packets that waited for a handshake
	QueueFull  int64 // packets lost because the handshake queue was full
	Dropped    Drops
}

// Drops counts received packets that were dropped, by reason.
type Drops struct {
	Unsealed  int64 // plaintext that Config.Plain does not allow
	Malformed int64 // unknown type or wrong length
	Forged    int64 // failed authentication: wrong key, tampered or forged
	Replayed  int64 // a counter already received
	TooOld    int64 // a counter older than the replay window
	NoSession int64 // sealed, from an address with no session or handshake
	Refused   int64 // initiations beyond the answer budget or the address table, or losing a tie
	Unchecked int64 // initiations left unchecked while too many wrong codes were tried
}

// Total returns the number of dropped packets.
func (d Drops) Total() int64 {
	return d.Unsealed + d.Malformed + d.Forged + d.Replayed + d.TooOld + d.NoSession + d.Refused + d.Unchecked
}

// Conn is a sealed Transport; it implements netplay.Transport.
type Conn struct {
	inner  Transport
	psk    [32]byte
	prefix []byte // Config.Prefix
	// prologue binds the handshake to this protocol and to prefix.
	prologue []byte
	plain    func(p []byte) bool
	clock    func() time.Duration
	random   io.Reader // this side's ephemeral keys: crypto/rand
	retry    time.Duration
	peers    map[netip.AddrPort]*peer
	stats    Stats
	closed   bool
	// answers is the budget of initiations this side may answer now,
	// guesses that of wrong codes it may still check.
	answers, guesses budget
	in               [maxWire]byte // a packet as received
	open             [maxWire]byte // its opened payload
	out              [maxWire]byte // a packet being sealed
}

// maxWire bounds the packets a Conn reads and writes, with room for any
// transport's limit plus Overhead.
const maxWire = 2048

// Wrap returns tr sealed by cfg. The Conn owns tr: closing it closes tr.
func Wrap(tr Transport, cfg Config) (*Conn, error) {
	if len(cfg.Key) == 0 {
		return nil, errors.New("secure: empty key")
	}
	if cfg.Retry < 0 {
		return nil, fmt.Errorf("secure: negative retry %v", cfg.Retry)
	}
	prefix := bytes.Clone(cfg.Prefix)
	c := &Conn{inner: tr, psk: roomPSK(cfg.Key), prefix: prefix, prologue: append(bytes.Clone(prologue), prefix...), plain: cfg.Plain, clock: cfg.Clock, random: rand.Reader, retry: cfg.Retry, peers: map[netip.AddrPort]*peer{},
		answers: newBudget(answerBurst, answerRate), guesses: newBudget(guessBurst, guessRate)}
	if c.plain == nil {
		c.plain = func([]byte) bool { return false }
	}
	if c.clock == nil {
		start := time.Now()
		c.clock = func() time.Duration { return time.Since(start) }
	}
	if c.retry == 0 {
		c.retry = defaultRetry
	}
	return c, nil
}

// LocalAddr implements Transport.
func (c *Conn) LocalAddr() netip.AddrPort { return c.inner.LocalAddr() }

// Stats returns what the Conn has counted so far.
func (c *Conn) Stats() Stats { return c.stats }

// Established reports whether a session with addr is in use.
func (c *Conn) Established(addr netip.AddrPort) bool {
	p := c.peers[addr]
	return p != nil && p.cur != nil
}

// HostOnly forwards to the wrapped transport's HostOnly (netplay's
// HostTransport tells a browser's address so), false if it has none.
func (c *Conn) HostOnly(addr netip.AddrPort) bool {
	h, ok := c.inner.(interface{ HostOnly(netip.AddrPort) bool })
	return ok && h.HostOnly(addr)
}

// Disconnected forwards to the wrapped transport's Disconnected
// (netplay's HostTransport tells that a browser's connection closed),
// false if it has none.
func (c *Conn) Disconnected(addr netip.AddrPort) bool {
	d, ok := c.inner.(interface{ Disconnected(netip.AddrPort) bool })
	return ok && d.Disconnected(addr)
}

// Close implements Transport, closing the wrapped transport.
func (c *Conn) Close() error {
	c.closed = true
	c.peers = nil
	return c.inner.Close()
}

// Send implements Transport. A plain packet goes out as it is; any other
// is sealed to to's session, or queued while the handshake with to runs.
func (c *Conn) Send(to netip.AddrPort, p []byte) error {
	if c.closed {
		return ErrClosed
	}
	if len(p)+Overhead > maxWire {
		return fmt.Errorf("secure: send to %v: %d-byte packet too large", to, len(p))
	}
	if c.plain(p) {
		return c.inner.Send(to, p)
	}
	pr := c.peers[to]
	if pr != nil && pr.cur != nil {
		return c.seal(to, pr.cur, p)
	}
	if pr == nil {
		if pr = c.addPeer(to); pr == nil {
			c.stats.QueueFull++
			return nil // lost, as on a full network
		}
	}
	pr.enqueue(p, &c.stats)
	return c.initiate(pr)
}

// seal sends p to to under s, leaving out the prefix if p starts with it.
func (c *Conn) seal(to netip.AddrPort, s *session, p []byte) error {
	flags := dataFlag
	if len(c.prefix) > 0 && bytes.HasPrefix(p, c.prefix) {
		p, flags = p[len(c.prefix):], dataFlag|prefixFlag
	}
	if err := c.inner.Send(to, s.seal(c.out[:0], p, flags)); err != nil {
		return fmt.Errorf("secure: send to %v: %w", to, err)
	}
	return nil
}

// Receive implements Transport: it opens the next sealed packet for the
// caller, handling handshakes and dropping what fails on the way.
func (c *Conn) Receive(buf []byte) (int, netip.AddrPort, bool) {
	if c.closed {
		return 0, netip.AddrPort{}, false
	}
	for {
		n, from, ok := c.inner.Receive(c.in[:])
		if !ok {
			return 0, netip.AddrPort{}, false
		}
		pkt := c.in[:n]
		var payload []byte // to deliver; empty for none (or a keepalive)
		switch {
		case n > 0 && pkt[0]&dataFlag != 0:
			payload = c.receiveData(from, pkt)
		case n > 0 && pkt[0] == typeInit:
			c.receiveInit(from, pkt)
		case n > 0 && pkt[0] == typeReply:
			c.receiveReply(from, pkt)
		case c.plain(pkt):
			payload = pkt
		default:
			c.stats.Dropped.Unsealed++
		}
		if len(payload) > 0 {
			return copy(buf, payload), from, true
		}
	}
}

// receiveData opens a sealed packet from a peer's session and returns
// its payload, nil if it is dropped.
func (c *Conn) receiveData(from netip.AddrPort, pkt []byte) []byte {
	if len(pkt) < Overhead {
		c.stats.Dropped.Malformed++
		return nil
	}
	pr := c.peers[from]
	if pr == nil || !pr.hasKeys() {
		c.stats.Dropped.NoSession++
		return nil
	}
	dst := c.open[:0]
	if pkt[0]&prefixFlag != 0 {
		dst = append(dst, c.prefix...) // authenticated: the flag is, and the handshake bound the prefix
	}
	s, payload, err := pr.open(dst, pkt)
	switch {
	case errors.Is(err, errReplayed):
		c.stats.Dropped.Replayed++
		return nil
	case errors.Is(err, errTooOld):
		c.stats.Dropped.TooOld++
		return nil
	case err != nil:
		c.stats.Dropped.Forged++
		return nil
	}
	s.heard = true
	if s != pr.cur && s != pr.prev {
		// The initiator's first sealed packet proves it holds the keys
		// of the initiation this side answered.
		pr.install(s, c.clock())
		c.stats.Handshakes++
		c.flush(pr, false)
	}
	return payload
}

// addPeer makes room for addr's state, evicting the least recently
// active address that has no session if the table is full; nil if every
// address has one.
func (c *Conn) addPeer(addr netip.AddrPort) *peer {
	if len(c.peers) >= maxAddresses {
		var oldest *peer
		for _, p := range c.peers {
			if p.cur == nil && (oldest == nil || p.active < oldest.active) {
				oldest = p
			}
		}
		if oldest == nil {
			return nil
		}
		delete(c.peers, oldest.addr)
	}
	p := &peer{addr: addr, active: c.clock()}
	c.peers[addr] = p
	return p
}

// flush sends what waited for pr's session. An initiator with nothing
// waiting sends an empty packet instead: the responder uses its new
// session only once a sealed packet proves the initiator holds the keys.
func (c *Conn) flush(pr *peer, initiator bool) {
	if initiator && len(pr.queue) == 0 {
		_ = c.seal(pr.addr, pr.cur, nil) // lost: the next packet proves it
	}
	for _, q := range pr.queue {
		_ = c.seal(pr.addr, pr.cur, q) // lost, as on any network
	}
	pr.queue = pr.queue[:0]
}

// mayAnswer spends one of the answer budget, refilled with time.
func (c *Conn) mayAnswer() bool { return c.answers.take(c.clock()) }

// budget is a token bucket: at most burst tokens, refilled at rate a
// second.
type budget struct {
	tokens, burst, rate int
	refilled            time.Duration
}

func newBudget(burst, rate int) budget { return budget{tokens: burst, burst: burst, rate: rate} }

func (b *budget) refill(now time.Duration) {
	if n := int((now - b.refilled) * time.Duration(b.rate) / time.Second); n > 0 {
		b.tokens = min(b.burst, b.tokens+n)
		b.refilled = now
	}
}

// left reports whether a token is left at now.
func (b *budget) left(now time.Duration) bool {
	b.refill(now)
	return b.tokens > 0
}

// take spends a token if one is left.
func (b *budget) take(now time.Duration) bool {
	if !b.left(now) {
		return false
	}
	b.tokens--
	return true
}
