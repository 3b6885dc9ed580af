package netplay

import (
	"cmp"
	"encoding/binary"
	"errors"
	"fmt"
	"net/netip"
	"strings"
	"time"

	"github.com/jankenarcade/janken/rulesets"
)

// The messages of host authority, carried by the reliable channel.
const (
	msgUpdate  byte = 1 + iota // host to client: a seat's new events and view
	msgRefused                 // host to client: a seat's action was refused, and why
	msgAction                  // client to host: a seat's action
	msgNews                    // host to client: the news of the table (Host.Tell)
)

// maxNewsLen bounds the news a client takes, in bytes.
const maxNewsLen = 256

// Both of the host's messages carry, after the seat, how many of the
// seat's actions the host has answered (applied or refused): a view sent
// because another seat acted does not answer an action still on its way,
// and the client must not take it for one.

// Remote is a client machine of a Host and the seats it plays.
type Remote struct {
	Addr  netip.AddrPort
	Seats SeatSet
	// Stream marks a client reached over an ordered stream that loses
	// nothing while it lasts: a browser or phone, over the WebSocketHub.
	// The host then leaves resending to the stream, as on a slow link a
	// resend only queues up behind the message it repeats.
	Stream bool
}

// HostConfig configures a Host for a game G with actions A and events E.
// The functions are the ruleset's: View must encode what seat may see
// (the ruleset's per-seat view, never the state), Audience says who may
// see an event.
type HostConfig[G rulesets.Game[A, E], A comparable, E any] struct {
	Room    RoomCode
	Remotes []Remote
	// View encodes seat's view of g.
	View func(g G, seat int) ([]byte, error)
	// Audience returns the seats that may see e; EncodeEvent encodes it.
	Audience    func(e E) rulesets.Audience
	EncodeEvent func(e E) ([]byte, error)
	// DecodeAction reads an action sent by a client.
	DecodeAction func(data []byte) (A, error)
	// Resend is the least time after which an unacknowledged message is
	// sent again (default 100 ms; twice the round trip on a slower link).
	// PacketRate is each client's packet budget per
	// second (default 300).
	Resend     time.Duration
	PacketRate int
	// Stall is how long a client may acknowledge nothing new (neither a
	// message nor a fragment) while the host's messages to it wait, before
	// the host gives up on it (default 5 s): a client heard but never
	// acknowledging is as gone as a silent one.
	Stall time.Duration
}

// Bounds of what the host holds for a client.
const (
	// inFlight is the most messages the host leaves unacknowledged with a
	// client: the client keeps no more than receiveWindow ahead, so more
	// would be resent anyway. A seat's update that finds the window full
	// waits, and goes later as one message with every event since and
	// the view then: the latest view suffices.
	inFlight = receiveWindow
	// maxBacklog is the most bytes of events the host keeps for a seat
	// while its client is behind; a client further behind is given up.
	maxBacklog = MaxMessageSize / 2
	// refusalRate is how many refused actions a second the host answers
	// with a refusal (a few a second is a clumsy player; more is a flood).
	// Beyond it a refused action is answered by the seat's next view.
	refusalRate = 16
)

type remote struct {
	Remote
	ch       channel
	last     []byte                    // the last message queued, the next one's dictionary
	answered [rulesets.MaxSeats]uint64 // actions of each seat applied or refused
	tokens   float64
	refilled time.Duration
	heard    time.Duration
	sent     time.Duration // when the host last sent the client a packet
	// due are the seats whose update waits for room in the window.
	due SeatSet
	// progress is when the client last acknowledged something new (a
	// message, or a fragment of one), or had nothing to acknowledge.
	progress time.Duration
	// refusals is the budget of refusals sent, refused counts them all.
	refusals       float64
	refusalsRefill time.Duration
	refused        int
	fault          string // why the host gave up on the client; "" while it has not
	told           News   // the news the client was last sent
	left           bool   // its player left the match (Client.Leave): it does not come back
}

