package thatsminetable

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/netplay"
	tm "github.com/jankenarcade/janken/rulesets/thatsmine"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/cardtable"
	"github.com/jankenarcade/janken/scenes/netlobby"
	"github.com/jankenarcade/janken/scenes/netlobby/netlobbytest"
	"github.com/jankenarcade/janken/scenes/scenetest"
)

// lanMatch is a three-machine match on a simulated LAN: the host plays
// seat 0 on its table, a client plays seat 1 on its table (Right keys: →
// then Enter), and a bare netplay client plays seat 2 with its lowest
// card. The host chooses last: startNet runs the match until the other
// two have chosen, reveal then lets the host choose and the round be
// revealed.
type lanMatch struct {
	n                  *netplay.MemNetwork
	hd, cd             *scenes.Director
	hostSrc, clientSrc *input.Script
	host, client       *NetTable
	bare               *netplay.Client
	asked              *askedGame // the client's table's match, recording what it was asked
	clientKeys         []ebiten.Key
	clientChoice       tm.Action // what the client's keys chose
	hostSawChoice      tm.View   // the host's view of seat 1 once the others had chosen
	err                error
}

// match is what the runner plays of That's Mine.
type match = cardtable.Match[tm.View, tm.Action, tm.Event]

// askedGame records every seat a table asked its match for a view of,
// and the hands it got.
type askedGame struct {
	match
	hands map[int]tm.CardSet // seat → union of the hands returned
}

func (g *askedGame) View(seat int) tm.View {
	v := g.match.View(seat)
	g.hands[seat] |= v.Hand
	return v
}

// openAsked returns a NewNetTable whose match is wrapped by wrap and kept
// in *out.
func openAsked[M match](out *M, wrap func(match) M) func(*scenes.Director, netlobby.Match) (*NetTable, error) {
	return func(d *scenes.Director, m netlobby.Match) (*NetTable, error) {
		return openNet(d, m, func(inner match) match {
			*out = wrap(inner)
			return *out
		})
	}
}

// hosted returns the host's whole game.
func (nt *NetTable) hosted() *tm.State { return nt.net.Hosted().Game() }

// startNet runs the match until seats 1 and 2 have chosen and the host's
// table is still.
func startNet(t *testing.T) *lanMatch {
	m := &lanMatch{n: netplay.NewMemNetwork(netplay.LinkConfig{Delay: 20 * time.Millisecond, Jitter: 5 * time.Millisecond}, 5),
		hostSrc: new(input.Script), clientSrc: new(input.Script)}
	ms := netlobbytest.Matches(m.n, 99, 5, nil, 3)
	m.bare = netplay.NewClient(ms[2].Transport, ms[0].HostAddr, ms[0].Room, netplay.SeatsOf(2))
	dir := t.TempDir()
	m.hd = netlobbytest.Director(dir, ms[0], m.n, m.hostSrc, NewNetTable, &m.host, &m.err)
	m.cd = netlobbytest.Director(dir, ms[1], m.n, m.clientSrc, openAsked(&m.asked, func(inner match) *askedGame {
		m.clientKeys = []ebiten.Key{ebiten.KeyArrowRight, 0, ebiten.KeyEnter}
		return &askedGame{match: inner, hands: map[int]tm.CardSet{}}
	}), &m.client, &m.err)
	scenetest.Until(t, m.hd, 900, func(int) {
		m.hostSrc.Advance()
		m.clientTick(t)
		m.bareTick(t)
		m.n.Advance(netplay.TickDuration)
	}, func() bool {
		if m.err != nil {
			t.Fatal(m.err)
		}
		g, show := m.host.hosted(), &m.host.table.show
		if g.View(-1).Chosen[1] && g.View(-1).Chosen[2] && !show.busy(m.host.table.now) {
			m.hostSawChoice = g.View(1)
			return true
		}
		return false
	})
	return m
}

// reveal presses Enter on the host, which plays its raised card, and runs
// the host's and the bare client's machines for 150 ticks, the client's
// screen left to its caller.
func (m *lanMatch) reveal(t *testing.T) {
	for tick := range 151 {
		m.hostSrc.Advance()
		switch tick {
		case 0:
			m.hostSrc.Do(input.KeyDown(ebiten.KeyEnter))
		case 1:
			m.hostSrc.Do(input.KeyUp(ebiten.KeyEnter))
		}
		if err := m.hd.Update(); err != nil {
			t.Fatal(err)
		}
		m.clientSrc.Advance()
		m.bareTick(t)
		m.n.Advance(netplay.TickDuration)
		if err := m.cd.Update(); err != nil {
			t.Fatal(err)
		}
	}
}

