package secure_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/netip"
	"testing"
	"time"

	"github.com/jankenarcade/janken/internal/soak"
	"github.com/jankenarcade/janken/netplay"
	"github.com/jankenarcade/janken/netplay/secure"
)

// announce is the Plain predicate of the game: LAN room announcements,
// sent to the broadcast address, pass unsealed.
func announce(p []byte) bool {
	h, _, err := netplay.ParseHeader(p)
	return err == nil && h.Kind == netplay.KindAnnounce
}

// wrap seals e with key on net's simulated clock.
func wrap(t testing.TB, net *netplay.MemNetwork, e netplay.Transport, key string) *secure.Conn {
	t.Helper()
	return wrapPrefixed(t, net, e, key, nil)
}

// wrapPrefixed is wrap with Config.Prefix.
func wrapPrefixed(t testing.TB, net *netplay.MemNetwork, e netplay.Transport, key string, prefix []byte) *secure.Conn {
	t.Helper()
	c, err := secure.Wrap(e, secure.Config{Key: []byte(key), Plain: announce, Clock: net.Now, Prefix: prefix})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// memPair is two sealed endpoints of one in-memory network.
type memPair struct {
	net    *netplay.MemNetwork
	ea, eb *netplay.MemEndpoint
	a, b   *secure.Conn
}

func newMemPair(t testing.TB, link netplay.LinkConfig, keyA, keyB string) *memPair {
	p := &memPair{net: netplay.NewMemNetwork(link, 1)}
	p.ea, p.eb = p.net.Endpoint(), p.net.Endpoint()
	p.a, p.b = wrap(t, p.net, p.ea, keyA), wrap(t, p.net, p.eb, keyB)
	return p
}

type received struct {
	from netip.AddrPort
	data string
}

// drain returns every packet c delivers now.
func drain(c *secure.Conn) []received {
	var got []received
	buf := make([]byte, netplay.MaxPacketSize)
	for {
		n, from, ok := c.Receive(buf)
		if !ok {
			return got
		}
		got = append(got, received{from, string(buf[:n])})
	}
}

// exchange runs the network for steps milliseconds, both ends receiving.
func (p *memPair) exchange(steps int) (atA, atB []received) {
	for range steps {
		atA = append(atA, drain(p.a)...)
		atB = append(atB, drain(p.b)...)
		p.net.Advance(time.Millisecond)
	}
	return atA, atB
}

func send(t testing.TB, c *secure.Conn, to netip.AddrPort, msg string) {
	t.Helper()
	if err := c.Send(to, []byte(msg)); err != nil {
		t.Fatal(err)
	}
}

func TestHandshakeDeliversQueuedPacketsInOrder(t *testing.T) {
	p := newMemPair(t, netplay.LinkConfig{Delay: 5 * time.Millisecond}, "ABCD", "ABCD")
	for i := range 3 {
		send(t, p.a, p.eb.LocalAddr(), fmt.Sprint("hello ", i))
	}
	_, atB := p.exchange(30)
	want := []received{{p.ea.LocalAddr(), "hello 0"}, {p.ea.LocalAddr(), "hello 1"}, {p.ea.LocalAddr(), "hello 2"}}
	if fmt.Sprint(atB) != fmt.Sprint(want) {
		t.Fatalf("B received %v, want %v", atB, want)
	}
	send(t, p.b, p.ea.LocalAddr(), "welcome")
	atA, _ := p.exchange(30)
	if len(atA) != 1 || atA[0].data != "welcome" {
		t.Fatalf("A received %v, want the welcome", atA)
	}
	for _, c := range []*secure.Conn{p.a, p.b} {
		if st := c.Stats(); st.Handshakes != 1 || st.Dropped.Total() != 0 {
			t.Errorf("stats %+v, want one handshake and no drops", st)
		}
	}
}

func TestSealedPacketsHideTheirPayload(t *testing.T) {
	p, rec := newRecordedPair(t, netplay.LinkConfig{})
	secret := []byte("the deal's seed is 0x5eed")
	send(t, p.a, p.eb.LocalAddr(), string(secret))
	p.exchange(10)
	send(t, p.a, p.eb.LocalAddr(), string(secret))
	if len(rec.sent) < 3 {
		t.Fatalf("sent %d packets, want an initiation and two sealed", len(rec.sent))
	}
	for _, pkt := range rec.sent {
		if bytes.Contains(pkt, []byte("seed")) {
			t.Fatalf("a packet on the wire shows the payload: %q", pkt)
		}
	}
	last := rec.sent[len(rec.sent)-1]
	if len(last) != len(secret)+secure.Overhead {
		t.Errorf("sealed packet is %d bytes, want %d + %d", len(last), len(secret), secure.Overhead)
	}
}

// newRecordedPair is a memPair whose A records what it sends.
func newRecordedPair(t *testing.T, link netplay.LinkConfig) (*memPair, *recorder) {
	p := newMemPair(t, link, "ABCD", "ABCD")
	rec := &recorder{Transport: p.ea}
	p.a = wrap(t, p.net, rec, "ABCD")
	return p, rec
}

// newPrefixedPair is a memPair on a perfect network whose ends have the
// same key and the given prefixes, and whose A records what it sends.
func newPrefixedPair(t *testing.T, prefixA, prefixB []byte) (*memPair, *recorder) {
	p := &memPair{net: netplay.NewMemNetwork(netplay.LinkConfig{}, 1)}
	p.ea, p.eb = p.net.Endpoint(), p.net.Endpoint()
	rec := &recorder{Transport: p.ea}
	p.a, p.b = wrapPrefixed(t, p.net, rec, "KXQM", prefixA), wrapPrefixed(t, p.net, p.eb, "KXQM", prefixB)
	return p, rec
}

// kxqm is the room whose code is the key of newPrefixedPair.
var kxqm, _ = netplay.ParseRoomCode("KXQM")

// TestSealedPacketsLeaveOutThePrefix: a packet that starts with the
// Conns' prefix travels without it and arrives whole; any other travels
// as it is.
func TestSealedPacketsLeaveOutThePrefix(t *testing.T) {
	prefix := netplay.SealPrefix(kxqm)
	p, rec := newPrefixedPair(t, prefix, prefix)
	input := string(prefix) + "\x04 an input"
	other := "J, but not this room's header"
	send(t, p.a, p.eb.LocalAddr(), input)
	send(t, p.a, p.eb.LocalAddr(), other)
	_, atB := p.exchange(10)
	want := []received{{p.ea.LocalAddr(), input}, {p.ea.LocalAddr(), other}}
	if fmt.Sprint(atB) != fmt.Sprint(want) {
		t.Fatalf("B received %v, want %v", atB, want)
	}
	if len(rec.sent) != 3 {
		t.Fatalf("A sent %d packets, want an initiation and two sealed", len(rec.sent))
	}
	if got, want := len(rec.sent[1]), len(input)-len(prefix)+secure.Overhead; got != want {
		t.Errorf("the prefixed packet is %d bytes on the wire, want %d", got, want)
	}
	if got, want := len(rec.sent[2]), len(other)+secure.Overhead; got != want {
		t.Errorf("the other packet is %d bytes on the wire, want %d", got, want)
	}
}

// TestAttack_PeerOfAnotherVersionOrRoomCannotHandshake: the prefix is
// part of the handshake, so a peer that knows the key but speaks another
// protocol version, or heads its packets with another room, never gets a
// session, and a packet of its can never be opened with the wrong header
// restored.
func TestAttack_PeerOfAnotherVersionOrRoomCannotHandshake(t *testing.T) {
	prefix := netplay.SealPrefix(kxqm)
	otherVersion := bytes.Clone(prefix)
	otherVersion[1]--
	otherRoom := netplay.SealPrefix(kxqm + 1)
	tests := []struct {
		name   string
		theirs []byte
	}{{"version", otherVersion}, {"room", otherRoom}, {"prefix: none", nil}}
	for _, tt := range tests {
		p, _ := newPrefixedPair(t, tt.theirs, prefix)
		var atA, atB []received
		for range 10 {
			send(t, p.a, p.eb.LocalAddr(), string(tt.theirs)+"\x01hello")
			a, b := p.exchange(300)
			atA, atB = append(atA, a...), append(atB, b...)
		}
		if len(atA)+len(atB) != 0 {
			t.Errorf("another %s: packets got through: %v %v", tt.name, atA, atB)
		}
		if p.a.Established(p.eb.LocalAddr()) || p.b.Established(p.ea.LocalAddr()) {
			t.Errorf("another %s: a session was established", tt.name)
		}
		if st := p.b.Stats(); st.Dropped.Forged == 0 {
			t.Errorf("another %s: stats %+v, want forged initiations", tt.name, st)
		}
	}
}

// recorder keeps a copy of every packet sent through it.
type recorder struct {
	netplay.Transport
	sent [][]byte
}

func (r *recorder) Send(to netip.AddrPort, p []byte) error {
	r.sent = append(r.sent, bytes.Clone(p))
	return r.Transport.Send(to, p)
}

func TestAttack_WrongRoomCodeCannotJoin(t *testing.T) {
	p := newMemPair(t, netplay.LinkConfig{}, "ABCD", "WXYZ")
	var atA, atB []received
	for range 100 { // a joiner says hello again and again
		send(t, p.a, p.eb.LocalAddr(), "hello")
		a, b := p.exchange(10)
		atA, atB = append(atA, a...), append(atB, b...)
	}
	if len(atA)+len(atB) != 0 {
		t.Fatalf("a stranger's packets got through: %v %v", atA, atB)
	}
	if p.b.Established(p.ea.LocalAddr()) || p.a.Established(p.eb.LocalAddr()) {
		t.Fatal("a session was established without the room code")
	}
	if st := p.b.Stats(); st.Dropped.Forged < 2 {
		t.Fatalf("the host counted %d forged initiations, want every retry", st.Dropped.Forged)
	}
}

// established returns a pair whose session is up, A having initiated.
func established(t *testing.T) *memPair {
	p := newMemPair(t, netplay.LinkConfig{Delay: time.Millisecond}, "ABCD", "ABCD")
	send(t, p.a, p.eb.LocalAddr(), "hello")
	if _, atB := p.exchange(10); len(atB) != 1 {
		t.Fatalf("B received %v, want the hello", atB)
	}
	send(t, p.b, p.ea.LocalAddr(), "welcome")
	if atA, _ := p.exchange(10); len(atA) != 1 {
		t.Fatalf("A received %v, want the welcome", atA)
	}
	return p
}

func TestAttack_ForgedSourceAddressGetsNothingIn(t *testing.T) {
	p := established(t)
	// Mallory knows the room code (it is announced) and forges A's
	// address: on her initiation, and on a sealed-looking packet. She
	// never sees what B sends to A.
	mallory := &recorder{Transport: p.net.Endpoint()}
	m := wrap(t, p.net, mallory, "ABCD")
	send(t, m, p.eb.LocalAddr(), "I am A")
	p.net.Advance(time.Hour) // her own packets arrive and are forgotten
	drain(p.b)
	init := mallory.sent[0]
	p.eb.Inject(p.ea.LocalAddr(), init)
	p.eb.Inject(p.ea.LocalAddr(), append([]byte{0x80, 9}, make([]byte, 40)...))
	_, atB := p.exchange(5)
	if len(atB) != 0 {
		t.Fatalf("B delivered %v from the forger", atB)
	}
	// The forged initiation did not replace A's session: both ways work.
	send(t, p.a, p.eb.LocalAddr(), "still me")
	send(t, p.b, p.ea.LocalAddr(), "still you")
	atA, atB := p.exchange(5)
	if len(atA) != 1 || len(atB) != 1 || atB[0].data != "still me" || atB[0].from != p.ea.LocalAddr() {
		t.Fatalf("after the forgery A got %v, B got %v", atA, atB)
	}
	if st := p.b.Stats(); st.Dropped.Forged != 1 {
		t.Errorf("B counted %d forged packets, want 1 (the sealed-looking one)", st.Dropped.Forged)
	}
}

func TestAttack_ReplayedPacketsAreDropped(t *testing.T) {
	p, rec := newRecordedPair(t, netplay.LinkConfig{Delay: time.Millisecond})
	send(t, p.a, p.eb.LocalAddr(), "press rock")
	_, got := p.exchange(10)
	send(t, p.a, p.eb.LocalAddr(), "press paper")
	p.net.Advance(2 * time.Millisecond)
	if got = append(got, drain(p.b)...); len(got) != 2 {
		t.Fatalf("B received %v, want both presses", got)
	}
	for _, pkt := range rec.sent {
		p.eb.Inject(p.ea.LocalAddr(), pkt)
	}
	if got = drain(p.b); len(got) != 0 {
		t.Fatalf("replays were delivered: %v", got)
	}
	// The replayed initiation is known as the session's own and ignored.
	if st := p.b.Stats(); st.Dropped.Replayed != 2 || st.Handshakes != 1 {
		t.Fatalf("B counted %d replays, want 2 (the presses); %+v", st.Dropped.Replayed, st)
	}
}

func TestAttack_TamperedPacketsAreDropped(t *testing.T) {
	p, rec := newRecordedPair(t, netplay.LinkConfig{Delay: time.Millisecond})
	send(t, p.a, p.eb.LocalAddr(), "hello")
	p.exchange(10)
	send(t, p.a, p.eb.LocalAddr(), "press rock")
	pkt := rec.sent[len(rec.sent)-1]
	for i := range pkt {
		for _, bit := range []byte{1, 0x80} {
			bad := bytes.Clone(pkt)
			bad[i] ^= bit
			p.eb.Inject(p.ea.LocalAddr(), bad)
		}
	}
	p.eb.Inject(p.ea.LocalAddr(), pkt[:len(pkt)-1])
	p.net.Advance(2 * time.Millisecond)
	got := drain(p.b)
	if len(got) != 1 || got[0].data != "press rock" {
		t.Fatalf("B received %v, want only the true press", got)
	}
	d := p.b.Stats().Dropped
	// Every bit flip but the one that marks a sealed payload fails
	// authentication, as does the truncation; without the mark the
	// packet is of no known type.
	if d.Forged != int64(2*len(pkt)-1+1) || d.Malformed != 0 || d.Unsealed != 1 {
		t.Fatalf("drops %+v, want %d forged, 1 unsealed", d, 2*len(pkt))
	}
}

func TestAttack_UnsealedPacketsAreDropped(t *testing.T) {
	p := established(t)
	plain := append([]byte{'J', netplay.ProtocolVersion, 0, 0, 0, byte(netplay.KindInput)}, " an unsealed input"...)
	p.eb.Inject(p.ea.LocalAddr(), plain)
	p.eb.Inject(p.ea.LocalAddr(), nil)
	if got := drain(p.b); len(got) != 0 {
		t.Fatalf("unsealed packets were delivered: %v", got)
	}
	if d := p.b.Stats().Dropped; d.Unsealed != 2 {
		t.Fatalf("drops %+v, want 2 unsealed", d)
	}
}

func TestAnnouncementsPassUnsealed(t *testing.T) {
	p, rec := newRecordedPair(t, netplay.LinkConfig{})
	ann := append([]byte{'J', netplay.ProtocolVersion, 1, 2, 3, byte(netplay.KindAnnounce)}, "room"...)
	if err := p.a.Send(p.eb.LocalAddr(), ann); err != nil {
		t.Fatal(err)
	}
	if len(rec.sent) != 1 || !bytes.Equal(rec.sent[0], ann) {
		t.Fatalf("sent %q, want the announcement as it is", rec.sent)
	}
	got := drain(p.b)
	if len(got) != 1 || got[0].data != string(ann) {
		t.Fatalf("received %v, want the announcement", got)
	}
	if p.a.Established(p.eb.LocalAddr()) || p.b.Stats().Handshakes != 0 {
		t.Fatal("an announcement started a handshake")
	}
}

func TestBothSidesInitiatingAgreeOnOneSession(t *testing.T) {
	for seed := range uint64(20) {
		net := netplay.NewMemNetwork(netplay.LinkConfig{Delay: 3 * time.Millisecond, Jitter: 2 * time.Millisecond}, seed)
		ea, eb := net.Endpoint(), net.Endpoint()
		a, b := wrap(t, net, ea, "ABCD"), wrap(t, net, eb, "ABCD")
		var atA, atB []received
		for i := range 40 {
			send(t, a, eb.LocalAddr(), fmt.Sprint("a", i))
			send(t, b, ea.LocalAddr(), fmt.Sprint("b", i))
			atA = append(atA, drain(a)...)
			atB = append(atB, drain(b)...)
			net.Advance(time.Millisecond)
		}
		for range 20 {
			atA = append(atA, drain(a)...)
			atB = append(atB, drain(b)...)
			net.Advance(time.Millisecond)
		}
		if len(atA) != 40 || len(atB) != 40 {
			t.Fatalf("seed %d: A got %d, B got %d packets, want 40 each", seed, len(atA), len(atB))
		}
		// Refused (the losing initiation) and NoSession (an answer to it
		// after the winning session is in use) are the race's own.
		if d := forgedOrLost(a.Stats().Dropped) + forgedOrLost(b.Stats().Dropped); d != 0 {
			t.Fatalf("seed %d: dropped %d packets: %+v %+v", seed, d, a.Stats(), b.Stats())
		}
	}
}

func TestHandshakeSurvivesLossAndReordering(t *testing.T) {
	link := netplay.LinkConfig{Delay: 75 * time.Millisecond, Jitter: 15 * time.Millisecond, Loss: 0.3, Duplicate: 0.1, Reorder: 0.2}
	for seed := range uint64(10) {
		net := netplay.NewMemNetwork(link, seed)
		ea, eb := net.Endpoint(), net.Endpoint()
		a, b := wrap(t, net, ea, "ABCD"), wrap(t, net, eb, "ABCD")
		seen := map[string]bool{}
		for i := range 2000 {
			if i < 1500 {
				send(t, a, eb.LocalAddr(), fmt.Sprint(i))
				send(t, b, ea.LocalAddr(), "ack")
			}
			drain(a)
			for _, r := range drain(b) {
				if seen[r.data] {
					t.Fatalf("seed %d: %q delivered twice", seed, r.data)
				}
				seen[r.data] = true
			}
			net.Advance(netplay.TickDuration)
		}
		// Loss takes its share; most get through, none twice.
		if len(seen) < 950 {
			t.Fatalf("seed %d: %d of 1500 packets arrived; %+v %+v", seed, len(seen), a.Stats(), b.Stats())
		}
		if d := b.Stats().Dropped; d.Forged != 0 || d.TooOld != 0 {
			t.Fatalf("seed %d: drops %+v", seed, d)
		}
	}
}

func forgedOrLost(d secure.Drops) int64 { return d.Total() - d.Refused - d.NoSession }

func TestPeerRestartHandshakesAgain(t *testing.T) {
	p := established(t)
	// A restarts: a new Conn on the same address, with no session.
	p.a = wrap(t, p.net, p.ea, "ABCD")
	send(t, p.a, p.eb.LocalAddr(), "back again")
	_, atB := p.exchange(10)
	if len(atB) != 1 || atB[0].data != "back again" {
		t.Fatalf("B received %v, want the restarted peer's packet", atB)
	}
	send(t, p.b, p.ea.LocalAddr(), "welcome back")
	if atA, _ := p.exchange(10); len(atA) != 1 || atA[0].data != "welcome back" {
		t.Fatalf("A received %v, want B's answer under the new session", atA)
	}
}

// initiationFrom returns a real initiation for the room from a fresh
// Conn on e whose ephemeral key's first byte is first (a forger can grind
// for one).
func initiationFrom(t *testing.T, net *netplay.MemNetwork, e *netplay.MemEndpoint, to netip.AddrPort, first byte) []byte {
	for range 10_000 {
		rec := &recorder{Transport: e}
		send(t, wrap(t, net, rec, "ABCD"), to, "x")
		if init := rec.sent[0]; init[1] == first {
			return init
		}
	}
	t.Fatal("no initiation with that first byte")
	return nil
}

// TestAttack_ForgedTieBreakDoesNotStallAHandshake: as A waits for B's
// answer, Mallory, who has the room code, forges an initiation from B's
// address with a smaller key, which A answers as a tie's winner. B never
// completes it, so A must take B's real answer all the same, within the
// tie's hold. (Once A refused it for as long as the forgery stayed
// pending, and B never heard from A; this test passed only when
// Mallory's search for a small key had spent A's answer budget.)
func TestAttack_ForgedTieBreakDoesNotStallAHandshake(t *testing.T) {
	p := newMemPair(t, netplay.LinkConfig{Delay: 5 * time.Millisecond}, "ABCD", "ABCD")
	mallory := p.net.Endpoint()
	forged := initiationFrom(t, p.net, mallory, p.ea.LocalAddr(), 0)
	p.net.Advance(time.Hour) // Mallory's own sends arrive and are forgotten
	drain(p.a)
	p.net.Advance(time.Second) // A's answer budget refills: it answers the forgery
	send(t, p.a, p.eb.LocalAddr(), "hello")
	p.ea.Inject(p.eb.LocalAddr(), forged)
	// A sends on every 50 ms, as a match does, for twice the tie's hold.
	var atB []received
	for i := range 2 * secure.TieRetries * 5 {
		if i > 0 {
			send(t, p.a, p.eb.LocalAddr(), "more")
		}
		_, b := p.exchange(50)
		atB = append(atB, b...)
	}
	if len(atB) == 0 || atB[0].data != "hello" {
		t.Fatalf("B received %v, want A's hello first; A's drops %+v", atB, p.a.Stats().Dropped)
	}
	if p.a.Stats().Dropped.Refused == 0 {
		t.Fatal("A never refused B's answer: the forgery did not tie")
	}
}

func TestAttack_ForgedRepliesCannotSpoilAHandshake(t *testing.T) {
	p := newMemPair(t, netplay.LinkConfig{Delay: 5 * time.Millisecond}, "ABCD", "ABCD")
	send(t, p.a, p.eb.LocalAddr(), "hello")
	// Answers forged from B's address reach A before B's: a low-order
	// point, which makes X25519 fail midway, and noise.
	p.ea.Inject(p.eb.LocalAddr(), append([]byte{2}, make([]byte, 48)...))
	p.ea.Inject(p.eb.LocalAddr(), append([]byte{2}, bytes.Repeat([]byte{0x5a}, 48)...))
	_, atB := p.exchange(20)
	if len(atB) != 1 || atB[0].data != "hello" {
		t.Fatalf("B received %v, want A's hello at once", atB)
	}
	if d := p.a.Stats().Dropped; d.Forged != 2 {
		t.Fatalf("A counted %+v, want the 2 forged answers", d)
	}
}

func TestAttack_InitiationFloodKeepsSessionsAndLetsJoinersIn(t *testing.T) {
	p := established(t)
	mallory := p.net.Endpoint()
	init := initiationFrom(t, p.net, mallory, p.eb.LocalAddr(), 0)
	p.net.Advance(time.Hour)
	drain(p.b)
	// Valid initiations (Mallory has the code) from a thousand forged
	// addresses at once: B answers a budgeted few, and none may cost it a
	// session.
	for i := range 1000 {
		p.eb.Inject(netip.AddrPortFrom(netip.AddrFrom4([4]byte{10, 0, byte(i >> 8), byte(i)}), 7300), init)
	}
	drain(p.b)
	if d := p.b.Stats().Dropped; d.Refused < 900 {
		t.Fatalf("B answered %d of the flood's initiations", 1000-d.Refused)
	}
	p.net.Advance(time.Second) // the budget refills
	send(t, p.a, p.eb.LocalAddr(), "still me")
	if _, atB := p.exchange(5); len(atB) != 1 || atB[0].data != "still me" {
		t.Fatalf("after the flood B received %v from A", atB)
	}
	// A new honest joiner still gets in.
	joiner := p.net.Endpoint()
	c := wrap(t, p.net, joiner, "ABCD")
	send(t, c, p.eb.LocalAddr(), "let me in")
	var got []received
	for range 10 {
		drain(c)
		got = append(got, drain(p.b)...)
		p.net.Advance(time.Millisecond)
	}
	if len(got) != 1 || got[0].data != "let me in" {
		t.Fatalf("B received %v from the joiner", got)
	}
}

// Sealing must fit in the headroom every netplay transport keeps above
// the largest packet the sessions make.
var _ [netplay.MaxWireSize - netplay.MaxPacketSize - secure.Overhead]struct{}

// TestLargestPacketCrossesSealed: a packet of netplay.MaxPacketSize, the
// largest a session makes, crosses sealed; one that would not fit in
// netplay.MaxWireSize once sealed is refused by the transport.
func TestLargestPacketCrossesSealed(t *testing.T) {
	p := established(t)
	full := bytes.Repeat([]byte{'x'}, netplay.MaxPacketSize)
	if err := p.a.Send(p.eb.LocalAddr(), full); err != nil {
		t.Fatalf("the largest packet: %v", err)
	}
	if _, atB := p.exchange(5); len(atB) != 1 || atB[0].data != string(full) {
		t.Fatalf("B received %d packets, want the largest one", len(atB))
	}
	err := p.a.Send(p.eb.LocalAddr(), make([]byte, netplay.MaxWireSize-secure.Overhead+1))
	if !errors.Is(err, netplay.ErrOversized) {
		t.Fatalf("a packet one byte too large sealed: %v, want ErrOversized", err)
	}
}

func TestLatePacketOfTheOldSessionKeepsTheNewOne(t *testing.T) {
	p, rec := newRecordedPair(t, netplay.LinkConfig{Delay: time.Millisecond})
	send(t, p.a, p.eb.LocalAddr(), "hello")
	p.exchange(10)
	p.ea.Cut(true)
	send(t, p.a, p.eb.LocalAddr(), "late") // held up on the way
	late := rec.sent[len(rec.sent)-1]
	p.ea.Cut(false)
	// A restarts and handshakes again; then its late packet arrives.
	p.a = wrap(t, p.net, p.ea, "ABCD")
	send(t, p.a, p.eb.LocalAddr(), "back again")
	p.exchange(10)
	p.eb.Inject(p.ea.LocalAddr(), late)
	if _, atB := p.exchange(2); len(atB) != 1 || atB[0].data != "late" {
		t.Fatalf("B received %v, want the late packet", atB)
	}
	// B still seals to A under the new session, the only one A has.
	send(t, p.b, p.ea.LocalAddr(), "to the new A")
	if atA, _ := p.exchange(5); len(atA) != 1 || atA[0].data != "to the new A" {
		t.Fatalf("A received %v; drops %+v", atA, p.a.Stats().Dropped)
	}
}

// TestAttack_GuessingTheRoomCodeIsThrottled: a stranger who heard a room
// announced (its host's address, but not its code) tries code after code
// from fresh addresses, the right one among the later guesses. Only the
// guess budget's worth of codes is ever checked, so the right one goes
// unchecked; once the guessing stops, a player with the code gets in.
func TestAttack_GuessingTheRoomCodeIsThrottled(t *testing.T) {
	net := netplay.NewMemNetwork(netplay.LinkConfig{Delay: time.Millisecond}, 1)
	eh := net.Endpoint()
	host := wrap(t, net, eh, "KXQM")
	const guesses, right = 400, 300
	var guessers []*secure.Conn
	var rightAddr netip.AddrPort
	for i := range guesses {
		e := net.Endpoint()
		code := fmt.Sprintf("G%03d", i)
		if i == right {
			code, rightAddr = "KXQM", e.LocalAddr()
		}
		g := wrap(t, net, e, code)
		guessers = append(guessers, g)
		send(t, g, eh.LocalAddr(), "hello")
		net.Advance(time.Millisecond) // 400 guesses in 0.4 s
		drain(host)
		for _, g := range guessers {
			drain(g)
		}
	}
	for range 20 {
		net.Advance(time.Millisecond)
		drain(host)
		for _, g := range guessers {
			drain(g)
		}
	}
	st := host.Stats()
	if host.Established(rightAddr) || st.Handshakes != 0 {
		t.Fatalf("a guesser found the code: %d handshakes", st.Handshakes)
	}
	if checked := st.Dropped.Forged; checked > 32+4 {
		t.Fatalf("%d wrong codes were checked in 0.4 s, want the budget's 32 and a refill", checked)
	}
	if st.Dropped.Unchecked == 0 {
		t.Fatal("no initiation was left unchecked")
	}
	net.Advance(10 * time.Second) // the guessing has stopped
	player := wrap(t, net, net.Endpoint(), "KXQM")
	send(t, player, eh.LocalAddr(), "hello")
	var got []received
	for range 20 {
		net.Advance(time.Millisecond)
		drain(player)
		got = append(got, drain(host)...)
	}
	if len(got) != 1 || got[0].data != "hello" {
		t.Fatalf("after the guessing the host received %v, want the player's hello", got)
	}
}

// muffled loses what is sent through it while on.
type muffled struct {
	netplay.Transport
	on bool
}

func (m *muffled) Send(to netip.AddrPort, p []byte) error {
	if m.on {
		return nil
	}
	return m.Transport.Send(to, p)
}

// TestLateInitiationOfATiesLoserKeepsTheWinner: both sides initiate and
// B's initiation wins the tie, so A answers it. B completes, but its first
// sealed packet is lost; then A's losing initiation reaches B, and B seals
// its next packet. B must not answer the initiation: A would take that
// second session, drop the first, and count B's packet under it forged.
func TestLateInitiationOfATiesLoserKeepsTheWinner(t *testing.T) {
	for tries := 0; ; tries++ {
		if tries == 100 {
			t.Fatal("B's initiation never won the tie")
		}
		p := newMemPair(t, netplay.LinkConfig{Delay: time.Millisecond}, "ABCD", "ABCD")
		outA, outB := &muffled{Transport: p.ea}, &muffled{Transport: p.eb}
		recA, recB := &recorder{Transport: outA}, &recorder{Transport: outB}
		p.a, p.b = wrap(t, p.net, recA, "ABCD"), wrap(t, p.net, recB, "ABCD")
		outA.on = true
		send(t, p.a, p.eb.LocalAddr(), "a0") // A's initiation, held up on the way
		outA.on = false
		send(t, p.b, p.ea.LocalAddr(), "b0")
		initA, initB := recA.sent[0], recB.sent[0]
		if bytes.Compare(initB[1:1+32], initA[1:1+32]) > 0 {
			continue // A's would win: draw again
		}
		p.net.Advance(time.Millisecond)
		drain(p.a) // B's initiation: A answers it
		outB.on = true
		p.net.Advance(time.Millisecond)
		drain(p.b) // the answer: B's session is up, and "b0" under it is lost
		outB.on = false
		p.eb.Inject(p.ea.LocalAddr(), initA)
		atB := drain(p.b)
		send(t, p.b, p.ea.LocalAddr(), "b1") // under B's session, which A answered
		atA, more := p.exchange(5)
		atB = append(atB, more...)
		if len(atA) != 1 || atA[0].data != "b1" || len(atB) != 1 || atB[0].data != "a0" {
			t.Fatalf("A received %v, B %v; want b1 and a0; A's drops %+v", atA, atB, p.a.Stats().Dropped)
		}
		if d := p.a.Stats().Dropped.Forged + p.b.Stats().Dropped.Forged; d != 0 {
			t.Fatalf("%d of the peers' own packets failed authentication: %+v %+v", d, p.a.Stats(), p.b.Stats())
		}
		return
	}
}

// TestTieAfterAnAnswerKeepsOneSession: A answers B's initiation, but the
// answer is held up on the way; past Retry, A initiates too, with the
// smaller key, and B answers that. Then A's held answer reaches B. B must
// not take its own session: A takes the one it initiated, and each would
// count every packet of the other forged, for good. (Sweeping pairs of
// peers that start sending at different moments over impaired links met
// this in 12 of 2,500.)
func TestTieAfterAnAnswerKeepsOneSession(t *testing.T) {
	p, _, answerB, atB := tieAfterAnAnswer(t)
	p.eb.Inject(p.a.LocalAddr(), answerB)
	atB = append(atB, drain(p.b)...) // the held answer to B's initiation
	settleTie(t, p, atB)
}

// TestTieHeldPastTheHoldStillConverges: as in
// TestTieAfterAnAnswerKeepsOneSession, but A's held answer to B's
// initiation comes again after B's hold for the tie has run out, so B
// takes it (a forged tie must not hold B up for good). Each side then
// holds a different session; the answered initiations each kept move
// them over on the other's first packet, and every packet is delivered.
func TestTieHeldPastTheHoldStillConverges(t *testing.T) {
	p, _, answerB, atB := tieAfterAnAnswer(t)
	p.eb.Inject(p.a.LocalAddr(), answerB)
	atB = append(atB, drain(p.b)...) // refused: the hold begins
	p.net.Advance(secure.TieRetries * time.Second)
	p.eb.Inject(p.a.LocalAddr(), answerB)
	atB = append(atB, drain(p.b)...) // past the hold: taken
	settleTie(t, p, atB)
}

// settleTie finishes a tie after an answer (tieAfterAnAnswer), B having
// received atB so far: each side sends once more, and each must have
// received everything the other sent, with nothing counted forged.
func settleTie(t *testing.T, p *memPair, atB []received) {
	t.Helper()
	atA, more := p.exchange(5)
	atB = append(atB, more...)
	send(t, p.a, p.eb.LocalAddr(), "a1")
	send(t, p.b, p.ea.LocalAddr(), "b1")
	a, b := p.exchange(5)
	atA, atB = append(atA, a...), append(atB, b...)
	if fmt.Sprint(data(atA)) != "[b0 b1]" || fmt.Sprint(data(atB)) != "[a0 a1]" {
		t.Fatalf("A received %v, B %v; want b0 b1 and a0 a1; drops: A %+v, B %+v", data(atA), data(atB), p.a.Stats().Dropped, p.b.Stats().Dropped)
	}
	if d := p.a.Stats().Dropped.Forged + p.b.Stats().Dropped.Forged; d != 0 {
		t.Fatalf("%d of the peers' own packets failed authentication: %+v %+v", d, p.a.Stats(), p.b.Stats())
	}
}

// TestAttack_RepeatedStaleAnswerIsAnsweredWithinBudget: B answers a
// stale answer to its losing initiation by sending its own answer again
// (TestTieAfterAnAnswerKeepsOneSession). The stale answer is not checked
// before that, so copies of it, which anyone can send from A's address,
// must not make B send without bound.
func TestAttack_RepeatedStaleAnswerIsAnsweredWithinBudget(t *testing.T) {
	p, recB, answerB, _ := tieAfterAnAnswer(t)
	before := len(recB.sent)
	const copies = 500
	for range copies {
		p.eb.Inject(p.a.LocalAddr(), answerB)
	}
	drain(p.b)
	if n := len(recB.sent) - before; n > secure.AnswerBurst {
		t.Errorf("B sent %d packets for %d copies of a stale answer, more than its answer budget of %d", n, copies, secure.AnswerBurst)
	}
}

// tieAfterAnAnswer sets up a tie after an answer: A answers B's
// initiation, but the answer is held up on the way; past Retry, A
// initiates too, with the smaller key, and B answers that. It returns the
// pair, what B sends, A's held answer and what B received so far.
func tieAfterAnAnswer(t *testing.T) (*memPair, *recorder, []byte, []received) {
	t.Helper()
	for range 100 {
		p := newMemPair(t, netplay.LinkConfig{Delay: time.Millisecond}, "ABCD", "ABCD")
		outA := &muffled{Transport: p.ea}
		recA, recB := &recorder{Transport: outA}, &recorder{Transport: p.eb}
		p.a, p.b = wrap(t, p.net, recA, "ABCD"), wrap(t, p.net, recB, "ABCD")
		send(t, p.b, p.ea.LocalAddr(), "b0") // B's initiation
		p.net.Advance(time.Millisecond)
		outA.on = true
		drain(p.a) // A answers it; the answer is held up
		outA.on = false
		p.net.Advance(500 * time.Millisecond) // twice the default Retry
		send(t, p.a, p.eb.LocalAddr(), "a0")  // no proof came: A initiates too
		answerB, initA, initB := recA.sent[0], recA.sent[1], recB.sent[0]
		if bytes.Compare(initA[1:1+32], initB[1:1+32]) > 0 {
			continue // B's would win: draw again
		}
		p.net.Advance(time.Millisecond)
		return p, recB, answerB, drain(p.b) // A's initiation wins the tie: B answers it
	}
	t.Fatal("A's initiation never won the tie")
	return nil, nil, nil, nil
}

// data returns what each received packet carried.
func data(got []received) []string {
	var out []string
	for _, r := range got {
		out = append(out, r.data)
	}
	return out
}

// TestImpairedHandshakesForgeNothing: three peers of one room all send
// to each other from the first tick, so that every pair's handshakes
// race, over links that delay, lose, duplicate and reorder. Whatever the
// race, no peer's own packet may fail authentication at another: that
// count is for forgeries. (A late initiation of a tie's loser once made
// 148 peers of 9,000 such matches count their peers' packets forged.)
func TestImpairedHandshakesForgeNothing(t *testing.T) {
	links := []struct {
		name string
		link netplay.LinkConfig
	}{
		{"like the UDP match", netplay.LinkConfig{Delay: 20 * time.Millisecond, Jitter: 5 * time.Millisecond, Loss: 0.10, Duplicate: 0.05, Reorder: 0.05}},
		{"jittery", netplay.LinkConfig{Delay: 20 * time.Millisecond, Jitter: 20 * time.Millisecond, Loss: 0.10, Duplicate: 0.05, Reorder: 0.3}},
		{"chaotic", netplay.LinkConfig{Delay: 2 * time.Millisecond, Jitter: 30 * time.Millisecond, Loss: 0.2, Duplicate: 0.2, Reorder: 0.5}},
	}
	const peers, ticks = 3, 120
	for _, l := range links {
		t.Run(l.name, func(t *testing.T) {
			for seed := range uint64(soak.Scale(300, 3000)) {
				net := netplay.NewMemNetwork(l.link, seed)
				var ends []*netplay.MemEndpoint
				var conns []*secure.Conn
				for range peers {
					e := net.Endpoint()
					ends, conns = append(ends, e), append(conns, wrap(t, net, e, "ABCD"))
				}
				// Odd seeds step the clock by a few milliseconds instead
				// of a tick, for other interleavings.
				step := netplay.TickDuration
				if seed%2 == 1 {
					step = time.Duration(1+seed%7) * time.Millisecond
				}
				for i := range ticks {
					for a, c := range conns {
						for b, e := range ends {
							if a != b {
								send(t, c, e.LocalAddr(), fmt.Sprint(i))
							}
						}
					}
					for _, c := range conns {
						drain(c)
					}
					net.Advance(step)
				}
				for i, c := range conns {
					if st := c.Stats(); st.Dropped.Forged != 0 {
						t.Fatalf("seed %d: peer %d counted its peers' packets forged: %+v", seed, i, st)
					}
				}
			}
		})
	}
}

// TestImpairedHandshakesOfLateStartersForgeNothing: two peers start
// sending to each other at different moments and rates, over links that
// delay, lose, duplicate and reorder, so that one side often answers the
// other's initiation before it initiates itself. Once the race is over,
// neither may count the other's packets forged: a pair that did (see
// TestTieAfterAnAnswerKeepsOneSession) never recovered.
func TestImpairedHandshakesOfLateStartersForgeNothing(t *testing.T) {
	links := []struct {
		name string
		link netplay.LinkConfig
	}{
		{"lossy", lossyLAN},
		{"harsh", netplay.LinkConfig{Delay: 30 * time.Millisecond, Jitter: 40 * time.Millisecond, Loss: 0.20, Duplicate: 0.10, Reorder: 0.30}},
		{"chaotic", netplay.LinkConfig{Delay: 2 * time.Millisecond, Jitter: 30 * time.Millisecond, Loss: 0.2, Duplicate: 0.2, Reorder: 0.5}},
	}
	for _, l := range links {
		t.Run(l.name, func(t *testing.T) {
			for seed := range uint64(soak.Scale(200, 4000)) {
				net := netplay.NewMemNetwork(l.link, seed)
				ea, eb := net.Endpoint(), net.Endpoint()
				a, b := wrap(t, net, ea, "ABCD"), wrap(t, net, eb, "ABCD")
				var key [32]byte
				binary.LittleEndian.PutUint64(key[:], seed)
				rng := rand.New(rand.NewPCG(seed, 1))
				secure.SetRandom(a, rand.NewChaCha8(key))
				key[31] = 1
				secure.SetRandom(b, rand.NewChaCha8(key))
				startA, startB := rng.IntN(40), rng.IntN(40)
				everyA, everyB := 1+rng.IntN(4), 1+rng.IntN(4)
				var raced int64
				for i := range 600 {
					if i >= startA && (i-startA)%everyA == 0 {
						send(t, a, eb.LocalAddr(), "a")
					}
					if i >= startB && (i-startB)%everyB == 0 {
						send(t, b, ea.LocalAddr(), "b")
					}
					drain(a)
					drain(b)
					net.Advance(time.Duration(1+rng.IntN(17)) * time.Millisecond)
					if i == 300 {
						raced = a.Stats().Dropped.Forged + b.Stats().Dropped.Forged
					}
				}
				if f := a.Stats().Dropped.Forged + b.Stats().Dropped.Forged; f != raced {
					t.Fatalf("seed %d: the peers count each other's packets forged after the race (%d, then %d): A %+v, B %+v", seed, raced, f, a.Stats(), b.Stats())
				}
			}
		})
	}
}
