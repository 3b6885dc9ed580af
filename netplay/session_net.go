package netplay

import (
	"fmt"
	"net/netip"
	"time"
)

// pendingDrop is a drop this peer decided and repeats to the others.
type pendingDrop struct {
	peer int
	from int64
	sent int
}

// dropRepeats is how many times a drop is sent, a ping interval apart. The
// drop of a peer that left is sent for WarnAfter longer: a peer that heard
// none of its leave takes the drop only once that peer has been silent
// there for WarnAfter (acceptDrop).
const dropRepeats = 8

// leaveRepeats is how many times Leave sends its word to each peer, at
// once: the program may end right after.
const leaveRepeats = 3

// receive handles every packet that has arrived.
func (s *Session[S, P]) receive(now time.Duration) {
	if !s.started {
		s.started = true
		s.leadFrom, s.leadPinged = now, now-leadInPing
		for i := range s.peers {
			s.peers[i].heard, s.peers[i].fed, s.peers[i].refilled = now, now, now
		}
	}
	drain(s.tr, s.recv[:], &s.stats.Counter, func(from netip.AddrPort, p []byte) { s.handle(now, from, p) })
}

func (s *Session[S, P]) peerAt(addr netip.AddrPort) int {
	for i := range s.peers {
		if i != s.cfg.Self && !s.peers[i].relayed && s.peers[i].Addr == addr {
			return i
		}
	}
	return -1
}

// handle checks one packet and acts on it. Nothing in a packet is trusted
// before it has passed every check; a failing packet changes nothing but
// the drop counters.
func (s *Session[S, P]) handle(now time.Duration, from netip.AddrPort, pkt []byte) {
	d := &s.stats.Counter.Dropped
	h, payload, ok := d.admit(pkt, s.cfg.Room)
	if !ok {
		return
	}
	j := s.peerAt(from)
	if j < 0 {
		d.UnknownPeer++
		return
	}
	p := &s.peers[j]
	if p.dropped {
		d.Stale++
		return
	}
	if !allow(&p.tokens, &p.refilled, p.rate, now) {
		d.RateLimited++
		return
	}
	if h.Kind == KindRelay {
		s.onRelay(now, j, payload)
		return
	}
	s.dispatch(now, j, h.Kind, payload)
}

// dispatch acts on a packet of kind k from peer j, received directly or
// relayed by the host.
func (s *Session[S, P]) dispatch(now time.Duration, j int, k Kind, payload []byte) {
	d := &s.stats.Counter.Dropped
	p := &s.peers[j]
	switch k {
	case KindInput:
		if err := s.in.decode(payload); err != nil {
			d.Malformed++
			return
		}
		if s.in.Seats != p.Seats || j != 0 && s.in.hasDeals() {
			d.ForeignSeat++ // another's seats, or a deal from a peer other than the host
			return
		}
		if !s.waiting {
			// A peer that started first sends inputs the waiting one
			// cannot place yet; it sends them again until acknowledged.
			s.onInput(now, j)
		}
	case KindPing, KindPong:
		m := &s.ping
		if err := m.decode(payload); err != nil {
			d.Malformed++
			return
		}
		s.onLeadFields(j, m)
		if k == KindPing {
			s.sendPeer(j, KindPong, s.leadFields(j))
		} else if stamp := time.Duration(m.Stamp) * time.Microsecond; stamp <= now && p.reachedBy(stamp) {
			s.onRTT(p, now-stamp)
		}
	case KindDrop:
		if err := s.drop.decode(payload); err != nil || s.drop.Peer >= len(s.peers) || s.drop.Peer == j || s.drop.Seats != s.peers[s.drop.Peer].Seats {
			d.Malformed++
			return
		}
		if s.drop.Peer != 0 && s.drop.hasDeals() {
			d.ForeignSeat++
			return
		}
		if !s.peers[s.drop.Peer].dropped {
			if !s.acceptDrop(now, j, &s.drop) {
				return
			}
			s.applyDrop(s.drop.Peer, s.drop.From, &s.drop.inputRange)
		}
	case KindLeave:
		m := &s.fwd
		if err := m.decode(payload); err != nil || m.Peer != j || m.Seats != p.Seats || m.Start+int64(m.Count) != m.From {
			d.Malformed++
			return
		}
		if j != 0 && m.hasDeals() {
			d.ForeignSeat++
			return
		}
		// Its last inputs: the drop that follows starts after them.
		s.ingest(&m.inputRange, maxTick)
		p.left = true
	case KindForward:
		m := &s.fwd
		if err := m.decode(payload); err != nil || m.Peer >= len(s.peers) || m.Peer == j || m.Peer == s.cfg.Self || m.Seats != s.peers[m.Peer].Seats || m.Start+int64(m.Count) != m.From {
			d.Malformed++
			return
		}
		if m.Peer != 0 && m.hasDeals() {
			d.ForeignSeat++
			return
		}
		if !s.onForward(now, m) {
			return
		}
	default:
		d.Malformed++
		return
	}
	s.heard(now, j)
}

