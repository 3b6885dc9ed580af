package netplay

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"math/bits"
	"net/netip"
	"os"
	"path/filepath"
	"time"

	"github.com/jankenarcade/janken/rulesets"
)

// TickDuration is the length of one tick of the fixed 60 Hz loop.
const TickDuration = time.Second / 60

// PeerConfig is one peer of a session: where it is and the seats it plays.
type PeerConfig struct {
	Addr  netip.AddrPort // unused for the session's own entry and for peers reached through the host
	Seats SeatSet
	// HostOnly marks a peer that can reach only the host, peer 0: a
	// browser, which connects to the host's WebSocketHub and to nothing
	// else. The host relays what it and the other peers send each other,
	// naming the original sender, whose seats the receiver checks.
	HostOnly bool
}

// DropPolicy is what becomes of a timed-out peer's seats. The host chooses
// it for every peer of the match.
type DropPolicy uint8

const (
	// DropSeats leaves the seats in the game without pressing anything.
	DropSeats DropPolicy = iota
	// BotSeats hands the seats to Config.Bot.
	BotSeats
)

// Config configures a rollback Session. Every peer of a match uses the same
// Room, Peers, InputDelay, AdaptDelay, CheckInterval, OnTimeout and Bot;
// only Self differs.
type Config[S any] struct {
	Room  RoomCode
	Peers []PeerConfig // every peer, in the same order on every machine
	Self  int          // this machine's index in Peers

	// InputDelay is how many ticks after it is made a local press takes
	// effect (default 2; 1 on a fast LAN): the time the press has to reach
	// the other peers before they need it. At least 1.
	InputDelay int
	// Prediction is the prediction window: the most ticks a peer runs
	// ahead of the last tick whose inputs it holds from every peer
	// (default MaxPrediction). It bounds backdating (see the package
	// documentation). With AdaptDelay the host chooses it with the delay.
	Prediction int
	// CheckInterval is how often, in confirmed ticks, peers compare state
	// hashes (default 10).
	CheckInterval int
	// PingInterval is how often each peer is pinged (default 250 ms).
	PingInterval time.Duration
	// WarnAfter is the silence after which a peer is reported as possibly
	// gone (default 1 s); Timeout the silence after which it is dropped
	// (default 5 s). While a peer is silent its seats pause the game.
	WarnAfter, Timeout time.Duration
	// AdaptDelay has the peers measure their round trips before tick 0
	// (the paths the host relays included) and the host choose from the
	// slowest the one input delay every peer plays with: 1 on a fast
	// LAN, InputDelay on a good link, more on a slow one, up to
	// MaxAdaptedDelay. Until the choice has reached it a peer waits at
	// tick 0 (Status.Waiting), a second or so at most.
	AdaptDelay bool
	// OnTimeout is what becomes of a dropped peer's seats.
	OnTimeout DropPolicy
	// Bot returns the input of a seat played by the bot policy, from the
	// state before the tick. It must be deterministic.
	Bot func(s *S, seat int) SeatInput
	// PacketRate is how many packets a second each peer may send before
	// the excess is dropped (default 300).
	PacketRate int
	// DumpDir is where a desync writes this peer's state (default the
	// system's temporary directory); Dump encodes it (default its
	// MarshalJSON if *S has one, else "%+v").
	DumpDir string
	Dump    func(s *S) ([]byte, error)
	// OnSettled, if set, is called once for every tick once the inputs of
	// all seats for it are known, with the tick's frame and the state after
	// it: its events are confirmed and never rolled back, so sounds play
	// from them, and the frames make the match's replay.
	OnSettled func(f *rulesets.Frame, s *S)
}

func (c *Config[S]) setDefaults() {
	if c.InputDelay == 0 {
		c.InputDelay = 2
	}
	if c.Prediction == 0 {
		c.Prediction = MaxPrediction
	}
	if c.CheckInterval == 0 {
		c.CheckInterval = 10
	}
	if c.PingInterval == 0 {
		c.PingInterval = 250 * time.Millisecond
	}
	if c.WarnAfter == 0 {
		c.WarnAfter = time.Second
	}
	if c.Timeout == 0 {
		c.Timeout = 5 * time.Second
	}
	if c.PacketRate == 0 {
		c.PacketRate = 300
	}
}

