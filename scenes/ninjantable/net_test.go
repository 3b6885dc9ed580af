package ninjantable

import (
	"image"
	"slices"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/netplay"
	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/rulesets/ninjan"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/cardtable"
	"github.com/jankenarcade/janken/scenes/netlobby"
	"github.com/jankenarcade/janken/scenes/netlobby/netlobbytest"
	"github.com/jankenarcade/janken/scenes/scenetest"
)

// netSide is one machine's side of a Ninjan network match.
type netSide = cardtable.Net[*ninjan.State, ninjan.View, ninjan.Action, ninjan.Event, *ninjan.View]

// netTable is one machine's table of a network match under test: the
// runner, its table, its side of the network, and its match as the
// runner plays it, recorded.
type netTable struct {
	*Runner
	tb  *table
	net *netSide
	rec *recordedMatch
}

// RunOn runs the network on clock (netlobbytest.Table).
func (nt *netTable) RunOn(clock func() time.Duration) { nt.net.RunOn(clock) }

// openNetTable opens the table NewNetTable does, its match recorded.
func openNetTable(d *scenes.Director, m netlobby.Match) (*netTable, error) {
	n, seating, err := cardtable.OpenNet[*ninjan.State, ninjan.View, ninjan.Action, ninjan.Event, *ninjan.View](d, m, netRules)
	if err != nil {
		return nil, err
	}
	nt := &netTable{net: n, rec: record(n)}
	if nt.Runner, nt.tb, err = open(d, nt.rec, seating, n.Secret(), n); err != nil {
		return nil, err
	}
	return nt, nil
}

// hosted returns the host's whole game, nil on a client.
func (nt *netTable) hosted() *ninjan.State {
	if h := nt.net.Hosted(); h != nil {
		return h.Game()
	}
	return nil
}

// owes reports whether seat owes a choice, as far as the machine knows.
func (nt *netTable) owes(seat int) bool {
	v := nt.Match().View(-1)
	return slices.Contains(v.ToAct(nil), seat)
}

// recordedMatch is a match that records what the runner got from it and
// did with it.
type recordedMatch struct {
	match
	hands   map[int]ninjan.CardSet // every card of each seat's hand it was told
	drawn   rulesets.Audience      // seats whose hand View returned since the last frame
	applied [ninjan.MaxPlayers][]ninjan.Action
	refused string // the first action the match or the host refused, and why
	// unseen is set from an action until the next Update, which brings
	// its events to the table.
	unseen bool
}

// record returns m, recorded.
func record(m match) *recordedMatch { return &recordedMatch{match: m, hands: map[int]ninjan.CardSet{}} }

func (g *recordedMatch) View(seat int) ninjan.View {
	v := g.match.View(seat)
	if v.Hand != 0 {
		g.hands[seat] |= v.Hand
		g.drawn |= rulesets.Only(seat)
	}
	return v
}

func (g *recordedMatch) Act(seat int, a ninjan.Action) error {
	if err := g.match.Act(seat, a); err != nil {
		g.refuse(err.Error())
		return err
	}
	g.applied[seat], g.unseen = append(g.applied[seat], a), true
	return nil
}

func (g *recordedMatch) Update() (cardtable.News[ninjan.Event], error) {
	n, err := g.match.Update()
	g.unseen = false
	g.refuse(n.Refused)
	return n, err
}

func (g *recordedMatch) refuse(why string) {
	if g.refused == "" {
		g.refused = why
	}
}

// netMatch is a two-machine match on a simulated LAN: the host plays
// seat 0 on its table, a client seat 1 on its own, both with the Right
// keys, each pressing Enter whenever its table waits for it (the
// highlighted card, pile or throw).
type netMatch struct {
	n                  *netplay.MemNetwork
	hd, cd             *scenes.Director
	hostSrc, clientSrc *input.Script
	host, client       *netTable
	first              ninjan.Action  // the client's first action, as its table sent it
	hostFirst          [2]ninjan.Card // the host's played cards when it took in that action
	err                error
}

