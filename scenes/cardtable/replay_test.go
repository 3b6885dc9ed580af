package cardtable_test

import (
	"encoding/json"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/catalog"
	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/netplay"
	"github.com/jankenarcade/janken/persist"
	"github.com/jankenarcade/janken/replay"
	"github.com/jankenarcade/janken/replay/library"
	"github.com/jankenarcade/janken/rulesets"
	es "github.com/jankenarcade/janken/rulesets/elevensuits"
	"github.com/jankenarcade/janken/rulesets/ninjan"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/cardtable"
	"github.com/jankenarcade/janken/scenes/elevensuitstable"
	"github.com/jankenarcade/janken/scenes/lobby"
	"github.com/jankenarcade/janken/scenes/netlobby"
	"github.com/jankenarcade/janken/scenes/netlobby/netlobbytest"
	"github.com/jankenarcade/janken/scenes/ninjantable"
	"github.com/jankenarcade/janken/scenes/privacy"
	"github.com/jankenarcade/janken/scenes/replayview"
	"github.com/jankenarcade/janken/scenes/thatsminetable"
)

// replayed is a table whose match ends in a replay.
type replayed interface {
	scenes.Scene
	Ended() bool
	Replay() (*replay.Replay, string)
}

// bots seats n bots of the named level.
func bots(n int, level string) lobby.Seating {
	s := lobby.Seating{Router: input.NewRouter(), Privacy: privacy.HandOff}
	for range n {
		s.Seats = append(s.Seats, lobby.Seat{Kind: lobby.Bot, Bot: level})
	}
	return s
}

// couchCases are a couch match of each card game and variant.
var couchCases = []struct {
	name, game string
	open       func(d *scenes.Director, secret uint64) (replayed, error)
}{
	{"ninjan", "ninjan", func(d *scenes.Director, secret uint64) (replayed, error) {
		return ninjantable.New(d, bots(3, "greedy"), nil, secret)
	}},
	{"thatsmine", "thatsmine", func(d *scenes.Director, secret uint64) (replayed, error) {
		return thatsminetable.New(d, bots(4, "greedy"), nil, secret)
	}},
	{"elevensuits", "elevensuits", func(d *scenes.Director, secret uint64) (replayed, error) {
		return elevensuitstable.NewTable(d, elevensuitstable.Options{Seating: bots(2, "greedy"), Secret: secret})
	}},
	{"elevensuits-variants", "elevensuits", func(d *scenes.Director, secret uint64) (replayed, error) {
		// Random bots: greedy ones can repeat a tie forever in this deal.
		return elevensuitstable.NewTable(d, elevensuitstable.Options{Seating: bots(3, "random"), Secret: secret,
			Rules: es.Config{TwoPiece: true, OpenCasket: true, Advanced: true}})
	}},
}

// games is the arcade's card games, as the program lists them.
var games = catalog.List{thatsminetable.Game(), ninjantable.Game(), elevensuitstable.Game()}

// verify round-trips r through the file format and re-runs it as the
// headless tool would.
func verify(t *testing.T, game string, r *replay.Replay) *replay.Replay {
	t.Helper()
	data, err := replay.Encode(r)
	if err != nil {
		t.Fatal(err)
	}
	back, err := replay.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	g, ok := games.Find(game)
	if !ok || back.Header.Game != game {
		t.Fatalf("a replay of %q", back.Header.Game)
	}
	if err := g.Replay.Verify(back); err != nil {
		t.Fatalf("verify: %v", err)
	}
	return back
}