func (c *Config[S]) validate() error {
	var all SeatSet
	switch {
	case len(c.Peers) < 1 || len(c.Peers) > rulesets.MaxSeats:
		return fmt.Errorf("netplay: %d peers", len(c.Peers))
	case c.Self < 0 || c.Self >= len(c.Peers):
		return fmt.Errorf("netplay: self %d of %d peers", c.Self, len(c.Peers))
	case c.InputDelay < 1 || c.InputDelay > MaxPrediction:
		return fmt.Errorf("netplay: input delay %d: want 1 to %d", c.InputDelay, MaxPrediction)
	case c.Prediction < 1 || c.Prediction > MaxPrediction:
		return fmt.Errorf("netplay: prediction window %d: want 1 to %d", c.Prediction, MaxPrediction)
	case c.CheckInterval < 1:
		return fmt.Errorf("netplay: check interval %d", c.CheckInterval)
	case c.OnTimeout == BotSeats && c.Bot == nil:
		return errors.New("netplay: bot policy without a bot")
	}
	if c.Peers[0].HostOnly {
		return errors.New("netplay: the host, peer 0, cannot be host-only")
	}
	addrs := map[netip.AddrPort]bool{}
	for i, p := range c.Peers {
		if p.Seats == 0 || all&p.Seats != 0 {
			return fmt.Errorf("netplay: peer %d seats %08b: none, or another peer's", i, p.Seats)
		}
		all |= p.Seats
		if viaHost(c.Peers, c.Self, i) {
			continue // its address is the host's business
		}
		if i != c.Self && (!p.Addr.IsValid() || addrs[p.Addr]) {
			return fmt.Errorf("netplay: peer %d address %v: missing, or another peer's", i, p.Addr)
		}
		addrs[p.Addr] = true
	}
	return nil
}

// EventKind says what happened to a session.
type EventKind uint8

// The session events.
const (
	EventWarning EventKind = iota + 1 // a peer has been silent for WarnAfter
	EventResumed                      // a warned peer was heard again
	EventTimeout                      // a peer has been silent for Timeout
	EventDropped                      // a timed-out peer's seats play by the policy from Tick on
	EventDesync                       // a peer's hash of Tick differs from ours
	EventFault                        // the session cannot continue consistently (Err says why)
	// EventHostLost: the host, peer 0, has been silent for Timeout,
	// and this peer reaches the others only through it (a browser), or
	// the match had not started yet. The match is over for this peer:
	// the session stops where it is, rather than play on alone against
	// its predictions.
	EventHostLost
	// EventDrawnDesync: the state this peer drew after Tick, reached by
	// prediction and rollback, differs from the confirmed state of the
	// same tick (Local its hash, Remote the drawn one's): the ruleset does
	// not replay the same after a restore. Reported once.
	EventDrawnDesync
	// EventLeft: the peer's player left the match (Session.Leave), or,
	// on the host, a browser peer's connection closed (its tab closed or
	// its page reloaded); it sends nothing more. Its seats are dropped at
	// once, with no EventWarning or EventTimeout.
	EventLeft
)

var eventNames = [...]string{"none", "warning", "resumed", "timeout", "dropped", "desync", "fault", "host lost", "drawn desync", "left"}

func (k EventKind) String() string { return rulesets.EnumName(eventNames[:], k, "event") }

// Event is something a session reports to the game: shown as a warning,
// logged, or ending the match.
type Event struct {
	Kind          EventKind
	Peer          int
	Tick          int64
	Local, Remote uint64 // the two hashes of a desync
	Path          string // where a desync dumped our state
	Err           error
}

// Status says what one Update did.
type Status struct {
	Advanced bool // a new tick was simulated
	Stalled  bool // waiting: the prediction window is full
	Skipped  bool // holding back one tick so a slower peer catches up
	Resteps  int  // ticks re-simulated by a rollback
	// InputTick is the tick the local presses were scheduled for, or -1
	// when the session did not advance and keeps them for the next tick.
	InputTick int64
	// Waiting: before tick 0, measuring round trips to agree on the
	// input delay (Config.AdaptDelay). The match has not begun: the
	// local presses and Deal are ignored, not kept for tick 0.
	Waiting bool
	// Ended: the session has stopped for good, after a fault or with
	// its host lost; it will not advance again.
	Ended bool
}

// Stats describes a session's connection quality and work.
type Stats struct {
	Rollbacks, Resteps int64 // rollbacks and re-simulated ticks
	MaxRollback        int   // the longest rollback, in ticks
	Stalls, Skips      int64 // updates spent waiting or slowing down
	Counter            Counter
}

