//go:build !js

package phoneplay_test

import (
	"encoding/json"
	"flag"
	"fmt"
	"strings"
	"testing"

	"github.com/jankenarcade/janken/netplay"
	"github.com/jankenarcade/janken/rulesets"
	es "github.com/jankenarcade/janken/rulesets/elevensuits"
	"github.com/jankenarcade/janken/rulesets/ninjan"
	tm "github.com/jankenarcade/janken/rulesets/thatsmine"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/cardtable"
	"github.com/jankenarcade/janken/scenes/elevensuitstable"
	"github.com/jankenarcade/janken/scenes/lobby"
	"github.com/jankenarcade/janken/scenes/netlobby"
	"github.com/jankenarcade/janken/scenes/nettable"
	"github.com/jankenarcade/janken/scenes/ninjantable"
	"github.com/jankenarcade/janken/scenes/thatsminetable"
)

// phoneGame is one hidden-hand game as the phone tests play it.
type phoneGame struct {
	name string
	open func(*scenes.Director, netlobby.Match) (scenes.Scene, error)
	// hosted returns, from the TV's table, whether its game is over and,
	// for a seat, the byte strings its phone may not have received by now
	// (the JSON of the cards it cannot see; none where cards are numbers).
	hosted func(t *testing.T, table scenes.Scene) (over func() bool, hidden func(seat int) [][]byte)
	// check fails an update a phone took that is not for its seat: a view
	// of another seat, or an event whose audience leaves it out.
	check func(seat int, u netplay.SeatUpdate) error
}

// gameOf builds a phoneGame of state G, view V, action A, event E.
func gameOf[G rulesets.Game[A, E], V any, A comparable, E any, PV rulesets.View[V, A], S scenes.Scene](name string,
	open func(*scenes.Director, netlobby.Match) (S, error), audience func(E) rulesets.Audience,
	hidden func(g G, seat int) [][]byte) phoneGame {
	return phoneGame{name: name,
		open: func(d *scenes.Director, m netlobby.Match) (scenes.Scene, error) { return open(d, m) },
		hosted: func(t *testing.T, table scenes.Scene) (func() bool, func(int) [][]byte) {
			r, ok := table.(interface {
				Match() cardtable.Match[V, A, E]
			})
			if !ok {
				t.Fatalf("the table is a %T", table)
			}
			n, ok := r.Match().(interface {
				Hosted() *nettable.Hosted[G, A, E]
			})
			if !ok || n.Hosted() == nil {
				t.Fatal("the TV does not host the game")
			}
			g := n.Hosted().Game()
			return g.Over, func(seat int) [][]byte { return hidden(g, seat) }
		},
		check: func(seat int, u netplay.SeatUpdate) error {
			if u.Seat != seat {
				return fmt.Errorf("an update of seat %d", u.Seat)
			}
			for _, data := range u.Events {
				var e E
				if err := json.Unmarshal(data, &e); err != nil {
					return fmt.Errorf("event %s: %w", data, err)
				}
				if !audience(e).Sees(seat) {
					return fmt.Errorf("event %s is not for seat %d", data, seat)
				}
			}
			if u.View == nil {
				return nil
			}
			var v V
			if err := json.Unmarshal(u.View, &v); err != nil {
				return fmt.Errorf("view %s: %w", u.View, err)
			}
			if PV(&v).Viewer() != seat {
				return fmt.Errorf("a view of seat %d", PV(&v).Viewer())
			}
			return nil
		}}
}

// cardsJSON returns the JSON of each card.
func cardsJSON[C any](cards []C) [][]byte {
	var out [][]byte
	for _, c := range cards {
		b, _ := json.Marshal(c)
		out = append(out, b)
	}
	return out
}

// only, if set, names the one game to play.
var only = flag.String("game", "", "play only this game in the phone tests")