// playNet runs both machines, headless, until round 3 with both tables
// still.
func playNet(t *testing.T) *netMatch {
	m := &netMatch{n: netplay.NewMemNetwork(netplay.LinkConfig{Delay: 20 * time.Millisecond, Jitter: 5 * time.Millisecond, Loss: 0.05}, 8),
		hostSrc: new(input.Script), clientSrc: new(input.Script)}
	ms := netlobbytest.Matches(m.n, 123, 11, nil, 2)
	dir := t.TempDir()
	m.hd = netlobbytest.Director(dir, ms[0], m.n, m.hostSrc, openNetTable, &m.host, &m.err)
	m.cd = netlobbytest.Director(dir, ms[1], m.n, m.clientSrc, openNetTable, &m.client, &m.err)
	if m.err != nil {
		t.Fatal(m.err)
	}
	var hostKey, clientKey bool
	press := func(src *input.Script, nt *netTable, seat int, held *bool) {
		src.Advance()
		switch {
		case *held:
			src.Do(input.KeyUp(ebiten.KeyEnter))
			*held = false
		case nt.Status().Acting == seat:
			src.Do(input.KeyDown(ebiten.KeyEnter))
			*held = true
		}
	}
	host := m.host.hosted()
	for tick := range 20000 {
		press(m.hostSrc, m.host, 0, &hostKey)
		press(m.clientSrc, m.client, 1, &clientKey)
		if err := m.hd.Update(); err != nil {
			t.Fatalf("tick %d: host: %v", tick, err)
		}
		if err := m.cd.Update(); err != nil {
			t.Fatalf("tick %d: client: %v", tick, err)
		}
		if sent := m.client.rec.applied[1]; len(sent) > 0 {
			m.first = sent[0]
		}
		if v := host.View(-1); m.first.Kind != 0 && m.hostFirst[1] == (ninjan.Card{}) && v.Chosen[1] {
			p := host.View(1).Played
			m.hostFirst = [2]ninjan.Card{p[0], p[1]}
		}
		m.n.Advance(netplay.TickDuration)
		if host.Round() >= 3 && m.client.tb.idle() && m.host.tb.idle() {
			return m
		}
	}
	t.Fatalf("round %d after 20000 ticks", host.Round())
	return nil
}

// TestNetDealsFromSecret: the host deals the game from the seed derived
// from the lobby's secret for the deal, as the couch does, so that no bot
// seed leads back to the deal.
func TestNetDealsFromSecret(t *testing.T) {
	n := netplay.NewMemNetwork(netplay.LinkConfig{}, 1)
	ms := netlobbytest.Matches(n, 123, 11, nil, 2)
	var host *netTable
	var err error
	netlobbytest.Director(t.TempDir(), ms[0], n, new(input.Script), openNetTable, &host, &err)
	if err != nil {
		t.Fatal(err)
	}
	defer host.net.Close()
	want, err := ninjan.New(ninjan.Config{Players: 2}, rulesets.DeriveSeed(11, "deal", -1))
	if err != nil {
		t.Fatal(err)
	}
	if host.hosted().Hash() != want.Hash() {
		t.Error("the host's game is not the one dealt from the secret's deal seed")
	}
}

// TestNetClientActionsReachHost: the card the client's keys played is the
// one the host's game holds for seat 1, and the match goes on over the
// network to round 3, the host's screen showing Player 1's hand.
func TestNetClientActionsReachHost(t *testing.T) {
	m := playNet(t)
	if m.first.Kind != ninjan.Play || !m.first.Card.Valid() {
		t.Fatalf("the client's first action %v", m.first)
	}
	if m.hostFirst[1] != m.first.Card {
		t.Errorf("the host holds %v for seat 1, the client played %v", m.hostFirst[1], m.first.Card)
	}
	if r := m.host.hosted().Round(); r < 3 {
		t.Errorf("the match reached round %d", r)
	}
	img := scenetest.Shoot(t, m.hd, "ninjantable-net-host")
	if !handShownFor(img, m.hd.Palette(), 0, 1) {
		t.Error("the host's screen does not show Player 1's hand alone")
	}
}

// TestNetClientSeesOnlyItsHand: the client holds no game; its screen
// shows Player 2's hand, and the only hand its table ever got is seat
// 1's, which is the host's seat-1 hand; both tables show the same scores
// and piles.
func TestNetClientSeesOnlyItsHand(t *testing.T) {
	m := playNet(t)
	img := scenetest.Shoot(t, m.cd, "ninjantable-net-client")
	if !handShownFor(img, m.cd.Palette(), 1, 0) {
		t.Error("the client's screen does not show Player 2's hand alone")
	}
	if m.client.hosted() != nil {
		t.Error("the client holds the whole game")
	}
	host := m.host.hosted()
	netlobbytest.OnlyOwnHand(t, m.client.rec.hands, 1)
	if got, want := m.client.Match().View(1).Hand, host.View(1).Hand; got != want {
		t.Errorf("client's hand %v, host's seat-1 hand %v", got.Cards(nil), want.Cards(nil))
	}
	pub := m.client.Match().View(-1)
	if got, want := pub.Scores(nil), host.Scores(nil); !slices.Equal(got, want) {
		t.Errorf("client's scores %v, host's %v", got, want)
	}
	for p := range ninjan.NumPiles {
		if got, want := m.client.tb.pic.piles[p], host.Pile(p).Cards(); !slices.Equal(got, want) {
			t.Errorf("pile %d: the client's table shows %v, the host's game has %v", p, got, want)
		}
	}
}

// handShownFor reports whether the label of the hand on img is in seat's
// colour and not in other's.
func handShownFor(img *image.RGBA, pal *scenes.Palette, seat, other int) bool {
	return regionHas(img, 24, 560, 150, 20, pal.Seats[seat]) && !regionHas(img, 24, 560, 150, 20, pal.Seats[other])
}
