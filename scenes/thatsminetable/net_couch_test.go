package thatsminetable

import (
	"slices"
	"testing"
	"time"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/netplay"
	"github.com/jankenarcade/janken/rulesets"
	tm "github.com/jankenarcade/janken/rulesets/thatsmine"
	"github.com/jankenarcade/janken/scenes/netlobby/netlobbytest"
	"github.com/jankenarcade/janken/scenes/privacy/screenshot"
)

// A couch on a client: the host plays seat 0, a client machine plays
// seats 1 and 2, whose players pass its Right keys behind the privacy
// curtain. Each player presses Enter to reveal their hand, then Enter to
// choose the card under the cursor.
var (
	couchCurtainShot, couchRevealShot *screenshot.Shot
	couchHost, couchClient            *NetTable
	couchAsked                        *tickAskedGame
	couchChoices                      [3]tm.Action // what each seat's keys chose
	couchCurtains                     []int        // the seats the client's curtain named, in order
	couchErr                          error
)

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

func couchShots(dir string) []*screenshot.Shot {
	n := netplay.NewMemNetwork(netplay.LinkConfig{Delay: 20 * time.Millisecond, Jitter: 5 * time.Millisecond}, 9)
	ms := netlobbytest.MatchesOf(n, 77, []byte(`{"seed":8}`), []netplay.SeatSet{netplay.SeatsOf(0), netplay.SeatsOf(1, 2)})
	host, client := &netlobbytest.Tapper{Src: new(input.Script)}, &netlobbytest.Tapper{Src: new(input.Script)}
	hd := netlobbytest.Director(dir, ms[0], n, host.Src, NewNetTable, &couchHost, &couchErr)
	cd := netlobbytest.Director(dir, ms[1], n, client.Src, NewNetTable, &couchClient, &couchErr)
	step := func() error {
		if couchErr != nil {
			return couchErr
		}
		if couchAsked != nil {
			couchAsked.nextTick()
		}
		if host.Tick() && !couchHost.show.busy(couchHost.now) && !couchHost.state.View(-1).Chosen[0] && couchChoices[0] == (tm.Action{}) {
			couchChoices[0] = tm.Action{Card: couchHost.state.View(0).Hand.Cards(nil)[couchHost.picks[0].cursor]}
			host.Enter()
		}
		if err := hd.Update(); err != nil {
			return err
		}
		if couchClient.Table != nil && couchAsked == nil {
			couchAsked = &tickAskedGame{match: couchClient.game, hands: map[int]tm.CardSet{}}
			couchClient.game = couchAsked
		}
		if client.Tick() && couchClient.Table != nil && !couchClient.show.busy(couchClient.now) {
			t := couchClient.Table
			if seat, ok := t.gate.Curtain(); ok {
				// A new curtain stays up a tick, for the shot to catch it.
				if len(couchCurtains) == 0 || couchCurtains[len(couchCurtains)-1] != seat {
					couchCurtains = append(couchCurtains, seat)
				} else {
					client.Enter()
				}
			} else if seat := t.gate.Viewer(); t.gate.MayAct(seat) && t.owes(seat) && couchChoices[seat] == (tm.Action{}) {
				couchChoices[seat] = tm.Action{Card: t.game.View(seat).Hand.Cards(nil)[t.picks[seat].cursor]}
				client.Enter()
			}
		}
		n.Advance(netplay.TickDuration)
		return nil
	}
	// The client's screen when its curtain names the second couch player.
	couchCurtainShot = &screenshot.Shot{Name: "thatsmine-net-couch-curtain", Director: cd, Step: func(tick int) bool {
		if couchErr = step(); couchErr != nil {
			return true
		}
		return slices.Contains(couchCurtains, 2) || tick > 900
	}}
	// And once the client was told the host's reveal and showed it.
	couchRevealShot = &screenshot.Shot{Name: "thatsmine-net-couch-reveal", Director: cd, Step: func(tick int) bool {
		if couchErr = step(); couchErr != nil {
			return true
		}
		return couchClient.Side.Remote.View().Last.Round == 1 && !couchClient.show.busy(couchClient.now) || tick > 900
	}}
	return []*screenshot.Shot{couchCurtainShot, couchRevealShot}
}

// TestNetCouchChoicesReachHost: both players of the client's couch chose
// through the curtain, one after the other, and the host's reveal shows
// every seat's choice.
func TestNetCouchChoicesReachHost(t *testing.T) {
	if couchErr != nil {
		t.Fatal(couchErr)
	}
	t.Logf("screenshots: %s %s", couchCurtainShot.Path, couchRevealShot.Path)
	// (After the reveal, the next round's curtain names seat 1 again.)
	if len(couchCurtains) < 2 || !slices.Equal(couchCurtains[:2], []int{1, 2}) {
		t.Errorf("the client's curtain named seats %v, want 1 then 2", couchCurtains)
	}
	last := couchHost.state.View(-1).Last
	if last.Round != 1 {
		t.Fatalf("the host revealed round %d, want 1", last.Round)
	}
	for seat, a := range couchChoices {
		if !a.Card.Valid() || last.Cards[seat] != a.Card {
			t.Errorf("seat %d chose %+v, the host revealed %v", seat, a, last.Cards[seat])
		}
	}
}

// TestNetCouchSeesOnlyItsHands: the client was told its two seats' views
// and never seat 0's, its table drew at most one hand at a time, and both
// couch players' hands are the host's.
func TestNetCouchSeesOnlyItsHands(t *testing.T) {
	if couchClient == nil || couchClient.Table == nil || couchAsked == nil {
		t.Fatal("the client's table never started")
	}
	r := couchClient.Side.Remote
	if !r.Have || r.Views[0] != (tm.View{}) {
		t.Errorf("the client has its views: %v; seat 0's view %+v", r.Have, r.Views[0])
	}
	if couchAsked.hands[0] != 0 || couchAsked.hands[1] == 0 || couchAsked.hands[2] == 0 {
		t.Errorf("the client's table got hands %v", couchAsked.hands)
	}
	if couchAsked.crowded > 0 {
		t.Errorf("on %d ticks the client's table got two seats' hands", couchAsked.crowded)
	}
	for _, seat := range []int{1, 2} {
		if got, want := couchClient.game.View(seat).Hand, couchHost.state.View(seat).Hand; got != want {
			t.Errorf("seat %d: client's hand %v, host's %v", seat, got.Cards(nil), want.Cards(nil))
		}
	}
}

// TestNetCouchLogOnce: an event both couch players are told is shown
// once: the client's log is the host's.
func TestNetCouchLogOnce(t *testing.T) {
	if couchClient == nil || couchClient.Table == nil {
		t.Fatal("the client's table never started")
	}
	if got, want := couchClient.Log(), couchHost.Log(); !slices.Equal(got, want) {
		t.Errorf("client's log\n%q\nhost's\n%q", got, want)
	}
}
