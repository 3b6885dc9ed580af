package slamtable

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/netplay"
	"github.com/jankenarcade/janken/persist"
	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/rulesets/slam"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/netlobby"
	"github.com/jankenarcade/janken/scenes/netlobby/netlobbytest"
	"github.com/jankenarcade/janken/scenes/scenetest"
)

// optChosen are the options the host chooses.
var optChosen = []netlobby.Chosen{{Label: "Mode", Value: "Last One Loses"}, {Label: "Flip", Value: "Winner flips"}}

// optMachine is one machine of the options match.
type optMachine struct {
	clock   func() time.Duration // the table's clock
	d       *scenes.Director
	src     *input.Script
	lobby   *netlobby.Lobby
	keys    map[int]ebiten.Key // lobby keys, by the machine's tick
	typed   map[int]string     // characters typed in the lobby, by tick
	tick    int
	seat    int
	zone    int
	table   *NetTable
	bot     slam.Bot
	release ebiten.Key
	events  []slam.Event     // settled, in order
	hashes  map[int64]uint64 // settled hashes by tick
	end     *slam.State      // the settled state once over
	results bool             // the results screen replaced the table
}

func newOptMachine(dir string, clock func() time.Duration, net *netlobby.Network, seat, zone int, keys map[int]ebiten.Key) *optMachine {
	m := &optMachine{clock: clock, src: new(input.Script), keys: keys, typed: map[int]string{}, seat: seat, zone: zone, hashes: map[int64]uint64{},
		bot: slam.NewBot(seat, slam.Medium, uint64(seat)+77)}
	cfg := Network()
	cfg.Net, cfg.PlayerName = net, fmt.Sprintf("Machine %d", seat+1)
	m.d = scenes.New(scenes.Options{Source: m.src, Store: persist.At(dir),
		Start: func(d *scenes.Director) scenes.Scene { m.lobby = netlobby.New(d, cfg); return m.lobby }})
	return m
}

// prepare feeds the machine's keyboard for its next tick: the lobby's
// scripted keys, then at the table the bot's presses on the predicted
// state (a flip by any gesture).
func (m *optMachine) prepare() {
	m.src.Advance()
	m.tick++
	if m.release != 0 {
		m.src.Do(input.KeyUp(m.release))
		m.release = 0
	}
	if k, ok := m.keys[m.tick]; ok {
		m.src.Do(input.KeyDown(k))
		m.release = k
	}
	m.src.Type(m.typed[m.tick])
	if m.table == nil {
		return
	}
	v := m.table.state.View(m.seat)
	b := m.bot.Press(&v)
	if b == rulesets.ButtonConfirm {
		b = rulesets.ButtonRock
	}
	b &= -b // one key: a bot's mash presses its lowest gesture
	if b != 0 {
		m.release = keyFor(m.zone, b)
		m.src.Do(input.KeyDown(m.release))
	}
}

// after takes in the machine's last tick: the table once the lobby
// started it (on the machine's clock, the zone at the machine's seat),
// then what the table settled.
func (m *optMachine) after() error {
	switch top := m.d.Top().(type) {
	case *NetTable:
		if m.table == nil {
			m.table = top
			top.clock = m.clock
			return top.Bind(m.seat, input.Device{Kind: input.KeyZone, Index: m.zone})
		}
		for _, se := range top.settled {
			m.events = append(m.events, se.e)
		}
		tick, s := top.sess.Settled()
		if tick >= 0 {
			m.hashes[tick] = s.Hash()
		}
		if s != nil && s.Over() && m.end == nil {
			end := *s
			m.end = &end
		}
	case *scenes.Results:
		m.results = m.table != nil
	}
	return nil
}

// runPair runs the host's and the friend's machines until done, at most
// limit ticks: the friend's whole, the host's but for its director's
// Update, which scenetest makes. before runs ahead of each tick, and
// between after both machines', to move the network's time on.
func runPair(t *testing.T, host, friend *optMachine, limit int, before, between func(), done func() bool) {
	t.Helper()
	scenetest.Until(t, host.d, limit, func(int) {
		before()
		if host.tick > 0 {
			if err := host.after(); err != nil {
				t.Fatal(err)
			}
		}
		host.prepare()
		friend.prepare()
		if err := friend.d.Update(); err != nil {
			t.Fatal(err)
		}
		if err := friend.after(); err != nil {
			t.Fatal(err)
		}
		between()
	}, done)
}

