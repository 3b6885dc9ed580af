package netplay

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"math/bits"

	"github.com/jankenarcade/janken/rulesets"
)

// ProtocolVersion is the version of the wire format. A packet of any other
// version is dropped; the handshake refuses a peer that speaks another.
const ProtocolVersion = 16

// MaxPacketSize is the largest packet sent or accepted, in bytes: small
// enough to cross any LAN without IP fragmentation.
const MaxPacketSize = 1200

// headerSize is the length of the header every packet starts with: the
// magic 'J', the protocol version, the room code in three bytes (every
// code is below 2^24) and the kind. It is kept short, as a rollback peer
// sends it some forty times a second to each other peer; the first
// prefixSize bytes, the same in every packet of a room, come first so
// that a sealed transport can leave them out (SealPrefix).
const headerSize = prefixSize + 1

// prefixSize is the length of the header's constant part: magic, version
// and room.
const prefixSize = 5

// The room codes fit the header's three bytes.
var _ [1<<24 - roomCodes]struct{}

// maxTick bounds the ticks a packet may name, so that no arithmetic on a
// received tick can overflow (2^40 ticks at 60 Hz is 580 years).
const maxTick = 1 << 40

// maxInputTicks is the most ticks of one seat's inputs a packet carries.
const maxInputTicks = 64

// allButtons is every button a frame can hold; anything outside is corrupt.
const allButtons = rulesets.ButtonRules<<1 - 1

// buttonBits is how many bits the buttons take: a seat's input on a tick
// is written as one varint, its held buttons above its pressed ones, so
// that the commonest input, nothing, is a single zero byte.
const buttonBits = 13

// The buttons are exactly the low buttonBits bits (this fails to compile
// when a button is added), so any value up to both sets is valid.
var _ [1 << buttonBits]struct{} = [allButtons + 1]struct{}{}

// Kind says what a packet carries.
type Kind uint8

// The packet kinds.
const (
	kindInvalid  Kind = iota
	KindHello         // a joiner asks the host for seats
	KindWelcome       // the host accepts a joiner
	KindReject        // the host refuses a joiner, or lets a client go, with the reason
	KindInput         // a rollback peer's inputs for a range of ticks
	KindPing          // a time stamp to echo
	KindPong          // the echo of a ping
	KindDrop          // a timed-out peer's seats leave from a tick on
	KindMessage       // one fragment of a reliable host-authority message
	KindAck           // acknowledges reliable messages
	KindAnnounce      // a host announces its room on the LAN
	KindRelay         // a rollback packet between two peers, passing through the host
	KindForward       // a silent peer's last inputs, passed on to the peer that decides drops
	KindLeave         // a rollback peer's player left: its last inputs, after which it presses nothing
	kindCount
)

var kindNames = [...]string{"invalid", "hello", "welcome", "reject", "input", "ping", "pong", "drop", "message", "ack", "announce", "relay", "forward", "leave"}

func (k Kind) String() string { return rulesets.EnumName(kindNames[:], k, "kind") }

// Errors of the packet decoder. Every decoding error wraps one of them.
var (
	ErrOversized = errors.New("netplay: packet too large")
	ErrMalformed = errors.New("netplay: malformed packet")
	ErrVersion   = errors.New("netplay: wrong protocol version")
)

// Header is the start of every packet.
type Header struct {
	Kind Kind
	Room RoomCode
}

// appendHeader starts a packet of kind k for room.
func appendHeader(dst []byte, k Kind, room RoomCode) []byte {
	return append(appendPrefix(dst, room), byte(k))
}

// appendPrefix appends the part of the header that every packet for room
// shares.
func appendPrefix(dst []byte, room RoomCode) []byte {
	return append(dst, 'J', ProtocolVersion, byte(room), byte(room>>8), byte(room>>16))
}

// SealPrefix returns the bytes every packet for room starts with, for
// secure.Config.Prefix: the room's key already binds them, so a sealed
// packet leaves them out, and peers of another version or room fail the
// handshake.
func SealPrefix(room RoomCode) []byte { return appendPrefix(nil, room) }