// Host runs a turn-based game with hidden hands for its clients: it owns
// the only full game state, applies the actions clients send for the
// seats they own, and sends each client, for each of its seats, only that
// seat's view and the events the seat may see. Hidden cards never leave
// the host for a seat that may not see them.
//
// The host's own seats act through Apply. Call Update once per tick.
type Host[G rulesets.Game[A, E], A comparable, E any] struct {
	cfg     HostConfig[G, A, E]
	game    G
	tr      Transport
	remotes []remote
	taken   []remote                    // the clients whose seats were taken over, told so again if heard from
	status  []RemoteStatus              // Remotes' answer
	events  []E                         // since the last Update, for the host's own scene
	dirty   bool                        // something changed since the clients were last told
	pending [rulesets.MaxSeats][][]byte // each remote seat's events since its last update
	backlog [rulesets.MaxSeats]int      // and their bytes
	now     time.Duration
	Counter Counter
	buf     [MaxPacketSize + 1]byte
	out     []byte
	msg     []byte
	pack    deflater // every client's messages, one at a time
	frag    fragment
	applied func(seat int, a A)
	news    News    // see Tell
	about   SeatSet // the seats the news is about
}

// OnApply has fn told every action the host applies, its own seats' and
// the clients', just after it is applied: a replay records them.
func (h *Host[G, A, E]) OnApply(fn func(seat int, a A)) { h.applied = fn }

// NewHost starts hosting game g over tr.
func NewHost[G rulesets.Game[A, E], A comparable, E any](cfg HostConfig[G, A, E], tr Transport, g G) (*Host[G, A, E], error) {
	if cfg.View == nil || cfg.Audience == nil || cfg.EncodeEvent == nil || cfg.DecodeAction == nil {
		return nil, errors.New("netplay: host config lacks a ruleset function")
	}
	if cfg.Resend == 0 {
		cfg.Resend = 100 * time.Millisecond
	}
	if cfg.PacketRate == 0 {
		cfg.PacketRate = 300
	}
	if cfg.Stall == 0 {
		cfg.Stall = 5 * time.Second
	}
	h := &Host[G, A, E]{cfg: cfg, game: g, tr: tr, dirty: true}
	var taken SeatSet
	for _, r := range cfg.Remotes {
		if r.Seats&taken != 0 || r.Seats == 0 {
			return nil, fmt.Errorf("netplay: remote %v seats %08b: none, or another's", r.Addr, r.Seats)
		}
		taken |= r.Seats
		h.remotes = append(h.remotes, remote{Remote: r, ch: channel{stream: r.Stream}, tokens: float64(cfg.PacketRate) / 4, refusals: refusalRate / 4, heard: -1})
	}
	return h, nil
}

// Game returns the host's game, for its own seats' views. Change it only
// through Apply.
func (h *Host[G, A, E]) Game() G { return h.game }

// Events returns every event of the game since the last Update, for the
// host's own scene to filter by its seats' audience.
func (h *Host[G, A, E]) Events() []E { return h.events }

// Apply performs an action of one of the host's own seats (or a bot it
// runs), and forwards what it revealed to the clients at the next Update.
func (h *Host[G, A, E]) Apply(seat int, a A) error {
	for _, r := range h.remotes {
		if r.Seats.Has(seat) {
			return fmt.Errorf("netplay: seat %d belongs to %v", seat, r.Addr)
		}
	}
	return h.apply(seat, a)
}

func (h *Host[G, A, E]) apply(seat int, a A) error {
	if err := h.game.Apply(seat, a); err != nil {
		return err
	}
	if h.applied != nil {
		h.applied(seat, a)
	}
	h.dirty = true
	for _, e := range h.game.Events() {
		h.events = append(h.events, e)
		aud := h.cfg.Audience(e)
		data, err := h.cfg.EncodeEvent(e)
		if err != nil {
			return fmt.Errorf("netplay: encode event: %w", err)
		}
		for i := range h.remotes {
			h.tell(&h.remotes[i], aud, data)
		}
	}
	h.game.ClearEvents()
	return nil
}