// sameHashes fails the test unless the host and the friend settled the
// same state on every tick both sampled; it returns how many they did.
func sameHashes(t *testing.T, host, friend map[int64]uint64) int {
	t.Helper()
	common := 0
	for tick, h := range host {
		if c, ok := friend[tick]; ok {
			common++
			if c != h {
				t.Fatalf("tick %d: host hash %x, friend %x", tick, h, c)
			}
		}
	}
	return common
}

// TestNetOptionsMatch plays the options match: Slam's own network lobby
// on a simulated LAN, the host choosing Last One Loses and winner flips
// with the keyboard and a friend joining from the rooms it discovers; the
// host starts, and on each machine a reflex bot plays the couch's seat
// through its keyboard zone, to the end of the game. The host's options
// reach the friend in the lobby and every machine's match; both machines
// deal Last One Loses with winner flips, settle the same states all game
// long, and end on the same result: the fewest cards wins, and every card
// is flipped by the player who took the one before.
func TestNetOptionsMatch(t *testing.T) {
	n := netplay.NewMemNetwork(netplay.LinkConfig{Delay: 30 * time.Millisecond, Jitter: 8 * time.Millisecond}, 11)
	net := netlobbytest.LAN(n)
	// The host: Enter hosts; Down, Right: Last One Loses; Down, Right:
	// winner flips. The friend: Down, Enter: join; Enter on the room, then
	// the code the host's screen shows (typed from tick 62) and Enter.
	dir := t.TempDir()
	host := newOptMachine(dir, n.Now, net, 0, 2, map[int]ebiten.Key{
		10: ebiten.KeyEnter, 14: ebiten.KeyDown, 16: ebiten.KeyRight, 18: ebiten.KeyDown, 20: ebiten.KeyRight})
	friend := newOptMachine(dir, n.Now, net, 1, 3, map[int]ebiten.Key{
		10: ebiten.KeyDown, 12: ebiten.KeyEnter, 60: ebiten.KeyEnter})
	// until runs ticks of both machines until done, at most limit: the
	// friend's whole, the host's but for its director's Update, which
	// scenetest makes.
	until := func(limit int, done func() bool) {
		t.Helper()
		runPair(t, host, friend, limit, func() {
			if _, typed := friend.keys[70]; !typed && host.lobby.Room().Valid() {
				for i, c := range host.lobby.Room().String() {
					friend.typed[62+2*i] = string(c)
				}
				friend.keys[70] = ebiten.KeyEnter
			}
		}, func() { n.Advance(netplay.TickDuration) }, done)
	}
	until(200, func() bool { return slices.Equal(friend.lobby.JoinedOptions(), optChosen) && host.tick > 90 })
	// Up, Up to Start; Enter.
	start := host.tick
	host.keys[start+2], host.keys[start+4], host.keys[start+6] = ebiten.KeyUp, ebiten.KeyUp, ebiten.KeyEnter
	until(60, func() bool { return host.table != nil })
	until(20000, func() bool { return host.results && friend.results })
	if err := host.after(); err != nil {
		t.Fatal(err)
	}

	for name, m := range map[string]*optMachine{"host": host, "friend": friend} {
		if m.table == nil || m.end == nil {
			t.Fatalf("%s: table %v, game over %v", name, m.table != nil, m.end != nil)
		}
		if !slices.Equal(m.table.match.Options, optChosen) {
			t.Errorf("%s's match options %+v, want %+v", name, m.table.match.Options, optChosen)
		}
		cfg := m.end.Config()
		if cfg.Mode != slam.LastOneLoses || !cfg.WinnerFlips || cfg.Players != 2 {
			t.Errorf("%s dealt %+v", name, cfg)
		}
	}
	common := sameHashes(t, host.hashes, friend.hashes)
	if common < 1000 || !slices.Equal(host.events, friend.events) {
		t.Errorf("%d ticks settled on both; %d settled events on the host, %d on the friend's machine, the same: %v",
			common, len(host.events), len(friend.events), slices.Equal(host.events, friend.events))
	}
	end := host.end
	if last := host.events[len(host.events)-1]; last.Kind != slam.EventGameOver {
		t.Errorf("the last settled event %+v, want the game's end", last)
	}
	fewest := min(end.Won(0), end.Won(1))
	winners := end.Winners(nil)
	if len(winners) != 1 || end.Won(winners[0]) != fewest {
		t.Errorf("winners %v with %d and %d cards, want the one with fewest", winners, end.Won(0), end.Won(1))
	}
	flipper, flips, taken := 0, 0, 0
	for _, e := range host.events {
		switch e.Kind {
		case slam.EventFlip:
			flips++
			if int(e.Seat) != flipper {
				t.Errorf("tick %d: Player %d flipped, want Player %d, who took the last card", e.Tick, e.Seat+1, flipper+1)
			}
		case slam.EventTaken:
			taken++
			flipper = int(e.Seat)
		case slam.EventWon:
			t.Errorf("tick %d: a card won in Last One Loses: %+v", e.Tick, e)
		}
	}
	if flips < 20 || taken < 20 {
		t.Errorf("%d flips, %d cards taken", flips, taken)
	}
}