// heard notes a valid packet from peer j. Whether that ends a warning is
// watch's business: a packet without the inputs we wait for does not.
func (s *Session[S, P]) heard(now time.Duration, j int) {
	p := &s.peers[j]
	if !p.reached {
		p.reached, p.reachedAt = true, now
	}
	p.heard = now
}

// reachedBy reports whether a ping stamped stamp left after the peer was
// first heard from. One sent before may have waited on the way for the
// path to open (a sealed transport holds what is sent during its
// handshake, a round trip or a lost packet's retry long), so its round
// trip is no sample of the path's: taken, it made the lead-in choose a
// delay of 3 to 6 ticks instead of 2 on a sealed 150 ms path, and 2
// instead of 1 on a fast LAN.
func (p *peer) reachedBy(stamp time.Duration) bool {
	return p.reached && stamp >= p.reachedAt.Truncate(time.Microsecond)
}

// onForward takes in the last inputs of a silent peer that another peer
// passed on in m (see forward), and reports whether it did: only if this
// peer is entitled to decide drops and has not heard from the silent peer
// for WarnAfter either, and only as far as that peer could have sent by
// now. They extend what this peer knows, and so the tick it will drop the
// silent peer from. A forward refused is counted as stale: honest peers
// forward while they see a peer silent, which this one may not yet, or no
// longer.
func (s *Session[S, P]) onForward(now time.Duration, m *dropMsg) bool {
	if s.waiting || !s.entitled(now, s.cfg.Self) || s.peers[m.Peer].dropped || !s.gone(now, m.Peer) {
		s.stats.Counter.Dropped.Stale++
		return false
	}
	// The silent peer ran at most the window ahead of the inputs it had
	// of ours, and its presses took effect the input delay after.
	s.ingest(&m.inputRange, s.localKnown()+int64(s.window+s.cfg.InputDelay))
	return true
}

// acceptDrop reports whether this peer takes drop m from peer j, counting
// it if not. Only the peer entitled to decide may drop another (every
// lower-numbered peer is gone as far as this one can tell), only a peer
// that is gone here too (see gone), never this peer itself, and never from
// a tick this peer has already settled: settled ticks have played their
// sounds and made the replay, and are never rewritten. The host may drop a
// peer this one hears only through it (relayed: a browser, or any peer
// to a browser) at once: it carries all that peer's packets here, so it
// could silence the peer anyway, and it knows when a browser's
// connection closes (hungUp), which the others cannot see.
//
// A drop refused for a settled tick, of a peer silent here for Timeout,
// means the decider has dropped it where this peer had more of its
// inputs, which forward passes on but did not in time: rather than wait
// on it for ever, this peer's match ends.
func (s *Session[S, P]) acceptDrop(now time.Duration, j int, m *dropMsg) bool {
	d := &s.stats.Counter.Dropped
	switch {
	case m.Peer == s.cfg.Self || !s.entitled(now, j) || !s.gone(now, m.Peer) && !(j == 0 && s.peers[m.Peer].relayed):
		d.ForeignSeat++
		return false
	case m.From <= s.settled:
		d.Stale++
		if s.silence(now, m.Peer) >= s.cfg.Timeout {
			s.fault(m.From, fmt.Errorf("netplay: peer %d dropped peer %d from tick %d, but this peer has settled to tick %d with its inputs", j, m.Peer, m.From, s.settled))
		}
		return false
	}
	return true
}

