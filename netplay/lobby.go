package netplay

import (
	"encoding/binary"
	"fmt"
	"net/netip"
	"strings"
	"time"
)

// The game's UDP ports on the LAN: hosts listen on GamePort and announce
// their rooms to DiscoveryPort at the broadcast address.
const (
	GamePort      = 7300
	DiscoveryPort = 7301
)

// Broadcast is where a LAN host announces its room.
var Broadcast = netip.AddrPortFrom(netip.AddrFrom4([4]byte{255, 255, 255, 255}), DiscoveryPort)

// Limits of the handshake's strings.
const (
	maxRulesLen   = 64  // "slam/1"
	maxNameLen    = 32  // a player's name
	maxAboutLen   = 200 // a room's variant, as its host has set it
	maxWelcomeLen = 900 // the host's settings for the match
)

// hello is a joiner's request: the rules version it runs and how many
// seats it brings. The protocol version and room code are in the header.
type hello struct {
	Rules string
	Seats int
	Name  string
}

func (m *hello) append(dst []byte) []byte {
	dst = appendBytes(dst, []byte(m.Rules))
	dst = append(dst, byte(m.Seats))
	return appendBytes(dst, []byte(m.Name))
}

func (m *hello) decode(p []byte) error {
	r := reader{b: p}
	m.Rules = string(r.bytes(maxRulesLen, "rules"))
	m.Seats = int(r.byte())
	m.Name = string(r.bytes(maxNameLen, "name"))
	if r.err == nil && (m.Seats < 1 || m.Seats > 8) {
		r.fail("hello for %d seats", m.Seats)
	}
	return r.done()
}

// welcome accepts a joiner: its peer index, its seats, and the host's
// settings for the match (the ruleset's config, seed and peer list, in a
// form the game chooses). The host sends it again with Started set when
// the match begins, with the final settings.
type welcome struct {
	Index    int
	Seats    SeatSet
	Started  bool
	Settings []byte
}

func (m *welcome) append(dst []byte) []byte {
	started := byte(0)
	if m.Started {
		started = 1
	}
	dst = append(dst, byte(m.Index), byte(m.Seats), started)
	return appendBytes(dst, m.Settings)
}

func (m *welcome) decode(p []byte) error {
	r := reader{b: p}
	m.Index = int(r.upTo(7, "peer index"))
	m.Seats = r.seats("welcome")
	m.Started = r.upTo(1, "started") == 1
	m.Settings = append([]byte(nil), r.bytes(maxWelcomeLen, "settings")...)
	return r.done()
}

// reject refuses a joiner and says why.
type reject struct{ Reason string }

func (m *reject) append(dst []byte) []byte { return appendBytes(dst, []byte(m.Reason)) }

func (m *reject) decode(p []byte) error {
	r := reader{b: p}
	m.Reason = string(r.bytes(maxRulesLen*2, "reason"))
	return r.done()
}

// announce is a host's advertisement on the LAN.
type announce struct {
	Port  uint16 // where the host listens
	Rules string
	Host  string // the host's name
	Open  int    // seats still free
	About string // the game's variant as the host has set it; may be empty
}

func (m *announce) append(dst []byte) []byte {
	dst = binary.LittleEndian.AppendUint16(dst, m.Port)
	dst = appendBytes(dst, []byte(m.Rules))
	dst = appendBytes(dst, []byte(m.Host))
	dst = append(dst, byte(m.Open))
	return appendBytes(dst, []byte(m.About))
}

func (m *announce) decode(p []byte) error {
	r := reader{b: p}
	m.Port = uint16(r.byte()) | uint16(r.byte())<<8
	m.Rules = string(r.bytes(maxRulesLen, "rules"))
	m.Host = string(r.bytes(maxNameLen, "host"))
	m.Open = int(r.upTo(8, "open seats"))
	m.About = string(r.bytes(maxAboutLen, "about"))
	return r.done()
}

// Joiner is a remote peer the lobby host has seated.
type Joiner struct {
	Addr  netip.AddrPort
	Name  string
	Index int // its peer index (the host is 0)
	Seats SeatSet
	// HostOnly is set for a browser, which joined over the host's
	// WebSocketHub and reaches no other peer: the PeerConfig.HostOnly of
	// a rollback session.
	HostOnly bool
}