// TestCouchReplayRoundTrip plays a bots' match of each game and variant
// to the results: its replay is kept in the store, reads back, and
// re-runs to the same hashes and result.
func TestCouchReplayRoundTrip(t *testing.T) {
	for _, tc := range couchCases {
		t.Run(tc.name, func(t *testing.T) {
			store := persist.At(t.TempDir())
			d, table := openCouch(t, tc.open, 77, scenes.Options{Store: store})
			run(t, d, 40000, table.Ended)
			r, saved := table.Replay()
			if r == nil || saved != "" {
				t.Fatalf("no replay (%q)", saved)
			}
			if r.Header.Viewer != replay.WholeGame || !r.Header.SeedKnown || !r.Header.Result.Over || len(r.Steps) < 4 {
				t.Errorf("header %+v, %d steps", r.Header, len(r.Steps))
			}
			for _, s := range r.Header.Seats {
				if s.Kind != replay.Bot || s.Bot == "" {
					t.Errorf("seat %+v", s)
				}
			}
			verify(t, tc.game, r)
			kept, err := library.At(store).List()
			if err != nil || len(kept) != 1 || kept[0].Header.Game != tc.game {
				t.Fatalf("kept %+v, %v", kept, err)
			}
			again, err := library.At(store).Load(kept[0].Name)
			if err != nil {
				t.Fatal(err)
			}
			verify(t, tc.game, again)
		})
	}
}

// openCouch returns a director, fed by opts.Source (a new Script if
// nil) and keeping files in opts.Store (a temporary folder if nil), whose
// first scene is the table open returns for secret, its bots answering
// on the tick they are asked.
func openCouch(t *testing.T, open func(d *scenes.Director, secret uint64) (replayed, error), secret uint64, opts scenes.Options) (*scenes.Director, replayed) {
	t.Helper()
	if opts.Source == nil {
		opts.Source = new(input.Script)
	}
	if opts.Store == nil {
		opts.Store = persist.At(t.TempDir())
	}
	var table replayed
	var err error
	opts.Start = func(d *scenes.Director) scenes.Scene {
		if table, err = open(d, secret); err != nil {
			return scenes.NewTitle(d)
		}
		table.(interface{ ThinkInline() }).ThinkInline()
		return table
	}
	d := scenes.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	return d, table
}

// run steps d until done, at most limit ticks.
func run(t *testing.T, d *scenes.Director, limit int, done func() bool) {
	t.Helper()
	for tick := range limit {
		if done() {
			return
		}
		if err := d.Update(); err != nil {
			t.Fatalf("tick %d: %v", tick, err)
		}
	}
	t.Fatalf("not done after %d ticks; top scene %q", limit, d.Top().Name())
}

// ninjanNet is Ninjan's network table with the clock tests run it on.
type ninjanNet struct{ *ninjantable.Runner }

func (n ninjanNet) RunOn(clock func() time.Duration) {
	n.Match().(*cardtable.Net[*ninjan.State, ninjan.View, ninjan.Action, ninjan.Event, *ninjan.View]).RunOn(clock)
}

// netCases are a network match of each card game: the host plays seat
// 0, a client the seats it is given, the host's bots the rest.
var netCases = []struct {
	name, game string
	settings   []byte // the lobby's public settings
	open       func(d *scenes.Director, m netlobby.Match) (netTable, error)
}{
	{"ninjan", "ninjan", nil, func(d *scenes.Director, m netlobby.Match) (netTable, error) {
		r, err := ninjantable.NewNetTable(d, m)
		if err != nil {
			return nil, err
		}
		return ninjanNet{r}, nil
	}},
	{"thatsmine", "thatsmine", nil, func(d *scenes.Director, m netlobby.Match) (netTable, error) {
		return thatsminetable.NewNetTable(d, m)
	}},
	{"elevensuits", "elevensuits", []byte(`{"rules":{"config":{"players":3,"suits":9,"openCasket":true}}}`),
		func(d *scenes.Director, m netlobby.Match) (netTable, error) {
			return elevensuitstable.NewNetTable(d, m)
		}},
}

// netTable is a network table under test.
type netTable interface {
	replayed
	netlobbytest.Table
	Status() *cardtable.Status
}

