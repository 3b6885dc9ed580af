package nettable

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/netip"
	"time"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/netplay"
	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/lobby"
	"github.com/jankenarcade/janken/scenes/netlobby"
	"github.com/jankenarcade/janken/scenes/privacy"
)

// The timing of a hidden-hand match: after WarnAfter without a word from
// a machine (they speak at least four times a second) its players are
// told; after DropAfter the host gives its seats to bots, since a
// turn-based game cannot go on without them, and a client gives up on
// the host.
const (
	WarnAfter = time.Second
	DropAfter = 5 * time.Second
)

// ReloadWait is how long the host waits for a browser gone silent before
// it gives the browser's seats to bots: the page may be reloading, and a
// page that reloads asks for its seats back as it starts
// (netlobby.Resume), after its player has clicked to start it. A browser
// the host gave up on for a fault while it was still talking is let go
// at once, as any machine is. A couch's phones are waited for as their
// host chose (Hosted.Wait).
const ReloadWait = 30 * time.Second

// Hosted is a hidden-hand game as the host's table sees it: its own
// seats' actions go through the netplay.Host, which tells each client
// what its seats may see, and the table reads their events as it would
// read the game's.
type Hosted[G rulesets.Game[A, E], A comparable, E any] struct {
	Host GameHost[G, A, E]
	// Names, if set, names each seat as the lobby did, and the notices
	// and the corner line name the clients' players by it (a seat without
	// a name is "Player N").
	Names []string
	// Phones says the clients are the phones of the players at the host's
	// couch (package phoneplay): the notices speak of phones, not machines.
	Phones bool
	// Wait keeps the seats of a client gone silent (or given up as
	// faulty) waiting for it, however long, instead of giving them to bots
	// after DropAfter: a phone that comes back takes its seat up again
	// (netplay.Host.Rejoin). One the host Released to a bot takes it back
	// from the bot (Rejoin).
	Wait bool
	// Awaited are the seats of the clients waited for now: those Wait
	// waits for, and silent browsers (see ReloadWait). The host may
	// Release them.
	Awaited  netplay.SeatSet
	released netplay.SeatSet
	returned netplay.SeatSet // taken back by their client since the last Update (Rejoin)
	events   []E
	// Passing is the news for the host's table to show in passing (see
	// Update), or "".
	Passing string
	// said is the news of seats changing hands (bots took them, or their
	// player came back), shown until saidUntil, and told the clients
	// while nothing holds the game up; saidAbout are those seats.
	said      string
	saidAbout netplay.SeatSet
	saidUntil time.Duration
	// notice and aside are this Update's news of the clients' machines:
	// of those the game waits for, over the table, and of those it goes
	// on without, in passing when there is no other (see put).
	notice, aside news
	owing         []int // the game's ToAct, reused
}

// news is the news of one client's machine.
type news struct {
	text  string
	about netplay.SeatSet // the client's seats
	wait  bool            // of a wait for it, which the host may end
}

// SayFor is how long every table shows that seats changed hands.
const SayFor = 4 * time.Second

// GameHost is what a Hosted table asks of its *netplay.Host. Hosted holds
// it as an interface so that a build that never hosts (the browser's:
// see openHosted) links none of the host's code.
type GameHost[G rulesets.Game[A, E], A comparable, E any] interface {
	Game() G
	Events() []E
	Apply(seat int, a A) error
	Update(now time.Duration) error
	Remotes() []netplay.RemoteStatus
	TakeOver(addr netip.AddrPort) error
	Rejoin(old, addr netip.AddrPort) error
	Return(old, addr netip.AddrPort) (netplay.SeatSet, error)
	OnApply(fn func(seat int, a A))
	Tell(news netplay.News, about netplay.SeatSet)
	Leave()
}

// Game returns the whole game, which only the host holds.
func (h *Hosted[G, A, E]) Game() G { return h.Host.Game() }

// Apply plays one of the host's own seats' actions.
func (h *Hosted[G, A, E]) Apply(seat int, a A) error {
	n := len(h.Host.Events())
	if err := h.Host.Apply(seat, a); err != nil {
		return err
	}
	h.events = append(h.events, h.Host.Events()[n:]...)
	return nil
}

// Events returns the events of the host's own actions since ClearEvents.
func (h *Hosted[G, A, E]) Events() []E { return h.events }