// TestSitOutFlips: a seat that sits out under winner flips flips the
// cards it must, once each, so the game goes on to its end.
func TestSitOutFlips(t *testing.T) {
	cfg := optionsConfig(2, []int{1, 1})
	cfg.FirstFlipper = 1
	s, err := slam.New(cfg, 5)
	if err != nil {
		t.Fatal(err)
	}
	flips := 0
	for !s.Over() && s.Tick() < 100000 {
		f := rulesets.Frame{Tick: s.Tick()}
		f.Pressed[0] = netBot(&s, 0).Pressed
		in := dropBot(netplay.DropSeats)(&s, 1)
		if v := s.View(1); in.Pressed != 0 && !v.MayFlip {
			t.Fatalf("tick %d: the seat sitting out pressed %v without a card to flip", s.Tick(), in.Pressed)
		}
		f.Pressed[1] = in.Pressed
		s.Step(&f)
		for _, e := range s.Events() {
			if e.Kind == slam.EventFlip && e.Seat == 1 {
				flips++
			}
		}
	}
	if !s.Over() || flips == 0 {
		t.Errorf("over %v at tick %d; the seat sitting out flipped %d cards", s.Over(), s.Tick(), flips)
	}
}

// TestNetBotPlaysEveryOption: two network bots, each the pure function
// rollback needs, play a whole game of every choice of options; under
// winner flips each flips the cards it took the one before.
func TestNetBotPlaysEveryOption(t *testing.T) {
	for _, chosen := range [][]int{{0, 0}, {0, 1}, {1, 0}, {1, 1}} {
		t.Run(fmt.Sprintf("%s, %s", options[itemMode].Values[chosen[0]], options[itemFlip].Values[chosen[1]]), func(t *testing.T) {
			s, err := slam.New(optionsConfig(2, chosen), 21)
			if err != nil {
				t.Fatal(err)
			}
			var flips [2]int
			for !s.Over() && s.Tick() < 60000 {
				f := rulesets.Frame{Tick: s.Tick()}
				for seat := range 2 {
					in := netBot(&s, seat)
					if again := netBot(&s, seat); again != in {
						t.Fatalf("tick %d, seat %d: %+v then %+v", s.Tick(), seat, in, again)
					}
					f.Pressed[seat] = in.Pressed
				}
				s.Step(&f)
				for _, e := range s.Events() {
					if e.Kind == slam.EventFlip {
						flips[e.Seat]++
					}
				}
			}
			if !s.Over() || s.Winners(nil) == nil {
				t.Fatalf("not over at tick %d", s.Tick())
			}
			if s.Config().WinnerFlips && (flips[0] == 0 || flips[1] == 0) {
				t.Errorf("flips by seat: %v", flips)
			}
		})
	}
}