// tell keeps an event for those of r's seats in its audience, until their
// next update; a client too far behind to keep it for is given up.
func (h *Host[G, A, E]) tell(r *remote, aud rulesets.Audience, data []byte) {
	if r.fault != "" {
		return
	}
	for seat := range rulesets.MaxSeats {
		if !r.Seats.Has(seat) || !aud.Sees(seat) {
			continue
		}
		h.pending[seat] = append(h.pending[seat], data)
		h.backlog[seat] += len(data)
		if h.backlog[seat] > maxBacklog {
			h.giveUp(r, fmt.Sprintf("more than %d bytes of news behind", maxBacklog))
			return
		}
	}
}

// giveUp stops serving a faulty or hopelessly slow client: the host tells
// it why (see dismiss), sends it nothing more and drops what it sends,
// and Remotes reports it with the reason, for the table to take its seats
// over as it would a silent client's.
func (h *Host[G, A, E]) giveUp(r *remote, reason string) {
	r.fault = reason
	r.restart()
	r.due = 0
	for seat := range rulesets.MaxSeats {
		if r.Seats.Has(seat) {
			h.pending[seat], h.backlog[seat] = h.pending[seat][:0], 0
		}
	}
	h.dismiss(r)
}

// HostLeft is why the host lets every client go when its player leaves
// the match (Host.Leave).
const HostLeft = "the host left the match"

// ClientLeft is why the host gives up on a client whose player left the
// match (Client.Leave).
const ClientLeft = "its player left the match"

// TakenOver is why the host lets a client go when its seats are taken
// over (TakeOver): the client may come back for them with its ticket
// (Return).
const TakenOver = "its seats were taken over"

// leaveWords is how many times Host.Leave and Client.Leave send their
// word: neither will be heard from again, to say it once more after a
// loss.
const leaveWords = 3

// Leave tells every client that the host leaves the match, which goes no
// further: their tables say so at once, rather than after the host's
// silence. The host sends nothing after it but this word again, to a
// client heard from while its Update is still called.
func (h *Host[G, A, E]) Leave() {
	for i := range h.remotes {
		r := &h.remotes[i]
		if r.fault != "" {
			continue // let go before, and told why
		}
		r.fault = HostLeft
		r.restart()
		for range leaveWords {
			h.send(r.Addr, KindReject, &reject{Reason: HostLeft})
		}
	}
}

// dismiss tells r's client that the host has let it go, and why (a
// KindReject, as the lobby refuses a joiner), so that its player learns
// at once rather than after the host's silence, which on a slow stream
// begins only once the stream has carried everything queued before it.
// The host says it again when the client is heard from later, in case the
// word was lost, at most refusalRate times a second: a client let go
// has no refusals left to spend the budget on.
func (h *Host[G, A, E]) dismiss(r *remote) {
	if allow(&r.refusals, &r.refusalsRefill, refusalRate, h.now) {
		h.send(r.Addr, KindReject, &reject{Reason: r.fault})
	}
}

// Update takes in the clients' actions, then sends every remote seat its
// new events and view, and resends what was lost. Call Events after it.
// A client's fault never fails Update: the host gives up on the client,
// and Remotes says so. Update fails only on the host's own fault (a view
// or event its ruleset cannot encode).
func (h *Host[G, A, E]) Update(now time.Duration) error {
	h.events = h.events[:0]
	h.now = now
	for i := range h.remotes {
		if h.remotes[i].heard < 0 {
			h.remotes[i].heard = now // silence counts from the first update
			h.remotes[i].progress = now
		}
	}
	drain(h.tr, h.buf[:], &h.Counter, func(from netip.AddrPort, p []byte) { h.handle(now, from, p) })
	if h.dirty {
		h.dirty = false
		for i := range h.remotes {
			h.remotes[i].due |= h.remotes[i].Seats
		}
	}
	for i := range h.remotes {
		r := &h.remotes[i]
		if err := h.updateDue(r); err != nil {
			return err
		}
		h.checkProgress(r, now)
		if r.fault != "" {
			continue
		}
		h.tellNews(r)
		r.ch.flush(now, h.cfg.Resend, func(f *fragment) { h.send(r.Addr, KindMessage, f); r.sent = now })
		if now-r.sent >= keepAlive {
			ack := r.ch.ack()
			h.send(r.Addr, KindAck, &ack)
			r.sent = now
		}
	}
	return nil
}