// entitled reports whether peer j may decide drops as far as this peer
// can tell: it is lower-numbered than this one, and every peer below it
// has been dropped or is silent here.
func (s *Session[S, P]) entitled(now time.Duration, j int) bool {
	if j > s.cfg.Self {
		return false
	}
	for i := range j {
		if !s.peers[i].dropped && !s.gone(now, i) {
			return false
		}
	}
	return true
}

// gone reports whether peer j is gone as far as this peer can tell: its
// player left (KindLeave), or it has been silent for WarnAfter.
func (s *Session[S, P]) gone(now time.Duration, j int) bool {
	return s.peers[j].left || s.silence(now, j) >= s.cfg.WarnAfter
}

// silence returns how long peer j has been silent as this peer counts
// it: since its last packet, or since it last sent the inputs this peer
// waits on, whichever is longer, so that a peer that pings but holds its
// inputs back is warned about and dropped like a silent one.
func (s *Session[S, P]) silence(now time.Duration, j int) time.Duration {
	p := &s.peers[j]
	if p.relayed && s.cfg.Peers[s.cfg.Self].HostOnly {
		// Heard only through the host: silent only while the host
		// is heard without it, else the silence is the host's.
		now = s.peers[0].heard
	}
	return max(now-p.heard, now-p.fed)
}

// starves reports whether this peer waits on peer j's inputs: the
// prediction window is full because of them.
func (s *Session[S, P]) starves(j int) bool {
	for seat := range s.nseats {
		if s.peers[j].Seats.Has(seat) && s.rb.Tick()-s.known[seat] > int64(s.window) {
			return true
		}
	}
	return false
}

func (s *Session[S, P]) onRTT(p *peer, sample time.Duration) {
	if p.samples < leadInSamples {
		p.leadSamples[p.samples] = sample
	}
	p.samples++
	if p.rtt == 0 {
		p.rtt = sample
	} else {
		p.rtt += (sample - p.rtt) / 8
	}
}

// onInput takes in peer j's input message in s.in.
func (s *Session[S, P]) onInput(now time.Duration, j int) {
	p := &s.peers[j]
	m := &s.in
	// The acknowledgement is the latest packet's, not the highest ever
	// seen: a forged or stale "I have everything" is undone by the next
	// packet, which has us resend what the peer lacks. The peer cannot
	// acknowledge more than we have produced, nor be further on than our
	// inputs let it predict.
	known := s.localKnown()
	p.ack = min(m.Ack, known)
	p.tick = min(m.Tick, known+int64(s.window)+1)
	// Time synchronisation: where we think the peer is now, against where
	// it thinks we are; half the difference is how far we run ahead. A
	// sample is clamped to the prediction window, beyond which no honest
	// pair of peers can drift, so a lying peer cannot pull the estimate
	// further.
	remoteNow := p.tick + int64(p.rtt/2/TickDuration)
	ours := s.rb.Tick() - remoteNow
	sample := max(-maxSkew, min(maxSkew, float64(ours-m.Advantage)/2))
	p.ahead += (sample - p.ahead) / 16
	s.ingest(&m.inputRange, maxTick)
	if m.HasCheck {
		i := checkSlot(m.Check.Tick, s.cfg.CheckInterval)
		p.checks[i], p.hasChecked[i] = m.Check, true
		if s.checks[i].Tick == m.Check.Tick && m.Check.Tick <= s.settled {
			s.compare(j, m.Check)
		}
	}
}

