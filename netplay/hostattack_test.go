//go:build !js

package netplay

import (
	"fmt"
	"math/rand/v2"
	"net/netip"
	"slices"
	"strings"
	"testing"
	"time"
)

// heardFrom is a Transport that counts the packets received from one
// address, so that a test over real sockets can wait until an attacker's
// packets have all arrived (fill) before it lets simulated time go on.
type heardFrom struct {
	Transport
	from    netip.AddrPort
	n       int
	arrived []packet
}

type packet struct {
	from netip.AddrPort
	data []byte
}

// fill takes in what has arrived, for Receive to hand out.
func (h *heardFrom) fill() {
	var buf [MaxPacketSize + 1]byte
	for {
		n, from, ok := h.Transport.Receive(buf[:])
		if !ok {
			return
		}
		if from == h.from {
			h.n++
		}
		h.arrived = append(h.arrived, packet{from, append([]byte(nil), buf[:n]...)})
	}
}

func (h *heardFrom) Receive(buf []byte) (int, netip.AddrPort, bool) {
	h.fill()
	if len(h.arrived) == 0 {
		return 0, netip.AddrPort{}, false
	}
	p := h.arrived[0]
	h.arrived = h.arrived[1:]
	return copy(buf, p.data), p.from, true
}

// rawAction is a reliable-channel packet carrying one action for seat,
// as message seq, acknowledging nothing the host sent.
func rawAction(room RoomCode, seq uint32, seat int, action string) []byte {
	f := fragment{Seq: seq, Ack: 0, Count: 1, Data: pad(nil, appendBytes([]byte{msgAction, byte(seat)}, []byte(action)))}
	return f.append(appendHeader(nil, KindMessage, room))
}

// TestAttack_UnackingClientFloodingRefusedActionsIsGivenUpNotFatal: a
// client that never acknowledges and sends a flood of actions the host
// refuses (on main: 256 of them made Host.Update fail, "peer is 256
// messages behind", and the host's program exit). Over real UDP on
// 127.0.0.1: the host's Update never fails, holds at most a window of
// messages for the attacker, answers its refusals at a bounded rate and
// counts the rest, gives up on it once it has acknowledged nothing for
// the stall limit, and the match goes on to its end with the honest
// client once the table takes the attacker's seat over.
func TestAttack_UnackingClientFloodingRefusedActionsIsGivenUpNotFatal(t *testing.T) {
	hostUDP, honest, attacker := listen(t), listen(t), listen(t)
	hostEnd := &heardFrom{Transport: hostUDP, from: attacker.LocalAddr()}
	var now time.Duration
	tb := newSecretsTableOn(t, hostEnd, []Transport{honest, attacker}, 7, func() time.Duration { return now }, func() {
		now += TickDuration
		time.Sleep(100 * time.Microsecond) // lets loopback deliver; no result depends on it
	})
	tb.clients, tb.rec = tb.clients[:2], tb.rec[:2] // seat 2 is the attacker's, played by hand

	const flood, perTick = 300, 4
	sent := 0
	tb.hostWaits = func() bool { return sent < flood } // so that the flood finds the host's news still to send
	var faultAt time.Duration
	start := time.Now()
	for !tb.game.Over() || !tb.clientSawEnd(1) {
		if time.Since(start) > hang || now > time.Minute {
			t.Fatalf("no end at %v: remotes %+v", now, tb.host.Remotes())
		}
		for range perTick {
			if sent < flood {
				if err := attacker.Send(hostUDP.LocalAddr(), rawAction(9, uint32(sent), 2, `"card-K99"`)); err != nil {
					t.Fatal(err)
				}
				sent++
			}
		}
		for hostEnd.n < sent {
			if time.Since(start) > hang {
				t.Fatalf("the host received %d of the attacker's %d packets", hostEnd.n, sent)
			}
			time.Sleep(100 * time.Microsecond)
			hostEnd.fill()
		}
		tb.update(t) // fails the test if Host.Update fails
		tb.checkTranscripts(t)
		for _, r := range tb.host.Remotes() {
			if r.Unacked > inFlight {
				t.Fatalf("the host holds %d messages for %v, more than its window of %d", r.Unacked, r.Addr, inFlight)
			}
			if r.Fault == "" {
				continue
			}
			if !r.Seats.Has(2) {
				t.Fatalf("the host gave up on the honest client: %+v", r)
			}
			faultAt = now
			if r.Refused != flood {
				t.Errorf("refused %d of the attacker's actions, want %d", r.Refused, flood)
			}
			if err := tb.host.TakeOver(r.Addr); err != nil { // as the table does
				t.Fatal(err)
			}
		}
		if faultAt > 0 && slices.Contains(tb.game.ToAct(nil), 2) {
			if err := tb.host.Apply(2, tb.game.hands[2][0]); err != nil {
				t.Fatal(err)
			}
		}
	}
	if faultAt == 0 {
		t.Fatal("the host never gave up on the attacker")
	}
	if limit := 5*time.Second + 2*TickDuration; faultAt > limit {
		t.Errorf("gave up on the attacker at %v, want by %v", faultAt, limit)
	}
	if d := tb.host.Counter.Dropped; d.RateLimited == 0 {
		t.Errorf("the refusal flood was not rate-limited: dropped %+v", d)
	}
	if tb.refused[1] != "" {
		t.Errorf("the honest client's play was refused: %s", tb.refused[1])
	}
}

