//go:build !js

package netlobby

import (
	"encoding/json"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/netplay"
	"github.com/jankenarcade/janken/persist"
	"github.com/jankenarcade/janken/rulesets"
	tm "github.com/jankenarcade/janken/rulesets/thatsmine"
	"github.com/jankenarcade/janken/scenes"
)

// thatsMineRules is a hidden-hand game for Side's tests.
var thatsMineRules = Rules[*tm.State, tm.Action, tm.Event, tm.View]{
	New: func(players int, seed uint64, _ json.RawMessage) (*tm.State, error) {
		return tm.New(tm.Config{Players: players}, seed)
	},
	View:         (*tm.State).View,
	Audience:     func(e tm.Event) rulesets.Audience { return e.Audience },
	DecodeAction: tm.Definition().DecodeAction,
	ViewOf:       func(v *tm.View) (int, int) { return v.Seat, v.Players },
}

// clientMatch is seat 2 of a three-player match on n, with its host.
func clientMatch(n *netplay.MemNetwork) (client, host Match) {
	he, ce, other := n.Endpoint(), n.Endpoint(), n.Endpoint()
	settings, _ := json.Marshal(settingsJSON{Peers: []peerJSON{{Seats: netplay.SeatsOf(0)},
		{Addr: other.LocalAddr().String(), Seats: netplay.SeatsOf(1)}, {Addr: ce.LocalAddr().String(), Seats: netplay.SeatsOf(2)}},
		Game: json.RawMessage(`{"seed":3}`)})
	client = Match{Transport: ce, Room: 5, Index: 2, Seats: netplay.SeatsOf(2), Settings: settings, HostAddr: he.LocalAddr()}
	if err := client.readSettings(); err != nil {
		panic(err)
	}
	host = Match{Transport: he, Room: 5, Host: true, Seats: netplay.SeatsOf(0), Settings: settings, HostAddr: he.LocalAddr(),
		Game: client.Game, Joiners: []netplay.Joiner{{Addr: other.LocalAddr(), Index: 1, Seats: netplay.SeatsOf(1)},
			{Addr: ce.LocalAddr(), Index: 2, Seats: netplay.SeatsOf(2)}}}
	return client, host
}

// TestSideClientGetsOnlyItsView: a client's side is told its own seat's
// view once the host's side updates, and the host deals from the seed it
// sent.
func TestSideClientGetsOnlyItsView(t *testing.T) {
	n := netplay.NewMemNetwork(netplay.LinkConfig{}, 1)
	cm, hm := clientMatch(n)
	d := scenes.New(scenes.Options{Source: new(input.Script), Store: persist.At(t.TempDir())})
	host, err := OpenSide(d, hm, thatsMineRules)
	if err != nil {
		t.Fatal(err)
	}
	client, err := OpenSide(d, cm, thatsMineRules)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := tm.New(tm.Config{Players: 3}, 3)
	if host.Seed != 3 || host.Hosted.Game().Hash() != want.Hash() {
		t.Errorf("the host dealt from seed %d", host.Seed)
	}
	var first bool
	for i := range 10 {
		if _, err := host.Update(n.Now()); err != nil {
			t.Fatal(err)
		}
		news, err := client.Update(n.Now())
		if err != nil {
			t.Fatal(err)
		}
		first = first || news.First
		n.Advance(netplay.TickDuration)
		if i == 9 && (!first || *client.Remote.View() != host.Hosted.Game().View(2)) {
			t.Errorf("client's view %+v (first %v), want seat 2's", *client.Remote.View(), first)
		}
	}
}

// TestSideAdoptsPad: a gamepad that presses Confirm takes the machine's
// seat from the Right keys.
func TestSideAdoptsPad(t *testing.T) {
	n := netplay.NewMemNetwork(netplay.LinkConfig{}, 1)
	cm, _ := clientMatch(n)
	src := new(input.Script)
	d := scenes.New(scenes.Options{Source: src, Store: persist.At(t.TempDir())})
	s, err := OpenSide(d, cm, thatsMineRules)
	if err != nil {
		t.Fatal(err)
	}
	if got := s.Router.Device(2); got != RightKeys {
		t.Fatalf("seat 2 plays with %v, want the Right keys", got)
	}
	src.Advance()
	src.Do(input.PadConnect(0))
	s.Router.Poll(src, 0)
	src.Advance()
	src.Do(input.PadDown(0, ebiten.StandardGamepadButtonRightBottom))
	s.Router.Poll(src, 1)
	s.Adopt()
	if got, want := s.Router.Device(2), (input.Device{Kind: input.Pad, Index: 0}); got != want {
		t.Errorf("seat 2 plays with %v, want %v", got, want)
	}
}