// localKnown returns the last tick of the local seats' inputs.
func (s *Session[S, P]) localKnown() int64 {
	for seat := range s.nseats {
		if s.local.Has(seat) {
			return s.known[seat]
		}
	}
	return -1
}

// ingest stores the inputs of r that extend what is known of each seat,
// up to tick limit, and marks a rollback where a prediction was wrong.
func (s *Session[S, P]) ingest(r *inputRange, limit int64) {
	far := s.rb.Tick() + ringSize/2
	for seat := range s.nseats {
		if !r.Seats.Has(seat) || s.dropFrom[seat] != maxTick {
			continue
		}
		for i := 0; i < r.Count; i++ {
			t := r.Start + int64(i)
			if t <= s.known[seat] {
				continue
			}
			if t != s.known[seat]+1 || t > limit {
				break
			}
			if t >= far {
				s.stats.Counter.Dropped.Stale++
				break
			}
			in, slot := r.Inputs[i][seat], t%ringSize
			deal := s.deals[slot]
			if seat == s.hostSeat {
				deal = r.Deals[i]
			}
			if t < s.rb.Tick() && (s.inputs[slot][seat] != in || s.deals[slot] != deal) {
				s.rollTo = min(s.rollTo, t)
			}
			s.inputs[slot][seat], s.known[seat], s.deals[slot] = in, t, deal
		}
	}
}

// watch raises the warning and the timeout of silent peers, and drops a
// timed-out peer if this peer is the one to decide.
func (s *Session[S, P]) watch(now time.Duration) {
	for j := range s.peers {
		p := &s.peers[j]
		if j == s.cfg.Self || p.dropped {
			continue
		}
		if p.left {
			if !p.timedOut {
				p.warned, p.timedOut = true, true
				s.events = append(s.events, Event{Kind: EventLeft, Peer: j, Tick: s.rb.Tick()})
			}
			continue
		}
		if s.waiting || !s.starves(j) {
			p.fed = now
		}
		silent := s.silence(now, j)
		if silent < s.cfg.WarnAfter && (p.warned || p.timedOut) {
			p.warned, p.timedOut = false, false
			s.events = append(s.events, Event{Kind: EventResumed, Peer: j, Tick: s.rb.Tick()})
		}
		if silent >= s.cfg.WarnAfter && !p.warned {
			p.warned = true
			s.events = append(s.events, Event{Kind: EventWarning, Peer: j, Tick: s.rb.Tick()})
		}
		if silent >= s.cfg.Timeout && !p.timedOut {
			p.timedOut = true
			s.events = append(s.events, Event{Kind: EventTimeout, Peer: j, Tick: s.rb.Tick()})
		}
	}
	if s.cfg.Self != 0 && s.peers[0].timedOut && (s.cfg.Peers[s.cfg.Self].HostOnly || s.waiting) {
		s.hostLost = true
		s.events = append(s.events, Event{Kind: EventHostLost, Peer: 0, Tick: s.rb.Tick()})
		return
	}
	if s.waiting || s.cfg.Peers[s.cfg.Self].HostOnly || s.decider() != s.cfg.Self {
		return // a browser never decides: it reaches the others only through the host
	}
	for j := range s.peers {
		p := &s.peers[j]
		if p.timedOut && !p.dropped {
			from := int64(maxTick)
			for seat := range s.nseats {
				if p.Seats.Has(seat) {
					from = min(from, s.known[seat]+1)
				}
			}
			s.applyDrop(j, from, nil)
			d := pendingDrop{peer: j, from: from}
			if p.left {
				d.sent = -int(s.cfg.WarnAfter / s.cfg.PingInterval)
			}
			s.drops = append(s.drops, d)
		}
	}
}

