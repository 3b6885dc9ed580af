//go:build !js

package netplay

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"net/netip"
	"strings"
	"testing"
	"time"

	"github.com/jankenarcade/janken/netplay/secure"
)

// rawHello is a hello as an attacker writes it by hand.
func rawHello(room RoomCode, rules string, seats int, name string) []byte {
	return (&hello{Rules: rules, Seats: seats, Name: name}).append(appendHeader(nil, KindHello, room))
}

// sendAndWait sends p from tr to the lobby host h over real UDP and
// waits (at most hang) until h has taken it in at simulated time now.
func sendAndWait(t *testing.T, tr Transport, h *LobbyHost, p []byte, now time.Duration) {
	t.Helper()
	want := h.Counter.PacketsRecv + 1
	if err := tr.Send(h.tr.LocalAddr(), p); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(hang); h.Counter.PacketsRecv < want; time.Sleep(100 * time.Microsecond) {
		if time.Now().After(deadline) {
			t.Fatal("the host never received the packet")
		}
		h.Update(now)
	}
}

// TestAttack_OneHelloTakesNoMoreSeatsThanAMachineMay: on main one 19-byte
// hello asking for 7 seats took all 7 for good. Over UDP on 127.0.0.1 the
// host refuses more than its per-machine allowance and keeps the seats.
func TestAttack_OneHelloTakesNoMoreSeatsThanAMachineMay(t *testing.T) {
	hostTr, attacker := listen(t), listen(t)
	free := SeatsOf(1, 2, 3, 4, 5, 6, 7)
	h := NewLobbyHost(hostTr, 77, "slam/1", "host", free, func(Joiner) []byte { return nil })
	p := rawHello(77, "slam/1", 7, "Bo")
	if len(p) != 18 { // the 19-byte hello, with this version's shorter header and an empty ticket
		t.Fatalf("the hello takes %d bytes, want 18", len(p))
	}
	sendAndWait(t, attacker, h, p, 0)
	if h.Free() != free || len(h.Joiners()) != 0 {
		t.Fatalf("one hello took seats %08b: joiners %+v", free&^h.Free(), h.Joiners())
	}
	var buf [MaxPacketSize]byte
	for deadline := time.Now().Add(hang); ; time.Sleep(100 * time.Microsecond) {
		if time.Now().After(deadline) {
			t.Fatal("no answer")
		}
		if n, _, ok := attacker.Receive(buf[:]); ok {
			var r reject
			hd, payload, err := ParseHeader(buf[:n])
			if err != nil || hd.Kind != KindReject || r.decode(payload) != nil || !strings.Contains(r.Reason, "at most 1 a machine") {
				t.Fatalf("answered %v %q (%v), want a refusal of more than 1 seat a machine", hd.Kind, r.Reason, err)
			}
			break
		}
	}
}

// TestAttack_SilentJoinerLosesItsSeats: on main a joiner that said hello
// once kept its seats for ever. Over UDP on 127.0.0.1, a joiner silent
// for 3 s before the start loses them; a Join that keeps the host company
// keeps its own, and moves up to peer index 1.
func TestAttack_SilentJoinerLosesItsSeats(t *testing.T) {
	hostTr, ghost, friend := listen(t), listen(t), listen(t)
	h := NewLobbyHost(hostTr, 78, "ninjan/1", "host", SeatsOf(1, 2), func(Joiner) []byte { return nil })
	sendAndWait(t, ghost, h, rawHello(78, "ninjan/1", 1, "Ghost"), 0)
	if len(h.Joiners()) != 1 {
		t.Fatalf("the first hello seated %+v", h.Joiners())
	}
	sends := &sendCount{Transport: friend}
	j := NewJoin(sends, hostTr.LocalAddr(), 78, "ninjan/1", 1, "Bo", Ticket{})
	var res JoinResult
	start := time.Now()
	for now := time.Duration(0); now <= joinerTimeout+time.Second; now += TickDuration {
		// Each tick, wait until the host has had every hello the
		// friend sent, so that simulated time alone decides.
		res = j.Update(now)
		for h.Update(now); h.Counter.PacketsRecv < int64(1+sends.n); h.Update(now) {
			if time.Since(start) > hang {
				t.Fatal("the host never received the friend's hellos")
			}
			time.Sleep(100 * time.Microsecond)
		}
		ghostSeated := len(h.Joiners()) > 0 && h.Joiners()[0].Name == "Ghost"
		if now < joinerTimeout && !ghostSeated {
			t.Fatalf("the ghost lost its seat after only %v", now)
		}
		if now >= joinerTimeout+TickDuration && ghostSeated {
			t.Fatalf("the ghost still holds seats %08b after %v of silence", h.Joiners()[0].Seats, now)
		}
	}
	js := h.Joiners()
	if len(js) != 1 || js[0].Name != "Bo" || js[0].Index != 1 || h.Free().Len() != 1 {
		t.Errorf("after the ghost left: joiners %+v, free %08b", js, h.Free())
	}
	if res.Refused != "" || !res.Done {
		t.Errorf("the friend: %+v", res)
	}
}