// TestNetReplayRoundTrip plays a network match of each game to the end,
// the client's machine playing seats 1 and 2: the host's replay is the
// whole game and verifies; the client's holds only seat 1's views and
// the events seat 1 may see, though the client was told seat 2's too.
func TestNetReplayRoundTrip(t *testing.T) {
	for _, tc := range netCases {
		t.Run(tc.name, func(t *testing.T) {
			n := netplay.NewMemNetwork(netplay.LinkConfig{Delay: 20 * time.Millisecond, Jitter: 5 * time.Millisecond}, 9)
			ms := netlobbytest.MatchesOf(n, 321, 99, tc.settings, []netplay.SeatSet{netplay.SeatsOf(0), netplay.SeatsOf(1, 2)})
			var host, client netTable
			var err error
			srcs := [2]*input.Script{new(input.Script), new(input.Script)}
			hd := netlobbytest.Director(t.TempDir(), ms[0], n, srcs[0], tc.open, &host, &err)
			cd := netlobbytest.Director(t.TempDir(), ms[1], n, srcs[1], tc.open, &client, &err)
			if err != nil {
				t.Fatal(err)
			}
			rng := rulesets.NewRand(5)
			var held [2]ebiten.Key
			for tick := 0; !host.Ended() || !client.Ended(); tick++ {
				if tick == 60000 {
					l := host.Status().Lines()
					t.Fatalf("the match did not end; the host's log ends %q", l[max(0, len(l)-4):])
				}
				// Enter, or now and then another option first: the
				// highlighted one alone can tie forever.
				pressOn(t, tick, []*scenes.Director{hd, cd}, srcs[:], held[:], func() ebiten.Key {
					return []ebiten.Key{ebiten.KeyEnter, ebiten.KeyEnter, ebiten.KeyArrowRight, ebiten.KeyArrowDown}[rng.IntN(4)]
				})
				n.Advance(netplay.TickDuration)
			}
			hr, saved := host.Replay()
			if hr == nil || saved != "" {
				t.Fatalf("the host kept no replay (%q)", saved)
			}
			if hr.Header.Viewer != replay.WholeGame || !hr.Header.SeedKnown {
				t.Errorf("the host's header %+v", hr.Header)
			}
			verify(t, tc.game, hr)
			cr, saved := client.Replay()
			if cr == nil || saved != "" {
				t.Fatalf("the client kept no replay (%q)", saved)
			}
			if cr.Header.Viewer != 1 || cr.Header.SeedKnown || cr.Header.Seed != 0 {
				t.Errorf("the client's header %+v", cr.Header)
			}
			verify(t, tc.game, cr)
			checkClientSteps(t, cr, 1)
			if !sameResult(hr.Header.Result, cr.Header.Result) {
				t.Errorf("host's result %+v, client's %+v", hr.Header.Result, cr.Header.Result)
			}
			watchClient(t, cr)
		})
	}
}

// pressOn runs one tick of each machine's director ds[i], its player
// pressing the key next returns on srcs[i] and letting it go on the tick
// after (held[i]).
func pressOn(t *testing.T, tick int, ds []*scenes.Director, srcs []*input.Script, held []ebiten.Key, next func() ebiten.Key) {
	t.Helper()
	for i, d := range ds {
		srcs[i].Advance()
		if held[i] != 0 {
			srcs[i].Do(input.KeyUp(held[i]))
			held[i] = 0
		} else {
			held[i] = next()
			srcs[i].Do(input.KeyDown(held[i]))
		}
		if err := d.Update(); err != nil {
			t.Fatalf("tick %d: machine %d: %v", tick, i, err)
		}
	}
}

// checkClientSteps fails t if a step of client replay r holds a view
// that is not seat's or an event seat may not see.
func checkClientSteps(t *testing.T, r *replay.Replay, seat int) {
	t.Helper()
	for _, s := range r.Steps {
		var step struct {
			View   json.RawMessage   `json:"view"`
			Events []json.RawMessage `json:"events"`
		}
		if err := json.Unmarshal(s.Data, &step); err != nil {
			t.Fatal(err)
		}
		for _, e := range step.Events {
			if !sees(t, e, seat) {
				t.Fatalf("step %d: seat %d's replay holds an event it may not see: %s", s.At, seat, e)
			}
		}
	}
}

