package netplay

import (
	"bytes"
	"errors"
	"testing"
	"time"

	"github.com/jankenarcade/janken/rulesets"
)

func sampleInput() *inputMsg {
	m := &inputMsg{Ack: 41, Tick: 40, Advantage: -3, Check: checksumMsg{Tick: 30, Hash: 0xdeadbeefcafe}, HasCheck: true}
	m.Seats = SeatsOf(1, 3)
	m.Start, m.Count = 37, 6
	m.Inputs[2][1] = SeatInput{Pressed: rulesets.ButtonRock, Held: rulesets.ButtonRock}
	m.Inputs[3][1] = SeatInput{Held: rulesets.ButtonRock}
	m.Inputs[5][3] = SeatInput{Pressed: rulesets.ButtonClap | rulesets.ButtonPaper}
	return m
}

func TestInputRoundTrip(t *testing.T) {
	want := sampleInput()
	p := want.append(appendHeader(nil, KindInput, 9))
	h, payload, err := ParseHeader(p)
	if err != nil || h != (Header{Kind: KindInput, Room: 9}) {
		t.Fatalf("header %+v, %v", h, err)
	}
	var got inputMsg
	if err := got.decode(payload); err != nil {
		t.Fatal(err)
	}
	if got != *want {
		t.Errorf("round trip:\n got %+v\nwant %+v", got, *want)
	}
	// Six ticks of two seats with runs cost a handful of bytes.
	if len(payload) > 40 {
		t.Errorf("input payload is %d bytes", len(payload))
	}
}