// ParseHeader checks a packet's size, magic, version and kind and returns
// its header and payload. It never trusts the room code: the caller
// compares it with its own.
func ParseHeader(p []byte) (Header, []byte, error) {
	switch {
	case len(p) > MaxPacketSize:
		return Header{}, nil, fmt.Errorf("%w: %d bytes", ErrOversized, len(p))
	case len(p) < headerSize || p[0] != 'J':
		return Header{}, nil, fmt.Errorf("%w: no header", ErrMalformed)
	case p[1] != ProtocolVersion:
		return Header{}, nil, fmt.Errorf("%w: %d, want %d", ErrVersion, p[1], ProtocolVersion)
	case Kind(p[prefixSize]) == kindInvalid || Kind(p[prefixSize]) >= kindCount:
		return Header{}, nil, fmt.Errorf("%w: unknown kind %d", ErrMalformed, p[prefixSize])
	}
	h := Header{Kind: Kind(p[prefixSize]), Room: RoomCode(p[2]) | RoomCode(p[3])<<8 | RoomCode(p[4])<<16}
	return h, p[headerSize:], nil
}

// reader decodes a payload. The first failure sticks, so a decoder reads
// every field and checks err once; nothing it reads can panic.
type reader struct {
	b   []byte
	err error
}

func (r *reader) fail(format string, args ...any) {
	if r.err == nil {
		r.err = fmt.Errorf("%w: "+format, append([]any{ErrMalformed}, args...)...)
	}
}

func (r *reader) uvarint() uint64 {
	if r.err != nil {
		return 0
	}
	v, n := binary.Uvarint(r.b)
	if n <= 0 {
		r.fail("bad varint")
		return 0
	}
	r.b = r.b[n:]
	return v
}

// upTo reads a varint no larger than limit.
func (r *reader) upTo(limit uint64, what string) uint64 {
	v := r.uvarint()
	if v > limit {
		r.fail("%s %d exceeds %d", what, v, limit)
		return 0
	}
	return v
}

func (r *reader) tick(what string) int64 { return int64(r.upTo(maxTick, what)) }

func (r *reader) varint(limit int64, what string) int64 {
	u := r.upTo(uint64(limit)*2+1, what)
	return int64(u>>1) ^ -int64(u&1)
}

func (r *reader) byte() byte {
	if r.err != nil {
		return 0
	}
	if len(r.b) < 1 {
		r.fail("truncated")
		return 0
	}
	c := r.b[0]
	r.b = r.b[1:]
	return c
}

func (r *reader) uint64() uint64 {
	if r.err != nil {
		return 0
	}
	if len(r.b) < 8 {
		r.fail("truncated")
		return 0
	}
	v := binary.LittleEndian.Uint64(r.b)
	r.b = r.b[8:]
	return v
}

// bytes reads a length-prefixed byte string of at most limit bytes. The
// result aliases the packet.
func (r *reader) bytes(limit int, what string) []byte {
	n := int(r.upTo(uint64(limit), what+" length"))
	if r.err != nil {
		return nil
	}
	if len(r.b) < n {
		r.fail("truncated %s", what)
		return nil
	}
	s := r.b[:n:n]
	r.b = r.b[n:]
	return s
}

func (r *reader) seats(what string) SeatSet {
	s := SeatSet(r.byte())
	if r.err == nil && s == 0 {
		r.fail("%s: no seats", what)
	}
	return s
}

// done reports the first failure, or trailing bytes.
func (r *reader) done() error {
	if r.err == nil && len(r.b) != 0 {
		r.fail("%d trailing bytes", len(r.b))
	}
	return r.err
}

func appendVarint(dst []byte, v int64) []byte {
	return binary.AppendUvarint(dst, uint64(v<<1)^uint64(v>>63))
}

func appendBytes(dst, s []byte) []byte {
	dst = binary.AppendUvarint(dst, uint64(len(s)))
	return append(dst, s...)
}

// SeatInput is one seat's input on one tick, as it crosses the network.
type SeatInput struct {
	Pressed, Held rulesets.Buttons
}

// inputRange is a run of ticks of inputs for a set of seats. Inputs change
// rarely from tick to tick, so each seat's column is run-length encoded:
// a quiet second costs a few bytes. The host's range also carries each
// tick's Deal (rulesets.Frame.Deal), in a last column, run-length encoded
// too, that is left out when every deal of the range is 0.
type inputRange struct {
	Seats  SeatSet
	Start  int64 // the first tick
	Count  int   // ticks, at most maxInputTicks
	Inputs [maxInputTicks][rulesets.MaxSeats]SeatInput
	Deals  [maxInputTicks]uint32
}

