package ninjantable

import (
	"slices"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/netplay"
	"github.com/jankenarcade/janken/rulesets/ninjan"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/netlobby/netlobbytest"
	"github.com/jankenarcade/janken/scenes/privacy/screenshot"
)

// A two-machine match on a simulated LAN: the host plays seat 0 on its
// table, a client seat 1 on its own, both with the Right keys, each
// pressing Enter whenever its table waits for it (the highlighted card,
// pile or throw). The machines run as fast as they can, then each screen
// is drawn.
var (
	netHostShot, netClientShot *screenshot.Shot
	netHost, netClient         *NetTable
	netAsked                   *askedGame     // the client's table's game, recording what it was asked
	netFirst                   ninjan.Action  // the client's first action, as its table sent it
	netHostFirst               [2]ninjan.Card // the host's played cards when it took in that action
	netErr                     error
)

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

// netPlay runs both machines until round 3 or an error.
func netPlay(hd, cd *scenes.Director, hostSrc, clientSrc *input.Script, n *netplay.MemNetwork) error {
	var hostKey, clientKey bool
	press := func(src *input.Script, t *NetTable, seat int, held *bool) {
		src.Advance()
		switch {
		case *held:
			src.Do(input.KeyUp(ebiten.KeyEnter))
			*held = false
		case t.Table != nil && t.Idle() && slices.Contains(t.owe, seat):
			src.Do(input.KeyDown(ebiten.KeyEnter))
			*held = true
		}
	}
	for range 20000 {
		if netErr != nil {
			return netErr
		}
		if netClient.Table != nil && netAsked == nil {
			netAsked = &askedGame{match: netClient.game, hands: map[int]ninjan.CardSet{}}
			netClient.game = netAsked
		}
		press(hostSrc, netHost, 0, &hostKey)
		press(clientSrc, netClient, 1, &clientKey)
		if err := hd.Update(); err != nil {
			return err
		}
		if err := cd.Update(); err != nil {
			return err
		}
		if r := netClient.Side.Remote; r.Sent[1] && netFirst.Kind == 0 {
			netFirst = r.Actions[1]
		}
		if v := netHost.state.View(-1); netFirst.Kind != 0 && netHostFirst[1] == (ninjan.Card{}) && v.Chosen[1] {
			p := netHost.state.View(1).Played
			netHostFirst = [2]ninjan.Card{p[0], p[1]}
		}
		n.Advance(netplay.TickDuration)
		if netHost.state.Round() >= 3 && netClient.Idle() && netHost.Idle() {
			return nil
		}
	}
	return nil
}

func netShots(dir string) []*screenshot.Shot {
	n := netplay.NewMemNetwork(netplay.LinkConfig{Delay: 20 * time.Millisecond, Jitter: 5 * time.Millisecond, Loss: 0.05}, 8)
	ms := netlobbytest.Matches(n, 123, []byte(`{"seed":11}`), 2)
	hm, cm := ms[0], ms[1]
	hostSrc, clientSrc := new(input.Script), new(input.Script)
	hd := netlobbytest.Director(dir, hm, n, hostSrc, NewNetTable, &netHost, &netErr)
	cd := netlobbytest.Director(dir, cm, n, clientSrc, NewNetTable, &netClient, &netErr)
	netHostShot, netClientShot = netlobbytest.Shots("ninjantable", hd, cd, func() error { return netPlay(hd, cd, hostSrc, clientSrc, n) }, &netErr)
	return []*screenshot.Shot{netHostShot, netClientShot}
}

// TestNetClientActionsReachHost: the card the client's keys played is the
// one the host's game holds for seat 1, and the match goes on over the
// network to round 3.
func TestNetClientActionsReachHost(t *testing.T) {
	if netErr != nil {
		t.Fatal(netErr)
	}
	t.Logf("screenshots: %s %s", netHostShot.Path, netClientShot.Path)
	if netFirst.Kind != ninjan.Play || !netFirst.Card.Valid() {
		t.Fatalf("the client's first action %v", netFirst)
	}
	if netHostFirst[1] != netFirst.Card {
		t.Errorf("the host holds %v for seat 1, the client played %v", netHostFirst[1], netFirst.Card)
	}
	if r := netHost.state.Round(); r < 3 {
		t.Errorf("the match reached round %d", r)
	}
}

// TestNetClientSeesOnlyItsHand: the client holds no game; the only hand
// its table ever got is seat 1's, which is the host's seat-1 hand; both
// tables show the same scores and piles.
func TestNetClientSeesOnlyItsHand(t *testing.T) {
	if netClient.Table == nil || netAsked == nil {
		t.Fatal("the client's table never started")
	}
	if netClient.Game() != nil {
		t.Error("the client holds the whole game")
	}
	netlobbytest.OnlyOwnHand(t, netAsked.hands, 1)
	if got, want := netClient.game.View(1).Hand, netHost.state.View(1).Hand; got != want {
		t.Errorf("client's hand %v, host's seat-1 hand %v", got.Cards(nil), want.Cards(nil))
	}
	if got, want := netClient.game.Scores(nil), netHost.state.Scores(nil); !slices.Equal(got, want) {
		t.Errorf("client's scores %v, host's %v", got, want)
	}
	for p := range ninjan.NumPiles {
		if got, want := netClient.pic.piles[p], netHost.state.Pile(p).Cards(); !slices.Equal(got, want) {
			t.Errorf("pile %d: the client's table shows %v, the host's game has %v", p, got, want)
		}
	}
}