// News is the host's news of the table, which the clients' tables show
// as its Kind says.
type News struct {
	Text string
	Kind NewsKind
}

// NewsKind says what news is of, and so how a table shows it.
type NewsKind uint8

// The kinds of news.
const (
	// NewsHolds is news of what holds the game up ("Waiting for Bo's
	// browser…"): a table shows it over its cards.
	NewsHolds NewsKind = iota
	// NewsPassing is news of what happened while the game goes on ("Bo
	// left: a bot plays for them."): a table shows it without covering
	// its cards, and keeps it in its log.
	NewsPassing
	// NewsAside is news of how a machine is doing while the game goes on
	// without waiting for it ("Bo: no word from their machine for 2 s…"):
	// a table shows it without covering its cards, and does not log it,
	// since it changes by the second and passes.
	NewsAside
	newsKinds
)

// Tell has news told to every client but those playing a seat of about,
// while it lasts; the zero News once there is none. The clients hear of
// it at the next Update; a client whose window is full hears the news
// of a later one.
func (h *Host[G, A, E]) Tell(news News, about SeatSet) {
	if len(news.Text) > maxNewsLen {
		news.Text = strings.ToValidUTF8(news.Text[:maxNewsLen], "")
	}
	h.news, h.about = news, about
}

// tellNews sends r the news, if it changed since r was told.
func (h *Host[G, A, E]) tellNews(r *remote) {
	news := h.news
	if r.Seats&h.about != 0 {
		news = News{}
	}
	if news == r.told || len(r.ch.unacked) >= inFlight {
		return
	}
	h.msg = append(appendBytes(append(h.msg[:0], msgNews), []byte(news.Text)), byte(news.Kind))
	if h.queue(r, h.msg) == nil {
		r.told = news
	}
}

// updateDue queues the updates of r's seats that are due, while the
// window has room.
func (h *Host[G, A, E]) updateDue(r *remote) error {
	for seat := range rulesets.MaxSeats {
		if r.fault != "" || len(r.ch.unacked) >= inFlight {
			return nil
		}
		if r.due.Has(seat) {
			if err := h.update(r, seat); err != nil {
				return err
			}
			r.due &^= SeatsOf(seat)
		}
	}
	return nil
}

// checkProgress gives up on a client that has acknowledged nothing new
// for longer than the stall limit while the host's messages wait. A
// fragment counts: on a slow stream a large message may take longer than
// the limit to arrive whole, while its fragments keep coming.
func (h *Host[G, A, E]) checkProgress(r *remote, now time.Duration) {
	if len(r.ch.unacked) == 0 {
		r.progress = now
		return
	}
	r.progress = max(r.progress, r.ch.news)
	if r.fault == "" && now-r.progress >= h.cfg.Stall {
		h.giveUp(r, fmt.Sprintf("acknowledged nothing for %v", (now-r.progress).Round(100*time.Millisecond)))
	}
}

// keepAlive is the longest a host or client stays quiet: on a quiet table
// (everyone thinking) an acknowledgement of nothing new goes instead, so
// that silence means a machine is gone, not that nobody has moved.
const keepAlive = 250 * time.Millisecond

// update queues seat's events since the last update and its view. An
// update too large for a message is the host's fault if the view alone
// is; if events piled up while the client was behind, the client's.
func (h *Host[G, A, E]) update(r *remote, seat int) error {
	view, err := h.cfg.View(h.game, seat)
	if err != nil {
		return fmt.Errorf("netplay: view of seat %d: %w", seat, err)
	}
	m := append(h.msg[:0], msgUpdate, byte(seat))
	m = binary.AppendUvarint(m, r.answered[seat])
	m = appendVarint(m, int64(len(h.pending[seat])))
	for _, e := range h.pending[seat] {
		m = appendBytes(m, e)
	}
	m = appendBytes(m, view)
	h.msg = m
	if len(m) > MaxMessageSize && len(h.pending[seat]) > 0 {
		h.giveUp(r, fmt.Sprintf("seat %d's news outgrew a message", seat))
		return nil
	}
	h.pending[seat], h.backlog[seat] = h.pending[seat][:0], 0
	return h.queue(r, m)
}