// decider returns the peer that decides drops: the lowest-numbered one
// still connected, as far as this peer can tell.
func (s *Session[S, P]) decider() int {
	for j := range s.peers {
		if !s.peers[j].timedOut && !s.peers[j].dropped {
			return j
		}
	}
	return s.cfg.Self
}

// applyDrop makes peer j's seats play by the policy from tick from on,
// after taking the relayed inputs before it. A peer that had already
// simulated ticks from on with the dropped peer's inputs or predictions
// rolls back, so that every peer agrees on the drop tick; none has
// settled them (acceptDrop).
func (s *Session[S, P]) applyDrop(j int, from int64, relay *inputRange) {
	p := &s.peers[j]
	if relay != nil {
		s.ingest(relay, from-1)
	}
	for seat := range s.nseats {
		if !p.Seats.Has(seat) {
			continue
		}
		if s.known[seat] < from-1 {
			s.fault(from, fmt.Errorf("netplay: drop of peer %d from tick %d, but its inputs are known only to tick %d", j, from, s.known[seat]))
			return
		}
		s.dropFrom[seat], s.known[seat] = from, maxTick
	}
	p.dropped, p.timedOut = true, true
	if from < s.rb.Tick() {
		s.rollTo = min(s.rollTo, from)
	}
	for k := range s.peers {
		for i := range s.peers[k].checks {
			if s.peers[k].checks[i].Tick >= from {
				s.peers[k].hasChecked[i] = false
			}
		}
	}
	s.events = append(s.events, Event{Kind: EventDropped, Peer: j, Tick: from})
}

// transmit sends each peer our inputs it lacks, pings, and pending drops.
func (s *Session[S, P]) transmit(now time.Duration) {
	known := s.localKnown()
	quiet := s.quiet(known)
	for j := range s.peers {
		p := &s.peers[j]
		if j == s.cfg.Self || p.dropped {
			continue
		}
		if s.thin(p, quiet) {
			p.sentRun = 0
			continue
		}
		p.sentRun++
		m := &s.send
		m.Ack = maxTick
		for seat := range s.nseats {
			if p.Seats.Has(seat) {
				m.Ack = min(m.Ack, s.known[seat])
			}
		}
		m.Tick = s.rb.Tick()
		m.Advantage = s.rb.Tick() - (p.lastTick() + int64(p.rtt/2/TickDuration))
		m.Check, m.HasCheck = s.lastCheck, p.checkSends > 0
		p.checkSends = max(0, p.checkSends-1)
		start := max(p.ack+1, known-maxInputTicks+1, 0)
		s.fillRange(&m.inputRange, s.local, start, known)
		s.sendPeer(j, KindInput, m)
		if now-p.pinged >= s.pingInterval(p) {
			p.pinged = now
			s.sendPing(now, j)
		}
	}
	if now-s.dropsSent < s.cfg.PingInterval {
		return
	}
	s.dropsSent = now
	s.forward(now)
	for k := range s.drops {
		d := &s.drops[k]
		if d.sent >= dropRepeats {
			continue
		}
		d.sent++
		s.fillDrop(d)
		for j := range s.peers {
			if j != s.cfg.Self && !s.peers[j].dropped {
				s.sendPeer(j, KindDrop, &s.drop)
			}
		}
	}
}

// Leave tells every other peer that this peer's player has left the match,
// with the inputs each still lacks of it (KindLeave): they end at the last
// tick this peer has scheduled, and its seats play by the host's policy
// from the tick after, as soon as the peer that decides drops hears it,
// instead of after Timeout of silence in which the game waits. The word
// goes out at once, leaveRepeats times over, for the program may end
// next; the session is not to be updated after. A peer that hears none of
// it drops this one as a silent peer.
func (s *Session[S, P]) Leave() {
	if s.left || s.faulted || s.hostLost {
		return
	}
	s.left = true
	known := s.localKnown()
	m := &s.fwd
	for range leaveRepeats {
		for j := range s.peers {
			p := &s.peers[j]
			if j == s.cfg.Self || p.dropped {
				continue
			}
			m.Peer, m.From = s.cfg.Self, known+1
			s.fillRange(&m.inputRange, s.local, max(p.ack+1, known-maxInputTicks+1, 0), known)
			s.sendPeer(j, KindLeave, m)
		}
		s.flushBundles()
	}
}