// sendCount is a Transport that counts the packets it sent.
type sendCount struct {
	Transport
	n int
}

func (s *sendCount) Send(to netip.AddrPort, p []byte) error {
	s.n++
	return s.Transport.Send(to, p)
}

// TestAttack_NamesAreCleanedOfControlAndBidiCharacters: a name with a
// right-to-left override (which would reverse the text drawn after it),
// isolates, a bell and a line break is shown without them, and a long
// name is cut to its length in characters; likewise a room's host name.
func TestAttack_NamesAreCleanedOfControlAndBidiCharacters(t *testing.T) {
	n := NewMemNetwork(LinkConfig{}, 1)
	hostEnd, disc := n.Endpoint(), n.Endpoint()
	h := NewLobbyHost(hostEnd, 79, "elevensuits/1", "Ada\u202e\u2066lla\u2069", SeatsOf(1, 2, 3), func(Joiner) []byte { return nil })
	h.SeatsPerMachine = 1
	h.AnnounceTo = []netip.AddrPort{disc.LocalAddr()}
	tests := []struct{ sent, want string }{
		{"Bo\u202eevil\u202c", "Boevil"},
		{"\u2067Cy\u2069\a\nDi\u200f", "CyDi"},
		{strings.Repeat("é", 16), strings.Repeat("é", 16)}, // 32 bytes, 16 characters
		{"\u202d\u202a", "Player"},
	}
	for i, tt := range tests {
		hostEnd.Inject(netip.AddrPortFrom(netip.AddrFrom4([4]byte{10, 0, 0, byte(i + 1)}), 7300), rawHello(79, "elevensuits/1", 1, tt.sent))
	}
	h.Update(0)
	n.Advance(TickDuration)
	if len(h.Joiners()) != 3 {
		t.Fatalf("joiners %+v", h.Joiners())
	}
	for i, j := range h.Joiners() {
		if j.Name != tests[i].want {
			t.Errorf("name %q shown as %q, want %q", tests[i].sent, j.Name, tests[i].want)
		}
	}
	rooms := NewRoomFinder(disc).Update(n.Now())
	if len(rooms) != 1 || rooms[0].Host != "Adalla" {
		t.Errorf("rooms %+v, want one of host Adalla", rooms)
	}
	long := cleanName(strings.Repeat("abcdefghij", 3))
	if long != "abcdefghijabcdef" {
		t.Errorf("a long name cut to %q", long)
	}
	// Letters some machine cannot draw (a phone's page types any) are
	// left out, as the settings refuse them.
	for sent, want := range map[string]string{"Ann李🙂": "Ann", "李": "Player", "Мария Ζωή": "Мария Ζωή"} {
		if got := cleanName(sent); got != want {
			t.Errorf("cleanName(%q) = %q, want %q", sent, got, want)
		}
	}
}

// TestAttack_FakeAnnouncementFloodIsBounded: on main every announcement
// heard was kept for ever, and each one searched the whole list. A flood
// of fake rooms from one machine on many ports lists at most
// maxRoomsPerMachine of them, beside the real room; a flood from forged
// addresses lists at most maxRooms in all and keeps the real room, heard
// before it; and the fakes are gone roomTimeout after the flood stops.
// (Forged addresses can keep a room first heard during such a flood out
// of the full list: announcements are not authenticated.)
func TestAttack_FakeAnnouncementFloodIsBounded(t *testing.T) {
	n := NewMemNetwork(LinkConfig{Delay: 5 * time.Millisecond}, 2)
	hostEnd, disc := n.Endpoint(), n.Endpoint()
	h := NewLobbyHost(hostEnd, 80, "slam/1", "Ada", SeatsOf(1), func(Joiner) []byte { return nil })
	h.AnnounceTo = []netip.AddrPort{disc.LocalAddr()}
	f := NewRoomFinder(disc)
	sent := 0
	fake := func(from netip.Addr) {
		m := announce{Port: uint16(1000 + sent), Rules: "slam/1", Host: fmt.Sprint("fake ", sent), Open: 8}
		disc.Inject(netip.AddrPortFrom(from, 1), m.append(appendHeader(nil, KindAnnounce, 0)))
		sent++
	}
	oneMachine := netip.AddrFrom4([4]byte{10, 9, 9, 9})
	forged := func() netip.Addr { return netip.AddrFrom4([4]byte{10, byte(sent >> 16), byte(sent >> 8), byte(sent)}) }
	var rooms []Room
	run := func(seconds int, flood func()) (fromOne int, real bool) {
		for range seconds * 60 {
			h.Update(n.Now())
			for range 50 { // 3,000 announcements a second
				if flood != nil {
					flood()
				}
			}
			rooms = f.Update(n.Now())
			if len(rooms) > maxRooms {
				t.Fatalf("%d rooms listed", len(rooms))
			}
			n.Advance(TickDuration)
		}
		for _, r := range rooms {
			if r.Addr.Addr() == oneMachine {
				fromOne++
			}
			real = real || r.Host == "Ada"
		}
		return fromOne, real
	}
	if fromOne, real := run(3, func() { fake(oneMachine) }); fromOne != maxRoomsPerMachine || !real {
		t.Errorf("a flood from one machine: %d of its rooms listed (want %d), the real room listed %v", fromOne, maxRoomsPerMachine, real)
	}
	if _, real := run(3, func() { fake(forged()) }); len(rooms) != maxRooms || !real {
		t.Errorf("a flood from forged addresses: %d rooms listed (want %d), the real room listed %v", len(rooms), maxRooms, real)
	}
	if f.Counter.Dropped.RateLimited < int64(sent-2*maxRooms) {
		t.Errorf("%d sent, dropped %+v", sent, f.Counter.Dropped)
	}
	if _, real := run(int(roomTimeout/time.Second), nil); len(rooms) != 1 || !real {
		t.Errorf("%v after the flood: rooms %+v, want the real one alone", roomTimeout, rooms)
	}
}