// queue deflates msg and queues it on r's channel. A message the client
// could not take inflated is refused before it joins the stream. An error
// is the host's fault: it made a message too large.
func (h *Host[G, A, E]) queue(r *remote, msg []byte) error {
	if err := r.ch.fits(len(msg)); err != nil {
		return err
	}
	packed, err := h.pack.deflate(r.last, msg)
	if err != nil {
		return err
	}
	if err := r.ch.queue(packed); err != nil {
		return err
	}
	r.last = append(r.last[:0], msg...)
	return nil
}

// restart forgets r's messages, the last one included, which a new
// connection's first message must not be deflated against, and the news
// it was told: for a client given up on, or back on a new connection.
func (r *remote) restart() {
	r.ch = channel{stream: r.Stream}
	r.last, r.told = nil, News{}
}

func (h *Host[G, A, E]) handle(now time.Duration, from netip.AddrPort, pkt []byte) {
	d := &h.Counter.Dropped
	hd, payload, ok := d.admit(pkt, h.cfg.Room)
	if !ok {
		return
	}
	r := h.remote(from)
	if r == nil {
		r = h.gone(from)
	}
	if r == nil || r.fault != "" {
		d.UnknownPeer++
		if r != nil {
			h.dismiss(r)
		}
		return
	}
	if !allow(&r.tokens, &r.refilled, h.cfg.PacketRate, now) {
		d.RateLimited++
		return
	}
	if hd.Kind == KindReject { // the client's player left (Client.Leave)
		r.heard = now
		r.left = true
		h.giveUp(r, ClientLeft)
		return
	}
	msgs, ok := r.ch.take(now, hd.Kind, payload, &h.frag, func(a *ackMsg) { h.send(r.Addr, KindAck, a) })
	if !ok {
		d.Malformed++
		return
	}
	r.heard = now
	for _, msg := range msgs {
		h.onAction(r, msg)
	}
}

// onAction applies a client's action message, if it acts for a seat the
// client owns, and refuses it with the reason otherwise. Refusals beyond
// the refusal budget, or when the window is full, are not sent: the seat's
// next view answers the action instead.
func (h *Host[G, A, E]) onAction(r *remote, msg []byte) {
	rd := reader{b: msg}
	tag, seat := rd.byte(), int(rd.byte())
	data := rd.bytes(MaxMessageSize, "action")
	if rd.done() != nil || tag != msgAction {
		h.Counter.Dropped.Malformed++
		return
	}
	if !r.Seats.Has(seat) {
		h.Counter.Dropped.ForeignSeat++
		return
	}
	r.answered[seat]++
	a, err := h.cfg.DecodeAction(data)
	if err == nil {
		err = h.apply(seat, a)
	}
	if err == nil {
		return
	}
	r.refused++
	if len(r.ch.unacked) >= inFlight || !allow(&r.refusals, &r.refusalsRefill, refusalRate, h.now) {
		h.Counter.Dropped.RateLimited++
		r.due |= SeatsOf(seat)
		return
	}
	m := binary.AppendUvarint(append(h.msg[:0], msgRefused, byte(seat)), r.answered[seat])
	h.msg = appendBytes(m, []byte(err.Error()))
	_ = h.queue(r, h.msg) // fits: the window has room, the reason is short
}

// RemoteStatus is what the host knows of a client's connection.
type RemoteStatus struct {
	Remote
	Silent  time.Duration // since the client was last heard
	Unacked int           // messages it has not acknowledged
	Refused int           // its actions the host refused
	// Fault, if set, says why the host gave up on the client (it stopped
	// acknowledging, or fell too far behind): it is gone as a silent
	// client is, and the table takes its seats over.
	Fault string
}

