package thatsminetable

import (
	"slices"
	"testing"
	"time"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/netplay"
	"github.com/jankenarcade/janken/rulesets"
	tm "github.com/jankenarcade/janken/rulesets/thatsmine"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/netlobby/netlobbytest"
	"github.com/jankenarcade/janken/scenes/scenetest"
)

// couchMatch is a couch on a client: the host plays seat 0, a client
// machine plays seats 1 and 2, whose players pass its Right keys behind
// the privacy curtain. Each player presses Enter to reveal their hand,
// then Enter to choose the card under the cursor.
type couchMatch struct {
	n            *netplay.MemNetwork
	hd, cd       *scenes.Director
	hostKeys     *netlobbytest.Tapper
	clientKeys   *netlobbytest.Tapper
	host, client *NetTable
	asked        *tickAskedGame
	choices      [3]tm.Action // what each seat's keys chose
	curtains     []int        // the seats the client's curtain named, in order
	err          error
}

// tickAskedGame records the hands a table got from its game, and how
// many seats' hands it got within one tick.
type tickAskedGame struct {
	match
	hands   map[int]tm.CardSet // seat → union of the hands returned
	tick    rulesets.Audience  // seats whose hand was returned this tick
	crowded int                // ticks with more than one seat's hand
}

func (g *tickAskedGame) View(seat int) tm.View {
	v := g.match.View(seat)
	if v.Hand != 0 {
		g.hands[seat] |= v.Hand
		g.tick |= rulesets.Only(seat)
	}
	return v
}

// nextTick closes the tick's record.
func (g *tickAskedGame) nextTick() {
	if g.tick&(g.tick-1) != 0 { // more than one bit
		g.crowded++
	}
	g.tick = 0
}

func newCouchMatch(t *testing.T) *couchMatch {
	m := &couchMatch{n: netplay.NewMemNetwork(netplay.LinkConfig{Delay: 20 * time.Millisecond, Jitter: 5 * time.Millisecond}, 9),
		hostKeys: &netlobbytest.Tapper{Src: new(input.Script)}, clientKeys: &netlobbytest.Tapper{Src: new(input.Script)}}
	ms := netlobbytest.MatchesOf(m.n, 77, 8, nil, []netplay.SeatSet{netplay.SeatsOf(0), netplay.SeatsOf(1, 2)})
	dir := t.TempDir()
	m.hd = netlobbytest.Director(dir, ms[0], m.n, m.hostKeys.Src, NewNetTable, &m.host, &m.err)
	m.cd = netlobbytest.Director(dir, ms[1], m.n, m.clientKeys.Src, openAsked(&m.asked, func(inner match) *tickAskedGame {
		return &tickAskedGame{match: inner, hands: map[int]tm.CardSet{}}
	}), &m.client, &m.err)
	return m
}

// until runs both machines until done, the client's screen showing the
// tick done first holds.
func (m *couchMatch) until(t *testing.T, done func() bool) {
	t.Helper()
	scenetest.Until(t, m.cd, 900, func(int) { m.step(t) }, func() bool {
		if m.err != nil {
			t.Fatal(m.err)
		}
		return done()
	})
}

// step runs the host's machine for a tick and presses the client's keys
// for the client's tick to come.
func (m *couchMatch) step(t *testing.T) {
	if m.asked != nil {
		m.asked.nextTick()
	}
	host, g := m.host.table, m.host.hosted()
	if m.hostKeys.Tick() && !host.show.busy(host.now) && !g.View(-1).Chosen[0] && m.choices[0] == (tm.Action{}) {
		m.choices[0] = tm.Action{Card: g.View(0).Hand.Cards(nil)[host.picks[0].cursor]}
		m.hostKeys.Enter()
	}
	if err := m.hd.Update(); err != nil {
		t.Fatal(err)
	}
	c := m.client
	if m.clientKeys.Tick() && c.Match().Ready() && !c.table.show.busy(c.table.now) {
		if seat, ok := c.Gate().Curtain(); ok {
			// A new curtain stays up a tick, for a shot to catch it.
			if len(m.curtains) == 0 || m.curtains[len(m.curtains)-1] != seat {
				m.curtains = append(m.curtains, seat)
			} else {
				m.clientKeys.Enter()
			}
		} else if seat := c.Status().Acting; seat >= 0 && m.choices[seat] == (tm.Action{}) {
			m.choices[seat] = tm.Action{Card: c.Match().View(seat).Hand.Cards(nil)[c.table.picks[seat].cursor]}
			m.clientKeys.Enter()
		}
	}
	m.n.Advance(netplay.TickDuration)
}

