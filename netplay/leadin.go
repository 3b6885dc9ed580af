package netplay

import (
	"encoding/binary"
	"slices"
	"time"
)

// The lead-in. With Config.AdaptDelay, a session does not start at once:
// for a moment before tick 0 every peer pings every other one, often, to
// measure the round trips of the match's paths, those the host relays
// included. Each peer reports the slowest of its own paths to the host,
// peer 0, which picks from the slowest of all one input delay for the
// whole match and starts; every other peer starts as soon as it hears the
// host's choice. One delay for every peer keeps the match fair: Slam
// judges presses by tick, and a peer with a shorter delay would see its
// presses land sooner.
//
// A path's round trip is the median of its first leadInSamples: a
// packet held back by reordering, or an update of the other side late,
// does not make the whole match slower; the margin the choice keeps is
// for such jitter and for a lost packet.
//
// The host chooses the prediction window with the delay: a short one where
// every round trip is short, which bounds how far back a peer that holds
// its inputs back can claim a press (see the package documentation).
//
// The reports and the choice ride on pings and pongs: after its stamp, a
// session's ping or pong may carry a byte with the host's chosen delay in
// its low four bits and window in its high four (0: not chosen) and the
// sender's slowest round trip in microseconds, a varint (0: not measured
// yet). A ping of the stamp alone still means neither.

// MaxAdaptedDelay is the longest input delay AdaptDelay chooses: 100 ms at
// 60 ticks a second, beyond which presses feel late whatever the
// prediction saves.
const MaxAdaptedDelay = 6

const (
	// leadInPing is how often each peer is pinged during the lead-in.
	leadInPing = 50 * time.Millisecond
	// leadInSamples is how many round trips a peer measures on each of
	// its paths before it reports.
	leadInSamples = 7
	// leadInLimit is how long the host waits for every peer's report
	// before choosing with what it has; a path it knows nothing of
	// counts as the slowest.
	leadInLimit = 2 * time.Second
	// fastLANRTT is the slowest round trip of a fast LAN, where one
	// tick of delay is enough: the wait for the update on each side
	// (up to a tick each, half typically; two more on a path the host
	// relays) and 10 ms of wire.
	fastLANRTT = 2*TickDuration + 10*time.Millisecond
	// delayMargin is the ticks kept beyond the slowest path's typical
	// one-way trip, for its jitter and a lost packet that the next one,
	// a tick later, makes good.
	delayMargin = 3
	// maxReportedRTT bounds a reported round trip.
	maxReportedRTT = 60 * time.Second
)

// leadPing is a session's ping or pong, with the lead-in's fields.
type leadPing struct {
	pingMsg
	Delay, Window int           // the host's chosen input delay and prediction window; 0 before it has chosen
	Slowest       time.Duration // the sender's slowest path's round trip; 0 before it has measured every path
}

func (m *leadPing) append(dst []byte) []byte {
	dst = m.pingMsg.append(dst)
	if m.Delay == 0 && m.Slowest == 0 {
		return dst
	}
	dst = append(dst, byte(m.Delay|m.Window<<4))
	return binary.AppendUvarint(dst, uint64(m.Slowest/time.Microsecond))
}

func (m *leadPing) decode(p []byte) error {
	r := reader{b: p}
	m.Stamp = r.uint64()
	m.Delay, m.Window, m.Slowest = 0, 0, 0
	if r.err == nil && len(r.b) > 0 {
		b := r.byte()
		m.Delay, m.Window = int(b&15), int(b>>4)
		m.Slowest = time.Duration(r.upTo(uint64(maxReportedRTT/time.Microsecond), "round trip")) * time.Microsecond
		if r.err == nil && (m.Delay > MaxPrediction || m.Window > MaxPrediction || (m.Delay == 0) != (m.Window == 0)) {
			r.fail("input delay %d, prediction window %d", m.Delay, m.Window)
		}
	}
	return r.done()
}

// chooseDelay is the input delay for a match whose slowest path has round
// trip rtt: enough that a press reaches every peer before it has
// predicted MaxPrediction ticks past it, at least good on a good link and
// 1 on a fast LAN, and at most MaxAdaptedDelay.
func chooseDelay(rtt time.Duration, good int) int {
	if rtt <= fastLANRTT {
		return 1
	}
	return max(good, min(MaxAdaptedDelay, oneWayTicks(rtt)+delayMargin-MaxPrediction))
}

