package netplay

import (
	"cmp"
	"encoding/binary"
	"errors"
	"fmt"
	"net/netip"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/jankenarcade/janken/drawable"
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
	maxNameLen    = 32  // a player's name, in bytes
	maxNameRunes  = 16  // and in characters
	maxAboutLen   = 200 // a room's variant, as its host has set it
	maxWelcomeLen = 900 // the host's settings for the match
)

// The lobby's timing and its bounds on what strangers may cost it.
const (
	// joinerTimeout is how long a seated joiner may be silent before the
	// start: a Join repeats its hello every joinKeepAlive.
	joinerTimeout = 3 * time.Second
	joinKeepAlive = 500 * time.Millisecond
	// helloRate is the hellos a second the host answers from one seated
	// joiner, and newJoinRate those from all other addresses together:
	// no stranger makes the host send faster than that.
	helloRate   = 8
	newJoinRate = 20
	// maxBarred is how many kicked addresses the host remembers.
	maxBarred = 16
	// roomTimeout is how long a room stays listed unannounced (its host
	// announces every second); maxRooms is the most listed at once, and
	// maxRoomsPerMachine the most from one address; announceRate is the
	// announcements a second taken from one room.
	roomTimeout        = 3 * time.Second
	maxRooms           = 32
	maxRoomsPerMachine = 4
	announceRate       = 4
)

// cleanName makes a name that came over the network fit to show: without
// control or formatting characters (among them the bidirectional
// overrides and isolates, U+202A to U+202E and U+2066 to U+2069, which
// would reverse the text around it) or line breaks, without characters
// some machine cannot draw (those drawable.Chars leaves out: a phone's
// page types any), without surrounding spaces, at most maxNameRunes
// characters and maxNameLen bytes long; an empty name becomes "Player".
func cleanName(s string) string {
	s = strings.Map(func(r rune) rune {
		if !drawable.Char(r) {
			return -1
		}
		return r
	}, cleanText(s))
	n := 0
	for i, r := range s {
		if n == maxNameRunes || i+utf8.RuneLen(r) > maxNameLen {
			s = s[:i]
			break
		}
		n++
	}
	if s = strings.TrimSpace(s); s == "" {
		return "Player"
	}
	return s
}

// cleanText drops from s what is unfit to show: invalid UTF-8, control
// and formatting characters and line or paragraph separators.
func cleanText(s string) string {
	return strings.Map(func(r rune) rune {
		if r == utf8.RuneError || unicode.In(r, unicode.Cc, unicode.Cf, unicode.Zl, unicode.Zp) {
			return -1
		}
		return r
	}, strings.ToValidUTF8(s, ""))
}

// hello is a joiner's request: the rules version it runs and how many
// seats it brings, and the ticket of the seats it held before, if it is
// coming back. The protocol version and room code are in the header.
type hello struct {
	Rules  string
	Seats  int
	Name   string
	Ticket Ticket
}

func (m *hello) append(dst []byte) []byte {
	dst = appendBytes(dst, []byte(m.Rules))
	dst = append(dst, byte(m.Seats))
	dst = appendBytes(dst, []byte(m.Name))
	return appendTicket(dst, m.Ticket)
}

func (m *hello) decode(p []byte) error {
	r := reader{b: p}
	m.Rules = string(r.bytes(maxRulesLen, "rules"))
	m.Seats = int(r.byte())
	m.Name = string(r.bytes(maxNameLen, "name"))
	m.Ticket = r.ticket()
	if r.err == nil && (m.Seats < 1 || m.Seats > 8) {
		r.fail("hello for %d seats", m.Seats)
	}
	return r.done()
}

// welcome accepts a joiner: its peer index, its seats, the host's
// settings for the match (the ruleset's config, seed and peer list, in a
// form the game chooses) and the joiner's ticket. The host sends it again
// with Started set when the match begins, with the final settings.
type welcome struct {
	Index    int
	Seats    SeatSet
	Started  bool
	Settings []byte
	Ticket   Ticket
}