// Remotes returns the clients not yet taken over, for the table to warn
// of a silent one and decide, after a while or at once for a faulty one,
// to take its seats over. The slice is valid until the next call.
func (h *Host[G, A, E]) Remotes() []RemoteStatus {
	h.status = h.status[:0]
	for _, r := range h.remotes {
		h.status = append(h.status, RemoteStatus{Remote: r.Remote, Silent: h.now - r.heard, Unacked: len(r.ch.unacked), Refused: r.refused, Fault: r.fault})
	}
	return h.status
}

// TakeOver disconnects the client at addr: its seats become the host's
// own, for Apply (a bot, or a player on the host's couch), the client is
// told so, and anything it sends later is dropped as from an unknown
// peer.
func (h *Host[G, A, E]) TakeOver(addr netip.AddrPort) error {
	for i := range h.remotes {
		if h.remotes[i].Addr == addr {
			h.giveUp(&h.remotes[i], TakenOver)
			h.taken = append(h.taken, h.remotes[i])
			h.remotes = append(h.remotes[:i], h.remotes[i+1:]...)
			return nil
		}
	}
	return fmt.Errorf("netplay: no client at %v", addr)
}

func (h *Host[G, A, E]) remote(addr netip.AddrPort) *remote { return findRemote(h.remotes, addr) }

// gone returns the client at addr whose seats were taken over, if any.
func (h *Host[G, A, E]) gone(addr netip.AddrPort) *remote { return findRemote(h.taken, addr) }

func findRemote(rs []remote, addr netip.AddrPort) *remote {
	for i := range rs {
		if rs[i].Addr == addr {
			return &rs[i]
		}
	}
	return nil
}

func (h *Host[G, A, E]) send(to netip.AddrPort, k Kind, m appender) {
	h.out = m.append(appendHeader(h.out[:0], k, h.cfg.Room))
	if h.tr.Send(to, h.out) == nil {
		h.Counter.PacketsSent++
		h.Counter.BytesSent += int64(len(h.out))
	}
}

// allow spends one token of a packet budget of rate packets a second, with
// bursts of a quarter second.
func allow(tokens *float64, refilled *time.Duration, rate int, now time.Duration) bool {
	r := float64(rate)
	*tokens = min(r/4, *tokens+r*(now-*refilled).Seconds())
	*refilled = now
	if *tokens < 1 {
		return false
	}
	*tokens--
	return true
}

// SeatUpdate is what a client learned about one of its seats: the events
// the seat may see, oldest first, and its view now, both in the ruleset's
// JSON form. Refused is set instead when the host refused the seat's
// action, with the reason. Unanswered counts the seat's actions sent
// before it that the host had not yet applied or refused: a view with
// actions unanswered is another seat's doing, and the seat's own action
// is still to come.
type SeatUpdate struct {
	Seat       int
	Events     [][]byte
	View       []byte
	Refused    string
	Unanswered int
}

// Client plays some seats of a game hosted by a Host: it sends their
// actions and receives their views and events. Call Update once per tick.
type Client struct {
	tr     Transport
	host   netip.AddrPort
	room   RoomCode
	seats  SeatSet
	ch     channel
	resend time.Duration
	heard  time.Duration // when the host was last heard; -1 before the first update
	// heardN counts the packets from the host that decoded; pumped is set
	// when a Pump heard the host since the last Update.
	heardN  int
	pumped  bool
	sent    time.Duration // when the client last sent the host a packet
	now     time.Duration
	updates []SeatUpdate              // received, the first handed out by the last Update
	handed  int                       // how many of updates the last Update handed out
	acted   [rulesets.MaxSeats]uint64 // actions sent for each seat
	letGo   string                    // why the host let this client go; "" while it has not
	news    News                      // the host's news (Client.News)
	unpack  inflater                  // the host's messages, each deflated against the one before
	heardFn func(msg []byte)          // see OnMessage
	Counter Counter
	buf     [MaxPacketSize + 1]byte
	out     []byte
	frag    fragment
}