// PeerStats is the connection quality of one peer.
type PeerStats struct {
	Ping        time.Duration // smoothed round trip
	FramesAhead float64       // how many ticks we run ahead of it (negative: behind)
	Silent      time.Duration // since we last heard from it
	Warned      bool
	Dropped     bool
}

type peer struct {
	PeerConfig
	relayed     bool          // packets to and from it pass through the host
	bundle      []byte        // if not nil, what this update sends it, in one relay packet
	rate        int           // packets a second it may send us
	ack         int64         // our last tick of inputs it holds
	tick        int64         // the latest tick it told us it was at
	heard       time.Duration // when it last sent a valid packet
	reached     bool          // it has sent a valid packet
	reachedAt   time.Duration // when it sent the first
	fed         time.Duration // when we last were not waiting on its inputs
	rtt         time.Duration
	pinged      time.Duration
	ahead       float64 // smoothed skew: positive when we are ahead
	tokens      float64
	refilled    time.Duration
	warned      bool
	timedOut    bool
	left        bool // it said its player left (KindLeave)
	dropped     bool
	desynced    bool
	samples     int                          // round trips measured
	leadSamples [leadInSamples]time.Duration // the first of them
	report      time.Duration                // on the host, the peer's slowest path's round trip
	checkSends  int                          // packets that will still carry our latest hash
	sentRun     int                          // updates in a row that sent it our inputs
	checks      [checkRing]checksumMsg
	hasChecked  [checkRing]bool
}

// checkRing is how many checksums are remembered per peer.
const checkRing = 16

// maxSkew bounds one time-synchronisation sample, in ticks: no two honest
// peers drift further apart than the prediction window.
const maxSkew = float64(MaxPrediction)

// checkRepeats is how many input packets carry a new hash: one, as the
// hash's eight bytes are almost half a quiet input packet; a lost one
// delays the detection of a desync, which lasts, to the next check.
const checkRepeats = 1

// Session is a rollback netplay session for a per-tick ruleset state S. The
// game calls Update once per tick with the local seats' frame; the session
// exchanges inputs with the other peers, predicts the missing ones as "no
// press", rolls back and re-simulates when a late input differs, compares
// hashes of confirmed ticks, and keeps the peers in step.
//
// State returns the predicted state to draw: animations derive from it, so
// a rollback redraws them consistently. OnSettled delivers the confirmed
// ticks, from which sounds play. A Session is used from one goroutine.
type Session[S any, P Sim[S]] struct {
	cfg     Config[S]
	tr      Transport
	hangUps disconnects // tr's word that a browser's connection closed (the host's), or nil
	rb      *Rollback[S, P]
	conf    *Rollback[S, P] // the state after tick settled, stepped with confirmed inputs only
	settled int64
	nseats  int
	local   SeatSet
	peers   []peer
	window  int // the prediction window: Config.Prediction, or the host's choice
	// hostSeat is the host's first seat: the host's Deal of each tick
	// travels, is stored and is known with that seat's inputs.
	hostSeat int

	inputs   [ringSize][rulesets.MaxSeats]SeatInput
	deals    [ringSize]uint32         // the host's Deal of each tick, with hostSeat's inputs
	known    [rulesets.MaxSeats]int64 // last tick whose input for the seat is known, contiguously
	dropFrom [rulesets.MaxSeats]int64 // tick from which the seat plays by policy
	rollTo   int64
	frame    rulesets.Frame
	pending  [rulesets.MaxSeats]rulesets.Buttons // local presses kept while waiting
	pendDeal uint32                              // on the host, a Deal kept while waiting
	dealSum  uint64                              // digest of the settled deals, in the checked hash

	checks      [checkRing]checksumMsg
	lastCheck   checksumMsg
	drops       []pendingDrop
	dropsSent   time.Duration // when the pending drops were last repeated
	started     bool
	now         time.Duration // of the last Update
	checkpoints [checkRing]struct {
		tick  int64
		state S
	}

	sinceSkip  int
	events     []Event
	stats      Stats
	faulted    bool
	misdrawn   bool // an EventDrawnDesync has been reported
	hostLost   bool
	left       bool          // this peer's player left (Leave)
	waiting    bool          // in the lead-in, before tick 0 (AdaptDelay)
	leadFrom   time.Duration // when the lead-in began
	leadPinged time.Duration // when the lead-in last pinged
	recv       [MaxPacketSize + 1]byte
	out        []byte
	relay      rawMessage // a message the host relays
	in, send   inputMsg
	drop       dropMsg
	fwd        dropMsg // a forward, sent or received
	ping       leadPing
}