// TestAttack_HelloFloodIsRateLimited: a flood of hellos from forged
// addresses gets at most the strangers' budget of answers, so the host
// cannot be made to reflect traffic at others, and the rest is counted.
func TestAttack_HelloFloodIsRateLimited(t *testing.T) {
	n := NewMemNetwork(LinkConfig{}, 3)
	hostEnd := n.Endpoint()
	h := NewLobbyHost(hostEnd, 81, "slam/1", "host", SeatsOf(1, 2, 3), func(Joiner) []byte { return make([]byte, 800) })
	const flood = 1000
	for i := range flood {
		hostEnd.Inject(netip.AddrPortFrom(netip.AddrFrom4([4]byte{10, 1, byte(i >> 8), byte(i)}), 7300), rawHello(81, "slam/2", 1, "x"))
	}
	h.Update(time.Second)
	if h.Counter.PacketsSent > newJoinRate/4 {
		t.Errorf("the host answered %d of %d hellos at once, want at most %d", h.Counter.PacketsSent, flood, newJoinRate/4)
	}
	if h.Counter.Dropped.RateLimited < flood-newJoinRate/4 {
		t.Errorf("dropped %+v", h.Counter.Dropped)
	}
}

// TestLobbyHostKicks: a kicked joiner is told, its seats are free again,
// the joiners after it move up, and its hellos are refused after.
func TestLobbyHostKicks(t *testing.T) {
	n := NewMemNetwork(LinkConfig{Delay: 10 * time.Millisecond}, 4)
	hostEnd := n.Endpoint()
	h := NewLobbyHost(hostEnd, 82, "slam/1", "host", SeatsOf(1, 2), func(Joiner) []byte { return nil })
	pest, friend := NewJoin(n.Endpoint(), hostEnd.LocalAddr(), 82, "slam/1", 1, "Pest", Ticket{}), NewJoin(n.Endpoint(), hostEnd.LocalAddr(), 82, "slam/1", 1, "Bo", Ticket{})
	run := func(ticks int) (JoinResult, JoinResult) {
		var p, f JoinResult
		for range ticks {
			h.Update(n.Now())
			p, f = pest.Update(n.Now()), friend.Update(n.Now())
			n.Advance(TickDuration)
		}
		return p, f
	}
	pest.Update(n.Now()) // the pest says hello first
	run(30)
	if len(h.Joiners()) != 2 || h.Joiners()[0].Name != "Pest" {
		t.Fatalf("joiners %+v", h.Joiners())
	}
	if err := h.Kick(h.Joiners()[0].Addr); err != nil {
		t.Fatal(err)
	}
	p, f := run(120)
	if !strings.Contains(p.Refused, "removed") || f.Refused != "" {
		t.Errorf("the pest was told %q, the friend %q", p.Refused, f.Refused)
	}
	if len(h.Joiners()) != 1 || h.Joiners()[0].Name != "Bo" || h.Joiners()[0].Index != 1 || f.Index != 1 || h.Free() != SeatsOf(1) {
		t.Errorf("after the kick: joiners %+v, free %08b, friend %+v", h.Joiners(), h.Free(), f)
	}
	if err := h.Kick(netip.MustParseAddrPort("127.0.0.1:1")); err == nil {
		t.Error("kicked a stranger")
	}
}