// NewClient joins the game at host in room, playing seats.
func NewClient(tr Transport, host netip.AddrPort, room RoomCode, seats SeatSet) *Client {
	return &Client{tr: tr, host: host, room: room, seats: seats, resend: 100 * time.Millisecond, heard: -1}
}

// OnMessage has fn told every message from the host as it arrives,
// inflated, before the client reads it: a transcript of all the host told
// the client, for a test or a recording page to search. The host's
// messages travel deflated, so the bytes on the wire would hide a card
// from a search.
func (c *Client) OnMessage(fn func(msg []byte)) { c.heardFn = fn }

// OverStream tells the client that it reaches the host over an ordered
// stream that loses nothing while it lasts (a browser's or a phone's
// WebSocket): it then leaves resending to the stream, as the host does
// for such a client (Remote.Stream). Call it before the first Update.
func (c *Client) OverStream() { c.ch.stream = true }

// Act sends seat's action, in the ruleset's JSON form. The host applies
// it, or refuses it in a later update.
func (c *Client) Act(seat int, action []byte) error {
	if !c.seats.Has(seat) {
		return fmt.Errorf("netplay: seat %d is not this client's", seat)
	}
	if err := c.ch.queue(appendBytes([]byte{msgAction, byte(seat)}, action)); err != nil {
		return err
	}
	c.acted[seat]++
	return nil
}

// Update receives the host's messages and sends the pending actions. It
// returns the updates received since the last Update (Pump's included),
// valid until the next Update.
func (c *Client) Update(now time.Duration) []SeatUpdate {
	c.updates = c.updates[:copy(c.updates, c.updates[c.handed:])]
	c.now = now
	if c.heard < 0 {
		c.heard = now
	}
	drain(c.tr, c.buf[:], &c.Counter, func(from netip.AddrPort, p []byte) { c.handle(now, from, p) })
	if c.pumped {
		// Heard while the loop was stopped: not silent for the whole stop,
		// which a Pump cannot time, as time stands still for it.
		c.heard, c.pumped = now, false
	}
	c.handed = len(c.updates)
	if c.letGo != "" || c.unpack.broken != nil {
		return c.updates // the host listens no more, or cannot be followed
	}
	c.ch.flush(now, c.resend, func(f *fragment) { c.send(KindMessage, f) })
	if now-c.sent >= keepAlive {
		ack := c.ch.ack()
		c.send(KindAck, &ack)
	}
	return c.updates
}

func (c *Client) handle(now time.Duration, from netip.AddrPort, pkt []byte) {
	d := &c.Counter.Dropped
	hd, payload, ok := d.admit(pkt, c.room)
	if !ok {
		return
	}
	if from != c.host {
		d.UnknownPeer++
		return
	}
	if hd.Kind == KindReject {
		c.dismissed(payload)
		return
	}
	msgs, ok := c.ch.take(now, hd.Kind, payload, &c.frag, func(a *ackMsg) { c.send(KindAck, a) })
	if !ok {
		d.Malformed++
		return
	}
	c.heard = now // only a packet that decodes: garbage does not keep a gone host alive
	c.heardN++
	for _, packed := range msgs {
		if packed == nil && c.unpack.broken == nil {
			// Not padded: a message lost to the stream, whose next
			// messages deflate against it.
			c.unpack.broken = errors.New("netplay: a message from the host is not padded")
		}
		msg, err := c.unpack.inflate(packed)
		if err != nil {
			d.Malformed++
			continue
		}
		if c.heardFn != nil {
			c.heardFn(msg)
		}
		if len(msg) > 0 && msg[0] == msgNews {
			c.hearNews(msg)
			continue
		}
		u, answered, err := decodeUpdate(msg)
		if err != nil || !c.seats.Has(u.Seat) || answered > c.acted[u.Seat] {
			d.Malformed++
			continue
		}
		u.Unanswered = int(c.acted[u.Seat] - answered)
		c.updates = append(c.updates, u)
	}
}

