package thatsminetable

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/netplay"
	tm "github.com/jankenarcade/janken/rulesets/thatsmine"
	"github.com/jankenarcade/janken/scenes/netlobby/netlobbytest"
	"github.com/jankenarcade/janken/scenes/privacy/screenshot"
)

// A three-machine match on a simulated LAN: the host plays seat 0 on its
// table, a client plays seat 1 on its table (Right keys: → then Enter),
// and a bare netplay client plays seat 2 with its lowest card. The host
// chooses last, so the host's screen is caught with the other two chosen
// and the client's during the reveal.
var (
	netHostShot, netClientShot *screenshot.Shot
	netHost, netClient         *NetTable
	netAsked                   *askedGame // the client's table's game, recording what it was asked
	netClientChoice            tm.Action  // what the client's keys chose
	netHostSawChoice           tm.View    // the host's view of seat 1 when its shot was taken
	netErr                     error
)

// askedGame records every seat a table asked for a view of, and the hands
// it got.
type askedGame struct {
	match
	hands map[int]tm.CardSet // seat → union of the hands returned
}

func (g *askedGame) View(seat int) tm.View {
	v := g.match.View(seat)
	g.hands[seat] |= v.Hand
	return v
}

func netShots(dir string) ([]*screenshot.Shot, error) {
	n := netplay.NewMemNetwork(netplay.LinkConfig{Delay: 20 * time.Millisecond, Jitter: 5 * time.Millisecond}, 5)
	ms := netlobbytest.Matches(n, 99, []byte(`{"seed":5}`), 3)
	hm, cm := ms[0], ms[1]
	bare := netplay.NewClient(ms[2].Transport, hm.HostAddr, hm.Room, netplay.SeatsOf(2))
	hostSrc, clientSrc := new(input.Script), new(input.Script)
	hd := netlobbytest.Director(dir, hm, n, hostSrc, NewNetTable, &netHost, &netErr)
	cd := netlobbytest.Director(dir, cm, n, clientSrc, NewNetTable, &netClient, &netErr)

	// The bare client chooses its lowest card whenever it may.
	bareTick := func() error {
		for _, u := range bare.Update(n.Now()) {
			var v tm.View
			if err := json.Unmarshal(u.View, &v); err != nil {
				return fmt.Errorf("bare client: %w", err)
			}
			if !v.Chosen[2] && !v.Ended {
				a, _ := json.Marshal(tm.Action{Card: v.Hand.Cards(nil)[0]})
				bare.Act(2, a)
			}
		}
		return nil
	}
	// The client's keys: once its table is up and idle, → then Enter.
	var clientKeys []ebiten.Key
	clientTick := func() error {
		clientSrc.Advance()
		if netClient.Table != nil && netAsked == nil {
			netAsked = &askedGame{match: netClient.game, hands: map[int]tm.CardSet{}}
			netClient.game = netAsked
			clientKeys = []ebiten.Key{ebiten.KeyArrowRight, 0, ebiten.KeyEnter}
		}
		if len(clientKeys) > 0 && netClient.Table != nil && !netClient.show.busy(netClient.now) {
			if k := clientKeys[0]; k != 0 {
				if k == ebiten.KeyEnter {
					netClientChoice = tm.Action{Card: netClient.game.View(1).Hand.Cards(nil)[netClient.picks[1].cursor]}
				}
				clientSrc.Do(input.KeyTap(k)[0])
				clientKeys[0] = 0
			} else {
				clientSrc.Do(input.KeyUp(ebiten.KeyArrowRight), input.KeyUp(ebiten.KeyEnter))
				clientKeys = clientKeys[1:]
			}
		}
		return cd.Update()
	}
	both := func(tick int) error {
		if netErr != nil {
			return netErr
		}
		hostSrc.Advance()
		if err := clientTick(); err != nil {
			return err
		}
		if err := bareTick(); err != nil {
			return err
		}
		n.Advance(netplay.TickDuration)
		return nil
	}
	netHostShot = &screenshot.Shot{Name: "thatsmine-net-host", Director: hd, Step: func(tick int) bool {
		if netErr = both(tick); netErr != nil {
			return true
		}
		g := netHost.state
		if g.View(-1).Chosen[1] && g.View(-1).Chosen[2] && !netHost.show.busy(netHost.now) {
			netHostSawChoice = g.View(1)
			return true
		}
		return tick > 900
	}}
	// The host plays its seat; the client's screen is caught in the
	// reveal.
	ticks := 0
	netClientShot = &screenshot.Shot{Name: "thatsmine-net-client", Director: cd, Step: func(int) bool {
		hostSrc.Advance()
		switch ticks {
		case 0:
			hostSrc.Do(input.KeyDown(ebiten.KeyEnter))
		case 1:
			hostSrc.Do(input.KeyUp(ebiten.KeyEnter))
		}
		if err := hd.Update(); err != nil {
			netErr = err
			return true
		}
		clientSrc.Advance()
		if err := bareTick(); err != nil {
			netErr = err
			return true
		}
		n.Advance(netplay.TickDuration)
		ticks++
		return ticks > 150
	}}
	return []*screenshot.Shot{netHostShot, netClientShot}, nil
}

// TestNetClientChoiceReachesHost: the choice made with the client's keys
// on the client's table is the one the host's game holds for seat 1, and
// the one revealed.
func TestNetClientChoiceReachesHost(t *testing.T) {
	if netErr != nil {
		t.Fatal(netErr)
	}
	t.Logf("screenshots: %s %s", netHostShot.Path, netClientShot.Path)
	if !netClientChoice.Card.Valid() {
		t.Fatal("the client never chose")
	}
	if !netHostSawChoice.Chosen[1] || netHostSawChoice.Choice != netClientChoice {
		t.Errorf("host holds seat 1's choice %+v (chosen %v), the client chose %+v", netHostSawChoice.Choice, netHostSawChoice.Chosen[1], netClientChoice)
	}
	last := netHost.state.View(-1).Last
	if last.Round != 1 || last.Cards[1] != netClientChoice.Card {
		t.Errorf("the host's reveal of round %d shows seat 1's card %v, want %v of round 1", last.Round, last.Cards[1], netClientChoice.Card)
	}
}

// TestNetClientSeesOnlyItsHand: the client has no game of its own; the
// only hand its table ever got from its game is seat 1's, which is the
// host's seat-1 hand.
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
	if s := netClient.shownSeat(); s != 1 {
		t.Errorf("the client's table shows seat %d's hand", s)
	}
}