// forward passes the next decider the last inputs this peer holds of each
// peer gone here (silent for WarnAfter, or left), until it is dropped. A silent peer's
// last packets may have reached this peer and not the decider (lost, or
// thinned: see thin), and this peer may have settled the ticks they
// carry; the decider drops a peer from the tick after the last of its
// inputs it holds, which must come after every peer's settled ticks (see
// acceptDrop). Sent every ping interval from WarnAfter on, the inputs
// reach the decider long before its Timeout.
func (s *Session[S, P]) forward(now time.Duration) {
	if s.waiting {
		return
	}
	for k := range s.peers {
		p := &s.peers[k]
		if k == s.cfg.Self || p.dropped || !s.gone(now, k) {
			continue
		}
		d := s.nextDecider(now)
		if d == s.cfg.Self {
			return
		}
		last := int64(maxTick)
		for seat := range s.nseats {
			if p.Seats.Has(seat) {
				last = min(last, s.known[seat])
			}
		}
		start := max(0, last-maxInputTicks+1, s.rb.Tick()-ringSize/2)
		if start > last {
			continue
		}
		m := &s.fwd
		m.Peer, m.From = k, last+1
		s.fillRange(&m.inputRange, p.Seats, start, last)
		s.sendPeer(d, KindForward, m)
	}
}

// nextDecider returns the peer that will decide the drops of the peers
// gone: the lowest-numbered one not gone itself, or this peer (see
// entitled).
func (s *Session[S, P]) nextDecider(now time.Duration) int {
	for j := range s.peers {
		if j == s.cfg.Self || !s.peers[j].dropped && !s.gone(now, j) {
			return j
		}
	}
	return s.cfg.Self
}

// Thinning on a long round trip: a quiet tick is skipped only after
// thinRun updates in a row that sent, and only while the peer is at least
// thinMargin ticks short of the window (see thin).
const (
	thinRun    = 2
	thinMargin = 2
)

// thin reports whether this update may leave peer p without our inputs:
// nothing was pressed or released (quiet), they went to it on the last
// update, and it is far from having to wait for us, as it predicts "no
// press" rightly meanwhile. Our latest hash, if due, rides on the next
// packet.
//
// "Far" depends on the round trip. On a fast LAN a peer is seldom more
// than a tick or two behind on our inputs, and thinning only while it is
// less than half the window behind keeps every tick that could be a
// stall; there every other quiet tick may be skipped.
//
// On a long round trip the ticks in flight keep it further behind for
// good: the lag it reports (its tick after its update, less the last of
// our inputs it holds) is 5 at 150 ms with delay 2, and it stalls once
// the lag reaches the window plus 2. Thinning while the lag is below the
// window less thinMargin leaves four ticks or more: the one skipped, and
// three for lost and late packets. What costs stalls there is the
// pattern as much as the lag: skipping every other tick turns each lost
// packet into two ticks without inputs and two lost in a row (1% of
// sends at 10% loss) into a stall. Skipping at most one tick in
// thinRun+1 keeps a lost packet's gap to a tick or two. Measured with
// netplay/secure's BenchmarkSlamBandwidth (four-player Slam, 150 ms,
// 10% loss, window 8), against every other quiet tick below the window
// less 3: 3% fewer packets and half the stalls; with the window of 7
// that AdaptDelay chooses there, 9% fewer packets for more stalls (13 a
// minute a peer, from 9). Every packet counts there, as sealing adds 18
// bytes to some 16.
//
// On a relayed path, two hops of jitter and loss long, every tick is
// sent: the tick saved here was a stall there (25 stalls in 6000 ticks
// of Slam relayed over lossyLAN at delay 6).
func (s *Session[S, P]) thin(p *peer, quiet bool) bool {
	if !quiet || p.relayed || p.sentRun == 0 {
		return false
	}
	lag, w := p.tick-p.ack, int64(s.window)
	if p.rtt > fastLANRTT {
		return p.sentRun >= thinRun && lag < w-thinMargin
	}
	return lag < w/2
}