// Pump receives the host's messages, acknowledging them, and keeps their
// updates for the next Update; then it tells the host the client is
// still there. It is for a page whose game loop a browser has stopped (a
// hidden tab is not drawn, so its game does not update): pumped every
// second or so meanwhile, the client neither falls silent nor leaves the
// host's messages unacknowledged, and the host does not give up on it.
// Time stands still for it, as for the stopped game.
func (c *Client) Pump() {
	n := c.heardN
	drain(c.tr, c.buf[:], &c.Counter, func(from netip.AddrPort, p []byte) { c.handle(c.now, from, p) })
	c.pumped = c.pumped || c.heardN != n
	if c.letGo == "" {
		ack := c.ch.ack()
		c.send(KindAck, &ack)
	}
}

// Silent returns how long the host has not been heard, for the table to
// warn that it may be gone.
func (c *Client) Silent() time.Duration { return c.now - c.heard }

// News returns the host's news of the table (see Host.Tell).
func (c *Client) News() News { return c.news }

// hearNews takes in a news message.
func (c *Client) hearNews(msg []byte) {
	r := reader{b: msg[1:]}
	text := r.bytes(maxNewsLen, "news")
	kind := NewsKind(r.upTo(uint64(newsKinds-1), "news's kind"))
	if r.done() != nil {
		c.Counter.Dropped.Malformed++
		return
	}
	c.news = News{Text: cleanText(string(text)), Kind: kind}
}

// Err reports a message from the host that could not be inflated (or
// was not padded as the channel pads every message): the
// messages after it cannot be read either (each is deflated against the
// one before), so the client takes no more updates and sends nothing
// more. Only a faulty or hostile host sends one; the table ends the
// match, as for a view it cannot read.
func (c *Client) Err() error { return c.unpack.broken }

// Leave tells the host that this client's player leaves the match: the
// host gives up on the client at once (its Remotes say ClientLeft), and
// its table has bots play the seats, rather than wait for a machine that
// will not come back. The client sends nothing after it, and LetGo
// returns ClientLeft.
func (c *Client) Leave() {
	if c.letGo != "" {
		return
	}
	for range leaveWords {
		c.send(KindReject, &reject{Reason: ClientLeft})
	}
	c.letGo = ClientLeft
}

// LetGo returns why the host let this client go, "" while it has not: it
// gave up on the client, took its seats over, moved them to a newer
// connection (MovedAway), or left the match (HostLeft); ClientLeft once
// the client itself left (Leave). The client sends nothing more.
func (c *Client) LetGo() string { return c.letGo }

// dismissed takes in the host's word that it let this client go.
func (c *Client) dismissed(payload []byte) {
	var r reject
	if r.decode(payload) != nil {
		c.Counter.Dropped.Malformed++
		return
	}
	c.letGo = cmp.Or(cleanText(r.Reason), "no reason given")
}

// decodeUpdate reads a host's message about a seat, and how many of the
// seat's actions it answers.
func decodeUpdate(msg []byte) (u SeatUpdate, answered uint64, err error) {
	r := reader{b: msg}
	tag := r.byte()
	u.Seat = int(r.byte())
	answered = r.uvarint()
	switch tag {
	case msgUpdate:
		n := r.varint(MaxMessageSize, "events")
		for i := int64(0); i < n && r.err == nil; i++ {
			u.Events = append(u.Events, r.bytes(MaxMessageSize, "event"))
		}
		u.View = r.bytes(MaxMessageSize, "view")
	case msgRefused:
		u.Refused = string(r.bytes(MaxMessageSize, "reason"))
	default:
		r.fail("message tag %d", tag)
	}
	return u, answered, r.done()
}

func (c *Client) send(k Kind, m appender) {
	c.out = m.append(appendHeader(c.out[:0], k, c.room))
	c.sent = c.now
	if c.tr.Send(c.host, c.out) == nil {
		c.Counter.PacketsSent++
		c.Counter.BytesSent += int64(len(c.out))
	}
}
