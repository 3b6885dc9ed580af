package netplay

import (
	"slices"
	"testing"
	"time"

	"github.com/jankenarcade/janken/internal/soak"
	"github.com/jankenarcade/janken/rulesets"
)

// The attacks on a rollback session of issue 13: one peer runs a modified
// build, reads every byte it receives and sends any bytes, in its own name
// or (on a LAN) in another peer's. Each test forges the packets such a
// peer would send and injects them on the in-memory network.

// attackLink is a quiet network, so that only the attack disturbs the
// match.
var attackLink = LinkConfig{Delay: 10 * time.Millisecond}

// attackTimes gives every peer short warning and timeout limits.
func attackTimes(i int, c *Config[race]) {
	c.WarnAfter, c.Timeout = 500*time.Millisecond, 2*time.Second
}

// forgeDrop returns a drop packet declaring peer dropped from tick from.
func forgeDrop(room RoomCode, peer int, seats SeatSet, from int64) []byte {
	m := dropMsg{Peer: peer, From: from, inputRange: inputRange{Seats: seats, Start: from}}
	return m.append(appendHeader(nil, KindDrop, room))
}

// forgeForward returns a forward of peer's inputs, one tick before from.
func forgeForward(room RoomCode, peer int, seats SeatSet, from int64) []byte {
	m := dropMsg{Peer: peer, From: from, inputRange: inputRange{Seats: seats, Start: from - 1, Count: 1}}
	return m.append(appendHeader(nil, KindForward, room))
}

// forgeInput returns an input packet of message m.
func forgeInput(room RoomCode, m *inputMsg) []byte {
	return m.append(appendHeader(nil, KindInput, room))
}

// eventsOf returns the kinds of the events peer i reported about peer
// about.
func (m *match[S, P]) eventsOf(i, about int) []EventKind {
	var kinds []EventKind
	for _, ev := range m.events[i] {
		if ev.Peer == about {
			kinds = append(kinds, ev.Kind)
		}
	}
	return kinds
}

// agree fails the test unless the listed peers settled the same hashes up
// to tick, with nothing reported but warnings and resumes.
func (m *match[S, P]) agree(t *testing.T, tick int64, peers ...int) {
	t.Helper()
	for _, i := range peers {
		for _, ev := range m.events[i] {
			if ev.Kind != EventWarning && ev.Kind != EventResumed {
				t.Errorf("peer %d: %+v", i, ev)
			}
		}
		if !slices.Equal(m.hashes[i][:tick+1], m.hashes[peers[0]][:tick+1]) {
			t.Fatalf("peers %d and %d disagree", peers[0], i)
		}
	}
}

// updateWithin updates the match, failing the test once it has run limit
// updates.
func (m *match[S, P]) updateWithin(t *testing.T, limit int) {
	t.Helper()
	if m.updates >= limit {
		t.Fatalf("nothing happened within %d updates", limit)
	}
	m.update()
}

// TestAttack_ForgedDropIsIgnored: a drop that its sender may not declare
// changes nothing, and the match goes on in agreement.
func TestAttack_ForgedDropIsIgnored(t *testing.T) {
	type forgery struct{ sender, receiver, dropped int }
	tests := []struct {
		name      string
		forgeries []forgery
		refused   int // the receivers' count of refused packets
	}{
		// Today's peer 1 ends peer 0's match with one packet.
		{"naming the receiver", []forgery{{1, 0, 0}}, 1},
		// Peer 2 decides nothing while peers 0 and 1 are connected.
		{"by a peer not entitled", []forgery{{2, 0, 1}, {2, 1, 0}}, 2},
		// The host, entitled to decide, says peer 1 is gone while peer
		// 2 hears it perfectly well.
		{"of a connected peer", []forgery{{0, 2, 1}}, 1},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := newMatch(t, 3, attackLink, uint64(i), attackTimes)
			m.runUntil(100, 200)
			for _, f := range tt.forgeries {
				settled, _ := m.peers[f.receiver].Settled()
				m.ends[f.receiver].Inject(m.ends[f.sender].LocalAddr(), forgeDrop(77, f.dropped, SeatsOf(f.dropped), settled+1))
			}
			m.runUntil(300, 400)
			m.agree(t, 300, 0, 1, 2)
			refused := int64(0)
			for _, p := range m.peers {
				refused += p.Stats().Counter.Dropped.ForeignSeat
			}
			if refused != int64(tt.refused) {
				t.Errorf("%d refused drops counted, want %d", refused, tt.refused)
			}
		})
	}
}