// untilCurtain runs the match until the client's curtain names the
// second couch player.
func (m *couchMatch) untilCurtain(t *testing.T) {
	m.until(t, func() bool { return slices.Contains(m.curtains, 2) })
}

// untilRevealed runs the match until the client was told the host's
// reveal of the first round and showed it.
func (m *couchMatch) untilRevealed(t *testing.T) {
	m.until(t, func() bool {
		return m.client.Match().View(-1).Last.Round == 1 && !m.client.table.show.busy(m.client.table.now)
	})
}

// playCouch runs a couch match through the first round's reveal.
func playCouch(t *testing.T) *couchMatch {
	m := newCouchMatch(t)
	m.untilCurtain(t)
	m.untilRevealed(t)
	return m
}

// TestNetCouchChoicesReachHost: both players of the client's couch chose
// through the curtain, one after the other (the screen hidden behind
// Player 3's curtain in between), and the host's reveal shows every
// seat's choice.
func TestNetCouchChoicesReachHost(t *testing.T) {
	m := newCouchMatch(t)
	m.untilCurtain(t)
	img := scenetest.Shoot(t, m.cd, "thatsmine-net-couch-curtain")
	m.untilRevealed(t)
	if !curtainIn(img, m.cd.Palette().Seats[2]) {
		t.Error("the client's screen is not the curtain in Player 3's colour")
	}
	// (After the reveal, the next round's curtain names seat 1 again.)
	if len(m.curtains) < 2 || !slices.Equal(m.curtains[:2], []int{1, 2}) {
		t.Errorf("the client's curtain named seats %v, want 1 then 2", m.curtains)
	}
	last := m.host.hosted().View(-1).Last
	if last.Round != 1 {
		t.Fatalf("the host revealed round %d, want 1", last.Round)
	}
	for seat, a := range m.choices {
		if !a.Card.Valid() || last.Cards[seat] != a.Card {
			t.Errorf("seat %d chose %+v, the host revealed %v", seat, a, last.Cards[seat])
		}
	}
}

// TestNetCouchSeesOnlyItsHands: the client was told its two seats' views
// and never seat 0's, its table drew at most one hand at a time, and both
// couch players' hands are the host's. After the reveal the screen is
// hidden behind the next round's curtain for Player 2.
func TestNetCouchSeesOnlyItsHands(t *testing.T) {
	m := playCouch(t)
	if !m.client.Match().Ready() || m.asked == nil {
		t.Fatal("the client's table never started")
	}
	r := m.client.net.Remote()
	if !r.Have || r.Views[0] != (tm.View{}) {
		t.Errorf("the client has its views: %v; seat 0's view %+v", r.Have, r.Views[0])
	}
	if m.asked.hands[0] != 0 || m.asked.hands[1] == 0 || m.asked.hands[2] == 0 {
		t.Errorf("the client's table got hands %v", m.asked.hands)
	}
	if m.asked.crowded > 0 {
		t.Errorf("on %d ticks the client's table got two seats' hands", m.asked.crowded)
	}
	for _, seat := range []int{1, 2} {
		if got, want := m.client.Match().View(seat).Hand, m.host.hosted().View(seat).Hand; got != want {
			t.Errorf("seat %d: client's hand %v, host's %v", seat, got.Cards(nil), want.Cards(nil))
		}
	}
	img := scenetest.Shoot(t, m.cd, "thatsmine-net-couch-reveal")
	if !curtainIn(img, m.cd.Palette().Seats[1]) {
		t.Error("after the reveal the client's screen is not the curtain in Player 2's colour")
	}
}

// TestNetCouchLogOnce: an event both couch players are told is shown
// once: the client's log is the host's.
func TestNetCouchLogOnce(t *testing.T) {
	m := playCouch(t)
	if !m.client.Match().Ready() {
		t.Fatal("the client's table never started")
	}
	if got, want := m.client.Status().Lines(), m.host.Status().Lines(); !slices.Equal(got, want) {
		t.Errorf("client's log\n%q\nhost's\n%q", got, want)
	}
}