// TestAttack_GarbageInTheHostsNameDoesNotKeepAGoneHostAlive: once the
// host is gone, packets that carry its address and the room code but do
// not decode (a stranger's, or a broken host's) must not count as word
// from the host, or its players would wait for it for ever.
func TestAttack_GarbageInTheHostsNameDoesNotKeepAGoneHostAlive(t *testing.T) {
	tb := newSecretsTable(t, 2, LinkConfig{Delay: 10 * time.Millisecond}, 6)
	for range 30 {
		tb.update(t)
	}
	hostAddr := tb.host.tr.LocalAddr()
	end := tb.rec[1].Transport.(*MemEndpoint)
	garbage := append(appendHeader(nil, KindMessage, 9), 0xff, 0xff)
	for range 3 * 60 { // the host is gone; a packet of garbage a tick in its name
		end.Inject(hostAddr, garbage)
		tb.clients[1].Update(tb.net.Now())
		tb.net.Advance(TickDuration)
	}
	if s := tb.clients[1].Silent(); s < 2*time.Second {
		t.Errorf("after 3 s of garbage in the gone host's name, the client finds it silent for only %v", s)
	}
	if tb.clients[1].Counter.Dropped.Malformed < 3*60 {
		t.Errorf("garbage not counted: %+v", tb.clients[1].Counter.Dropped)
	}
}

