package elevensuitstable

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/netplay"
	"github.com/jankenarcade/janken/rulesets"
	es "github.com/jankenarcade/janken/rulesets/elevensuits"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/netlobby"
	"github.com/jankenarcade/janken/scenes/netlobby/netlobbytest"
	"github.com/jankenarcade/janken/scenes/nettable"
	"github.com/jankenarcade/janken/scenes/scenetest"
)

// netMatch is a three-machine match of the guess-to-win variant on a
// simulated LAN: the host plays seat 0, a client seat 1, each on its own
// table with the Right keys, and a bare client seat 2 (no table: it
// throws Rock, plays its first card and peeks at the first slot). The
// client throws Paper against two Rocks, so it attacks first, and guesses
// to win against the host at once, naming five cards along the grid's top
// row; the guess is wrong, so the host peeks at one of the client's
// cards, which the bare client must not learn. From then on each table
// presses Enter whenever it waits for its seat.
type netMatch struct {
	n            *netplay.MemNetwork
	hd, cd       *scenes.Director
	host, client *NetTable
	asked        *askedGame // the client's table's match, recording what it was asked and sent
	hostThrow    bool       // the host's table logged seat 1's throw of Paper
	hostGuess    bool       // the host's game saw seat 1 guess against seat 0
	hostNamed    []es.Card  // the cards the host's game holds as named
	bareEvents   []es.Event // every event the bare client received
	err          error
}

// askedGame records how many faces of a seat's own hand the table got
// when it asked for that seat's view, and the actions it sent.
type askedGame struct {
	match
	faces map[int]int
	sent  []es.Action
}

func (g *askedGame) Act(seat int, a es.Action) error {
	err := g.match.Act(seat, a)
	if err == nil {
		g.sent = append(g.sent, a)
	}
	return err
}

func (g *askedGame) View(seat int) es.View {
	v := g.match.View(seat)
	if seat >= 0 {
		for _, sl := range v.Hand(seat) {
			if sl.Card != es.NoCard {
				g.faces[seat]++
			}
		}
	}
	return v
}

// presser plays one machine's keys: its script first, then Enter, one key
// whenever its table is still and waits for its seat (and has known its
// game for a few ticks).
type presser struct {
	d      *scenes.Director
	src    *input.Script
	seat   int
	script []ebiten.Key
	held   ebiten.Key
	quiet  bool // press nothing
	ready  readiness
}

// readiness counts the ticks a table has known its game.
type readiness int

// settled reports whether nt has known its game for ten ticks, counting
// this one: a client's first news from the host is still coming in
// before, and the router's first poll only learns which keys are down.
func (r *readiness) settled(nt *NetTable) bool {
	if !nt.Match().Ready() {
		*r = 0
		return false
	}
	*r++
	return *r > 10
}

func (p *presser) step(nt *NetTable) {
	p.src.Advance()
	switch {
	case p.held != 0:
		p.src.Do(input.KeyUp(p.held))
		p.held = 0
	case !p.ready.settled(nt) || p.quiet || p.d.Transitioning() || nt.Status().Acting != p.seat:
	case len(p.script) > 0:
		p.held, p.script = p.script[0], p.script[1:]
		p.src.Do(input.KeyDown(p.held))
	default:
		p.held = ebiten.KeyEnter
		p.src.Do(input.KeyDown(p.held))
	}
}

// playNet runs the match until the host's game has gone eight turns past
// the peek, then lets the network settle for 120 ticks with nobody
// pressing.
func playNet(t *testing.T) *netMatch {
	m := &netMatch{n: netplay.NewMemNetwork(netplay.LinkConfig{Delay: 20 * time.Millisecond, Jitter: 5 * time.Millisecond, Loss: 0.05}, 8)}
	ms := netlobbytest.Matches(m.n, 321, 7, []byte(`{"rules":{"config":{"advanced":true}}}`), 3)
	remote, err := nettable.NewRemote[es.Action, es.Event, es.View](ms[2], nil)
	if err != nil {
		t.Fatal(err)
	}
	bare := remote
	host := &presser{src: new(input.Script), seat: 0}
	client := &presser{src: new(input.Script), seat: 1, script: []ebiten.Key{
		ebiten.KeyArrowRight, ebiten.KeyEnter, // throw Paper
		ebiten.KeyArrowLeft, ebiten.KeyArrowLeft, ebiten.KeyEnter, // the last options: guess against Player 3, Player 1
		ebiten.KeyArrowRight, ebiten.KeyEnter, ebiten.KeyArrowRight, ebiten.KeyEnter, ebiten.KeyArrowRight, ebiten.KeyEnter,
		ebiten.KeyArrowRight, ebiten.KeyEnter, ebiten.KeyArrowRight, ebiten.KeyEnter,
	}}
	m.asked = &askedGame{faces: map[int]int{}}
	watch := func(g match) match { m.asked.match = g; return m.asked }
	dir := t.TempDir()
	m.hd = netlobbytest.Director(dir, ms[0], m.n, host.src, NewNetTable, &m.host, &m.err)
	m.cd = netlobbytest.Director(dir, ms[1], m.n, client.src, func(d *scenes.Director, m netlobby.Match) (*NetTable, error) {
		return openNet(d, m, watch)
	}, &m.client, &m.err)
	host.d, client.d = m.hd, m.cd
	settle := -1
	for range 30000 {
		if m.err != nil {
			t.Fatal(m.err)
		}
		host.step(m.host)
		client.step(m.client)
		if err := m.hd.Update(); err != nil {
			t.Fatal(err)
		}
		if err := m.cd.Update(); err != nil {
			t.Fatal(err)
		}
		if err := m.bareStep(bare); err != nil {
			t.Fatal(err)
		}
		g := m.host.game()
		m.hostThrow = m.hostThrow || slices.Contains(m.host.Status().Lines(), fmt.Sprintf("%s throws %v.", scenes.SeatName(1, ""), rulesets.Paper))
		if v := g.View(-1); v.Phase == es.PhaseNaming && v.Attacker == 1 && v.Target == 0 {
			m.hostGuess = true
		}
		if v := g.View(-1); v.Phase == es.PhasePenalty && m.hostNamed == nil {
			m.hostNamed = slices.Clone(v.Named[:v.NamedLen])
		}
		m.n.Advance(netplay.TickDuration)
		switch {
		case settle > 0:
			settle--
		case settle == 0:
			return m
		case m.hostNamed != nil && g.Turn() >= 8 || g.Over():
			host.quiet, client.quiet, settle = true, true, 120
		}
	}
	t.Fatalf("the match is at turn %d after 30000 ticks", m.host.game().Turn())
	return nil
}