// longPings is how many ping intervals apart a peer on a long round trip
// is pinged. There every packet counts against the bandwidth budget (a
// ping and its pong, sealed, are some 60 bytes), the smoothed round trip
// moves slowly anyway, and the input packets say that the peer lives.
const longPings = 8

// pingInterval is how often peer p is pinged.
func (s *Session[S, P]) pingInterval(p *peer) time.Duration {
	if p.rtt > fastLANRTT {
		return longPings * s.cfg.PingInterval
	}
	return s.cfg.PingInterval
}

// quiet reports whether the local inputs of tick known are those of the
// tick before (no press, no release) and, on the host, it deals nothing
// on it.
func (s *Session[S, P]) quiet(known int64) bool {
	if known < 1 || s.cfg.Self == 0 && s.deals[known%ringSize] != 0 {
		return false
	}
	cur, prev := &s.inputs[known%ringSize], &s.inputs[(known-1)%ringSize]
	for seat := range s.nseats {
		if s.local.Has(seat) && cur[seat] != prev[seat] {
			return false
		}
	}
	return true
}

// fillDrop writes drop d into s.drop, relaying the dropped peer's inputs
// before the drop tick that are still in the ring.
func (s *Session[S, P]) fillDrop(d *pendingDrop) {
	m := &s.drop
	m.Peer, m.From = d.peer, d.from
	start := max(0, d.from-maxInputTicks/2, s.rb.Tick()-ringSize/2)
	s.fillRange(&m.inputRange, s.peers[d.peer].Seats, start, d.from-1)
}

// fillRange fills r with the inputs from tick start to last of a peer
// whose seats are seats, and the host's deals if it is the host.
func (s *Session[S, P]) fillRange(r *inputRange, seats SeatSet, start, last int64) {
	r.Seats, r.Start, r.Count = seats, start, int(max(0, last-start+1))
	host := seats.Has(s.hostSeat)
	for i := range r.Count {
		slot := (start + int64(i)) % ringSize
		r.Inputs[i], r.Deals[i] = s.inputs[slot], 0
		if host {
			r.Deals[i] = s.deals[slot]
		}
	}
}

// lastTick is the tick the peer last told us it was at.
func (p *peer) lastTick() int64 { return p.tick }

// appender is a message that appends its encoding.
type appender interface{ append([]byte) []byte }

// sendPeer sends message m of kind k to peer j: directly, or in this
// update's bundle for j or for the host, which relays it.
func (s *Session[S, P]) sendPeer(j int, k Kind, m appender) {
	p := &s.peers[j]
	switch {
	case p.relayed:
		s.addToBundle(0, j, k, m)
	case p.bundle != nil:
		s.addToBundle(j, 0, k, m) // the host: its sender, or its receiver
	default:
		s.sendTo(p.Addr, appendHeader(s.out[:0], k, s.cfg.Room), m)
	}
}

func (s *Session[S, P]) sendTo(to netip.AddrPort, head []byte, m appender) {
	s.out = m.append(head)
	s.post(to, s.out)
}

// post sends packet pkt to to, and counts it.
func (s *Session[S, P]) post(to netip.AddrPort, pkt []byte) {
	if len(pkt) > MaxPacketSize {
		return // cannot happen with bounded messages; never sent, never trusted
	}
	if err := s.tr.Send(to, pkt); err != nil {
		return // a failed send is a lost packet; the next tick resends
	}
	s.stats.Counter.PacketsSent++
	s.stats.Counter.BytesSent += int64(len(pkt))
}