// LobbyHost admits joiners to a hosted room: it answers a hello with the
// right room code, protocol and rules version by seating the joiner (on
// free seats) or refusing it with a reason, and announces the room for LAN
// discovery. Call Update once per tick.
type LobbyHost struct {
	tr       Transport
	room     RoomCode
	rules    string
	name     string
	free     SeatSet // seats open to remote players
	joiners  []Joiner
	settings func(j Joiner) []byte
	started  bool
	// AnnounceTo lists where announcements go (the LAN broadcast address
	// and discovery port; loopback in tests), every AnnounceEvery.
	AnnounceTo    []netip.AddrPort
	AnnounceEvery time.Duration
	// About tells those looking for a room the game's variant as the host
	// has set it ("Mode: Last One Loses"), announced with the room; at
	// most maxAboutLen bytes go.
	About     string
	announced time.Duration
	Counter   Counter
	buf       [MaxPacketSize + 1]byte
	out       []byte
}

// NewLobbyHost opens room on tr for joiners running rules, offering the
// seats in free. settings returns what a joiner is told on joining.
func NewLobbyHost(tr Transport, room RoomCode, rules, hostName string, free SeatSet, settings func(Joiner) []byte) *LobbyHost {
	return &LobbyHost{tr: tr, room: room, rules: rules, name: hostName, free: free, settings: settings, AnnounceEvery: time.Second, announced: -time.Hour}
}

// Joiners returns the peers seated so far, in joining order.
func (h *LobbyHost) Joiners() []Joiner { return h.joiners }

// Free returns the seats still open.
func (h *LobbyHost) Free() SeatSet { return h.free }

// Update answers the hellos that arrived and announces the room.
func (h *LobbyHost) Update(now time.Duration) {
	drain(h.tr, h.buf[:], &h.Counter, h.handle)
	if now-h.announced >= h.AnnounceEvery && len(h.AnnounceTo) > 0 {
		h.announced = now
		m := announce{Port: h.tr.LocalAddr().Port(), Rules: h.rules, Host: h.name, Open: h.free.Len(), About: h.About}
		if len(m.About) > maxAboutLen {
			m.About = strings.ToValidUTF8(m.About[:maxAboutLen], "")
		}
		for _, to := range h.AnnounceTo {
			h.send(to, KindAnnounce, &m)
		}
	}
}

func (h *LobbyHost) handle(from netip.AddrPort, p []byte) {
	hd, payload, err := ParseHeader(p)
	var m hello
	switch {
	case err != nil || hd.Kind != KindHello:
		h.Counter.Dropped.Malformed++
		return
	case hd.Room != h.room:
		h.Counter.Dropped.WrongRoom++
		return
	case m.decode(payload) != nil:
		h.Counter.Dropped.Malformed++
		return
	}
	for _, j := range h.joiners {
		if j.Addr == from { // a repeated hello: the welcome was lost
			h.send(from, KindWelcome, &welcome{Index: j.Index, Seats: j.Seats, Started: h.started, Settings: h.settings(j)})
			return
		}
	}
	if h.started {
		h.send(from, KindReject, &reject{Reason: "the match has started"})
		return
	}
	if m.Rules != h.rules {
		h.send(from, KindReject, &reject{Reason: fmt.Sprintf("rules %q, the host runs %q", m.Rules, h.rules)})
		return
	}
	if m.Seats > h.free.Len() {
		h.send(from, KindReject, &reject{Reason: fmt.Sprintf("%d seats wanted, %d free", m.Seats, h.free.Len())})
		return
	}
	j := Joiner{Addr: from, Name: m.Name, Index: len(h.joiners) + 1}
	if t, ok := h.tr.(interface{ HostOnly(netip.AddrPort) bool }); ok {
		j.HostOnly = t.HostOnly(from)
	}
	for seat := 0; seat < 8 && j.Seats.Len() < m.Seats; seat++ {
		if h.free.Has(seat) {
			j.Seats |= SeatsOf(seat)
			h.free &^= SeatsOf(seat)
		}
	}
	h.joiners = append(h.joiners, j)
	h.send(from, KindWelcome, &welcome{Index: j.Index, Seats: j.Seats, Settings: h.settings(j)})
}