// ClearEvents forgets them.
func (h *Hosted[G, A, E]) ClearEvents() { h.events = h.events[:0] }

// Update takes in the clients' actions and returns their events (valid
// until the next Update), then checks on the clients: notice names the
// silent ones the game waits for, and taken the seats of those gone for
// good (silent too long or given up by the host as faulty, unless it
// Waits; or Released), which are the host's to play from now on. For
// SayFor after seats change hands, Passing says so: "Bo left: a bot
// plays for them.", "Bo came back to the table." Otherwise it names a
// silent machine whose seats owe the game nothing now: the game goes on
// without it, so its news must not cover the table. The other clients
// are told the notice too (netplay.Host.Tell), so that every table says
// why the game waits; and, when nothing holds the game up, the news in
// passing.
func (h *Hosted[G, A, E]) Update(now time.Duration) (evs []E, notice string, taken netplay.SeatSet, err error) {
	if err := h.Host.Update(now); err != nil {
		return nil, "", 0, err
	}
	defer func() { h.tell(notice) }()
	taken, h.released, h.Awaited = h.released, 0, 0
	h.notice, h.aside = news{}, news{}
	for _, r := range h.Host.Remotes() {
		gone := r.Silent >= DropAfter || r.Fault != ""
		browser := r.Stream && !h.Phones
		if browser { // see ReloadWait
			gone = r.Silent >= ReloadWait || r.Fault != "" && r.Silent < WarnAfter
		}
		switch {
		case h.Wait && (gone || r.Silent >= WarnAfter):
			h.Awaited |= r.Seats
			h.put(news{fmt.Sprintf("Waiting for %s's %s…", h.who(r.Seats), h.device()), r.Seats, true})
		case gone:
			if err := h.Host.TakeOver(r.Addr); err != nil {
				return nil, "", 0, err
			}
			taken |= r.Seats
		case browser && r.Silent >= WarnAfter:
			// The host may let a bot play rather than wait it out.
			h.Awaited |= r.Seats
			h.put(news{fmt.Sprintf("Waiting for %s's browser: a bot plays in %.0f s…", h.who(r.Seats), (ReloadWait - r.Silent).Seconds()), r.Seats, true})
		case r.Silent >= WarnAfter:
			h.put(news{fmt.Sprintf("%s: no word from their %s for %.0f s…", h.who(r.Seats), h.device(), r.Silent.Seconds()), r.Seats, false})
		}
	}
	notice = h.notice.text
	if taken != 0 {
		h.say(now, h.who(taken)+" left: a bot plays for them.", taken)
	}
	if h.returned != 0 {
		h.say(now, h.who(h.returned)+" came back to the table.", h.returned)
	}
	h.Passing = h.aside.text
	if now < h.saidUntil {
		h.Passing = h.said
	}
	return h.Host.Events(), notice, taken, nil
}

// put puts n where it belongs: over the table if the game waits for its
// seats, else aside. In either place, news of a wait, which the host may
// end, comes before news of a silence.
func (h *Hosted[G, A, E]) put(n news) {
	at := &h.aside
	if h.waitsFor(n.about) {
		at = &h.notice
	}
	if n.wait || !at.wait {
		*at = n
	}
}

// waitsFor reports whether the game waits for an action of seats now.
func (h *Hosted[G, A, E]) waitsFor(seats netplay.SeatSet) bool {
	h.owing = h.Host.Game().ToAct(h.owing[:0])
	for _, seat := range h.owing {
		if seats.Has(seat) {
			return true
		}
	}
	return false
}

// tell tells the clients the notice of what holds the game up, or if
// none, the news in passing: of seats changing hands first, since every
// table logs it, then of a machine the game goes on without.
func (h *Hosted[G, A, E]) tell(notice string) {
	switch {
	case notice != "":
		h.Host.Tell(netplay.News{Text: notice}, h.notice.about)
	case h.Passing != "" && h.Passing == h.said:
		h.Host.Tell(netplay.News{Text: h.Passing, Kind: netplay.NewsPassing}, h.saidAbout)
	case h.Passing != "":
		h.Host.Tell(netplay.News{Text: h.Passing, Kind: netplay.NewsAside}, h.aside.about)
	default:
		h.Host.Tell(netplay.News{}, 0)
	}
}

// say has every table tell news of seats changing hands for SayFor.
func (h *Hosted[G, A, E]) say(now time.Duration, news string, about netplay.SeatSet) {
	h.said, h.saidAbout, h.saidUntil = news, about, now+SayFor
}