func TestAttack_ForgedDropRewritingSettledTicksIsIgnored(t *testing.T) {
	m := newMatch(t, 3, attackLink, 4, attackTimes)
	m.runUntil(300, 400)
	m.ends[1].Cut(true)
	for !slices.Contains(m.eventsOf(2, 1), EventWarning) {
		m.updateWithin(t, 900)
	}
	// Peer 1 is gone; a drop is due. Forged in the decider's name, this
	// one would move a second of settled history to the policy's seat.
	before, _ := m.peers[2].Settled()
	m.ends[2].Inject(m.ends[0].LocalAddr(), forgeDrop(77, 1, SeatsOf(1), before-60))
	m.update()
	if after, _ := m.peers[2].Settled(); after < before {
		t.Fatalf("peer 2 unsettled ticks %d to %d", after+1, before)
	}
	if n := m.peers[2].Stats().Counter.Dropped.Stale; n != 1 {
		t.Errorf("%d stale drops counted, want 1", n)
	}
	// The decider's own drop, at its timeout, is the one that counts.
	for !slices.Contains(m.eventsOf(2, 1), EventDropped) || !slices.Contains(m.eventsOf(0, 1), EventDropped) {
		m.updateWithin(t, 700)
	}
	drop := func(i int) Event { return m.events[i][slices.Index(m.eventsOf(i, 1), EventDropped)] }
	if d0, d2 := drop(0), drop(2); d0.Tick != d2.Tick || d2.Tick <= before {
		t.Fatalf("peer 0 dropped peer 1 from tick %d, peer 2 from %d (settled %d before the forgery)", d0.Tick, d2.Tick, before)
	}
	end := m.settledOf([]int{0, 2}) + 100
	for m.settledOf([]int{0, 2}) < end {
		m.updateWithin(t, 900)
	}
	if !slices.Equal(m.hashes[0][:end+1], m.hashes[2][:end+1]) {
		t.Fatal("peers 0 and 2 disagree after the drop")
	}
}

func TestAttack_PeerPingingWithoutInputsIsDropped(t *testing.T) {
	m := newMatch(t, 2, attackLink, 5, attackTimes)
	m.runUntil(100, 200)
	// Peer 1 stops sending inputs but answers and sends pings, so that
	// it is never silent: the match would wait on it forever.
	m.start[1] = 1 << 30
	stopped := m.net.Now()
	var ping leadPing
	for m.net.Now() < stopped+3*time.Second {
		if m.updates%15 == 0 {
			ping.Stamp = uint64(m.net.Now() / time.Microsecond)
			m.ends[0].Inject(m.ends[1].LocalAddr(), ping.append(appendHeader(nil, KindPing, 77)))
		}
		m.update()
	}
	want := []EventKind{EventWarning, EventTimeout, EventDropped}
	if got := m.eventsOf(0, 1); !slices.Equal(got, want) {
		t.Fatalf("peer 0 reported %v about the pinging peer, want %v", got, want)
	}
	if settled, _ := m.peers[0].Settled(); settled < m.peers[0].Tick()-int64(MaxPrediction)-1 {
		t.Errorf("peer 0 settled only to %d of %d after the drop", settled, m.peers[0].Tick())
	}
}

func TestAttack_ForgedFullAckDoesNotFreezeMatch(t *testing.T) {
	m := newMatch(t, 2, attackLink, 6, attackTimes)
	m.runUntil(100, 200)
	// Peer 0's next inputs are lost on the way; then a forged packet in
	// peer 1's name says it holds them all.
	m.ends[1].Cut(true)
	for range 5 {
		m.update()
	}
	tick := m.peers[0].Tick()
	m.ends[0].Inject(m.ends[1].LocalAddr(), forgeInput(77, &inputMsg{Tick: tick, Ack: maxTick, inputRange: inputRange{Seats: SeatsOf(1), Start: tick}}))
	m.update()
	m.ends[1].Cut(false)
	m.runUntil(tick+200, m.updates+300)
	m.agree(t, tick+200, 0, 1)
}

func TestAttack_ClaimedTimeAdvantageIsClamped(t *testing.T) {
	m := newMatch(t, 2, attackLink, 7, attackTimes)
	m.runUntil(100, 200)
	// Peer 1 claims, packet after packet, to be a thousand years behind
	// (or ahead of) peer 0.
	for _, claim := range []int64{-maxAdvantage, maxAdvantage} {
		for range 200 {
			tick := m.peers[0].Tick()
			m.ends[0].Inject(m.ends[1].LocalAddr(), forgeInput(77, &inputMsg{Tick: maxTick, Ack: tick, Advantage: claim, inputRange: inputRange{Seats: SeatsOf(1), Start: tick}}))
			m.update()
		}
		if ahead := m.peers[0].Peer(1).FramesAhead; ahead < -maxSkew || ahead > maxSkew {
			t.Errorf("claim %d: peer 0 thinks it runs %.0f ticks ahead", claim, ahead)
		}
	}
	m.runUntil(m.settled()+100, m.updates+200)
}