// NewSession starts a session from initial, the state before tick 0, over
// transport tr.
func NewSession[S any, P Sim[S]](cfg Config[S], tr Transport, initial S) (*Session[S, P], error) {
	cfg.setDefaults()
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	s := &Session[S, P]{cfg: cfg, tr: tr, rb: NewRollback[S, P](initial), conf: NewRollback[S, P](initial), settled: -1, window: cfg.Prediction, out: make([]byte, 0, MaxPacketSize)}
	if cfg.Self == 0 {
		s.hangUps, _ = layer[disconnects](tr)
	}
	s.local = cfg.Peers[cfg.Self].Seats
	s.hostSeat = bits.TrailingZeros8(uint8(cfg.Peers[0].Seats))
	for j, p := range cfg.Peers {
		rate := cfg.PacketRate * relayShare(cfg.Peers, cfg.Self, j)
		s.peers = append(s.peers, peer{PeerConfig: p, relayed: viaHost(cfg.Peers, cfg.Self, j), rate: rate, ack: -1, tokens: float64(rate) / 4})
	}
	s.makeBundles()
	var all SeatSet
	for _, p := range cfg.Peers {
		all |= p.Seats
	}
	for seat := range rulesets.MaxSeats {
		s.dropFrom[seat] = maxTick
		if all.Has(seat) {
			s.nseats = seat + 1
		}
		// The first InputDelay ticks have no presses on any peer.
		s.known[seat] = int64(cfg.InputDelay) - 1
		if !all.Has(seat) {
			s.known[seat] = maxTick
		}
	}
	s.rollTo = maxTick
	s.waiting = cfg.AdaptDelay && len(cfg.Peers) > 1
	return s, nil
}

// State returns the current, possibly predicted, state to draw.
func (s *Session[S, P]) State() *S { return s.rb.State() }

// Tick returns the next tick the session will simulate.
func (s *Session[S, P]) Tick() int64 { return s.rb.Tick() }

// Settled returns the last tick whose inputs are all known, and the state
// after it.
func (s *Session[S, P]) Settled() (int64, *S) { return s.settled, s.conf.State() }

// InputDelay returns the match's input delay in ticks: the configured one,
// or with AdaptDelay the host's choice (0 until it has reached this peer).
func (s *Session[S, P]) InputDelay() int {
	if s.waiting {
		return 0
	}
	return s.cfg.InputDelay
}

// Prediction returns the match's prediction window in ticks: the
// configured one, or with AdaptDelay the host's choice (0 until it has
// reached this peer).
func (s *Session[S, P]) Prediction() int {
	if s.waiting {
		return 0
	}
	return s.window
}

// Events returns what happened during the last Update. The slice is reused
// by the next.
func (s *Session[S, P]) Events() []Event { return s.events }

// Stats returns the session's counters.
func (s *Session[S, P]) Stats() Stats { return s.stats }

// Peer returns the connection quality of peer i.
func (s *Session[S, P]) Peer(i int) PeerStats {
	p := &s.peers[i]
	return PeerStats{Ping: p.rtt, FramesAhead: p.ahead, Silent: s.now - p.heard, Warned: p.warned, Dropped: p.dropped}
}

// confirmed returns the last tick whose inputs are known for every seat.
func (s *Session[S, P]) confirmed() int64 {
	c := int64(maxTick)
	for seat := range s.nseats {
		c = min(c, s.known[seat])
	}
	return c
}