// Rejoin moves a client that came back from a new address with its
// ticket (a browser whose page reloaded, a phone that woke) there. A
// client whose seats the host's bots play by now takes them back
// (netplay.Host.Return): Side.Update reports them Returned, and the
// table stops its bots for them. It runs inside the host's Update (the
// lobby's or the phone server's part of its transport), on the table's
// thread.
func (h *Hosted[G, A, E]) Rejoin(old, addr netip.AddrPort) error {
	if h.Host.Rejoin(old, addr) == nil {
		return nil
	}
	seats, err := h.Host.Return(old, addr)
	if err != nil {
		return errors.New("the host cannot give this machine its seats back")
	}
	h.returned |= seats
	return nil
}

// Release gives the seats of the clients that play any of seats to the
// host, as if they had gone for good: the next Update reports them taken.
// A client waited for that comes back then takes them back from the bots
// (Rejoin).
func (h *Hosted[G, A, E]) Release(seats netplay.SeatSet) error {
	for _, r := range h.Host.Remotes() {
		if r.Seats&seats == 0 {
			continue
		}
		if err := h.Host.TakeOver(r.Addr); err != nil {
			return err
		}
		h.released |= r.Seats
	}
	return nil
}

// who names seats: by Names if set ("Ann and Bo"), else by number.
func (h *Hosted[G, A, E]) who(seats netplay.SeatSet) string {
	if h.Names == nil {
		return scenes.SeatList(seats)
	}
	var names []string
	for seat, name := range h.Names {
		if !seats.Has(seat) {
			continue
		}
		if name == "" {
			name = scenes.SeatName(seat, "")
		}
		names = append(names, name)
	}
	return scenes.AndList(names)
}

// device is what the clients are: the players' phones at a couch, or
// other machines.
func (h *Hosted[G, A, E]) device() string {
	if h.Phones {
		return "phone"
	}
	return "machine"
}

// Remote is a client's side of a hidden-hand game: the latest view V of
// each of its seats, and the action A each sent, which counts as made
// until the host answers with the seat's next view (or a refusal).
type Remote[A, E, V any] struct {
	Client  *netplay.Client
	Seat    int             // this machine's first seat, whose view tells the public state
	Seats   netplay.SeatSet // all this machine's seats
	Views   [rulesets.MaxSeats]V
	Have    bool                    // every one of its seats has had a view
	Sent    [rulesets.MaxSeats]bool // the seat's action is on its way
	Actions [rulesets.MaxSeats]A    // and what it is

	have netplay.SeatSet
	// audience, with several seats, tells which of their event streams
	// keeps an event they all see: the lowest seat's.
	audience func(E) rulesets.Audience

	// awake keeps a browser's pump (pumpIfStopped) and the game loop
	// apart; closed ends the pump.
	awake  scenes.Awake
	closed bool
}

// NewRemote joins the game of match m as its seats. With several seats,
// audience says who sees an event, so an event told to several of them
// is shown once.
func NewRemote[A, E, V any](m netlobby.Match, audience func(E) rulesets.Audience) (*Remote[A, E, V], error) {
	if m.Seats == 0 {
		return nil, fmt.Errorf("netlobby: a machine with no seat")
	}
	if m.Seats.Len() > 1 && audience == nil {
		return nil, fmt.Errorf("netlobby: %s on one machine: one seat a machine in this game", scenes.SeatList(m.Seats))
	}
	seat := 0
	for !m.Seats.Has(seat) {
		seat++
	}
	r := &Remote[A, E, V]{Client: netplay.NewClient(m.Transport, m.HostAddr, m.Room, m.Seats), Seat: seat, Seats: m.Seats, audience: audience}
	if reachesOnlyHost(m) {
		r.Client.OverStream()
	}
	scenes.KeepAwake(r.pumpIfStopped)
	return r, nil
}

// reachesOnlyHost reports whether a joiner's match m is played over the
// host's WebSocketHub, as the host's settings say (a browser's): the
// client then leaves resending to the stream (netplay.Client.OverStream).
func reachesOnlyHost(m netlobby.Match) bool {
	peers, err := m.Peers(m.HostAddr)
	return err == nil && m.Index > 0 && m.Index < len(peers) && peers[m.Index].HostOnly
}