// TestAttack_HostileHostBytesNeverPanicTheClient sends a client, over
// real UDP on 127.0.0.1, what a hostile host might: random bytes, random
// payloads under a good header, and well-formed fragments whose messages
// are random, or name seats, counts and answers out of range but are not
// deflated (TestAttack_HostileHostMessagesAreDropped sends those
// deflated). The client never panics, delivers nothing that is not its
// own seat's, and counts what it dropped.
func TestAttack_HostileHostBytesNeverPanicTheClient(t *testing.T) {
	hostile, end := listen(t), listen(t)
	c := NewClient(end, hostile.LocalAddr(), 9, SeatsOf(1))
	rng := rand.New(rand.NewPCG(13, 13))
	randomBytes := func(n int) []byte {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(rng.UintN(256))
		}
		return b
	}
	messages := [][]byte{
		{msgUpdate, 1, 0, 0xff, 0xff, 0xff, 0x7f}, // a vast event count
		{msgUpdate, 200, 0, 0, 0},                 // a seat out of range
		{msgUpdate, 1, 9, 0, 0},                   // answering actions never sent
		{msgRefused, 1, 0, 5, 'n', 'o'},           // a reason longer than its bytes
		{msgAction, 1, 0},                         // a client's tag
	}
	const rounds = 3000
	sent := 0
	for i := range rounds {
		var p []byte
		switch i % 4 {
		case 0:
			p = randomBytes(int(rng.UintN(MaxPacketSize + 50)))
		case 1:
			p = append(appendHeader(nil, Kind(rng.UintN(uint(kindCount))), 9), randomBytes(int(rng.UintN(64)))...)
		case 2:
			f := fragment{Seq: uint32(i / 4 % 20), Ack: rng.Uint32(), Index: int(rng.UintN(3)), Count: 1 + int(rng.UintN(3)), Data: randomBytes(int(rng.UintN(40)))}
			p = f.append(appendHeader(nil, KindMessage, 9))
		case 3:
			f := fragment{Seq: uint32(i / 4), Count: 1, Data: pad(nil, messages[i/4%len(messages)])}
			p = f.append(appendHeader(nil, KindMessage, 9))
		}
		if err := hostile.Send(end.LocalAddr(), p); err == nil {
			sent++
		}
		if i%50 == 49 {
			deadline := time.Now().Add(hang)
			for c.Counter.PacketsRecv < int64(sent) && time.Now().Before(deadline) {
				for _, u := range c.Update(time.Duration(i) * TickDuration) {
					if u.Seat != 1 {
						t.Fatalf("delivered an update for seat %d", u.Seat)
					}
				}
				time.Sleep(100 * time.Microsecond)
			}
		}
	}
	if c.Counter.Dropped.Total() == 0 {
		t.Errorf("nothing counted as dropped: %+v", c.Counter)
	}
	t.Logf("received %d, dropped %+v", c.Counter.PacketsRecv, c.Counter.Dropped)
}

// hostileStream is a hostile host's side of a client's stream over the
// in-memory network: it sends messages as whole fragments, deflated as a
// true host's or as they are.
type hostileStream struct {
	net    *MemNetwork
	host   *MemEndpoint
	client *Client
	to     netip.AddrPort
	pack   deflater
	last   []byte // the last message deflated
	seq    uint32
	// unpadded sends messages without the channel's padding.
	unpadded bool
}

func newHostileStream() *hostileStream {
	net := NewMemNetwork(LinkConfig{}, 1)
	host, end := net.Endpoint(), net.Endpoint()
	return &hostileStream{net: net, host: host, to: end.LocalAddr(), client: NewClient(end, host.LocalAddr(), 9, SeatsOf(1))}
}

// send sends msg, deflated in the stream's turn if deflate is set.
func (h *hostileStream) send(t *testing.T, msg []byte, deflate bool) {
	t.Helper()
	if deflate {
		packed, err := h.pack.deflate(h.last, msg)
		if err != nil {
			t.Fatal(err)
		}
		h.last, msg = msg, packed
	}
	if !h.unpadded {
		msg = pad(nil, msg)
	}
	f := fragment{Seq: h.seq, Count: 1, Data: msg}
	h.seq++
	if err := h.host.Send(h.to, f.append(appendHeader(nil, KindMessage, 9))); err != nil {
		t.Fatal(err)
	}
}

// actionsHeard returns how many message fragments the client sent the
// host since the last call.
func (h *hostileStream) actionsHeard() int {
	var buf [MaxPacketSize + 1]byte
	n := 0
	for {
		k, _, ok := h.host.Receive(buf[:])
		if !ok {
			return n
		}
		if hd, _, err := ParseHeader(buf[:k]); err == nil && hd.Kind == KindMessage {
			n++
		}
	}
}

// seatUpdate is a true host's update of seat 1 with view.
func seatUpdate(view string) []byte {
	return appendBytes([]byte{msgUpdate, 1, 0, 0}, []byte(view))
}