// Update runs one tick of the session at time now (any monotonic clock, in
// simulated time for tests): it receives what the peers sent, simulates
// the next tick, and sends the local inputs on. local's presses for the
// local seats (other seats of local are ignored) and, on the host alone,
// local's Deal take effect on Status.InputTick, InputDelay ticks on; an
// update that does not advance keeps them for the next one (a later Deal
// replacing a kept one).
func (s *Session[S, P]) Update(now time.Duration, local *rulesets.Frame) Status {
	s.events = s.events[:0]
	s.now = now
	var st Status
	hungUp := s.hungUp()
	s.receive(now)
	s.leaveHungUp(hungUp)
	s.watch(now)
	if s.faulted || s.hostLost {
		s.flushBundles()
		st.Ended = true
		return st
	}
	if s.waiting {
		s.leadIn(now)
		if s.waiting {
			s.flushBundles()
			st.Waiting, st.InputTick = true, -1
			return st
		}
	}
	tick := s.rb.Tick()
	switch {
	case tick-s.confirmed() > int64(s.window):
		st.Stalled = true
		s.stats.Stalls++
	case s.shouldSkip():
		st.Skipped = true
		s.stats.Skips++
	default:
		at := tick + int64(s.cfg.InputDelay)
		for seat := range s.nseats {
			if s.local.Has(seat) {
				s.inputs[at%ringSize][seat] = SeatInput{Pressed: s.pending[seat] | local.Pressed[seat], Held: local.Held[seat]}
				s.known[seat], s.pending[seat] = at, 0
			}
		}
		if s.cfg.Self == 0 {
			s.deals[at%ringSize] = cmp.Or(local.Deal, s.pendDeal)
			s.pendDeal = 0
		}
		st.InputTick = at
		st.Resteps = s.rollback()
		s.step(s.rb.State(), tick, true)
		s.rb.Advance(&s.frame)
		st.Advanced = true
	}
	if !st.Advanced {
		s.keepPresses(local)
		st.InputTick = -1
		st.Resteps = s.rollback()
	}
	s.settle()
	s.transmit(now)
	s.flushBundles()
	return st
}

// keepPresses keeps the local presses of an update that did not advance
// for the next tick, so that none is lost; on the host, its Deal too (a
// later one replaces it).
func (s *Session[S, P]) keepPresses(local *rulesets.Frame) {
	for seat := range s.nseats {
		if s.local.Has(seat) {
			s.pending[seat] |= local.Pressed[seat]
		}
	}
	if s.cfg.Self == 0 {
		s.pendDeal = cmp.Or(local.Deal, s.pendDeal)
	}
}

// shouldSkip reports whether to hold back this tick: only when we have
// run ahead of some peer by a tick or more on average, and at most once
// every ten ticks, so the faster peer slows gently instead of stuttering.
func (s *Session[S, P]) shouldSkip() bool {
	s.sinceSkip++
	if s.sinceSkip < 10 {
		return false
	}
	for i := range s.peers {
		p := &s.peers[i]
		if i != s.cfg.Self && !p.dropped && p.ahead >= 1 {
			s.sinceSkip = 0
			return true
		}
	}
	return false
}

// step prepares s.frame for tick from the inputs, predicting the unknown
// ones ("no press", the last known held buttons) and storing the
// predictions when predict is set, so a late input can be compared with
// what was assumed.
func (s *Session[S, P]) step(state *S, tick int64, predict bool) {
	f := &s.frame
	*f = rulesets.Frame{Tick: tick}
	slot := tick % ringSize
	for seat := range s.nseats {
		var in SeatInput
		switch {
		case tick >= s.dropFrom[seat]:
			if s.cfg.OnTimeout == BotSeats {
				in = s.cfg.Bot(state, seat)
			}
		case tick <= s.known[seat]:
			in = s.inputs[slot][seat]
		default:
			in = SeatInput{Held: s.inputs[s.known[seat]%ringSize][seat].Held}
			if predict {
				s.inputs[slot][seat] = in
			}
		}
		f.Pressed[seat], f.Held[seat] = in.Pressed, in.Held
	}
	switch h := s.hostSeat; {
	case tick >= s.dropFrom[h]:
	case tick <= s.known[h]:
		f.Deal = s.deals[slot]
	case predict:
		s.deals[slot] = 0 // predicted: no deal
	}
}

// rollback re-simulates from the earliest tick whose prediction turned out
// wrong, and returns how many ticks it re-simulated.
func (s *Session[S, P]) rollback() int {
	from, to := s.rollTo, s.rb.Tick()
	s.rollTo = maxTick
	if from >= to {
		return 0
	}
	if err := s.rb.Restore(from); err != nil {
		s.fault(from, err)
		return 0
	}
	for t := from; t < to; t++ {
		s.step(s.rb.State(), t, true)
		s.rb.Advance(&s.frame)
	}
	n := int(to - from)
	s.stats.Rollbacks++
	s.stats.Resteps += int64(n)
	s.stats.MaxRollback = max(s.stats.MaxRollback, n)
	return n
}

func (s *Session[S, P]) fault(tick int64, err error) {
	s.faulted = true
	s.events = append(s.events, Event{Kind: EventFault, Tick: tick, Err: err})
}

