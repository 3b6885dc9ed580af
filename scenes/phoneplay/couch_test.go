//go:build !js

package phoneplay_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"github.com/hajimehoshi/ebiten/v2"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/netplay"
	"github.com/jankenarcade/janken/persist"
	"github.com/jankenarcade/janken/phone"
	"github.com/jankenarcade/janken/phone/phonetest"
	"github.com/jankenarcade/janken/rulesets/ninjan"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/lobby"
	"github.com/jankenarcade/janken/scenes/netlobby"
	"github.com/jankenarcade/janken/scenes/nettable"
	"github.com/jankenarcade/janken/scenes/ninjantable"
	"github.com/jankenarcade/janken/scenes/phoneplay"
)

// couch is a TV and its phone server, before and during a game: the
// director's first scene is a placeholder until the table opens.
type couch struct {
	t     *testing.T
	src   *input.Script // the TV's keys
	d     *scenes.Director
	srv   *phone.Server
	table scenes.Scene
}

func newCouch(t *testing.T, game string, phoneSeats ...int) *couch {
	c := &couch{t: t, src: new(input.Script)}
	c.d = scenes.New(scenes.Options{Source: c.src, Store: persist.At(t.TempDir()),
		Start: func(d *scenes.Director) scenes.Scene { return scenes.NewTitle(d) }})
	srv, err := phone.Listen("127.0.0.1:0", phone.Config{Room: netplay.NewRoomCode(), Game: game, Pad: padSite(t),
		Seat:   phonetest.Seats(phoneSeats...),
		Colour: func(seat int) string { return phoneplay.Colour(c.d, seat) }})
	if err != nil {
		t.Fatal(err)
	}
	c.srv = srv
	t.Cleanup(func() { srv.Close() })
	return c
}

// url is the phone page's address, recording its transcript.
func (c *couch) url() string {
	return fmt.Sprintf("http://%s/pad/?transcript=1#%s", c.srv.Addr(), c.srv.Room())
}

// seat waits until n phones are seated, answering their claims.
func (c *couch) seat(n int) {
	deadline := time.Now().Add(hang)
	for len(c.srv.Phones()) < n {
		if time.Now().After(deadline) {
			c.t.Fatalf("%d phones seated, want %d", len(c.srv.Phones()), n)
		}
		c.srv.Update()
		time.Sleep(5 * time.Millisecond)
	}
}

// join has each phone join in turn under its name, so that the first
// takes the first seat offered.
func (c *couch) join(phones []*handset, names ...string) {
	for i, ph := range phones {
		ph.join(names[i])
		c.seat(i + 1)
	}
}

// start opens the table of seats, phones and bots, with open (the game's
// NewNetTable), in place of the TV's first scene.
func startTable[S scenes.Scene](c *couch, seats []lobby.Seat, open func(*scenes.Director, netlobby.Match) (S, error)) S {
	c.t.Helper()
	t := openTable(c, seats, open)
	c.d.Replace(t, scenes.Transition{})
	return t
}

// openTable opens the table as startTable does, for the test to show.
func openTable[S scenes.Scene](c *couch, seats []lobby.Seat, open func(*scenes.Director, netlobby.Match) (S, error)) S {
	c.t.Helper()
	t, err := phoneplay.Open(c.d, c.srv, lobby.Seating{Seats: seats, Router: input.NewRouter()}, nil, open)
	if err != nil {
		c.t.Fatal(err)
	}
	if b, ok := any(t).(interface{ ThinkInline() }); ok {
		b.ThinkInline()
	}
	c.table = t
	return t
}

// tick runs the TV n ticks.
func (c *couch) tick(n int) {
	c.t.Helper()
	for range n {
		if err := c.d.Update(); err != nil {
			c.t.Fatal(err)
		}
	}
}

// press presses key on the TV's keyboard and lets it go, a tick each.
func (c *couch) press(key ebiten.Key) {
	c.t.Helper()
	for _, e := range []input.Event{input.KeyDown(key), input.KeyUp(key)} {
		c.src.Do(e)
		c.tick(1)
		c.src.Advance()
	}
}

// phoneSeat is a lobby seat of a phone the server seated.
func (c *couch) phoneSeat(i int) lobby.Seat {
	p := c.srv.Phones()[i]
	return lobby.Seat{Kind: lobby.Phone, Name: p.Name, Phone: p.ID}
}