// pumpIfStopped pumps the client (netplay.Client.Pump) if the game loop
// has not updated the remote since the last call, and reports whether the
// remote is still open. A browser stops the game loop of a hidden tab, so
// that a player who glances at another tab would have the host give up
// on their machine and hand their seats to bots after DropAfter: the
// browser build calls it from a goroutine of its own (scenes.KeepAwake), which
// a hidden tab still runs about once a second.
func (r *Remote[A, E, V]) pumpIfStopped() bool {
	return r.awake.Pump(func(stopped bool) bool {
		if stopped && !r.closed {
			r.Client.Pump()
		}
		return !r.closed
	})
}

// Close ends the remote's pump; the match's transport is closed apart.
// Before the game is over it tells the host that this machine's player
// left (netplay.Client.Leave), so that bots play its seats at once, unless
// the host is out of reach: then the table goes back to it for its seats
// (Lost), or cannot tell it anyway.
func (r *Remote[A, E, V]) Close() {
	r.awake.Lock()
	defer r.awake.Unlock()
	over, ok := any(r.View()).(interface{ Over() bool })
	if !(r.Have && ok && over.Over()) && r.Client.Silent() < DropAfter {
		r.Client.Leave()
	}
	r.closed = true
}

// View returns the first seat's latest view.
func (r *Remote[A, E, V]) View() *V { return &r.Views[r.Seat] }

// Update receives the host's messages and returns its seats' new events,
// oldest first, their views updated; refused is the host's reason when it
// refused one of their actions.
func (r *Remote[A, E, V]) Update(now time.Duration) (evs []E, refused string, err error) {
	r.awake.Lock()
	defer r.awake.Unlock()
	updates := r.Client.Update(now)
	if err := r.Client.Err(); err != nil {
		return nil, "", fmt.Errorf("netlobby: a message from the host: %w", err)
	}
	for _, u := range updates {
		if u.Refused != "" {
			r.Sent[u.Seat], refused = u.Unanswered > 0, u.Refused
			continue
		}
		for _, data := range u.Events {
			var e E
			if err := json.Unmarshal(data, &e); err != nil {
				return nil, "", fmt.Errorf("netlobby: an event from the host: %w", err)
			}
			if r.keeps(u.Seat, e) {
				evs = append(evs, e)
			}
		}
		var v V
		if err := json.Unmarshal(u.View, &v); err != nil {
			return nil, "", fmt.Errorf("netlobby: a view from the host: %w", err)
		}
		// Another seat's action brings a view too: the seat's own action,
		// still unanswered, stays sent.
		r.Views[u.Seat], r.Sent[u.Seat] = v, u.Unanswered > 0
		r.have |= netplay.SeatsOf(u.Seat)
		r.Have = r.have == r.Seats
	}
	return evs, refused, nil
}

// keeps reports whether e, told to seat, is shown from seat's stream: an
// event several of this machine's seats see comes once to each of them.
func (r *Remote[A, E, V]) keeps(seat int, e E) bool {
	if r.audience == nil {
		return true
	}
	aud := r.audience(e)
	for s := range seat {
		if r.Seats.Has(s) && aud.Sees(s) {
			return false // an earlier seat of this machine has it
		}
	}
	return true
}

// Act sends one of its seats' action to the host.
func (r *Remote[A, E, V]) Act(seat int, a A) error {
	r.awake.Lock()
	defer r.awake.Unlock()
	if !r.Seats.Has(seat) || r.Sent[seat] {
		return fmt.Errorf("netlobby: seat %d cannot act now", seat)
	}
	data, err := json.Marshal(a)
	if err != nil {
		return fmt.Errorf("netlobby: encode the action: %w", err)
	}
	if err := r.Client.Act(seat, data); err != nil {
		return err
	}
	r.Sent[seat], r.Actions[seat] = true, a
	return nil
}

// Notice says how the host is doing: empty while it is heard, a warning
// when it has been silent a while, and gone once it is silent for good or
// has let this machine go. While the host is heard, it is the host's news
// of what holds the game up (another machine it waits for), if any.
func (r *Remote[A, E, V]) Notice() (notice string, gone bool) {
	r.awake.Lock()
	defer r.awake.Unlock()
	switch why := r.Client.LetGo(); why {
	case "", netplay.ClientLeft:
	case netplay.HostLeft:
		return "The host left the match.", true
	default:
		return "The host let this machine go: " + why + ".", true
	}
	switch silent := r.Client.Silent(); {
	case silent >= DropAfter:
		return "The host's machine is gone.", true
	case silent >= WarnAfter:
		return fmt.Sprintf("No word from the host for %.0f s…", silent.Seconds()), false
	}
	if news := r.Client.News(); news.Kind == netplay.NewsHolds {
		return news.Text, false
	}
	return "", false
}