// TestAttack_HostileHostMessagesAreDropped sends a client well-formed,
// deflated messages that lie: a vast event count, a seat out of range,
// answers to actions never sent, a reason longer than its bytes, a
// client's tag. Each is dropped and counted, and the stream goes on: a
// true update after them arrives.
func TestAttack_HostileHostMessagesAreDropped(t *testing.T) {
	lies := [][]byte{
		{msgUpdate, 1, 0, 0xff, 0xff, 0xff, 0x7f},
		{msgUpdate, 200, 0, 0, 0},
		{msgUpdate, 1, 9, 0, 0},
		{msgRefused, 1, 0, 5, 'n', 'o'},
		{msgAction, 1, 0},
	}
	h := newHostileStream()
	for _, m := range lies {
		h.send(t, m, true)
	}
	h.send(t, seatUpdate(`{"true":1}`), true)
	h.net.Advance(TickDuration)
	got := h.client.Update(h.net.Now())
	if len(got) != 1 || string(got[0].View) != `{"true":1}` {
		t.Errorf("delivered %+v, want the one true update", got)
	}
	if n := h.client.Counter.Dropped.Malformed; n != int64(len(lies)) {
		t.Errorf("counted %d malformed messages, want %d", n, len(lies))
	}
	if err := h.client.Err(); err != nil {
		t.Errorf("the stream broke: %v", err)
	}
}

// TestAttack_UnpaddedMessagesAreRefused: the channel pads every message
// (so that its length hides what it says); one that arrives whole but not
// padded comes from a faulty or hostile peer. A client's action so sent is
// counted malformed and changes nothing, where the same action padded is
// played; a host's message so sent stops the client, as one that does not
// inflate does, since the host's next messages deflate against it.
func TestAttack_UnpaddedMessagesAreRefused(t *testing.T) {
	for _, padded := range []bool{false, true} {
		tb := newSecretsTable(t, 2, LinkConfig{}, 3)
		before := tb.game.Hash()
		msg := appendBytes([]byte{msgAction, 1}, fmt.Appendf(nil, "%q", cardName(tb.game.hands[1][0])))
		if padded {
			msg = pad(nil, msg)
		}
		f := fragment{Count: 1, Data: msg}
		end := tb.clients[1].tr.(*recorder).Transport
		if err := end.Send(tb.host.tr.LocalAddr(), f.append(appendHeader(nil, KindMessage, 9))); err != nil {
			t.Fatal(err)
		}
		tb.net.Advance(TickDuration)
		if err := tb.host.Update(tb.net.Now()); err != nil {
			t.Fatal(err)
		}
		if played := tb.game.Hash() != before; played != padded {
			t.Errorf("padded %v: the action played %v", padded, played)
		}
		if n := tb.host.Counter.Dropped.Malformed; (n == 1) == padded {
			t.Errorf("padded %v: counted %d malformed messages", padded, n)
		}
	}

	h := newHostileStream()
	h.unpadded = true
	h.send(t, seatUpdate(`{"true":1}`), true)
	h.net.Advance(TickDuration)
	if got := h.client.Update(h.net.Now()); len(got) != 0 {
		t.Errorf("delivered %+v from an unpadded message", got)
	}
	if err := h.client.Err(); err == nil || !strings.Contains(err.Error(), "not padded") {
		t.Errorf("after an unpadded message: %v", err)
	}
}

// TestAttack_UnreadableHostStopsTheClient: a message that does not
// inflate leaves the client unable to follow the host's stream, so it
// says so (Err), takes nothing after it, and sends its actions no more.
func TestAttack_UnreadableHostStopsTheClient(t *testing.T) {
	h := newHostileStream()
	h.send(t, seatUpdate(`{"true":1}`), true)
	h.net.Advance(TickDuration)
	if got := h.client.Update(h.net.Now()); len(got) != 1 {
		t.Fatalf("the first true update: delivered %d", len(got))
	}
	h.send(t, seatUpdate(`{"plain":1}`), false)
	h.send(t, seatUpdate(`{"true":2}`), true)
	if err := h.client.Act(1, []byte(`"act"`)); err != nil {
		t.Fatal(err)
	}
	h.actionsHeard()
	for range 30 {
		h.net.Advance(TickDuration)
		if got := h.client.Update(h.net.Now()); len(got) != 0 {
			t.Fatalf("took %q after an unreadable message", got[0].View)
		}
	}
	if h.client.Err() == nil {
		t.Error("Err reports nothing after an unreadable message")
	}
	if n := h.actionsHeard(); n != 0 {
		t.Errorf("the client sent %d message fragments after the host's stream broke", n)
	}
}