// chooseWindow is the prediction window for a match whose slowest path
// has round trip rtt, played with input delay d: what a press needs,
// beyond the delay, to reach every peer with the same margin, and at most
// MaxPrediction. On a fast LAN it is at most 4 ticks.
func chooseWindow(rtt time.Duration, d int) int {
	return max(1, min(MaxPrediction, oneWayTicks(rtt)+delayMargin-d))
}

// oneWayTicks is half the round trip rtt, in ticks, rounded up.
func oneWayTicks(rtt time.Duration) int { return int((rtt/2 + TickDuration - 1) / TickDuration) }

// leadIn runs one update of the lead-in: it pings, and on the host
// chooses the delay and starts once every path is measured.
func (s *Session[S, P]) leadIn(now time.Duration) {
	if s.cfg.Self == 0 && s.delayReady(now) {
		rtt := s.slowestPath()
		d := chooseDelay(rtt, s.cfg.InputDelay)
		s.begin(d, chooseWindow(rtt, d))
		return
	}
	if now-s.leadPinged < leadInPing {
		return
	}
	s.leadPinged = now
	for j := range s.peers {
		if j != s.cfg.Self {
			s.sendPing(now, j)
		}
	}
}

// delayReady reports whether the host knows enough to choose the delay:
// every path measured, every peer's report in, or the lead-in has lasted
// leadInLimit.
func (s *Session[S, P]) delayReady(now time.Duration) bool {
	if now-s.leadFrom >= leadInLimit {
		return true
	}
	for j := 1; j < len(s.peers); j++ {
		if p := &s.peers[j]; p.samples < leadInSamples || p.report == 0 {
			return false
		}
	}
	return true
}

// slowestPath returns the match's slowest round trip as the host knows
// it: its own paths, and the slowest each peer reported of its own (the
// relayed paths among them). A path that neither the host nor a peer
// has measured counts as too slow for any delay.
func (s *Session[S, P]) slowestPath() time.Duration {
	var slowest time.Duration
	for j := 1; j < len(s.peers); j++ {
		p := &s.peers[j]
		if p.samples == 0 || p.report == 0 {
			return maxReportedRTT
		}
		slowest = max(slowest, p.leadRTT(), p.report)
	}
	return slowest
}

// ownSlowest returns the round trip of this peer's slowest path, once
// every path has leadInSamples samples, else 0.
func (s *Session[S, P]) ownSlowest() time.Duration {
	var slowest time.Duration
	for j := range s.peers {
		if j == s.cfg.Self {
			continue
		}
		p := &s.peers[j]
		if p.samples < leadInSamples {
			return 0
		}
		slowest = max(slowest, p.leadRTT())
	}
	return slowest
}

// leadRTT returns the median of the path's lead-in round trips so far.
func (p *peer) leadRTT() time.Duration {
	n := min(p.samples, leadInSamples)
	if n == 0 {
		return 0
	}
	sorted := p.leadSamples
	slices.Sort(sorted[:n])
	return sorted[n/2]
}

// begin ends the lead-in: the match plays with input delay d and
// prediction window w from tick 0.
func (s *Session[S, P]) begin(d, w int) {
	s.waiting = false
	s.cfg.InputDelay, s.window = d, w
	for seat := range s.nseats {
		if s.known[seat] != maxTick {
			s.known[seat] = int64(d) - 1
		}
	}
}

// sendPing pings peer j, with this peer's lead-in fields.
func (s *Session[S, P]) sendPing(now time.Duration, j int) {
	s.ping.Stamp = uint64(now / time.Microsecond)
	s.sendPeer(j, KindPing, s.leadFields(j))
}

// leadFields fills s.ping's lead-in fields for a ping or pong to peer j:
// the host's choice, once made, to everyone; a peer's report, while it
// waits, to the host.
func (s *Session[S, P]) leadFields(j int) *leadPing {
	m := &s.ping
	m.Delay, m.Window, m.Slowest = 0, 0, 0
	switch {
	case s.cfg.Self == 0 && !s.waiting:
		m.Delay, m.Window = s.cfg.InputDelay, s.window
	case s.cfg.Self != 0 && s.waiting && j == 0:
		m.Slowest = s.ownSlowest()
	}
	return m
}

// onLeadFields takes in the lead-in fields of a ping or pong from peer j:
// on the host a peer's report, elsewhere the host's choice.
func (s *Session[S, P]) onLeadFields(j int, m *leadPing) {
	switch {
	case s.cfg.Self == 0 && m.Slowest > 0:
		s.peers[j].report = m.Slowest
	case j == 0 && m.Delay > 0 && s.waiting:
		s.begin(m.Delay, m.Window)
	}
}