// bareStep runs the bare client for a tick: it takes in the host's news
// and, when its seat owes an action, makes the simplest one.
func (m *netMatch) bareStep(g *nettable.Remote[es.Action, es.Event, es.View]) error {
	evs, refused, err := g.Update(m.n.Now())
	if err != nil || refused != "" {
		return fmt.Errorf("bare client: %v %s", err, refused)
	}
	m.bareEvents = append(m.bareEvents, evs...)
	v := g.View()
	if !g.Have || g.Sent[2] || !slices.Contains(v.ToAct(nil), 2) {
		return nil
	}
	var a es.Action
	switch v.Phase {
	case es.PhaseOpening:
		a = es.ThrowAction(rulesets.Rock)
	case es.PhaseAttack:
		a = es.AttackAction(v.Hand(2)[0].Card)
	case es.PhaseDefend:
		a = es.DefendAction(v.Hand(2)[0].Card)
	case es.PhasePenalty:
		a = es.PeekAction(0)
	default:
		return fmt.Errorf("bare client: no action for phase %v", v.Phase)
	}
	return g.Act(2, a)
}

// TestNetClientActionsReachHost: the throw and the guess made with the
// client's keys are the ones the host's game holds for seat 1, and the
// match goes on over the network; the host's screen shows the faces of
// Player 1's hand alone.
func TestNetClientActionsReachHost(t *testing.T) {
	m := playNet(t)
	img := scenetest.Shoot(t, m.hd, "elevensuits-net-host")
	checkFaces(t, img, m.host, 0)
	sent := m.asked.sent
	if len(sent) < 7 || sent[0] != es.ThrowAction(rulesets.Paper) || sent[1] != es.GuessAction(0) {
		t.Fatalf("the client sent %v", sent)
	}
	if !m.hostThrow {
		t.Errorf("the host's table never showed seat 1 throw Paper: %q", m.host.Status().Lines())
	}
	if !m.hostGuess {
		t.Error("the host's game never saw seat 1 guess against seat 0")
	}
	var named []es.Card
	for _, a := range sent[2 : 2+es.GuessSize] {
		named = append(named, a.Card)
	}
	if !slices.Equal(m.hostNamed, named) {
		t.Errorf("the host's game holds the names %v, the client named %v", m.hostNamed, named)
	}
	if g := m.host.game(); g.Turn() < 8 && !g.Over() {
		t.Errorf("the match stopped at turn %d", g.Turn())
	}
}

// TestNetClientSeesOnlyItsView: the client holds no game; its screen
// shows the faces of Player 2's hand alone, and the only hand faces its
// table ever got are its own seat's; its view is the host's view of seat
// 1; the host's peek at the client's card was shown on the host's table
// alone, and the bystander (seat 2) received only events it may see: of
// the peek, only that it happened.
func TestNetClientSeesOnlyItsView(t *testing.T) {
	m := playNet(t)
	if !m.client.Match().Ready() {
		t.Fatal("the client's table never started")
	}
	img := scenetest.Shoot(t, m.cd, "elevensuits-net-client")
	checkFaces(t, img, m.client, 1)
	for seat, n := range m.asked.faces {
		if seat != 1 && n != 0 {
			t.Errorf("the client's table got %d faces of seat %d's hand", n, seat)
		}
	}
	if m.asked.faces[1] == 0 {
		t.Error("the client's table never got its own hand's faces")
	}
	checkClientViews(t, m.client, m.host, 3)
	spectator := m.client.Match().View(-1)
	for p := range 3 {
		for i, sl := range spectator.Hand(p) {
			if sl.Card != es.NoCard {
				t.Errorf("the client's spectator view shows seat %d's card %d: %v", p, i, sl.Card)
			}
		}
	}
	if peek := m.host.table.peek; peek.until == 0 || peek.seat != 0 {
		t.Errorf("the host's table never showed its peek (%+v)", peek)
	}
	if peek := m.client.table.peek; peek.until != 0 {
		t.Errorf("the client's table was told the host's peek: %+v", peek)
	}
	peeked := false
	for _, e := range m.bareEvents {
		peeked = peeked || e.Kind == es.EvPeek
		if !e.Audience.Sees(2) || e.Kind == es.EvPeekCard || e.Kind == es.EvDrawCard && e.Seat != 2 {
			t.Errorf("the bare client (seat 2) received %v", e)
		}
	}
	if !peeked {
		t.Errorf("the bare client never heard of the peek in %d events", len(m.bareEvents))
	}
	if got, want := spectator.Scores(nil), m.host.game().Scores(nil); !slices.Equal(got, want) {
		t.Errorf("client's lives %v, host's %v", got, want)
	}
}
