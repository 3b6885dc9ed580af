package ninjantable

import (
	"image"
	"slices"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/netplay"
	"github.com/jankenarcade/janken/rulesets/ninjan"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/netlobby/netlobbytest"
)

// netMatch is a two-machine match on a simulated LAN: the host plays
// seat 0 on its table, a client seat 1 on its own, both with the Right
// keys, each pressing Enter whenever its table waits for it (the
// highlighted card, pile or throw).
type netMatch struct {
	n                  *netplay.MemNetwork
	hd, cd             *scenes.Director
	hostSrc, clientSrc *input.Script
	host, client       *NetTable
	asked              *askedGame     // the client's table's game, recording what it was asked
	first              ninjan.Action  // the client's first action, as its table sent it
	hostFirst          [2]ninjan.Card // the host's played cards when it took in that action
	err                error
}

// askedGame records the hands the table got from its game, by seat.
type askedGame struct {
	match
	hands map[int]ninjan.CardSet
}

func (g *askedGame) View(seat int) ninjan.View {
	v := g.match.View(seat)
	g.hands[seat] |= v.Hand
	return v
}

// playNet runs both machines, headless, until round 3 with both tables
// still.
func playNet(t *testing.T) *netMatch {
	m := &netMatch{n: netplay.NewMemNetwork(netplay.LinkConfig{Delay: 20 * time.Millisecond, Jitter: 5 * time.Millisecond, Loss: 0.05}, 8),
		hostSrc: new(input.Script), clientSrc: new(input.Script)}
	ms := netlobbytest.Matches(m.n, 123, []byte(`{"seed":11}`), 2)
	dir := t.TempDir()
	m.hd = netlobbytest.Director(dir, ms[0], m.n, m.hostSrc, NewNetTable, &m.host, &m.err)
	m.cd = netlobbytest.Director(dir, ms[1], m.n, m.clientSrc, NewNetTable, &m.client, &m.err)
	var hostKey, clientKey bool
	press := func(src *input.Script, nt *NetTable, seat int, held *bool) {
		src.Advance()
		switch {
		case *held:
			src.Do(input.KeyUp(ebiten.KeyEnter))
			*held = false
		case nt.Table != nil && nt.Idle() && slices.Contains(nt.owe, seat):
			src.Do(input.KeyDown(ebiten.KeyEnter))
			*held = true
		}
	}
	for tick := range 20000 {
		if m.err != nil {
			t.Fatal(m.err)
		}
		if m.client.Table != nil && m.asked == nil {
			m.asked = &askedGame{match: m.client.game, hands: map[int]ninjan.CardSet{}}
			m.client.game = m.asked
		}
		press(m.hostSrc, m.host, 0, &hostKey)
		press(m.clientSrc, m.client, 1, &clientKey)
		if err := m.hd.Update(); err != nil {
			t.Fatalf("tick %d: host: %v", tick, err)
		}
		if err := m.cd.Update(); err != nil {
			t.Fatalf("tick %d: client: %v", tick, err)
		}
		if r := m.client.Side.Remote; r.Sent[1] && m.first.Kind == 0 {
			m.first = r.Actions[1]
		}
		if v := m.host.state.View(-1); m.first.Kind != 0 && m.hostFirst[1] == (ninjan.Card{}) && v.Chosen[1] {
			p := m.host.state.View(1).Played
			m.hostFirst = [2]ninjan.Card{p[0], p[1]}
		}
		m.n.Advance(netplay.TickDuration)
		if m.host.state.Round() >= 3 && m.client.Idle() && m.host.Idle() {
			return m
		}
	}
	t.Fatalf("round %d after 20000 ticks", m.host.state.Round())
	return nil
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
	if r := m.host.state.Round(); r < 3 {
		t.Errorf("the match reached round %d", r)
	}
	img := shoot(t, m.hd, "ninjantable-net-host")
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
	if m.client.Table == nil || m.asked == nil {
		t.Fatal("the client's table never started")
	}
	// The table asks for a hand only to draw it.
	img := shoot(t, m.cd, "ninjantable-net-client")
	if !handShownFor(img, m.cd.Palette(), 1, 0) {
		t.Error("the client's screen does not show Player 2's hand alone")
	}
	if m.client.Game() != nil {
		t.Error("the client holds the whole game")
	}
	netlobbytest.OnlyOwnHand(t, m.asked.hands, 1)
	if got, want := m.client.game.View(1).Hand, m.host.state.View(1).Hand; got != want {
		t.Errorf("client's hand %v, host's seat-1 hand %v", got.Cards(nil), want.Cards(nil))
	}
	if got, want := m.client.game.Scores(nil), m.host.state.Scores(nil); !slices.Equal(got, want) {
		t.Errorf("client's scores %v, host's %v", got, want)
	}
	for p := range ninjan.NumPiles {
		if got, want := m.client.pic.piles[p], m.host.state.Pile(p).Cards(); !slices.Equal(got, want) {
			t.Errorf("pile %d: the client's table shows %v, the host's game has %v", p, got, want)
		}
	}
}

// handShownFor reports whether the label of the hand on img is in seat's
// colour and not in other's.
func handShownFor(img *image.RGBA, pal *scenes.Palette, seat, other int) bool {
	return regionHas(img, 24, 560, 150, 20, pal.Seats[seat]) && !regionHas(img, 24, 560, 150, 20, pal.Seats[other])
}