// Passing returns the host's news in passing (seats changed hands, or a
// machine the game goes on without), while the host is heard and keeps
// this machine, or the zero News.
func (r *Remote[A, E, V]) Passing() netplay.News {
	r.awake.Lock()
	defer r.awake.Unlock()
	news := r.Client.News()
	if news.Kind == netplay.NewsHolds || r.Client.LetGo() != "" || r.Client.Silent() >= WarnAfter {
		return netplay.News{}
	}
	return news
}

// Lost reports whether this machine is to go back to the host for its
// seats: the host has been silent for good (DropAfter), rather than
// letting this machine go, as the link may be what is gone; or the host
// took its seats over while it did not hear this machine, and gives them
// back to it on a new connection (netplay.Host.Return).
func (r *Remote[A, E, V]) Lost() bool {
	r.awake.Lock()
	defer r.awake.Unlock()
	switch r.Client.LetGo() {
	case "":
		return r.Client.Silent() >= DropAfter
	case netplay.TakenOver:
		return true
	}
	return false
}

// Connection describes the link for the corner of the table.
func (r *Remote[A, E, V]) Connection() string {
	r.awake.Lock()
	defer r.awake.Unlock()
	cn := r.Client.Counter
	return fmt.Sprintf("Network · host heard %d ms ago · packets %d in, %d out",
		r.Client.Silent().Milliseconds(), cn.PacketsRecv, cn.PacketsSent)
}

// Connection describes the host's links for the corner of its table:
// how long ago each client was heard, named as the notices name them
// ("Bo heard 12 ms ago", or "P2 P3 heard …" for seats the lobby named
// no one on).
func (h *Hosted[G, A, E]) Connection() string {
	out := "Network · hosting"
	for _, r := range h.Host.Remotes() {
		who := shortSeats(r.Seats)
		if h.Names != nil {
			who = h.who(r.Seats)
		}
		out += fmt.Sprintf(" · %s heard %d ms ago", who, r.Silent.Milliseconds())
	}
	return out
}

// shortSeats names seats briefly: "P2", "P2 P3".
func shortSeats(s netplay.SeatSet) string {
	out := ""
	for seat := range rulesets.MaxSeats {
		if s.Has(seat) {
			if out != "" {
				out += " "
			}
			out += fmt.Sprintf("P%d", seat+1)
		}
	}
	return out
}

// HostConfig returns the netplay host configuration of a match whose
// events carry their audience and whose views, events and actions are
// the ruleset's JSON.
func HostConfig[G rulesets.Game[A, E], A comparable, E any](m netlobby.Match, view func(g G, seat int) any, audience func(E) rulesets.Audience, decode func([]byte) (A, error)) (netplay.HostConfig[G, A, E], error) {
	peers, err := m.Peers(m.HostAddr)
	if err != nil {
		return netplay.HostConfig[G, A, E]{}, err
	}
	var remotes []netplay.Remote
	for _, p := range peers[1:] {
		// A peer that reaches only the host is a browser or a phone, on
		// the WebSocketHub's stream.
		remotes = append(remotes, netplay.Remote{Addr: p.Addr, Seats: p.Seats, Stream: p.HostOnly})
	}
	return netplay.HostConfig[G, A, E]{
		Room: m.Room, Remotes: remotes,
		View:         func(g G, seat int) ([]byte, error) { return json.Marshal(view(g, seat)) },
		Audience:     audience,
		EncodeEvent:  func(e E) ([]byte, error) { return json.Marshal(e) },
		DecodeAction: decode,
	}, nil
}

// Rules is what a hidden-hand game gives Side: how to deal, what a seat
// sees, who sees an event, and how to read an action and check a view.
type Rules[G rulesets.Game[A, E], A comparable, E, V any] struct {
	// New deals a game for players seats with the variant settings the
	// host chose (the ruleset's JSON config, empty for the defaults) from
	// the match's secret, on the host alone. It derives the deal's seed
	// from the secret one way (rulesets.DeriveSeed), as the couch does,
	// so that the bots' seeds, derived from it too, lead nobody back to
	// the deal.
	New          func(players int, config json.RawMessage, secret uint64) (G, error)
	View         func(g G, seat int) V
	Audience     func(e E) rulesets.Audience
	DecodeAction func(data []byte) (A, error)
	// ViewOf returns the seat and the number of players a view is for,
	// so a client refuses a view that is not its seat's.
	ViewOf func(v *V) (seat, players int)
}