// TestDropAfterSettledTicks: a silent peer's last ticks reached one peer
// and not the decider, and that peer settled them. It passes them on
// (KindForward) once the peer has been silent for WarnAfter, so the
// decider drops the silent peer after them: every peer takes the drop
// and plays on in agreement. Before, the decider dropped it from the
// first tick it lacked, which peer 2 had settled, and peer 2's match
// ended (TestDropBeforeSettledTicksEndsMatch).
func TestDropAfterSettledTicks(t *testing.T) {
	m := newMatch(t, 3, attackLink, 9, attackTimes)
	m.runUntil(100, 200)
	// Peer 1's last ticks reach peer 2 only; then it is gone.
	m.ends[1].Reach(m.ends[2].LocalAddr())
	for range 10 {
		m.update()
	}
	m.ends[1].Cut(true)
	for !slices.Contains(m.eventsOf(0, 1), EventDropped) || !slices.Contains(m.eventsOf(2, 1), EventDropped) {
		if i := slices.IndexFunc(m.events[2], func(ev Event) bool { return ev.Kind == EventFault }); i >= 0 {
			t.Fatalf("peer 2 ended its match: %v", m.events[2][i].Err)
		}
		m.updateWithin(t, 700)
	}
	drop := func(i int) Event { return m.events[i][slices.Index(m.eventsOf(i, 1), EventDropped)] }
	known := m.peers[0].Stats().Counter.Dropped
	if d0, d2 := drop(0), drop(2); d0.Tick != d2.Tick {
		t.Fatalf("peer 0 dropped peer 1 from tick %d, peer 2 from %d", d0.Tick, d2.Tick)
	}
	end := m.settledOf([]int{0, 2}) + 100
	for m.settledOf([]int{0, 2}) < end {
		m.updateWithin(t, 900)
	}
	for _, i := range []int{0, 2} {
		for _, ev := range m.events[i] {
			if ev.Kind == EventFault || ev.Kind == EventDesync {
				t.Errorf("peer %d: %+v", i, ev)
			}
		}
	}
	if !slices.Equal(m.hashes[0][:end+1], m.hashes[2][:end+1]) {
		t.Fatal("peers 0 and 2 disagree after the drop")
	}
	if refused(known) != 0 {
		t.Errorf("peer 0 refused honest packets: %+v", known)
	}
}

// TestDropBeforeSettledTicksEndsMatch: when the decider drops a silent
// peer from a tick another peer has already settled (it heard more of the
// silent peer's last inputs, and passed them on too late: here it warns
// only at the timeout), that peer cannot follow without rewriting its
// history: its match ends, rather than wait for ever.
func TestDropBeforeSettledTicksEndsMatch(t *testing.T) {
	m := newMatch(t, 3, attackLink, 9, func(i int, c *Config[race]) {
		c.WarnAfter, c.Timeout = 2*time.Second, 2*time.Second
	})
	m.runUntil(100, 200)
	// Peer 1's last ticks reach peer 2 only; then it is gone.
	m.ends[1].Reach(m.ends[2].LocalAddr())
	for range 10 {
		m.update()
	}
	m.ends[1].Cut(true)
	for !slices.ContainsFunc(m.events[2], func(ev Event) bool { return ev.Kind == EventFault }) {
		m.updateWithin(t, 700)
	}
	if !slices.Contains(m.eventsOf(0, 1), EventDropped) || slices.Contains(m.eventsOf(2, 1), EventDropped) {
		t.Errorf("peer 0 reported %v about peer 1, peer 2 %v", m.eventsOf(0, 1), m.eventsOf(2, 1))
	}
}

// TestAttack_MalformedFloodChangesNothing sends a session a flood of
// packets mutated from valid ones, past the rate limit (each is handed to
// the decoders directly): none may panic or hang it, and the match goes on
// in agreement.
func TestAttack_MalformedFloodChangesNothing(t *testing.T) {
	m := newMatch(t, 2, attackLink, 13, nil)
	m.runUntil(50, 100)
	ping := leadPing{pingMsg: pingMsg{Stamp: 1}, Delay: 2, Window: 8, Slowest: 1}
	seeds := [][]byte{
		sampleInput().append(appendHeader(nil, KindInput, 77)),
		forgeDrop(77, 1, SeatsOf(1), 40),
		forgeForward(77, 0, SeatsOf(0), 40),
		ping.append(appendHeader(nil, KindPing, 77)),
	}
	rng := rulesets.NewRand(13)
	s := m.peers[0]
	n, decoded := soak.Scale(20_000, 200_000), 0
	for i := range n {
		p := slices.Clone(seeds[i%len(seeds)])
		for range 1 + rng.IntN(4) {
			switch at := rng.IntN(len(p) + 1); rng.IntN(3) {
			case 0:
				if at < len(p) {
					p[at] ^= byte(1 + rng.IntN(255))
				}
			case 1:
				p = p[:at]
			default:
				p = slices.Insert(p, at, byte(rng.IntN(256)))
			}
		}
		if decodes(p, 77) {
			continue // a valid packet in peer 1's name: the transport's to refuse
		}
		if h, payload, err := ParseHeader(p); err == nil && h.Room == 77 {
			s.dispatch(m.net.Now(), 1, h.Kind, payload)
			decoded++
		}
		if i%1000 == 0 {
			m.update()
		}
	}
	m.runUntil(m.settled()+100, m.updates+300)
	m.agree(t, m.settled(), 0, 1)
	d := s.Stats().Counter.Dropped
	if decoded < n/4 || d.Total() < int64(decoded)*3/4 {
		t.Errorf("of %d packets %d reached the decoders, %d were refused: %+v", n, decoded, d.Total(), d)
	}
	t.Logf("%d packets, %d to the decoders, refused %+v", n, decoded, d)
}