// settle steps the confirmed state through every newly confirmed tick, and
// checks hashes.
func (s *Session[S, P]) settle() {
	last := min(s.confirmed(), s.rb.Tick()-1)
	for t := s.settled + 1; t <= last; t++ {
		s.step(s.conf.State(), t, false)
		s.conf.Advance(&s.frame)
		s.settled = t
		if d := s.frame.Deal; d != 0 {
			var h rulesets.Hasher
			h.Uint64(s.dealSum)
			h.Uint64(uint64(t)<<32 | uint64(d))
			s.dealSum = h.Sum()
		}
		if s.cfg.OnSettled != nil {
			s.cfg.OnSettled(&s.frame, s.conf.State())
		}
		if t%int64(s.cfg.CheckInterval) == 0 {
			hash := P(s.conf.State()).Hash()
			s.checkDrawn(t, hash)
			s.recordCheck(t, s.withDeals(hash))
		}
	}
}

// checkDrawn compares the state drawn after tick t, reached by prediction,
// restore and re-simulation, with the confirmed one, hash: every input of
// t is known, so after the rollbacks of this update they must be equal.
// A difference is a fault in the restore-and-resimulate path that the
// players see and the peers' hashes, all of confirmed states, never show.
// It is reported once; it costs no traffic.
func (s *Session[S, P]) checkDrawn(t int64, hash uint64) {
	drawn := s.rb.Saved(t + 1)
	if s.misdrawn || drawn == nil {
		return
	}
	if got := P(drawn).Hash(); got != hash {
		s.misdrawn = true
		s.events = append(s.events, Event{Kind: EventDrawnDesync, Peer: s.cfg.Self, Tick: t, Local: hash, Remote: got})
	}
}

// withDeals returns the hash peers compare for a state of hash h: h
// itself while no deal has settled, else h and the digest of the deals,
// so that peers that took different deals differ even where a ruleset
// ignored one.
func (s *Session[S, P]) withDeals(h uint64) uint64 {
	if s.dealSum == 0 {
		return h
	}
	var d rulesets.Hasher
	d.Uint64(h)
	d.Uint64(s.dealSum)
	return d.Sum()
}

func checkSlot(tick int64, interval int) int { return int(tick/int64(interval)) % checkRing }

func (s *Session[S, P]) recordCheck(tick int64, hash uint64) {
	i := checkSlot(tick, s.cfg.CheckInterval)
	s.checks[i] = checksumMsg{Tick: tick, Hash: hash}
	s.checkpoints[i].tick, s.checkpoints[i].state = tick, *s.conf.State()
	s.lastCheck = s.checks[i]
	for j := range s.peers {
		s.peers[j].checkSends = checkRepeats
	}
	for j := range s.peers {
		p := &s.peers[j]
		if j != s.cfg.Self && p.hasChecked[i] && p.checks[i].Tick == tick {
			s.compare(j, p.checks[i])
		}
	}
}

// compare checks a peer's hash against ours for the same tick.
func (s *Session[S, P]) compare(peer int, remote checksumMsg) {
	p := &s.peers[peer]
	local := s.checks[checkSlot(remote.Tick, s.cfg.CheckInterval)]
	if p.desynced || local.Tick != remote.Tick || local.Hash == remote.Hash || remote.Tick > s.settled {
		return
	}
	p.desynced = true
	ev := Event{Kind: EventDesync, Peer: peer, Tick: remote.Tick, Local: local.Hash, Remote: remote.Hash}
	path, err := s.dump(remote.Tick)
	ev.Path, ev.Err = path, err
	s.events = append(s.events, ev)
}

// dump writes our confirmed state of tick to a file for comparison with
// the other peer's, which it writes on its machine.
func (s *Session[S, P]) dump(tick int64) (string, error) {
	cp := &s.checkpoints[checkSlot(tick, s.cfg.CheckInterval)]
	var data []byte
	var err error
	if s.cfg.Dump != nil {
		data, err = s.cfg.Dump(&cp.state)
	} else if m, ok := any(P(&cp.state)).(json.Marshaler); ok {
		data, err = m.MarshalJSON()
	} else {
		data = fmt.Appendf(nil, "%+v\n", cp.state)
	}
	if err != nil {
		return "", fmt.Errorf("netplay: dump desync state: %w", err)
	}
	dir := s.cfg.DumpDir
	if dir == "" {
		dir = os.TempDir()
	}
	path := filepath.Join(dir, fmt.Sprintf("desync-%v-tick%d-peer%d.txt", s.cfg.Room, tick, s.cfg.Self))
	if err := os.WriteFile(path, data, 0o644); err != nil {
		return "", fmt.Errorf("netplay: dump desync state: %w", err)
	}
	return path, nil
}