// Side is this machine's side of a hidden-hand match: on the host the
// whole game under a Host, on a client the Remote views of its seats;
// and the couch's input router, its seats sharing the Right keys (the
// arrows and Enter), passed from player to player behind the privacy
// gate's curtain when there are several.
type Side[G rulesets.Game[A, E], A comparable, E, V any] struct {
	Players int
	Seat    int             // this machine's first seat
	Seats   netplay.SeatSet // all its players' seats
	// Bots are the host's seats its bots play, at BotLevel.
	Bots     netplay.SeatSet
	BotLevel string
	// Secret is the match's secret on the host (netlobby.Match's), zero
	// on a client, which is told views and events alone.
	Secret uint64
	Router *input.Router
	Hosted *Hosted[G, A, E] // on the host
	Remote *Remote[A, E, V] // on a client
	Shell
	// Said is the host's news in passing that a client's table keeps in
	// its log (seats changed hands), or "". The host's table logs the
	// changes it makes itself.
	Said  string
	rules Rules[G, A, E, V]
	couch *lobby.Seating  // netlobby.Match's Couch, on a host of phones
	names []string        // netlobby.Match's Names
	ai    netplay.SeatSet // netlobby.Match's AI: the host's bots' seats, on every machine
}

// RightKeys is the device a network player plays with.
var RightKeys = input.Device{Kind: input.KeyZone, Index: 1}

// OpenSide opens this machine's side of match m: the host deals the game
// from m.Secret with the variant in m.Game ({"rules": …}, as
// netlobby.PublicRules writes it; nil for the defaults).
func OpenSide[G rulesets.Game[A, E], A comparable, E, V any](d *scenes.Director, m netlobby.Match, rules Rules[G, A, E, V]) (*Side[G, A, E, V], error) {
	n, err := m.Players()
	if err != nil {
		return nil, err
	}
	// The host's bot seats are its own but no device's: the table's
	// runner plays them (Seating).
	s := &Side[G, A, E, V]{Players: n, Seats: m.Seats &^ m.Bots, Bots: m.Bots, BotLevel: m.BotLevel, rules: rules, names: m.Names, ai: m.AI}
	if err := s.seat(d, m); err != nil {
		return nil, err
	}
	if !m.Host {
		if s.Remote, err = NewRemote[A, E, V](m, rules.Audience); err != nil {
			return nil, err
		}
		s.Seat = s.Remote.Seat
		return s, nil
	}
	if s.Hosted, err = openHosted(m, n, rules); err != nil {
		return nil, err
	}
	s.Secret = m.Secret
	return s, nil
}

// seat seats this machine's players: at a couch of phones (m.Couch) each
// on their own device, as the couch lobby bound them; in a network match
// all on the Right keys, which any other device may adopt.
func (s *Side[G, A, E, V]) seat(d *scenes.Director, m netlobby.Match) error {
	if m.Couch != nil {
		if !m.Host || len(m.Couch.Seats) != s.Players || m.Couch.Router == nil {
			return fmt.Errorf("netlobby: a couch of %d seats for a %d-player match (host %v)", len(m.Couch.Seats), s.Players, m.Host)
		}
		s.Router, s.couch = m.Couch.Router, m.Couch
		return nil
	}
	s.Router = input.NewRouter()
	if err := s.Router.SetControls(d.Router().Controls()); err != nil {
		return err
	}
	return s.bindSeats(RightKeys)
}

// bindSeats gives all this machine's seats to d, which they share.
func (s *Side[G, A, E, V]) bindSeats(d input.Device) error {
	for seat := range rulesets.MaxSeats {
		if s.Seats.Has(seat) {
			if err := s.Router.Bind(seat, d); err != nil {
				return err
			}
		}
	}
	return nil
}