// bareTick runs the bare client for a tick: it chooses its lowest card
// whenever it may.
func (m *lanMatch) bareTick(t *testing.T) {
	for _, u := range m.bare.Update(m.n.Now()) {
		var v tm.View
		if err := json.Unmarshal(u.View, &v); err != nil {
			t.Fatalf("bare client: %v", err)
		}
		if !v.Chosen[2] && !v.Ended {
			a, _ := json.Marshal(tm.Action{Card: v.Hand.Cards(nil)[0]})
			m.bare.Act(2, a)
		}
	}
}

// clientTick runs the client's machine for a tick: once its table is up
// and still, → then Enter.
func (m *lanMatch) clientTick(t *testing.T) {
	m.clientSrc.Advance()
	c := m.client
	if len(m.clientKeys) > 0 && c.Match().Ready() && !c.table.show.busy(c.table.now) {
		if k := m.clientKeys[0]; k != 0 {
			if k == ebiten.KeyEnter {
				m.clientChoice = tm.Action{Card: c.Match().View(1).Hand.Cards(nil)[c.table.picks[1].cursor]}
			}
			m.clientSrc.Do(input.KeyTap(k)[0])
			m.clientKeys[0] = 0
		} else {
			m.clientSrc.Do(input.KeyUp(ebiten.KeyArrowRight), input.KeyUp(ebiten.KeyEnter))
			m.clientKeys = m.clientKeys[1:]
		}
	}
	if err := m.cd.Update(); err != nil {
		t.Fatal(err)
	}
}

// TestNetClientChoiceReachesHost: the choice made with the client's keys
// on the client's table is the one the host's game holds for seat 1, and
// the one revealed; the host's screen meanwhile shows the host's own
// hand.
func TestNetClientChoiceReachesHost(t *testing.T) {
	m := startNet(t)
	img := scenetest.Shoot(t, m.hd, "thatsmine-net-host")
	if !handDrawn(m.host.table, img) || !handLabelIn(img, m.hd.Palette().Seats[0]) {
		t.Error("the host's screen does not show Player 1's hand")
	}
	if !m.clientChoice.Card.Valid() {
		t.Fatal("the client never chose")
	}
	if !m.hostSawChoice.Chosen[1] || m.hostSawChoice.Choice != m.clientChoice {
		t.Errorf("host holds seat 1's choice %+v (chosen %v), the client chose %+v", m.hostSawChoice.Choice, m.hostSawChoice.Chosen[1], m.clientChoice)
	}
	m.reveal(t)
	last := m.host.hosted().View(-1).Last
	if last.Round != 1 || last.Cards[1] != m.clientChoice.Card {
		t.Errorf("the host's reveal of round %d shows seat 1's card %v, want %v of round 1", last.Round, last.Cards[1], m.clientChoice.Card)
	}
}

// TestNetClientSeesOnlyItsHand: the client has no game of its own; the
// only hand its table ever got from its game is seat 1's, which is the
// host's seat-1 hand, and the hand its screen shows during the reveal is
// Player 2's.
func TestNetClientSeesOnlyItsHand(t *testing.T) {
	m := startNet(t)
	m.reveal(t)
	if !m.client.Match().Ready() || m.asked == nil {
		t.Fatal("the client's table never started")
	}
	if m.client.net.Hosted() != nil {
		t.Error("the client holds the whole game")
	}
	netlobbytest.OnlyOwnHand(t, m.asked.hands, 1)
	if got, want := m.client.Match().View(1).Hand, m.host.hosted().View(1).Hand; got != want {
		t.Errorf("client's hand %v, host's seat-1 hand %v", got.Cards(nil), want.Cards(nil))
	}
	if s := m.client.Status().Shown; s != 1 {
		t.Errorf("the client's table shows seat %d's hand", s)
	}
	img := scenetest.Shoot(t, m.cd, "thatsmine-net-client")
	pal := m.cd.Palette()
	if !handDrawn(m.client.table, img) || !handLabelIn(img, pal.Seats[1]) || handLabelIn(img, pal.Seats[0]) {
		t.Error("the client's screen does not show Player 2's hand alone")
	}
}
