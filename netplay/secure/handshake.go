package secure

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"io"
	"net/netip"
	"time"

	"github.com/flynn/noise"
)

// suite is the Noise cipher suite of every handshake.
var suite = noise.NewCipherSuite(noise.DH25519, noise.CipherChaChaPoly, noise.HashSHA256)

// prologue binds every handshake to this protocol and version; a Conn's
// Config.Prefix follows it.
var prologue = []byte("janken-arcade secure v2")

// handshakeSize is the length of both handshake messages after the type
// byte: an ephemeral key and the tag of the (empty) payload.
const handshakeSize = 32 + tagSize

// roomPSK derives the handshake's pre-shared key from the room's key.
func roomPSK(key []byte) [32]byte {
	h := sha256.New()
	h.Write([]byte("janken-arcade room key v1\x00"))
	h.Write(key)
	var psk [32]byte
	h.Sum(psk[:0])
	return psk
}

// newHandshake starts one side of an NNpsk0 handshake. An initiator's
// ephemeral key comes from seed, so the same handshake can be built again:
// noise's HandshakeState is not fit for reuse after a failed read.
func (c *Conn) newHandshake(seed *[32]byte) (*noise.HandshakeState, error) {
	cfg := noise.Config{
		CipherSuite:           suite,
		Pattern:               noise.HandshakeNN,
		Initiator:             seed != nil,
		Prologue:              c.prologue,
		PresharedKey:          c.psk[:],
		PresharedKeyPlacement: 0,
	}
	if seed != nil {
		cfg.Random = bytes.NewReader(seed[:])
	}
	return noise.NewHandshakeState(cfg)
}

// initiation builds this side's handshake from seed and writes its first
// message.
func (c *Conn) initiation(seed *[32]byte) (*noise.HandshakeState, []byte, error) {
	hs, err := c.newHandshake(seed)
	if err != nil {
		return nil, nil, err
	}
	msg, _, _, err := hs.WriteMessage([]byte{typeInit}, nil)
	if err != nil {
		return nil, nil, err
	}
	return hs, msg, nil
}

// pending is an initiation this side answered, not yet proven.
type pending struct {
	sess  *session
	reply []byte // sent again if the same initiation comes again
}

// peer is what a Conn keeps for one remote address.
type peer struct {
	addr      netip.AddrPort
	active    time.Duration // last handshake activity, for eviction
	cur, prev *session      // in use; the one before, still opened
	curAt     time.Duration // when cur was installed
	pending   []pending     // answered initiations, oldest first
	seed      *[32]byte     // this side's running initiation, nil if none
	initMsg   []byte        // its first message, sent again after Retry
	initAt    time.Duration // when the initiation was last sent, or answered one received
	tied      bool          // an answer to the running initiation was refused for a tie's winner
	tiedAt    time.Duration // when it first was
	queue     [][]byte      // packets waiting for a session
}

// made reports whether the initiation with ephemeral key e made the
// current or the previous session.
func (p *peer) made(e []byte) bool {
	return p.cur != nil && bytes.Equal(p.cur.initE[:], e) || p.prev != nil && bytes.Equal(p.prev.initE[:], e)
}

// hasKeys reports whether any session could open a packet from p.
func (p *peer) hasKeys() bool { return p.cur != nil || p.prev != nil || len(p.pending) > 0 }

// enqueue copies pkt to wait for the session, dropping it if the queue
// is full.
func (p *peer) enqueue(pkt []byte, st *Stats) {
	if len(p.queue) >= maxQueue {
		st.QueueFull++
		return
	}
	p.queue = append(p.queue, bytes.Clone(pkt))
	st.Queued++
}

// open opens pkt with whichever of p's sessions it authenticates under:
// the current one, the one before, or an answered initiation.
func (p *peer) open(dst, pkt []byte) (*session, []byte, error) {
	for _, s := range p.sessions() {
		if s == nil {
			continue
		}
		out, e := s.open(dst, pkt)
		if e == nil {
			return s, out, nil
		}
		if e != errForged {
			return s, nil, e
		}
	}
	return nil, nil, errForged
}