// News is what one tick of the network brought a table.
type News[E any] struct {
	Events []E             // to show: the clients' actions (host), the host's news (client)
	First  bool            // a client's first view arrived: start the table from it
	Taken  netplay.SeatSet // seats the host took over from a machine gone for good
	// Returned are seats the host had taken over whose machine came back
	// for them (netplay.Host.Return): the host's bots no longer play them.
	Returned netplay.SeatSet
	Refused  string // the host refused this seat's action, and why
}

// Update runs the network for one tick at now and updates the Shell's
// news of the connection.
func (s *Side[G, A, E, V]) Update(now time.Duration) (News[E], error) {
	var n News[E]
	var err error
	if s.Hosted != nil {
		n.Events, s.Notice, n.Taken, err = s.Hosted.Update(now)
		s.Passing = s.Hosted.Passing
		n.Returned, s.Hosted.returned = s.Hosted.returned, 0
		return n, err
	}
	r := s.Remote
	first := !r.Have
	if n.Events, n.Refused, err = r.Update(now); err != nil {
		return n, err
	}
	for own := range rulesets.MaxSeats {
		if !r.have.Has(own) {
			continue
		}
		if seat, players := s.rules.ViewOf(&r.Views[own]); seat != own || players != s.Players {
			return n, fmt.Errorf("netlobby: the host sent Player %d of %d a view of Player %d of %d", own+1, s.Players, seat+1, players)
		}
	}
	n.First = first && r.Have
	s.Notice, s.Gone = r.Notice()
	passing := r.Passing()
	s.Passing, s.Said = passing.Text, ""
	if passing.Kind == netplay.NewsPassing {
		s.Said = passing.Text
	}
	return n, nil
}

// Close ends a client's pump (Remote.Close), before its match's
// transport closes, and forgets the match: its player has left it, and a
// reload is not to take them back (netlobby.Forget). A host that leaves
// before the game is over tells every client so (netplay.Host.Leave); at
// the end, the players meet again in the network lobby.
func (s *Side[G, A, E, V]) Close() {
	if s.Remote != nil {
		s.Remote.Close()
		netlobby.Forget()
		return
	}
	if !s.Hosted.Game().Over() {
		s.Hosted.Host.Leave()
	}
}

// Connection describes the link for the corner of the table.
func (s *Side[G, A, E, V]) Connection() string {
	if s.Remote != nil {
		return s.Remote.Connection()
	}
	return s.Hosted.Connection()
}

// Adopt gives this machine's seats to a gamepad or another keyboard zone
// that pressed Confirm on the router's poll that made f: a player picks
// up whatever they like to play with (and with several seats, the couch
// passes it round as it did the keys). The press counts in f for the
// seat the device now plays, so a player's first Confirm is never spent
// on taking up the seat alone.
func (s *Side[G, A, E, V]) Adopt(f *rulesets.Frame) {
	if s.couch != nil {
		return // each of the couch's players has their own device
	}
	for _, p := range s.Router.Loose() {
		if !p.Buttons.Has(rulesets.ButtonConfirm) || p.Device.Kind != input.Pad && p.Device.Kind != input.KeyZone {
			continue
		}
		if s.bindSeats(p.Device) == nil {
			if seat := s.Router.SeatOf(p.Device); seat >= 0 {
				f.Pressed[seat] |= p.Buttons
			}
			return
		}
	}
}

// Seating is the seating of a networked table: this machine's seats are
// its couch's, sharing the Right keys (any other device may adopt them),
// handed off from player to player behind a curtain; the others are
// played elsewhere, those of the host's bots named by their level (an
// Empty seat with its Bot set: this machine runs no bot for it). At a
// couch of phones it is the couch lobby's.
func (s *Side[G, A, E, V]) Seating() lobby.Seating {
	if s.couch != nil {
		return *s.couch
	}
	seating := lobby.Seating{Router: s.Router, Seats: make([]lobby.Seat, s.Players), Privacy: privacy.HandOff}
	for seat := range seating.Seats {
		switch {
		case s.Seats.Has(seat):
			seating.Seats[seat] = lobby.Seat{Kind: lobby.Human, Device: RightKeys}
		case s.Bots.Has(seat):
			seating.Seats[seat] = lobby.Seat{Kind: lobby.Bot, Bot: s.BotLevel}
		case s.ai.Has(seat):
			seating.Seats[seat] = lobby.Seat{Bot: s.BotLevel}
		}
		if seat < len(s.names) {
			seating.Seats[seat].Name = s.names[seat] // every machine's players by the names they gave
		}
	}
	return seating
}