// TestAttack_ForgedForwardIsIgnored: a peer passes on inputs, with
// presses, of a peer that is there, or to a peer that does not decide
// drops: they are refused and counted, and the match goes on in
// agreement.
func TestAttack_ForgedForwardIsIgnored(t *testing.T) {
	m := newMatch(t, 3, attackLink, 6, attackTimes)
	m.runUntil(100, 200)
	forge := func(peer, to int) []byte {
		known := m.peers[to].known[peer]
		fwd := dropMsg{Peer: peer, From: known + 5, inputRange: inputRange{Seats: SeatsOf(peer), Start: known + 1, Count: 4}}
		for i := range fwd.Count {
			fwd.Inputs[i][peer] = SeatInput{Pressed: rulesets.ButtonClap}
		}
		return fwd.append(appendHeader(nil, KindForward, 77))
	}
	// Peer 2 to the decider, of peer 1, which it hears; and to peer 1,
	// which does not decide, of the host.
	m.ends[0].Inject(m.ends[2].LocalAddr(), forge(1, 0))
	m.ends[1].Inject(m.ends[2].LocalAddr(), forge(0, 1))
	m.runUntil(300, 400)
	m.agree(t, 300, 0, 1, 2)
	for i := range 2 {
		if n := m.peers[i].Stats().Counter.Dropped.Stale; n != 1 {
			t.Errorf("peer %d counted %d stale packets, want the forward", i, n)
		}
	}
	for tick, f := range m.frames[0][:301] {
		if f.Pressed[1]&rulesets.ButtonClap != 0 && m.inputs[int64(tick)].Pressed[1]&rulesets.ButtonClap == 0 {
			t.Fatalf("tick %d: peer 1 claps, which it never pressed", tick)
		}
	}
}

// TestAttack_RelayedPeerDropOnlyFromTheHost: a drop of a browser that a
// desktop peer hears only through the host, in another peer's name, is
// refused as from a peer not entitled; in the host's name, one that would
// rewrite settled ticks is refused as stale, as every drop is; and one
// from a later tick is taken at once, though the browser is still heard
// (the host could silence it anyway).
func TestAttack_RelayedPeerDropOnlyFromTheHost(t *testing.T) {
	const browser = 3
	m := newMatch(t, 4, attackLink, 8, func(i int, c *Config[race]) {
		hostOnly[race](browser)(i, c)
	})
	restrict(m, browser)
	m.runUntil(300, 400)

	settled, _ := m.peers[1].Settled()
	m.ends[1].Inject(m.ends[2].LocalAddr(), forgeDrop(77, browser, SeatsOf(browser), settled+1))
	m.ends[1].Inject(m.ends[0].LocalAddr(), forgeDrop(77, browser, SeatsOf(browser), settled-60))
	m.update()
	if m.peers[1].Peer(browser).Dropped {
		t.Fatal("the desktop dropped the browser on a forged drop")
	}
	d := m.peers[1].Stats().Counter.Dropped
	if d.ForeignSeat != 1 || d.Stale != 1 {
		t.Errorf("the desktop refused %d drops as from a peer not entitled and %d as stale, want 1 and 1", d.ForeignSeat, d.Stale)
	}
	if after, _ := m.peers[1].Settled(); after < settled {
		t.Fatalf("the desktop unsettled ticks %d to %d", after+1, settled)
	}
	// In the host's name, from a tick the desktop has not settled, the
	// drop is taken at once, the browser still heard through the host.
	settled, _ = m.peers[1].Settled()
	m.ends[1].Inject(m.ends[0].LocalAddr(), forgeDrop(77, browser, SeatsOf(browser), settled+1))
	m.update()
	if !m.peers[1].Peer(browser).Dropped {
		t.Error("the desktop did not take the host's drop of the browser it hears only through the host")
	}
}