// sessions lists the sessions to try, most likely first, without
// allocating: the current, the previous, then up to maxPending answered.
func (p *peer) sessions() [2 + maxPending]*session {
	list := [2 + maxPending]*session{p.cur, p.prev}
	for i, q := range p.pending {
		list[2+i] = q.sess
	}
	return list
}

// install makes s the current session at now, keeping the one before for
// the packets still on their way; the handshakes that led here are done.
func (p *peer) install(s *session, now time.Duration) {
	if p.cur != nil {
		p.prev = p.cur
	}
	p.cur, p.curAt = s, now
	p.seed, p.initMsg = nil, nil
	p.pending = p.pending[:0]
}

// initiate starts a handshake with pr, or sends the running one again
// once Retry has passed. While an initiation from pr is answered and
// young, it waits for that instead.
func (c *Conn) initiate(pr *peer) error {
	now := c.clock()
	if (pr.seed != nil || len(pr.pending) > 0) && now-pr.initAt < c.retry {
		return nil
	}
	if pr.seed == nil {
		seed := new([32]byte)
		if _, err := io.ReadFull(c.random, seed[:]); err != nil {
			return fmt.Errorf("secure: handshake with %v: %w", pr.addr, err)
		}
		_, msg, err := c.initiation(seed)
		if err != nil {
			return fmt.Errorf("secure: handshake with %v: %w", pr.addr, err)
		}
		pr.seed, pr.initMsg, pr.tied = seed, msg, false
	}
	pr.initAt, pr.active = now, now
	if err := c.inner.Send(pr.addr, pr.initMsg); err != nil {
		return fmt.Errorf("secure: handshake with %v: %w", pr.addr, err)
	}
	return nil
}

// receiveInit answers an initiation from addr that proves the room's key,
// keeping the new session pending until a sealed packet proves it.
func (c *Conn) receiveInit(from netip.AddrPort, pkt []byte) {
	if len(pkt) != 1+handshakeSize {
		c.stats.Dropped.Malformed++
		return
	}
	e := pkt[1 : 1+32]
	pr := c.peers[from]
	if pr != nil {
		for _, q := range pr.pending {
			if bytes.Equal(q.sess.initE[:], e) {
				_ = c.inner.Send(from, q.reply) // our answer was lost: again
				return
			}
		}
		if pr.made(e) {
			return // a late copy of the initiation of a session in use
		}
		if c.unheard(pr) {
			// The peer answered this side's initiation, so this one lost a
			// tie (both sides initiated) and comes late. Answered, it would
			// give the peer a second session, which the peer would take,
			// dropping the packets this side seals under the first. A
			// sealed keepalive proves the first to the peer instead.
			c.stats.Dropped.Refused++
			if c.mayAnswer() {
				_ = c.seal(from, pr.cur, nil)
			}
			return
		}
		if pr.seed != nil && bytes.Compare(pr.initMsg[1:1+32], e) < 0 {
			// Both sides initiated: the smaller ephemeral key wins, and
			// the other side answers ours.
			c.stats.Dropped.Refused++
			return
		}
	}
	hs, err := c.newHandshake(nil)
	if err != nil {
		c.stats.Dropped.Refused++
		return
	}
	// The first message carries no Diffie-Hellman for the responder: a
	// wrong key fails here for the price of a few hashes. Each check is a
	// guess at the code, so wrong ones are budgeted.
	if !c.guesses.left(c.clock()) {
		c.stats.Dropped.Unchecked++
		return
	}
	if _, _, _, err := hs.ReadMessage(nil, pkt[1:]); err != nil {
		c.guesses.take(c.clock())
		c.stats.Dropped.Forged++
		return
	}
	if !c.mayAnswer() {
		c.stats.Dropped.Refused++
		return
	}
	if pr == nil {
		if pr = c.addPeer(from); pr == nil {
			c.stats.Dropped.Refused++
			return
		}
	}
	reply, initToResp, respToInit, err := hs.WriteMessage([]byte{typeReply}, nil)
	if err != nil {
		c.stats.Dropped.Refused++
		return
	}
	s, err := newSession(respToInit.UnsafeKey(), initToResp.UnsafeKey(), e)
	if err != nil {
		c.stats.Dropped.Refused++
		return
	}
	if len(pr.pending) == maxPending {
		pr.pending = append(pr.pending[:0], pr.pending[1:]...)
	}
	pr.pending = append(pr.pending, pending{sess: s, reply: reply})
	pr.active = c.clock()
	if pr.cur == nil && pr.seed == nil {
		pr.initAt = pr.active // wait Retry for proof before initiating too
	}
	_ = c.inner.Send(from, reply) // lost: the initiator sends again
}

