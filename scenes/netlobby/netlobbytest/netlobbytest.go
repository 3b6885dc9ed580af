// Package netlobbytest sets up network matches of hidden-hand tables on a
// simulated LAN, for the tables' tests: the matches the network lobby
// would hand each machine, and a director per machine whose first scene
// is its table, running on the simulated network's clock. The matches'
// transports are the network's endpoints, unsealed, so that tests see the
// tables' own packets; package netlobby tests the lobby's seal.
package netlobbytest

import (
	"encoding/json"
	"fmt"
	"net/netip"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/netplay"
	"github.com/jankenarcade/janken/persist"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/netlobby"
)

// Matches returns the matches of a game of players seats on n, one
// machine a seat: matches[0] is the host's (seat 0), matches[i] the
// client's of seat i. secret is the host's match secret, which deals the
// game; game is the public settings the lobby sent (nil for none).
func Matches(n *netplay.MemNetwork, room netplay.RoomCode, secret uint64, game []byte, players int) []netlobby.Match {
	seats := make([]netplay.SeatSet, players)
	for i := range seats {
		seats[i] = netplay.SeatsOf(i)
	}
	return MatchesOf(n, room, secret, game, seats)
}

// MatchesOf returns the matches of a game on n whose machine i plays
// seats[i]: matches[0] is the host's, the only one that holds secret.
func MatchesOf(n *netplay.MemNetwork, room netplay.RoomCode, secret uint64, game []byte, seats []netplay.SeatSet) []netlobby.Match {
	ends := make([]netplay.Transport, len(seats))
	peers := make([]map[string]any, len(seats))
	var joiners []netplay.Joiner
	for i := range ends {
		ends[i] = n.Endpoint()
		peers[i] = map[string]any{"seats": seats[i]}
		if i > 0 {
			peers[i]["addr"] = ends[i].LocalAddr().String()
			joiners = append(joiners, netplay.Joiner{Addr: ends[i].LocalAddr(), Index: i, Seats: seats[i]})
		}
	}
	start := map[string]any{"peers": peers}
	if game != nil {
		start["game"] = json.RawMessage(game)
	}
	settings, err := json.Marshal(start)
	if err != nil {
		panic(fmt.Sprintf("netlobbytest: game settings %q: %v", game, err)) // a test's own constant
	}
	host := ends[0].LocalAddr()
	matches := make([]netlobby.Match, len(seats))
	for i := range matches {
		matches[i] = netlobby.Match{Transport: ends[i], Room: room, Index: i, Seats: seats[i],
			Settings: settings, HostAddr: host, Game: game}
	}
	matches[0].Host, matches[0].Joiners, matches[0].Secret = true, joiners, secret
	return matches
}

// LAN returns the network of lobbies on n, as a machine's lobby sees it:
// every machine hosts and joins on an endpoint of its own, and they all
// share one endpoint for discovery, which hosts announce their rooms to.
func LAN(n *netplay.MemNetwork) *netlobby.Network {
	disc := n.Endpoint()
	endpoint := func() (netplay.Transport, error) { return n.Endpoint(), nil }
	return &netlobby.Network{Host: endpoint, Join: endpoint, Discovery: func() (netplay.Transport, error) { return disc, nil },
		AnnounceTo: []netip.AddrPort{disc.LocalAddr()}}
}

// Table is a networked table that runs on a given clock: a game's
// network table.
type Table interface {
	scenes.Scene
	RunOn(clock func() time.Duration)
}

// Director returns a director for one machine of a match on n, reading
// src: its first scene is the table open returns for m, kept in *out and
// running on n's clock. If open fails, the error is kept in *errp and the
// director shows the title instead.
func Director[T Table](dir string, m netlobby.Match, n *netplay.MemNetwork, src *input.Script,
	open func(*scenes.Director, netlobby.Match) (T, error), out *T, errp *error) *scenes.Director {
	return scenes.New(scenes.Options{Source: src, Store: persist.At(dir),
		Start: func(d *scenes.Director) scenes.Scene {
			t, err := open(d, m)
			if err != nil {
				*errp = err
				return scenes.NewTitle(d)
			}
			t.RunOn(n.Now)
			*out = t
			return t
		}})
}

// OnlyOwnHand reports, as errors on t, any hand but seat's that a
// client's table got from its game (hands: seat → every card it was told
// of, zero for none), and a table that never got seat's own.
func OnlyOwnHand[H interface {
	comparable
	Cards(dst []C) []C
}, C any](t testing.TB, hands map[int]H, seat int) {
	t.Helper()
	var none H
	for s, hand := range hands {
		if s != seat && hand != none {
			t.Errorf("the client's table got seat %d's hand %v", s, hand.Cards(nil))
		}
	}
	if hands[seat] == none {
		t.Error("the client's table never asked for its own hand")
	}
}

// Tapper presses Enter on a machine's keyboard one tick at a time, as a
// player taking each choice the table offers.
type Tapper struct {
	Src  *input.Script
	held bool
}

// Tick advances the keyboard by a tick, lifting Enter if it was down; it
// reports whether Enter may go down on this tick.
func (k *Tapper) Tick() bool {
	k.Src.Advance()
	if k.held {
		k.Src.Do(input.KeyUp(ebiten.KeyEnter))
		k.held = false
		return false
	}
	return true
}

// Enter presses Enter, to be lifted on the next Tick.
func (k *Tapper) Enter() {
	k.Src.Do(input.KeyDown(ebiten.KeyEnter))
	k.held = true
}