var phoneGames = []phoneGame{
	gameOf[*ninjan.State, ninjan.View, ninjan.Action, ninjan.Event, *ninjan.View]("ninjan", ninjantable.NewNetTable,
		func(e ninjan.Event) rulesets.Audience { return e.Audience },
		func(g *ninjan.State, seat int) [][]byte { v := g.View(seat); return cardsJSON(v.Unseen().Cards(nil)) }),
	gameOf[*tm.State, tm.View, tm.Action, tm.Event, *tm.View]("thatsmine", thatsminetable.NewNetTable,
		func(e tm.Event) rulesets.Audience { return e.Audience },
		func(*tm.State, int) [][]byte { return nil }), // its cards are numbers: check alone tells
	gameOf[*es.State, es.View, es.Action, es.Event, *es.View]("elevensuits", elevensuitstable.NewNetTable,
		func(e es.Event) rulesets.Audience { return e.Audience }, esNeverSeen),
}

// esNeverSeen returns the Eleven Suits cards seat has never located: no
// slot of its view, then or ever before, named them. (A card a seat saw
// may later be lost to its memory, so the test keeps what it saw.) Card
// 0 is left out: every unused slot of a view's arrays is the zero slot,
// which names it.
func esNeverSeen(g *es.State, seat int) [][]byte {
	v := g.View(seat)
	seen := esSeen[seat]
	for _, sl := range esSlots(&v) {
		if sl.Card.Valid() {
			seen[sl.Card] = true
		}
	}
	var hidden []es.Card
	for c := range es.Card(es.NumCards) {
		if c.Valid() && c != 0 && !seen[c] {
			hidden = append(hidden, c)
		}
	}
	return cardsJSON(hidden)
}

// esSeen is, for each seat, every card a view of it ever located.
var esSeen [rulesets.MaxSeats]map[es.Card]bool

func esSlots(v *es.View) []es.Slot {
	var out []es.Slot
	for p := range v.Config.Players {
		out = append(append(out, v.Hand(p)...), v.Grave(p)...)
	}
	out = append(append(out, v.DeckSlots()...), v.RemovedSlots()...)
	return append(out, v.Attack)
}

// TestTwoPhonesAndABotPlayEachGame: in each hidden-hand game, two phones
// (390×844, touch) join the TV's link and play a whole game against the
// TV's bot with taps alone; neither phone's transcript ever holds a card
// its seat may not see, every update either took is its own seat's, and
// both say the game is over at the end.
func TestTwoPhonesAndABotPlayEachGame(t *testing.T) {
	browser := newBrowser(t)
	for i, game := range phoneGames {
		if *only != "" && game.name != *only {
			continue
		}
		t.Run(game.name, func(t *testing.T) {
			for s := range esSeen {
				esSeen[s] = map[es.Card]bool{}
			}
			c := newCouch(t, game.name, 1, 2)
			phones := []*handset{openPhone(t, browser, c.url()), openPhone(t, browser, c.url())}
			c.join(phones, "Ann", "Bo")
			for _, ph := range phones {
				ph.waitText("status", "Waiting for the TV")
			}
			table := startTable(c, []lobby.Seat{{Kind: lobby.Bot, Bot: "easy"}, c.phoneSeat(0), c.phoneSeat(1)}, game.open)
			over, hidden := game.hosted(t, table)
			for !strings.Contains(phones[0].state(), "turn") {
				c.tick(8)
			}
			phones[0].shoot("phone-" + game.name)
			c.play(phones, []int{1, 2}, over, hidden, uint64(i+1))
			for k, ph := range phones {
				checkUpdates(t, ph, 1+k, game.check)
				if p := ph.text("prompt"); !strings.Contains(p, "Game over") {
					t.Errorf("seat %d's phone's prompt at the end: %q", 1+k, p)
				}
			}
			phones[0].shoot("phone-" + game.name + "-over")
		})
	}
}

// checkUpdates checks every update the phone's client took.
func checkUpdates(t *testing.T, ph *handset, seat int, check func(int, netplay.SeatUpdate) error) {
	t.Helper()
	var ups []netplay.SeatUpdate
	if err := json.Unmarshal([]byte(eval[string](ph, `padUpdates()`)), &ups); err != nil {
		t.Fatal(err)
	}
	if len(ups) == 0 {
		t.Fatalf("seat %d's phone took no update", seat)
	}
	for _, u := range ups {
		if err := check(seat, u); err != nil {
			t.Errorf("seat %d's phone took %v", seat, err)
		}
	}
	t.Logf("seat %d's phone took %d updates, every one its own", seat, len(ups))
}