// TestAttack_HostileNewsIsCleaned: a hostile host's news is shown
// without the characters that would reverse or break the table's text;
// news longer than a line, of a kind there is not, or without its kind
// is dropped, the news before it kept.
func TestAttack_HostileNewsIsCleaned(t *testing.T) {
	h := newHostileStream()
	news := func(s string, kind ...byte) []byte { return append(appendBytes([]byte{msgNews}, []byte(s)), kind...) }
	h.send(t, news("Bo\u202e left\x07\n", 1), true)
	h.send(t, news(strings.Repeat("x", maxNewsLen+1), 0), true)
	h.send(t, news("Bo came back", 3), true)
	h.send(t, news("Bo came back"), true)
	h.net.Advance(TickDuration)
	if got := h.client.Update(h.net.Now()); len(got) != 0 {
		t.Errorf("news delivered as an update: %+v", got)
	}
	if got, want := h.client.News(), (News{Text: "Bo left", Kind: NewsPassing}); got != want {
		t.Errorf("the client hears %+v, want %+v", got, want)
	}
	if n := h.client.Counter.Dropped.Malformed; n != 3 {
		t.Errorf("counted %d malformed messages, want the long news's, the unknown kind's and the kindless one's: 3", n)
	}
}

// lengthsSent is a transport that keeps the lengths of the sealed data
// packets sent through it: what an onlooker on the network sees.
type lengthsSent struct {
	Transport
	lengths map[int]int
}

func (l *lengthsSent) Send(to netip.AddrPort, p []byte) error {
	if len(p) > 0 && p[0]&0x80 != 0 { // a sealed payload, not a handshake
		l.lengths[len(p)]++
	}
	return l.Transport.Send(to, p)
}

// TestAttack_OnlookerCannotTellTheActionByItsLength: over real UDP on
// 127.0.0.1, both ends sealed as the lobby seals them, a client acts with
// JSON of every length from 2 to 43 bytes (the longest action of the four
// games). An onlooker sees the sealed packets: every one that carries an
// action is of one length (unpadded, they took 30). The host refuses
// each; the test is of what crossed the wire.
func TestAttack_OnlookerCannotTellTheActionByItsLength(t *testing.T) {
	var now time.Duration
	clock := func() time.Duration { return now }
	const room, key = RoomCode(5), "KXQM"
	hostUDP, clientUDP := listen(t), listen(t)
	onlooker := &lengthsSent{Transport: clientUDP, lengths: map[int]int{}}
	hostEnd := sealedWith(t, hostUDP, key, room, clock)
	clientEnd := sealedWith(t, onlooker, key, room, clock)
	host, err := NewHost(secretsHostConfig(room, []Remote{{Addr: clientUDP.LocalAddr(), Seats: SeatsOf(1)}}), hostEnd, newSecrets(2, 1))
	if err != nil {
		t.Fatal(err)
	}
	client := NewClient(clientEnd, hostUDP.LocalAddr(), room, SeatsOf(1))
	const longest = 43
	for n := 2; n <= longest; n++ {
		if err := client.Act(1, []byte(`"`+strings.Repeat("x", n-2)+`"`)); err != nil {
			t.Fatal(err)
		}
	}
	start := time.Now()
	for host.Remotes()[0].Refused < longest-1 {
		if time.Since(start) > hang {
			t.Fatalf("the host refused %d of the %d actions", host.Remotes()[0].Refused, longest-1)
		}
		client.Update(now)
		if err := host.Update(now); err != nil {
			t.Fatal(err)
		}
		now += TickDuration
		time.Sleep(100 * time.Microsecond) // lets loopback deliver; no result depends on it
	}
	actions := map[int]int{}
	for n, count := range onlooker.lengths {
		if n > 40 { // an acknowledgement's packet is shorter
			actions[n] = count
		}
	}
	if len(actions) != 1 {
		t.Errorf("the sealed packets with actions took %d lengths, want one: %v (all the client's sealed packets: %v)", len(actions), actions, onlooker.lengths)
	}
}