// hasDeals reports whether any tick of the range carries a deal.
func (m *inputRange) hasDeals() bool {
	for _, d := range m.Deals[:m.Count] {
		if d != 0 {
			return true
		}
	}
	return false
}

// append appends the range, its start tick written relative to tick
// base: a packet naming ticks near base spends a byte on it, not three.
func (m *inputRange) append(dst []byte, base int64) []byte {
	dst = append(dst, byte(m.Seats))
	dst = appendVarint(dst, m.Start-base)
	dst = binary.AppendUvarint(dst, uint64(m.Count))
	for seat := range rulesets.MaxSeats {
		if !m.Seats.Has(seat) {
			continue
		}
		for i := 0; i < m.Count; {
			in := m.Inputs[i][seat]
			run := 1
			for i+run < m.Count && m.Inputs[i+run][seat] == in {
				run++
			}
			dst = binary.AppendUvarint(dst, uint64(run))
			dst = binary.AppendUvarint(dst, uint64(in.Pressed)|uint64(in.Held)<<buttonBits)
			i += run
		}
	}
	if !m.hasDeals() {
		return dst
	}
	for i := 0; i < m.Count; {
		run := 1
		for i+run < m.Count && m.Deals[i+run] == m.Deals[i] {
			run++
		}
		dst = binary.AppendUvarint(dst, uint64(run))
		dst = binary.AppendUvarint(dst, uint64(m.Deals[i]))
		i += run
	}
	return dst
}

func (m *inputRange) read(r *reader, base int64) {
	m.Seats = r.seats("inputs")
	m.Start = base + r.varint(maxTick, "start tick")
	if r.err == nil && (m.Start < 0 || m.Start > maxTick) {
		r.fail("start tick %d", m.Start)
	}
	m.Count = int(r.upTo(maxInputTicks, "tick count"))
	for seat := range rulesets.MaxSeats {
		if !m.Seats.Has(seat) {
			continue
		}
		for i := 0; i < m.Count && r.err == nil; {
			run := int(r.upTo(uint64(m.Count-i), "run"))
			v := r.upTo(uint64(allButtons)<<buttonBits|uint64(allButtons), "buttons")
			in := SeatInput{Pressed: rulesets.Buttons(v) & allButtons, Held: rulesets.Buttons(v >> buttonBits)}
			if run == 0 {
				r.fail("empty run")
			}
			for j := 0; j < run && r.err == nil; j++ {
				m.Inputs[i+j][seat] = in
			}
			i += run
		}
	}
	clear(m.Deals[:])
	if r.err != nil || len(r.b) == 0 {
		return
	}
	for i := 0; i < m.Count && r.err == nil; {
		run := int(r.upTo(uint64(m.Count-i), "deal run"))
		deal := uint32(r.upTo(math.MaxUint32, "deal"))
		if run == 0 {
			r.fail("empty deal run")
		}
		for j := 0; j < run && r.err == nil; j++ {
			m.Deals[i+j] = deal
		}
		i += run
	}
}

// inputMsg is what a rollback peer sends every tick to each other peer: its
// own seats' inputs from the first tick the receiver lacks, and what it
// knows of the receiver, for acknowledgement and time synchronisation.
type inputMsg struct {
	Ack       int64 // the receiver's last tick of inputs held contiguously; -1 for none
	Tick      int64 // the sender's current tick
	Advantage int64 // how many ticks the sender thinks it is ahead of the receiver
	// Check is the sender's latest confirmed-tick hash, if HasCheck:
	// riding on every input packet, a desync is seen as soon as possible.
	Check    checksumMsg
	HasCheck bool
	inputRange
}

const maxAdvantage = 1 << 20