// unheard reports whether pr's current session is one this side
// initiated (the other kind is installed on the peer's first packet) that
// the peer has sealed nothing under yet, installed less than Retry ago. A
// peer that restarted meanwhile is answered when its initiation comes
// again, Retry later.
func (c *Conn) unheard(pr *peer) bool {
	return pr.cur != nil && !pr.cur.heard && c.clock()-pr.curAt < c.retry
}

// holdForTie reports whether an answer to pr's running initiation is
// still refused for an answered initiation of the peer's that wins the
// tie: for tieRetries times Retry from the first answer refused. Anyone
// with the room code can forge an initiation with a smaller key from the
// peer's address, which the peer never completes; past the hold, the
// answer (which only the peer could make) is taken.
func (c *Conn) holdForTie(pr *peer) bool {
	now := c.clock()
	if !pr.tied {
		pr.tied, pr.tiedAt = true, now
	}
	return now-pr.tiedAt < tieRetries*c.retry
}

// receiveReply completes this side's initiation: the session is proven
// (only the responder could answer), so it is used at once.
func (c *Conn) receiveReply(from netip.AddrPort, pkt []byte) {
	if len(pkt) != 1+handshakeSize {
		c.stats.Dropped.Malformed++
		return
	}
	pr := c.peers[from]
	if pr == nil || pr.seed == nil {
		c.stats.Dropped.NoSession++
		return
	}
	for _, q := range pr.pending {
		if bytes.Compare(q.sess.initE[:], pr.initMsg[1:1+32]) < 0 && c.holdForTie(pr) {
			// Both sides initiated, and this side answered the peer's
			// initiation, whose smaller ephemeral key wins the tie: the
			// peer takes that session on this side's answer, and would
			// drop what this side sealed under its own. Answer again
			// instead, in case the answer was lost (within the answer
			// budget: the reply that prompts it is not checked yet).
			c.stats.Dropped.Refused++
			if c.mayAnswer() {
				_ = c.inner.Send(from, q.reply)
			}
			return
		}
	}
	// Built afresh for each answer, so a forged one cannot spoil it.
	hs, _, err := c.initiation(pr.seed)
	if err != nil {
		c.stats.Dropped.Refused++
		return
	}
	_, initToResp, respToInit, err := hs.ReadMessage(nil, pkt[1:])
	if err != nil {
		c.stats.Dropped.Forged++
		return
	}
	s, err := newSession(initToResp.UnsafeKey(), respToInit.UnsafeKey(), pr.initMsg[1:1+32])
	if err != nil {
		c.stats.Dropped.Refused++
		return
	}
	// The initiations this side answered stay pending: if one of them was
	// the peer's after all, and the peer took this side's answer, the
	// peer's first packet sealed under it moves this side over to it.
	answered := pr.pending
	pr.install(s, c.clock())
	pr.pending = answered
	c.stats.Handshakes++
	c.flush(pr, true)
}