// sees reports whether seat is in the audience of event e, written as a
// bit set (Ninjan, That's Mine) or a list of seats (Eleven Suits); an
// event without one is public.
func sees(t *testing.T, e json.RawMessage, seat int) bool {
	var ev struct {
		Audience json.RawMessage `json:"audience"`
	}
	if err := json.Unmarshal(e, &ev); err != nil {
		t.Fatal(err)
	}
	var bits uint16
	var list []int
	switch {
	case ev.Audience == nil:
		return true
	case json.Unmarshal(ev.Audience, &bits) == nil:
		return bits&(1<<seat) != 0
	case json.Unmarshal(ev.Audience, &list) == nil:
		return slices.Contains(list, seat)
	}
	t.Fatalf("audience %s", ev.Audience)
	return false
}

func sameResult(a, b replay.Result) bool { return fmt.Sprint(a) == fmt.Sprint(b) }

// watchClient plays client replay r in the viewer, on a director of its
// own (no key the match left held), to its end: it always shows the
// recording seat's hand, and offers no other; a seek writes the log as
// played.
func watchClient(t *testing.T, r *replay.Replay) {
	t.Helper()
	d := scenes.New(scenes.Options{Source: new(input.Script), Store: persist.At(t.TempDir()),
		Start: func(d *scenes.Director) scenes.Scene { return scenes.NewTitle(d) }})
	g, _ := games.Find(r.Header.Game)
	s, err := g.Watch(d, r)
	if err != nil {
		t.Fatal(err)
	}
	v := s.(*replayview.Viewer)
	feed := v.Feed()
	if feed.Hands() || feed.Shown() != r.Header.Viewer || feed.Pos() != 1 {
		t.Errorf("a client's replay opens at step %d showing hand %d, choice %v", feed.Pos(), feed.Shown(), feed.Hands())
	}
	feed.ShowHand(0)
	if feed.Shown() != r.Header.Viewer {
		t.Errorf("a client's replay shows seat %d's hand", feed.Shown())
	}
	d.Push(v, scenes.Transition{Kind: scenes.Cut})
	played := playLogged(t, d, v)
	checkSeekLogs(t, d, v, played, 2, feed.Len()/2, feed.Len()-1)
}

// TestNetReplayGoesOnAfterAReconnect: a client whose link to the host is
// lost mid-match goes back for its seats (netlobby.Match.Reconnect; here
// the host takes it straight back) and plays to the end; the replay it
// keeps is the whole match as its seat saw it, from the first round, in
// one piece that verifies: the new table went on with the lost table's
// replay (Match.Carried). Before, it began again where the link came
// back, and the first part was lost.
//
// A page that reloads has lost its memory: the new table goes on with the
// draft the old one kept as the page hid (netlobby.Draft, which
// netlobby.Resume hands on). Before, its replay began where the page came
// back. A page reloaded while its lobby asks for the seats again has only
// the draft that lobby kept of what the lost table handed on
// (netlobby.Drafter); before, it had none. Each way, the table that comes
// back shows the lost one's game log; before, its log began empty.
func TestNetReplayGoesOnAfterAReconnect(t *testing.T) {
	for _, tt := range []struct {
		name string
		how  comeBack
	}{
		{"link lost", fromMemory},
		{"page reloaded", reloaded},
		{"page reloaded while going back", reloadedGoingBack},
		{"a draft that does not decode", unreadable},
	} {
		t.Run(tt.name, func(t *testing.T) { replayGoesOn(t, tt.how) })
	}
}

// comeBack is how a client's table comes back to its match.
type comeBack int

const (
	fromMemory        comeBack = iota // its link was lost: the next table has the replay from memory
	reloaded                          // its page reloaded: the next has only the draft kept as the page hid
	reloadedGoingBack                 // its link was lost, and its page reloaded while it asked for its seats again: only the draft the lobby kept
	unreadable                        // its page reloaded with a draft whose replay does not decode: the next table starts afresh
)