// sealedWith wraps tr in the room seal under key for packets to room, as
// the game's lobby seals its sockets with the room's code, on the
// simulated clock.
func sealedWith(t *testing.T, tr Transport, key string, room RoomCode, clock func() time.Duration) *secure.Conn {
	t.Helper()
	c, err := secure.Wrap(tr, secure.Config{Key: []byte(key), Plain: IsAnnouncement, Clock: clock, Prefix: SealPrefix(room)})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestAttack_DiscoveryListenerLearnsNothingToJoinWith: on main every
// announcement carried the room's code in its header, so any machine on
// the LAN read it off the discovery port and joined. Over UDP on
// 127.0.0.1, the host's socket sealed by its code as the lobby seals it
// and announcing to a loopback discovery socket: no byte a listener
// hears holds the code, in binary or spelled; a join with everything
// the announcements gave (its header's room field, or the host's name or
// rules, as the seal's key; or no seal at all) is refused by the host's
// seal and seats nobody; a joiner told the code joins.
func TestAttack_DiscoveryListenerLearnsNothingToJoinWith(t *testing.T) {
	code, err := ParseRoomCode("KXQM")
	if err != nil {
		t.Fatal(err)
	}
	var now time.Duration
	clock := func() time.Duration { return now }
	hostSeal := sealedWith(t, listen(t), code.String(), code, clock)
	disc := listen(t)
	h := NewLobbyHost(hostSeal, code, "slam/1", "Ada", SeatsOf(1, 2, 3), func(Joiner) []byte { return nil })
	h.AnnounceTo = []netip.AddrPort{disc.LocalAddr()}
	h.About = "Mode: Classic"

	// The listener keeps every announcement of three seconds.
	var heard [][]byte
	var from netip.AddrPort
	buf := make([]byte, MaxPacketSize+1)
	for deadline := time.Now().Add(hang); len(heard) < 3; time.Sleep(100 * time.Microsecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%d announcements heard", len(heard))
		}
		if n, at, ok := disc.Receive(buf); ok {
			heard, from = append(heard, bytes.Clone(buf[:n])), at
			now += h.AnnounceEvery
		}
		h.Update(now)
	}
	binaryCode := binary.LittleEndian.AppendUint32(nil, uint32(code))
	var hd Header
	var a announce
	for _, p := range heard {
		if bytes.Contains(p, binaryCode) || bytes.Contains(bytes.ToUpper(p), []byte(code.String())) {
			t.Fatalf("an announcement holds the room code %v: % x", code, p)
		}
		var payload []byte
		if hd, payload, err = ParseHeader(p); err != nil || a.decode(payload) != nil {
			t.Fatalf("announcement % x: header %+v, %v", p, hd, err)
		}
	}
	room := netip.AddrPortFrom(from.Addr(), a.Port)
	if room != hostSeal.LocalAddr() || a.Host != "Ada" || a.Rules != "slam/1" || a.About != "Mode: Classic" || a.Open != 3 {
		t.Fatalf("the announcement tells room %v %+v, not what a player needs to pick it", room, a)
	}

	// join asks the room with a hello naming roomField, on tr, until the
	// host answers or its seal has dropped one more packet by drops.
	join := func(tr Transport, roomField RoomCode, drops func(secure.Drops) int64) JoinResult {
		t.Helper()
		j := NewJoin(tr, room, roomField, a.Rules, 1, "Eve", Ticket{})
		before := drops(hostSeal.Stats().Dropped)
		for deadline := time.Now().Add(hang); ; time.Sleep(100 * time.Microsecond) {
			if time.Now().After(deadline) {
				t.Fatal("the host neither answered nor refused the join")
			}
			now += TickDuration
			res := j.Update(now)
			h.Update(now)
			if res.Done || drops(hostSeal.Stats().Dropped) > before {
				return res
			}
		}
	}
	forged := func(d secure.Drops) int64 { return d.Forged }
	for _, key := range []string{hd.Room.String(), a.Host, a.Rules, a.About} {
		if res := join(sealedWith(t, listen(t), key, hd.Room, clock), hd.Room, forged); res.Done {
			t.Errorf("a stranger keyed with %q from the announcement joined: %+v", key, res)
		}
	}
	if res := join(listen(t), hd.Room, func(d secure.Drops) int64 { return d.Unsealed }); res.Done {
		t.Errorf("an unsealed hello got an answer: %+v", res)
	}
	if js := h.Joiners(); len(js) != 0 {
		t.Fatalf("the host seated strangers: %+v", js)
	}
	if res := join(sealedWith(t, listen(t), code.String(), code, clock), code, forged); !res.Done || res.Refused != "" || res.Seats.Len() != 1 {
		t.Errorf("the joiner told the code: %+v, want a seat", res)
	}
}