// Start begins the match: every joiner is told, with settings made now (the
// final peer list), and the room closes. Joiners that miss the message ask
// again with their hello and are told again. Settings too long for the
// message are an error, and then nothing starts and nobody is told.
func (h *LobbyHost) Start(settings func(Joiner) []byte) error {
	for _, j := range h.joiners {
		if n := len(settings(j)); n > maxWelcomeLen {
			return fmt.Errorf("netplay: the match settings for %v take %d bytes, more than the %d a start message carries", j.Addr, n, maxWelcomeLen)
		}
	}
	h.started, h.settings = true, settings
	for _, j := range h.joiners {
		h.send(j.Addr, KindWelcome, &welcome{Index: j.Index, Seats: j.Seats, Started: true, Settings: settings(j)})
	}
	return nil
}

// Started reports whether Start was called.
func (h *LobbyHost) Started() bool { return h.started }

func (h *LobbyHost) send(to netip.AddrPort, k Kind, m appender) {
	h.out = m.append(appendHeader(h.out[:0], k, h.room))
	if len(h.out) > MaxPacketSize || h.tr.Send(to, h.out) != nil {
		return
	}
	h.Counter.PacketsSent++
	h.Counter.BytesSent += int64(len(h.out))
}

// JoinResult is what a join attempt learned.
type JoinResult struct {
	Done     bool   // the host answered
	Started  bool   // the host started the match (Settings are final)
	Refused  string // its reason, if it refused
	Index    int
	Seats    SeatSet
	Settings []byte
}

// Join asks the host at addr for seats in room, once per call to Update,
// until it answers.
type Join struct {
	tr     Transport
	host   netip.AddrPort
	room   RoomCode
	hello  hello
	result JoinResult
	buf    [MaxPacketSize + 1]byte
	sent   time.Duration
}

// NewJoin prepares a join of the room at host with the given rules
// version, seats and player name.
func NewJoin(tr Transport, host netip.AddrPort, room RoomCode, rules string, seats int, name string) *Join {
	return &Join{tr: tr, host: host, room: room, hello: hello{Rules: rules, Seats: seats, Name: name}, sent: -time.Hour}
}

// Update sends the hello every 200 ms until the host answers, and then
// every second (so the host can tell the joiner is still there, and a lost
// start is told again) until the match starts; it reads the answers.
func (j *Join) Update(now time.Duration) JoinResult {
	for !j.result.Started && j.result.Refused == "" {
		n, from, ok := j.tr.Receive(j.buf[:])
		if !ok {
			break
		}
		hd, payload, err := ParseHeader(j.buf[:n])
		if err != nil || from != j.host || hd.Room != j.room {
			continue
		}
		switch hd.Kind {
		case KindWelcome:
			var w welcome
			if w.decode(payload) == nil {
				j.result = JoinResult{Done: true, Started: w.Started, Index: w.Index, Seats: w.Seats, Settings: w.Settings}
			}
		case KindReject:
			var r reject
			if r.decode(payload) == nil {
				j.result = JoinResult{Done: true, Refused: r.Reason}
			}
		}
	}
	every := 200 * time.Millisecond
	if j.result.Done {
		every = time.Second
	}
	if !j.result.Started && j.result.Refused == "" && now-j.sent >= every {
		j.sent = now
		p := j.hello.append(appendHeader(nil, KindHello, j.room))
		_ = j.tr.Send(j.host, p)
	}
	return j.result
}

// Room is a hosted room found by LAN discovery.
type Room struct {
	Code  RoomCode
	Addr  netip.AddrPort // where to join
	Rules string
	Host  string
	Open  int
	About string // the game's variant, as the host has set it
}

// Discover reads announcements arriving on tr (a transport listening on
// the discovery port) and returns the rooms heard, adding to rooms. A room
// is addressed at the announcing machine's address and announced port.
func Discover(tr Transport, rooms []Room) []Room {
	var buf [MaxPacketSize + 1]byte
	for {
		n, from, ok := tr.Receive(buf[:])
		if !ok {
			return rooms
		}
		hd, payload, err := ParseHeader(buf[:n])
		var a announce
		if err != nil || hd.Kind != KindAnnounce || !hd.Room.Valid() || a.decode(payload) != nil {
			continue
		}
		r := Room{Code: hd.Room, Addr: netip.AddrPortFrom(from.Addr(), a.Port), Rules: a.Rules, Host: a.Host, Open: a.Open, About: a.About}
		found := false
		for i := range rooms {
			if rooms[i].Code == r.Code && rooms[i].Addr == r.Addr {
				rooms[i], found = r, true
			}
		}
		if !found {
			rooms = append(rooms, r)
		}
	}
}