func replayGoesOn(t *testing.T, how comeBack) {
	tc := netCases[0] // Ninjan
	var draft netlobby.Draft
	cardtable.CatchDrafts(t, func(d netlobby.Draft) { draft = d })
	var logged []string // the client's game log as its link went
	n := netplay.NewMemNetwork(netplay.LinkConfig{Delay: 20 * time.Millisecond}, 4)
	ms := netlobbytest.MatchesOf(n, 321, 99, tc.settings, []netplay.SeatSet{netplay.SeatsOf(0), netplay.SeatsOf(1, 2)})
	var host, client netTable
	var err error
	reconnects := 0
	ms[1].Reconnect = func(d *scenes.Director, carried any) scenes.Scene {
		reconnects++
		fresh := n.Endpoint()
		j, ok := host.(interface {
			Rejoiner() (cardtable.Rejoiner, bool)
		})
		if !ok {
			t.Fatal("the host's table moves no client")
		}
		rj, _ := j.Rejoiner()
		if err := rj.Rejoin(ms[1].Transport.LocalAddr(), fresh.LocalAddr()); err != nil {
			t.Fatalf("the host did not take the client back: %v", err)
		}
		m := ms[1]
		m.Transport, m.Carried = fresh, carried
		switch how { // the page that came back remembers nothing but its draft
		case reloaded:
			if draft.Replay == nil {
				t.Fatal("the page kept no draft of its replay as it hid")
			}
			m.Carried = draft
		case reloadedGoingBack:
			c, ok := carried.(netlobby.Drafter)
			if !ok {
				t.Fatalf("the lost table handed on %T, which the lobby cannot keep", carried)
			}
			if m.Carried, err = c.Draft(); err != nil {
				t.Fatal(err)
			}
		case unreadable:
			m.Carried = netlobby.Draft{Replay: []byte("JKRP\x02 not a replay"), Log: []string{"a line of no match"}}
			logged = nil // nothing to go on from: neither the replay nor the log
		}
		again, err := tc.open(d, m)
		if err != nil {
			t.Fatal(err)
		}
		if got := again.Status().Lines(); len(logged) == 0 && how != unreadable || !slices.Equal(got, logged) {
			t.Errorf("the table that came back begins its game log with %q; the lost one's was %q", got, logged)
		}
		again.RunOn(n.Now)
		client = again
		return again
	}
	srcs := [2]*input.Script{new(input.Script), new(input.Script)}
	hd := netlobbytest.Director(t.TempDir(), ms[0], n, srcs[0], tc.open, &host, &err)
	cd := netlobbytest.Director(t.TempDir(), ms[1], n, srcs[1], tc.open, &client, &err)
	if err != nil {
		t.Fatal(err)
	}
	var held [2]ebiten.Key
	for tick := 0; !host.Ended() || !client.Ended(); tick++ {
		if tick == 60000 {
			t.Fatal("the match did not end")
		}
		if tick == 600 { // mid-match: the client's link goes, for good
			logged = slices.Clone(client.Status().Lines())
			if how == reloaded {
				scenes.HidePage() // the page hides as it reloads
			}
			ms[1].Transport.(*netplay.MemEndpoint).Cut(true)
		}
		pressOn(t, tick, []*scenes.Director{hd, cd}, srcs[:], held[:], func() ebiten.Key { return ebiten.KeyEnter })
		n.Advance(netplay.TickDuration)
	}
	if reconnects != 1 {
		t.Fatalf("the client went back %d times, want once", reconnects)
	}
	cr, saved := client.Replay()
	if cr == nil || saved != "" {
		t.Fatalf("the client kept no replay (%q)", saved)
	}
	verify(t, tc.game, cr)
	checkClientSteps(t, cr, 1)
	var first struct {
		View struct{ Round int } `json:"view"`
	}
	if err := json.Unmarshal(cr.Steps[0].Data, &first); err != nil {
		t.Fatal(err)
	}
	if how == unreadable {
		if first.View.Round == 1 {
			t.Errorf("from a draft that does not decode, the client's replay begins in round 1")
		}
	} else if cr.Steps[0].At != 0 || first.View.Round != 1 {
		t.Errorf("the client's replay begins at step %d, in round %d; want the match's first view, in round 1", cr.Steps[0].At, first.View.Round)
	}
	hr, _ := host.Replay()
	if hr == nil || !sameResult(hr.Header.Result, cr.Header.Result) {
		t.Errorf("the host's result %+v, the client's %+v", hr, cr.Header.Result)
	}
	watchClient(t, cr)
}