func (m *welcome) append(dst []byte) []byte {
	started := byte(0)
	if m.Started {
		started = 1
	}
	dst = append(dst, byte(m.Index), byte(m.Seats), started)
	dst = appendBytes(dst, m.Settings)
	return appendTicket(dst, m.Ticket)
}

func (m *welcome) decode(p []byte) error {
	r := reader{b: p}
	m.Index = int(r.upTo(7, "peer index"))
	m.Seats = r.seats("welcome")
	m.Started = r.upTo(1, "started") == 1
	m.Settings = append([]byte(nil), r.bytes(maxWelcomeLen, "settings")...)
	m.Ticket = r.ticket()
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

// announce is a host's advertisement on the LAN: what a player needs to
// pick a room, and nothing that lets anyone in. It travels unsealed, to
// the broadcast address, so its header names no room (the room field is
// zero): the code that keys the room's seal is told by word of mouth, and
// the host's screen shows it to its players.
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
// free seats, at most SeatsPerMachine of them) or refusing it with a
// reason, and announces the room for LAN discovery, without its code. Before the start a
// joiner silent for joinerTimeout loses its seats, and the host may Kick
// one. Hellos are answered at a bounded rate, so that no stranger makes
// the host send faster than that. Call Update once per tick.
type LobbyHost struct {
	tr       Transport
	room     RoomCode
	rules    string
	name     string
	free     SeatSet // seats open to remote players
	joiners  []Joiner
	company  []company // each joiner's
	settings func(j Joiner) []byte
	started  bool
	// SeatsPerMachine is the most seats one joiner may take (a couch of
	// players on one machine); 0 counts as 1.
	SeatsPerMachine int
	// AnnounceTo lists where announcements go (the LAN broadcast address
	// and discovery port; loopback in tests), every AnnounceEvery.
	AnnounceTo    []netip.AddrPort
	AnnounceEvery time.Duration
	// About tells those looking for a room the game's variant as the host
	// has set it ("Mode: Last One Loses"), announced with the room; at
	// most maxAboutLen bytes go.
	About       string
	announced   time.Duration
	strangers   budget           // the hello budget of everyone not seated
	lateRefused int              // strangers' hellos refused after the start (see Handoff)
	barred      []netip.AddrPort // kicked, most recent last
	rejoin      Rejoiner         // the match's, once it has begun (see OnRejoin)
	now         time.Duration
	Counter     Counter
	buf         [MaxPacketSize + 1]byte
	out         []byte
}

// company is what the host keeps of a seated joiner: when it was last
// heard, and its hello budget.
type company struct {
	heard  time.Duration
	hellos budget
	late   int    // hellos answered after the start (see Handoff)
	ticket Ticket // told in its welcomes alone
}

// budget is a token bucket of packets a second (see allow).
type budget struct {
	tokens   float64
	refilled time.Duration
}

func (b *budget) allow(rate int, now time.Duration) bool {
	return allow(&b.tokens, &b.refilled, rate, now)
}

// NewLobbyHost opens room on tr for joiners running rules, offering the
// seats in free. settings returns what a joiner is told on joining.
func NewLobbyHost(tr Transport, room RoomCode, rules, hostName string, free SeatSet, settings func(Joiner) []byte) *LobbyHost {
	return &LobbyHost{tr: tr, room: room, rules: rules, name: cleanName(hostName), free: free, settings: settings,
		AnnounceEvery: time.Second, announced: -time.Hour, strangers: budget{tokens: newJoinRate / 4}}
}

// Joiners returns the peers seated so far, in joining order.
func (h *LobbyHost) Joiners() []Joiner { return h.joiners }

// Free returns the seats still open.
func (h *LobbyHost) Free() SeatSet { return h.free }

// Update answers the hellos that arrived, lets go of the joiners silent
// too long, and announces the room.
func (h *LobbyHost) Update(now time.Duration) {
	h.now = now
	drain(h.tr, h.buf[:], &h.Counter, h.handle)
	for i := len(h.joiners) - 1; i >= 0 && !h.started; i-- {
		if now-h.company[i].heard >= joinerTimeout {
			h.unseat(i)
		}
	}
	if now-h.announced >= h.AnnounceEvery && len(h.AnnounceTo) > 0 {
		h.announced = now
		m := announce{Port: h.tr.LocalAddr().Port(), Rules: h.rules, Host: h.name, Open: h.free.Len(), About: h.About}
		if len(m.About) > maxAboutLen {
			m.About = strings.ToValidUTF8(m.About[:maxAboutLen], "")
		}
		for _, to := range h.AnnounceTo {
			h.sendIn(to, KindAnnounce, 0, &m) // names no room: see announce
		}
	}
}

func (h *LobbyHost) handle(from netip.AddrPort, p []byte) {
	var m hello
	if !h.readHello(p, &m) {
		return
	}
	i := h.joiner(from)
	if k := h.holder(m.Ticket); i < 0 && k >= 0 {
		// A joiner come back from a new address (its page reloaded):
		// before the start nothing else knows where it was.
		h.readdress(k, from)
		i = k
	}
	if i >= 0 { // a repeated hello: a keep-alive, or the welcome was lost
		if !h.company[i].hellos.allow(helloRate, h.now) {
			h.Counter.Dropped.RateLimited++
			return
		}
		h.company[i].heard = h.now
		h.welcome(i)
		return
	}
	if !h.strangers.allow(newJoinRate, h.now) {
		h.Counter.Dropped.RateLimited++
		return
	}
	if reason := h.refusal(from, &m); reason != "" {
		h.send(from, KindReject, &reject{Reason: reason})
		return
	}
	h.seat(from, &m)
}

// refusal says why the hello m from a newcomer is refused, or "".
func (h *LobbyHost) refusal(from netip.AddrPort, m *hello) string {
	perMachine := max(1, h.SeatsPerMachine)
	switch {
	case slices.Contains(h.barred, from):
		return Kicked
	case h.started:
		return "the match has started"
	case m.Rules != h.rules:
		return fmt.Sprintf("rules %q, the host runs %q", m.Rules, h.rules)
	case m.Seats > perMachine:
		return fmt.Sprintf("%d seats wanted, at most %d a machine", m.Seats, perMachine)
	case m.Seats > h.free.Len():
		return fmt.Sprintf("%d seats wanted, %d free", m.Seats, h.free.Len())
	}
	return ""
}

// seat gives a newcomer the seats its hello asks for and welcomes it.
func (h *LobbyHost) seat(from netip.AddrPort, m *hello) {
	j := Joiner{Addr: from, Name: cleanName(m.Name), Index: len(h.joiners) + 1}
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
	h.company = append(h.company, company{heard: h.now, hellos: budget{tokens: helloRate / 4, refilled: h.now}, ticket: newTicket()})
	h.welcome(len(h.joiners) - 1)
}

// welcome sends joiner i its welcome: the match's start once it has begun.
func (h *LobbyHost) welcome(i int) {
	j := h.joiners[i]
	h.send(j.Addr, KindWelcome, &welcome{Index: j.Index, Seats: j.Seats, Started: h.started, Settings: h.settings(j), Ticket: h.company[i].ticket})
}

func (h *LobbyHost) joiner(addr netip.AddrPort) int {
	return slices.IndexFunc(h.joiners, func(j Joiner) bool { return j.Addr == addr })
}

// holder returns the index of the joiner whose ticket is t, or -1.
func (h *LobbyHost) holder(t Ticket) int {
	if t.IsZero() {
		return -1
	}
	return slices.IndexFunc(h.company, func(c company) bool { return c.ticket.equal(t) })
}

// readdress moves joiner i to addr, where it came back from.
func (h *LobbyHost) readdress(i int, addr netip.AddrPort) {
	j := &h.joiners[i]
	j.Addr, j.HostOnly = addr, false
	if t, ok := h.tr.(interface{ HostOnly(netip.AddrPort) bool }); ok {
		j.HostOnly = t.HostOnly(addr)
	}
	h.company[i].heard, h.company[i].late = h.now, 0
}

// unseat lets joiner i go: its seats are free again, and the joiners
// after it move up a peer index (they learn theirs again from the
// welcome that answers their next hello, and the start's).
func (h *LobbyHost) unseat(i int) {
	h.free |= h.joiners[i].Seats
	h.joiners = slices.Delete(h.joiners, i, i+1)
	h.company = slices.Delete(h.company, i, i+1)
	for k := i; k < len(h.joiners); k++ {
		h.joiners[k].Index = k + 1
	}
}

// Withhold takes seats, which must all be free, off the room's offer:
// the host fills them itself (with bots). Offer puts them back.
func (h *LobbyHost) Withhold(seats SeatSet) error {
	if seats&^h.free != 0 {
		return fmt.Errorf("netplay: seats %08b are not free", seats&^h.free)
	}
	h.free &^= seats
	return nil
}

// Offer opens seats to joiners again, once withheld.
func (h *LobbyHost) Offer(seats SeatSet) { h.free |= seats }

// Kicked is the reason a kicked joiner's JoinResult.Refused gives.
const Kicked = "the host removed you from the room"

// Kick removes the joiner at addr from the room before the start: its
// seats are free again, it is told so, and a hello from its address is
// refused from now on.
func (h *LobbyHost) Kick(addr netip.AddrPort) error {
	if h.started {
		return fmt.Errorf("netplay: the match has started; %v cannot be kicked from the room", addr)
	}
	i := h.joiner(addr)
	if i < 0 {
		return fmt.Errorf("netplay: no joiner at %v", addr)
	}
	h.unseat(i)
	if len(h.barred) == maxBarred {
		h.barred = slices.Delete(h.barred, 0, 1)
	}
	h.barred = append(h.barred, addr)
	h.send(addr, KindReject, &reject{Reason: Kicked})
	return nil
}

// RoomClosed is why a host's joiners are let go when its player leaves the
// room before the start (LobbyHost.CloseRoom).
const RoomClosed = "the host closed the room"

// CloseRoom tells every joiner, before the start, that the host's player
// left the room (RoomClosed): their lobbies say so at once, rather than
// after the host's silence. Call it before the transport closes. After
// Start it does nothing: the match has the joiners.
func (h *LobbyHost) CloseRoom() {
	if h.started {
		return
	}
	for _, j := range h.joiners {
		for range leaveWords {
			h.send(j.Addr, KindReject, &reject{Reason: RoomClosed})
		}
	}
}

// Start begins the match: every joiner is told, with settings made now (the
// final peer list), and the room closes. Joiners that miss the message ask
// again with their hello and are told again, by Update or, once the match
// has the transport, by the one Handoff returns. Settings too long for the
// message are an error, and then nothing starts and nobody is told.
func (h *LobbyHost) Start(settings func(Joiner) []byte) error {
	for _, j := range h.joiners {
		if n := len(settings(j)); n > maxWelcomeLen {
			return fmt.Errorf("netplay: the match settings for %v take %d bytes, more than the %d a start message carries", j.Addr, n, maxWelcomeLen)
		}
	}
	h.started, h.settings = true, settings
	for i := range h.joiners {
		h.welcome(i)
	}
	return nil
}

// Started reports whether Start was called.
func (h *LobbyHost) Started() bool { return h.started }

// lateAnswers is how many hellos the match's transport answers after the
// start (see Handoff) from each joiner, and from strangers in all: a
// joiner that missed the start repeats its hello every 200 ms once the
// match's packets reach it (every joinKeepAlive before), so they outlast
// eight seconds of lost packets, longer than a match waits for a silent
// machine, and bound what hellos cost the match.
const lateAnswers = 40

// Handoff returns the transport for the match that Start began, to be
// used instead of the lobby's: it passes on the match's packets, and
// answers the hellos that still come as Update did, a joiner's with the
// start again and a stranger's with a refusal, at most lateAnswers times
// each (strangers together). A joiner whose start message was lost (one
// packet, sent once) repeats its hello until it hears the start, but once
// the match owns the transport nothing else answers it: its seats would
// be taken over as a silent machine's while it waited for ever. The
// lobby's Update no longer runs, so the handoff reads the time from clock
// (on the lobby's time base), by which a joiner's hello budget refills: a
// page that comes back again and again is answered each time.
func (h *LobbyHost) Handoff(clock func() time.Duration) (Transport, error) {
	if !h.started {
		return nil, errors.New("netplay: no match to hand the transport to before the start")
	}
	return &handoff{Transport: h.tr, h: h, clock: clock}, nil
}

// handoff is the transport Handoff returns.
type handoff struct {
	Transport
	h     *LobbyHost
	clock func() time.Duration
}

// Unwrap returns the lobby's transport, which the handoff wraps.
func (t *handoff) Unwrap() Transport { return t.Transport }

// Receive implements Transport: it returns the next packet that is not a
// hello, answering the hellos before it.
func (t *handoff) Receive(buf []byte) (int, netip.AddrPort, bool) {
	for {
		n, from, ok := t.Transport.Receive(buf)
		if !ok {
			return n, from, ok
		}
		if n < headerSize || Kind(buf[prefixSize]) != KindHello { // the match parses the rest
			return n, from, ok
		}
		t.h.Counter.PacketsRecv++
		t.h.Counter.BytesRecv += int64(n)
		t.h.now = t.clock()
		t.h.lateHello(from, buf[:n])
	}
}

// readHello decodes p, a hello for this room, into m, or counts it
// dropped and reports false.
func (h *LobbyHost) readHello(p []byte, m *hello) bool {
	hd, payload, err := ParseHeader(p)
	switch {
	case err != nil || hd.Kind != KindHello:
		h.Counter.Dropped.Malformed++
		return false
	case hd.Room != h.room:
		h.Counter.Dropped.WrongRoom++
		return false
	case m.decode(payload) != nil:
		h.Counter.Dropped.Malformed++
		return false
	}
	return true
}

// lateHello answers a hello that came after the start, as handle did
// before it, within lateAnswers.
func (h *LobbyHost) lateHello(from netip.AddrPort, p []byte) {
	var m hello
	if !h.readHello(p, &m) {
		return
	}
	if k := h.holder(m.Ticket); k >= 0 && h.joiners[k].Addr != from {
		h.comeBack(k, from)
		return
	}
	if i := h.joiner(from); i >= 0 {
		if h.company[i].late >= lateAnswers {
			h.Counter.Dropped.RateLimited++
			return
		}
		h.company[i].late++
		h.welcome(i)
		return
	}
	if h.lateRefused >= lateAnswers {
		h.Counter.Dropped.RateLimited++
		return
	}
	h.lateRefused++
	h.send(from, KindReject, &reject{Reason: h.refusal(from, &m)})
}

// comeBack answers joiner i's hello from addr, a new address, after the
// start: the match moves its seats there (the Rejoiner OnRejoin gave) and
// the joiner is told the start again, or it is told why not. Its hellos
// are answered at most helloRate times a second.
func (h *LobbyHost) comeBack(i int, addr netip.AddrPort) {
	if !h.company[i].hellos.allow(helloRate, h.now) {
		h.Counter.Dropped.RateLimited++
		return
	}
	why := "this match cannot be rejoined"
	if h.rejoin != nil {
		err := h.rejoin(h.joiners[i].Addr, addr)
		if err == nil {
			h.readdress(i, addr)
			h.welcome(i)
			return
		}
		why = err.Error()
	}
	h.send(addr, KindReject, &reject{Reason: why})
}

func (h *LobbyHost) send(to netip.AddrPort, k Kind, m appender) { h.sendIn(to, k, h.room, m) }

// sendIn sends m with room in its header.
func (h *LobbyHost) sendIn(to netip.AddrPort, k Kind, room RoomCode, m appender) {
	h.out = m.append(appendHeader(h.out[:0], k, room))
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
	// Ticket is the joiner's proof of its seats, should it come back
	// from another address (NewJoin's ticket).
	Ticket Ticket
}

// Join asks the host at addr for seats in room, once per call to Update,
// until it answers.
type Join struct {
	tr     *Kept // keeps the match's packets that come before the start
	host   netip.AddrPort
	room   RoomCode
	hello  hello
	result JoinResult
	buf    [MaxPacketSize + 1]byte
	sent   time.Duration
	begun  bool // the host's match packets came, so its start was lost
	// asked is when the first hello since the host's last answer was
	// sent, or -1 when none waits; heard is set by receive when the host
	// answered since the last Update.
	asked time.Duration
	heard bool
}

// NewJoin prepares a join of the room at host with the given rules
// version, seats and player name. A joiner coming back to seats it held
// (its page reloaded) gives their ticket, told in the welcome's
// JoinResult; a new joiner gives none (the zero Ticket).
func NewJoin(tr Transport, host netip.AddrPort, room RoomCode, rules string, seats int, name string, ticket Ticket) *Join {
	return &Join{tr: &Kept{Transport: tr}, host: host, room: room, hello: hello{Rules: rules, Seats: seats, Name: cleanName(name), Ticket: ticket}, sent: -time.Hour, asked: -1}
}

// Transport returns the transport the join was made on, for the match once
// it has begun: it first hands out the match's packets that the join read
// while it waited for the start.
func (j *Join) Transport() Transport { return j.tr }

// Update reads the host's answers and sends the hello: every 200 ms until
// the host answers, then every joinKeepAlive (so the host can tell the
// joiner is still there, and a lost start is told again) until the match
// starts. Packets of the match mean the start was lost, and the match
// gives a machine that does not come only seconds: the hello goes every
// 200 ms again.
func (j *Join) Update(now time.Duration) JoinResult {
	j.receive()
	if j.heard {
		j.heard, j.asked = false, -1
	}
	every := 200 * time.Millisecond
	if j.result.Done && !j.begun {
		every = joinKeepAlive
	}
	if j.asking() && now-j.sent >= every {
		if j.asked < 0 || now-j.sent > 2*joinKeepAlive {
			// The first hello unanswered; or this joiner did not run
			// for a while (a stopped page), and its silence, not the
			// host's, is what went before.
			j.asked = now
		}
		j.sent = now
		j.sendHello()
	}
	return j.result
}

// Unanswered returns how long the host has left this joiner's hellos
// unanswered at now: a host that answered once and then says nothing
// while the joiner asks is gone (its machine, or the room it closed with
// its answer lost). 0 while the host answers.
func (j *Join) Unanswered(now time.Duration) time.Duration {
	if j.asked < 0 || !j.asking() {
		return 0
	}
	return now - j.asked
}

// Pump reads the host's answers and sends the hello at once, whatever
// the time, for the next Update to report. It is for a page whose game
// loop a browser has stopped (a hidden tab): pumped every second or so
// meanwhile, the joiner keeps its seats, where its silence would have
// the host let it go after joinerTimeout.
func (j *Join) Pump() {
	j.receive()
	if j.asking() {
		j.sendHello()
	}
}

// asking reports whether the host has neither started the match nor
// refused the joiner: until then the joiner sends its hello.
func (j *Join) asking() bool { return !j.result.Started && j.result.Refused == "" }

func (j *Join) sendHello() {
	p := j.hello.append(appendHeader(nil, KindHello, j.room))
	_ = j.tr.Send(j.host, p)
}

// receive reads the host's answers.
func (j *Join) receive() {
	for j.asking() {
		n, from, ok := j.tr.Transport.Receive(j.buf[:]) // not those it keeps
		if !ok {
			break
		}
		hd, payload, err := ParseHeader(j.buf[:n])
		if err != nil || from != j.host || hd.Room != j.room {
			continue
		}
		j.heard = true
		switch hd.Kind {
		case KindWelcome:
			var w welcome
			if w.decode(payload) == nil {
				j.result = JoinResult{Done: true, Started: w.Started, Index: w.Index, Seats: w.Seats, Settings: w.Settings, Ticket: w.Ticket}
			}
		case KindReject:
			var r reject
			if r.decode(payload) == nil {
				j.result = JoinResult{Done: true, Refused: cmp.Or(cleanText(r.Reason), "refused")}
			}
		default:
			j.begun = true
			j.tr.Keep(from, j.buf[:n])
		}
	}
}

// Room is a hosted room found by LAN discovery. Its code is not among
// what was heard: a player joins with the code its host tells them.
type Room struct {
	Addr  netip.AddrPort // where to join
	Rules string
	Host  string
	Open  int
	About string // the game's variant, as the host has set it
}

// RoomFinder lists the rooms announced on the LAN, read from a transport
// listening on the discovery port. A room not announced again within
// roomTimeout is gone from the list. Announcements are strangers' words:
// at most maxRooms rooms are kept, maxRoomsPerMachine from one address,
// each refreshed at most announceRate times a second, and their names
// are cleaned (cleanName) before anyone shows them. An announcement that
// names a room in its header (an older build's, which gave its code away)
// is dropped as malformed.
type RoomFinder struct {
	tr      Transport
	rooms   map[netip.AddrPort]*heardRoom // by where to join
	list    []Room
	Counter Counter
	buf     [MaxPacketSize + 1]byte
}

// heardRoom is a listed room, when it was first and last heard, and its
// budget of announcements.
type heardRoom struct {
	Room
	first, heard time.Duration
	budget       budget
}

// NewRoomFinder listens for rooms on tr.
func NewRoomFinder(tr Transport) *RoomFinder {
	return &RoomFinder{tr: tr, rooms: map[netip.AddrPort]*heardRoom{}}
}

// Update reads the announcements that arrived and returns the rooms
// heard within roomTimeout, in the order they were first heard; the
// slice is valid until the next Update. A room is addressed at the
// announcing machine's address and announced port.
func (f *RoomFinder) Update(now time.Duration) []Room {
	drain(f.tr, f.buf[:], &f.Counter, func(from netip.AddrPort, p []byte) { f.handle(now, from, p) })
	for addr, r := range f.rooms {
		if now-r.heard >= roomTimeout {
			delete(f.rooms, addr)
		}
	}
	f.list = f.list[:0]
	for _, r := range f.rooms {
		f.list = append(f.list, r.Room)
	}
	slices.SortFunc(f.list, func(a, b Room) int {
		return cmp.Or(cmp.Compare(f.rooms[a.Addr].first, f.rooms[b.Addr].first), a.Addr.Compare(b.Addr))
	})
	return f.list
}

func (f *RoomFinder) handle(now time.Duration, from netip.AddrPort, p []byte) {
	d := &f.Counter.Dropped
	hd, payload, err := ParseHeader(p)
	var a announce
	if err != nil || hd.Kind != KindAnnounce || hd.Room != 0 || a.decode(payload) != nil {
		d.Malformed++
		return
	}
	addr := netip.AddrPortFrom(from.Addr(), a.Port)
	r := f.rooms[addr]
	if r == nil {
		if len(f.rooms) >= maxRooms || f.fromMachine(addr.Addr()) >= maxRoomsPerMachine {
			d.RateLimited++
			return
		}
		r = &heardRoom{first: now, budget: budget{tokens: announceRate / 4, refilled: now}}
		f.rooms[addr] = r
	} else if !r.budget.allow(announceRate, now) {
		d.RateLimited++
		return
	}
	r.heard = now
	r.Room = Room{Addr: addr, Rules: cleanText(a.Rules), Host: cleanName(a.Host), Open: a.Open, About: cleanText(a.About)}
}

// fromMachine counts the rooms listed at addr.
func (f *RoomFinder) fromMachine(addr netip.Addr) int {
	n := 0
	for at := range f.rooms {
		if at.Addr() == addr {
			n++
		}
	}
	return n
}