func TestInputDealsRoundTrip(t *testing.T) {
	plain := len(sampleInput().append(nil))
	want := sampleInput()
	want.Deals[1], want.Deals[2], want.Deals[5] = 0xfeedface, 0xfeedface, 3
	p := want.append(nil)
	var got inputMsg
	if err := got.decode(p); err != nil {
		t.Fatal(err)
	}
	if got != *want {
		t.Errorf("round trip:\n got %+v\nwant %+v", got, *want)
	}
	// Four runs of deals cost a dozen bytes; no deal costs nothing.
	if extra := len(p) - plain; extra > 14 {
		t.Errorf("the deals cost %d bytes", extra)
	}
	for name, tail := range map[string][]byte{"empty run": {0, 1}, "run too long": {7, 1}, "short": {6}} {
		if err := got.decode(append(sampleInput().append(nil), tail...)); !errors.Is(err, ErrMalformed) {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func TestParseHeaderRejects(t *testing.T) {
	good := appendHeader(nil, KindPing, 5)
	tests := []struct {
		name string
		p    []byte
		want error
	}{
		{"empty", nil, ErrMalformed},
		{"short", good[:5], ErrMalformed},
		{"bad magic", append([]byte("X"), good[1:]...), ErrMalformed},
		{"old version", append([]byte{'J', ProtocolVersion - 1}, good[2:]...), ErrVersion},
		{"unknown kind", append(good[:prefixSize:prefixSize], byte(kindCount)), ErrMalformed},
		{"zero kind", append(good[:prefixSize:prefixSize], 0), ErrMalformed},
		{"oversized", append(good, make([]byte, MaxPacketSize)...), ErrOversized},
	}
	for _, tt := range tests {
		if _, _, err := ParseHeader(tt.p); !errors.Is(err, tt.want) {
			t.Errorf("%s: %v, want %v", tt.name, err, tt.want)
		}
	}
}

func TestInputDecodeRejects(t *testing.T) {
	good := sampleInput().append(nil)
	// tick, ack-tick, advantage<<1 | has a check, (ticks since the check,
	// hash,) seats, start-tick, count, then (run, buttons) per seat.
	if p := []byte{1, 1, 0, 1, 0, 1, 1, 0xff, 0xff, 0xff, 0x1f}; (&inputMsg{}).decode(p) != nil {
		t.Fatal("the vectors' base is not a valid message")
	}
	tests := map[string][]byte{
		"truncated":      good[:len(good)-1],
		"trailing byte":  append(append([]byte(nil), good...), 0),
		"ack before -1":  {0, 3, 0, 1, 0, 0},
		"check before 0": {1, 1, 1, 2, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0},
		"check of now":   {1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0},
		"start before 0": {1, 1, 0, 1, 3, 0},
		"no seats":       {1, 1, 0, 0, 0, 0},
		"too many ticks": {1, 1, 0, 1, 0, maxInputTicks + 1},
		"run too long":   {1, 1, 0, 1, 0, 2, 3, 0},
		"empty run":      {1, 1, 0, 1, 0, 1, 0, 0},
		"bad buttons":    {1, 1, 0, 1, 0, 1, 1, 0x80, 0x80, 0x80, 0x20},
	}
	for name, p := range tests {
		var m inputMsg
		err := m.decode(p)
		t.Logf("%s: %v", name, err)
		if !errors.Is(err, ErrMalformed) {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func TestRoomCode(t *testing.T) {
	for range 100 {
		c := NewRoomCode()
		got, err := ParseRoomCode(" " + string(bytes.ToLower([]byte(c.String()))) + " ")
		if err != nil || got != c || !c.Valid() {
			t.Fatalf("%v: parsed %v, %v", c, got, err)
		}
	}
	for _, bad := range []string{"", "ABC", "ABCDE", "BCD1", "AAAA", "BBBB"} {
		if _, err := ParseRoomCode(bad); err == nil {
			t.Errorf("ParseRoomCode(%q) succeeded", bad)
		}
	}
}

// FuzzDecode feeds arbitrary bytes to every decoder: none may panic, and a
// decoded message must encode back to a packet that decodes the same.
// FuzzDecode hands every kind's decoder arbitrary bytes: none may panic,
// and what one accepts re-encodes no longer and decodes again.
func FuzzDecode(f *testing.F) {
	f.Add(sampleInput().append(appendHeader(nil, KindInput, 1)))
	drop := &dropMsg{Peer: 1, From: 20}
	drop.Seats, drop.Start, drop.Count = SeatsOf(1), 18, 2
	f.Add(drop.append(appendHeader(nil, KindDrop, 1)))
	f.Add(drop.append(appendHeader(nil, KindForward, 1)))
	f.Add(drop.append(appendHeader(nil, KindLeave, 1)))
	f.Add((&leadPing{}).append(appendHeader(nil, KindPing, 1)))
	f.Add((&hello{Rules: "slam/1", Seats: 2, Name: "Ann"}).append(appendHeader(nil, KindHello, 1)))
	f.Add((&welcome{}).append(appendHeader(nil, KindWelcome, 1)))
	f.Add((&reject{Reason: "full"}).append(appendHeader(nil, KindReject, 1)))
	f.Add((&announce{Port: 7300, Rules: "ninjan/1", Host: "Cy", Open: 2}).append(appendHeader(nil, KindAnnounce, 0)))
	f.Add((&fragment{}).append(appendHeader(nil, KindMessage, 1)))
	f.Add((&ackMsg{Next: 3}).append(appendHeader(nil, KindAck, 1)))
	f.Add((&ackMsg{Next: 3, Have: 0b1011}).append(appendHeader(nil, KindAck, 1)))
	f.Add(appendRelayEntry(appendHeader(nil, KindRelay, 1), 1, KindPing, &leadPing{}))
	f.Fuzz(func(t *testing.T, p []byte) {
		h, payload, err := ParseHeader(p)
		if err != nil {
			return
		}
		if h.Kind == KindRelay {
			for rest := payload; len(rest) > 0; {
				var ok bool
				if _, _, _, rest, ok = nextRelayEntry(rest, 8); !ok {
					return
				}
			}
			return
		}
		var m interface {
			appender
			decode([]byte) error
		}
		switch h.Kind {
		case KindInput:
			m = new(inputMsg)
		case KindDrop, KindForward, KindLeave:
			m = new(dropMsg)
		case KindPing, KindPong:
			m = new(leadPing)
		case KindHello:
			m = new(hello)
		case KindWelcome:
			m = new(welcome)
		case KindReject:
			m = new(reject)
		case KindAnnounce:
			m = new(announce)
		case KindMessage:
			m = new(fragment)
		case KindAck:
			m = new(ackMsg)
		default:
			t.Fatalf("ParseHeader accepted kind %v, which no decoder reads", h.Kind)
		}
		if err := m.decode(payload); err != nil {
			return
		}
		again := m.append(nil)
		if len(again) > len(payload) {
			t.Fatalf("re-encoding a %v grew %d to %d bytes", h.Kind, len(payload), len(again))
		}
		if err := m.decode(again); err != nil {
			t.Fatalf("re-encoded %v does not decode: %v", h.Kind, err)
		}
	})
}

// FuzzHostUpdate hands a card-game client's decoder of the host's
// messages arbitrary bytes: it may refuse them, never panic.
func FuzzHostUpdate(f *testing.F) {
	f.Add([]byte{msgUpdate, 1, 0, 2, 2, '{', '}', 0, 2, '{', '}'})
	f.Add([]byte{msgRefused, 0, 3, 4, 'n', 'o', 'p', 'e'})
	f.Fuzz(func(t *testing.T, msg []byte) {
		u, _, err := decodeUpdate(msg)
		if err == nil && (u.Seat < 0 || u.Seat > 255) {
			t.Fatalf("decoded seat %d", u.Seat)
		}
	})
}

// FuzzSessionPackets delivers arbitrary packets to a session: from an
// unknown address or for another room nothing may change at all, and from
// the real peer nothing may change unless the packet decodes.
func FuzzSessionPackets(f *testing.F) {
	f.Add(sampleInput().append(appendHeader(nil, KindInput, 77)), false, false)
	f.Add([]byte("JK\x01\x04garbage"), true, false)
	f.Add(make([]byte, MaxPacketSize+10), false, true)
	leave := dropMsg{Peer: 1, From: maxInputTicks, inputRange: inputRange{Seats: SeatsOf(1), Count: maxInputTicks}}
	f.Add(leave.append(appendHeader(nil, KindLeave, 77)), false, false) // peer 1's last inputs: they change the session
	f.Fuzz(func(t *testing.T, p []byte, stranger, otherRoom bool) {
		m := newMatch(t, 2, LinkConfig{}, 1, nil)
		m.runUntil(20, 40)
		s := m.peers[0]
		if otherRoom && len(p) >= headerSize {
			p[4] ^= 0x55
		}
		from := m.ends[1].LocalAddr()
		if stranger {
			from = m.net.Endpoint().LocalAddr()
		}
		s.receive(m.net.Now()) // take in what the real peer sent
		dropped := s.Stats().Counter.Dropped.Total()
		before := snapshot(s)
		m.ends[0].Inject(from, p)
		s.receive(m.net.Now())
		after := snapshot(s)
		valid := !stranger && decodes(p, 77)
		if !valid && before != after {
			t.Fatalf("an invalid packet changed the session: known %v to %v, tick %d to %d, heard %v to %v",
				before.known, after.known, before.tick, after.tick, before.heard, after.heard)
		}
		if !valid && s.Stats().Counter.Dropped.Total() != dropped+1 {
			t.Fatalf("invalid packet not counted: %+v", s.Stats().Counter.Dropped)
		}
	})
}

type sessionSnapshot struct {
	inputs  [ringSize][rulesets.MaxSeats]SeatInput
	known   [rulesets.MaxSeats]int64
	drop    [rulesets.MaxSeats]int64
	rollTo  int64
	tick    int64
	hash    uint64
	heard   time.Duration
	ack     int64
	checks  [checkRing]checksumMsg
	faulted bool
}

func snapshot(s *Session[race, *race]) sessionSnapshot {
	return sessionSnapshot{s.inputs, s.known, s.dropFrom, s.rollTo, s.rb.Tick(), s.rb.State().Hash(), s.peers[1].heard, s.peers[1].ack, s.peers[1].checks, s.faulted}
}

// decodes reports whether p is a packet for room that a session (peer 0)
// accepts from its peer (which owns seat 1).
func decodes(p []byte, room RoomCode) bool {
	h, payload, err := ParseHeader(p)
	if err != nil || h.Room != room {
		return false
	}
	switch h.Kind {
	case KindInput:
		var m inputMsg
		return m.decode(payload) == nil && m.Seats == SeatsOf(1) && !m.hasDeals()
	case KindPing, KindPong:
		var m leadPing // with the lead-in's fields, as the session reads them
		return m.decode(payload) == nil
	case KindLeave:
		// Peer 1 saying that its own player left, with its last inputs:
		// a mutated drop can come out as one.
		var m dropMsg
		return m.decode(payload) == nil && m.Peer == 1 && m.Seats == SeatsOf(1) &&
			m.Start+int64(m.Count) == m.From && !m.hasDeals()
	}
	// A drop from peer 1 is refused by peer 0: it is not entitled, and
	// names the receiver; so is a forward, which can name neither.
	return false
}