// The ticks of an input message other than Tick are written relative to
// it: they are all within a few ticks of it, so each costs one byte. The
// lowest bit of the advantage's varint says whether a checksum follows.
func (m *inputMsg) append(dst []byte) []byte {
	dst = binary.AppendUvarint(dst, uint64(m.Tick))
	dst = appendVarint(dst, m.Ack-m.Tick)
	adv := max(-maxAdvantage, min(maxAdvantage, m.Advantage))
	flag := uint64(0)
	if m.HasCheck {
		flag = 1
	}
	dst = binary.AppendUvarint(dst, (uint64(adv<<1)^uint64(adv>>63))<<1|flag)
	if m.HasCheck {
		dst = m.Check.append(dst, m.Tick)
	}
	return m.inputRange.append(dst, m.Tick)
}

func (m *inputMsg) decode(p []byte) error {
	r := reader{b: p}
	m.Tick = r.tick("tick")
	m.Ack = m.Tick + r.varint(maxTick, "ack")
	if r.err == nil && (m.Ack < -1 || m.Ack > maxTick) {
		r.fail("ack %d", m.Ack)
	}
	v := r.upTo((maxAdvantage*2+1)<<1|1, "advantage")
	m.Advantage, m.HasCheck = int64(v>>2)^-int64(v>>1&1), v&1 == 1
	m.Check = checksumMsg{}
	if m.HasCheck {
		m.Check.read(&r, m.Tick)
	}
	m.inputRange.read(&r, m.Tick)
	return r.done()
}

// checksumMsg is the hash of the state after a confirmed tick. It is
// written as how many ticks it is before the message's tick (a confirmed
// tick is always in the past) and the hash.
type checksumMsg struct {
	Tick int64
	Hash uint64
}

func (m *checksumMsg) append(dst []byte, now int64) []byte {
	dst = binary.AppendUvarint(dst, uint64(now-m.Tick))
	return binary.LittleEndian.AppendUint64(dst, m.Hash)
}

// read reads a checksum of a message of tick now.
func (m *checksumMsg) read(r *reader, now int64) {
	back := r.tick("check tick")
	if r.err == nil && (back == 0 || back > now) {
		r.fail("check %d ticks before tick %d", back, now)
	}
	m.Tick, m.Hash = now-back, r.uint64()
}

// pingMsg is a ping or its pong: the pinger's clock in microseconds.
type pingMsg struct{ Stamp uint64 }

func (m *pingMsg) append(dst []byte) []byte { return binary.LittleEndian.AppendUint64(dst, m.Stamp) }

func (m *pingMsg) decode(p []byte) error {
	r := reader{b: p}
	m.Stamp = r.uint64()
	return r.done()
}

// dropMsg tells the peers that peer Peer has timed out: its seats play by
// the host's policy from tick From on. It relays the dropped peer's last
// inputs before From, which a peer that heard less of it may lack.
//
// A forward (KindForward) has the same form: a peer passes the peer that
// decides drops the last inputs it holds of silent peer Peer, up to the
// tick before From, the first tick it could take a drop from. So has a
// leave (KindLeave): peer Peer, its sender, says that its player has left
// and that its inputs end at the tick before From.
type dropMsg struct {
	Peer int
	From int64
	inputRange
}

func (m *dropMsg) append(dst []byte) []byte {
	dst = append(dst, byte(m.Peer))
	dst = binary.AppendUvarint(dst, uint64(m.From))
	return m.inputRange.append(dst, m.From)
}

func (m *dropMsg) decode(p []byte) error {
	r := reader{b: p}
	m.Peer = int(r.byte())
	m.From = r.tick("from")
	m.inputRange.read(&r, m.From)
	if r.err == nil && m.Peer >= rulesets.MaxSeats {
		r.fail("drop of peer %d", m.Peer)
	}
	return r.done()
}

// SeatSet is a set of seats; bit i stands for seat i.
type SeatSet uint8

// SeatsOf returns the set of the listed seats.
func SeatsOf(seats ...int) SeatSet {
	var s SeatSet
	for _, seat := range seats {
		s |= 1 << seat
	}
	return s
}

// Has reports whether seat is in the set.
func (s SeatSet) Has(seat int) bool { return seat >= 0 && seat < rulesets.MaxSeats && s&(1<<seat) != 0 }

// Len returns the number of seats in the set.
func (s SeatSet) Len() int { return bits.OnesCount8(uint8(s)) }

// Audience returns the set as a rulesets.Audience.
func (s SeatSet) Audience() rulesets.Audience { return rulesets.Audience(s) }