// play runs the TV and taps a random choice on each phone whose turn it
// is, until every phone says the game is over; after each round of taps
// it checks every phone's transcript against hidden (the JSON strings of
// what a seat may not see now).
func (c *couch) play(phones []*handset, seats []int, over func() bool, hidden func(seat int) [][]byte, seed uint64) {
	c.t.Helper()
	rng := rand.New(rand.NewPCG(seed, 1))
	taps := 0
	deadline := time.Now().Add(hang)
	for done := false; !done; {
		if time.Now().After(deadline) {
			for i, ph := range phones {
				ph.shoot(fmt.Sprintf("phone-stuck-%d", i))
			}
			c.t.Fatalf("no end of the game: phones %v after %d taps", phoneStates(phones), taps)
		}
		c.tick(8)
		done = over()
		for i, ph := range phones {
			st := ph.state()
			done = done && strings.HasSuffix(st, "over")
			var n int
			if _, err := fmt.Sscanf(st, fmt.Sprintf("seat %d turn %%d", seats[i]), &n); err == nil && n > 0 {
				ph.tap(fmt.Sprintf(`#choices button:nth-child(%d)`, 1+rng.IntN(n)))
				taps++
			}
		}
		c.checkTranscripts(phones, seats, hidden)
	}
	for i, ph := range phones { // the check above read real views
		if !bytes.Contains(ph.got, []byte(fmt.Sprintf(`{"Seat":%d,`, seats[i]))) {
			c.t.Errorf("seat %d's phone's transcript (%d bytes) holds no view of its seat", seats[i], len(ph.got))
		}
	}
	c.t.Logf("the game ended after %d taps", taps)
}

func phoneStates(phones []*handset) []string {
	var out []string
	for _, ph := range phones {
		out = append(out, ph.state())
	}
	return out
}

// checkTranscripts fails if a phone ever received what its seat may not
// see now (what a seat has seen stays seen, so checking as the game goes
// covers the whole game).
func (c *couch) checkTranscripts(phones []*handset, seats []int, hidden func(seat int) [][]byte) {
	c.t.Helper()
	for i, ph := range phones {
		got := ph.transcript()
		for _, h := range hidden(seats[i]) {
			if at := bytes.Index(got, h); at >= 0 {
				c.t.Fatalf("seat %d's phone received %s, which it may not see: …%q…", seats[i], h, got[max(0, at-300):min(len(got), at+100)])
			}
		}
	}
}

// hostedNinjan returns the TV's whole game.
func hostedNinjan(t *testing.T, table scenes.Scene) *ninjan.State {
	r, ok := table.(*ninjantable.Runner)
	if !ok {
		t.Fatalf("the table is a %T", table)
	}
	n, ok := r.Match().(interface {
		Hosted() *nettable.Hosted[*ninjan.State, ninjan.Action, ninjan.Event]
	})
	if !ok || n.Hosted() == nil {
		t.Fatal("the TV does not host the game")
	}
	return n.Hosted().Game()
}

// ninjanHidden returns the cards seat may not see in g now, as JSON.
func ninjanHidden(g *ninjan.State) func(seat int) [][]byte {
	return func(seat int) [][]byte {
		v := g.View(seat)
		var out [][]byte
		for _, card := range v.Unseen().Cards(nil) {
			b, _ := json.Marshal(card)
			out = append(out, b)
		}
		return out
	}
}

// TestTwoPhonesAloneCanPlay: two phones and nobody on the TV's keys, no
// AI: the TV hosts and shows the table, and the two play a whole game.
func TestTwoPhonesAloneCanPlay(t *testing.T) {
	browser := newBrowser(t)
	c := newCouch(t, "ninjan", 0, 1)
	phones := []*handset{openPhone(t, browser, c.url()), openPhone(t, browser, c.url())}
	c.join(phones, "Ann", "Bo")
	table := startTable(c, []lobby.Seat{c.phoneSeat(0), c.phoneSeat(1)}, ninjantable.NewNetTable)
	g := hostedNinjan(t, table)
	c.play(phones, []int{0, 1}, g.Over, ninjanHidden(g), 4)
}
