package elevensuitstable

import (
	"fmt"
	"image"
	"slices"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/netplay"
	"github.com/jankenarcade/janken/rulesets"
	es "github.com/jankenarcade/janken/rulesets/elevensuits"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/cardtable"
	"github.com/jankenarcade/janken/scenes/netlobby"
	"github.com/jankenarcade/janken/scenes/netlobby/netlobbytest"
	"github.com/jankenarcade/janken/scenes/scenetest"
)

// Three-player matches on a simulated LAN with a couch of two on one
// machine, whose players pass its Right keys behind the privacy curtain.
//
// In clientCouch the host plays seat 0 and a client seats 1 and 2. In the
// opening the host throws Rock, Player 2 Paper and Player 3 Rock, so
// Player 2 attacks first, and attacks Player 3, on the same machine. In
// hostCouch the host plays seats 0 and 1 and a client seat 2, and Player
// 2 again wins the opening with Paper. From then on every player presses
// Enter whenever their turn comes, to the end of the game. On every tick
// the couch's table is asked for the view it would draw, and every view
// it gets is checked.

// seatViews records the views a couch's table got from its game and
// checks each as it is asked for: a seat's own view only while the
// privacy gate shows that seat, one seat's at most on a tick, and no face
// the seat may not see.
type seatViews struct {
	match
	r        *Runner // the couch's table, once made
	tick     int64
	asked    rulesets.Audience  // seats whose view was asked for on tick
	faces    [es.MaxPlayers]int // own hand faces the table got, per seat
	sent     *[es.MaxPlayers][]es.Action
	problems []string
}

func (g *seatViews) View(seat int) es.View {
	v := g.match.View(seat)
	if g.r == nil {
		return v
	}
	if tick := g.r.Status().Tick; tick != g.tick {
		g.tick, g.asked = tick, 0
	}
	if seat >= 0 {
		if viewer := g.r.Gate().Viewer(); seat != viewer {
			g.problem("tick %d: the table asked for seat %d's view while the gate showed %d", g.tick, seat, viewer)
		}
		g.asked |= rulesets.Only(seat)
		if g.asked&(g.asked-1) != 0 {
			g.problem("tick %d: the table asked for the views of seats %b on one tick", g.tick, g.asked)
		}
		for _, sl := range v.Hand(seat) {
			if sl.Card.Valid() {
				g.faces[seat]++
			}
		}
	}
	for _, leak := range faceLeaks(&v, seat) {
		g.problem("tick %d: %s", g.tick, leak)
	}
	return v
}

func (g *seatViews) Act(seat int, a es.Action) error {
	err := g.match.Act(seat, a)
	if err == nil {
		g.sent[seat] = append(g.sent[seat], a)
	}
	return err
}

// problem keeps the first few problems found.
func (g *seatViews) problem(format string, args ...any) {
	if len(g.problems) < 10 {
		g.problems = append(g.problems, fmt.Sprintf(format, args...))
	}
}

// faceLeaks lists the faces v shows that its seat may not see: a face
// shows only if it is up to the seat (its own hand, an open graveyard,
// its own face-down attack) or the seat has seen the card.
func faceLeaks(v *es.View, seat int) []string {
	var leaks []string
	check := func(where string, sl es.Slot, up bool) {
		if sl.Card.Valid() && !(up && sl.Up) && !sl.KnownBy.Sees(seat) {
			leaks = append(leaks, fmt.Sprintf("seat %d's view shows %v in %s", seat, sl.Card, where))
		}
	}
	for p := range v.Config.Players {
		for i, sl := range v.Hand(p) {
			check(fmt.Sprintf("seat %d's hand slot %d", p, i), sl, p == seat)
		}
		for i, sl := range v.Grave(p) {
			check(fmt.Sprintf("seat %d's graveyard slot %d", p, i), sl, v.Config.OpenCasket || p == seat)
		}
	}
	for i, sl := range v.DeckSlots() {
		check(fmt.Sprintf("the deck at %d", i), sl, false)
	}
	for i, sl := range v.RemovedSlots() {
		check(fmt.Sprintf("the removed cards at %d", i), sl, false)
	}
	check("the attack", v.Attack, seat >= 0 && seat == v.Attacker)
	return leaks
}

// keyer plays one machine's keys, a tick at a time.
type keyer interface {
	step(nt *NetTable)
	hush(quiet bool) // press nothing, or again
}

func (p *presser) hush(quiet bool) { p.quiet = quiet }

// couchPresser plays the keys of a machine's couch: Enter lifts a
// curtain (a tick after it rises, so a shot can catch it), and a seat
// whose hand is shown and who owes an action plays its script, then
// Enter.
type couchPresser struct {
	d        *scenes.Director
	src      *input.Script
	scripts  map[int][]ebiten.Key
	held     ebiten.Key
	curtain  int   // the curtain seen on the last tick, -1 if none
	curtains []int // the seats the curtain named, in order
	quiet    bool
	ready    readiness
}

func (p *couchPresser) hush(quiet bool) { p.quiet = quiet }

func (p *couchPresser) step(nt *NetTable) {
	p.src.Advance()
	if p.held != 0 {
		p.src.Do(input.KeyUp(p.held))
		p.held = 0
		return
	}
	if !p.ready.settled(nt) || p.quiet || p.d.Transitioning() || nt.table.busy > nt.Status().Tick {
		return
	}
	if seat, ok := nt.Gate().Curtain(); ok {
		if seat != p.curtain {
			p.curtain = seat
			p.curtains = append(p.curtains, seat)
			return
		}
		p.press(ebiten.KeyEnter)
		return
	}
	p.curtain = -1
	seat := nt.Gate().Viewer()
	if seat < 0 || seat != nt.Status().Acting {
		return
	}
	if keys := p.scripts[seat]; len(keys) > 0 {
		p.scripts[seat] = keys[1:]
		p.press(keys[0])
		return
	}
	p.press(ebiten.KeyEnter)
}

func (p *couchPresser) press(k ebiten.Key) {
	p.held = k
	p.src.Do(input.KeyDown(k))
}

// couchMatch is a match with a couch on one machine, run tick by tick:
// before the client's update the keys and the host, after it the
// records, the view the couch's screen would show and the network's
// clock.
type couchMatch struct {
	n            *netplay.MemNetwork
	hd, cd       *scenes.Director
	host, client *NetTable
	hostKeys     keyer
	clientKeys   keyer
	couch        **NetTable                 // host or client: the machine with the couch
	views        *seatViews                 // the couch's table's match, recording
	sent         [es.MaxPlayers][]es.Action // each couch seat's actions, as its table made them
	hostEvents   []es.Event                 // every event the host's game made
	ticks        int
	err          error
}

// newCouchMatch sets up a match of seats[i] on machine i (0: the host),
// dealt from seed, played with the keys each machine's keyer presses on
// its Script.
func newCouchMatch(t *testing.T, seed int, seats []netplay.SeatSet, hostKeys, clientKeys keyer, hostSrc, clientSrc *input.Script) *couchMatch {
	n := netplay.NewMemNetwork(netplay.LinkConfig{Delay: 20 * time.Millisecond, Jitter: 5 * time.Millisecond, Loss: 0.05}, 13)
	ms := netlobbytest.MatchesOf(n, 654, uint64(seed), nil, seats)
	m := &couchMatch{n: n, hostKeys: hostKeys, clientKeys: clientKeys}
	m.views = &seatViews{sent: &m.sent}
	watch := func(g match) match { m.views.match = g; return m.views }
	open := [2]func(*scenes.Director, netlobby.Match) (*NetTable, error){NewNetTable, NewNetTable}
	m.couch = &m.client
	if seats[0].Len() > 1 {
		m.couch = &m.host
		open[0] = func(d *scenes.Director, m netlobby.Match) (*NetTable, error) { return openNet(d, m, watch) }
	} else {
		open[1] = func(d *scenes.Director, m netlobby.Match) (*NetTable, error) { return openNet(d, m, watch) }
	}
	dir := t.TempDir()
	m.hd = netlobbytest.Director(dir, ms[0], n, hostSrc, open[0], &m.host, &m.err)
	m.cd = netlobbytest.Director(dir, ms[1], n, clientSrc, open[1], &m.client, &m.err)
	if couch := *m.couch; couch != nil {
		m.views.r = couch.Runner
	}
	return m
}

func (m *couchMatch) before() {
	m.hostKeys.step(m.host)
	m.clientKeys.step(m.client)
	if err := m.hd.Update(); err != nil && m.err == nil {
		m.err = err
	}
	m.hostEvents = append(m.hostEvents, m.host.net.Hosted().Host.Events()...)
	m.ticks++
}

func (m *couchMatch) after() {
	if couch := *m.couch; couch.Match().Ready() {
		couch.Match().View(couch.Status().Shown) // what Draw would ask for: drawing every tick is too slow
	}
	m.n.Advance(netplay.TickDuration)
}

// until plays the match until done holds before a tick, which runs with
// the client's keys still (so that a shot then shows what done saw).
func (m *couchMatch) until(t *testing.T, done func() bool) {
	t.Helper()
	for m.ticks <= 60000 {
		if m.err != nil {
			t.Fatal(m.err)
		}
		hold := done()
		m.clientKeys.hush(hold)
		m.before()
		m.clientKeys.hush(false)
		if err := m.cd.Update(); err != nil {
			t.Fatal(err)
		}
		m.after()
		if hold {
			return
		}
	}
	t.Fatalf("not done after %d ticks of the match", m.ticks)
}

// over reports whether both machines show the results.
func (m *couchMatch) over() bool {
	return m.cd.Top().Name() == "results" && m.hd.Top().Name() == "results" && !m.cd.Transitioning() && !m.hd.Transitioning()
}

// clientCouch is the match with a couch of two on the client.
func clientCouch(t *testing.T) *couchMatch {
	hostSrc, clientSrc := new(input.Script), new(input.Script)
	couch := &couchPresser{src: clientSrc, curtain: -1,
		scripts: map[int][]ebiten.Key{1: {ebiten.KeyArrowRight, ebiten.KeyEnter}}} // Player 2 throws Paper
	host := &presser{src: hostSrc, seat: 0}
	m := newCouchMatch(t, 21, []netplay.SeatSet{netplay.SeatsOf(0), netplay.SeatsOf(1, 2)}, host, couch, hostSrc, clientSrc)
	host.d, couch.d = m.hd, m.cd
	return m
}

// hostCouch is the match with a couch of two on the host.
func hostCouch(t *testing.T) *couchMatch {
	hostSrc, clientSrc := new(input.Script), new(input.Script)
	couch := &couchPresser{src: hostSrc, curtain: -1,
		scripts: map[int][]ebiten.Key{1: {ebiten.KeyArrowRight, ebiten.KeyEnter}}} // Player 2 throws Paper against two Rocks
	client := &presser{src: clientSrc, seat: 2}
	m := newCouchMatch(t, 34, []netplay.SeatSet{netplay.SeatsOf(0, 1), netplay.SeatsOf(2)}, couch, client, hostSrc, clientSrc)
	couch.d, client.d = m.hd, m.cd
	return m
}

// clientAttacks reports whether Player 2 chooses the first attack on the
// client's table.
func (m *couchMatch) clientAttacks() bool {
	c := m.client
	return c.Match().Ready() && c.Match().View(-1).Phase == es.PhaseAttack && c.Status().Acting == 1
}

// handBoxes returns the box of each card of seat's hand on t's screen,
// whose public view is pub.
func handBoxes(t *table, st *cardtable.Status, pub *es.View, seat int) []image.Rectangle {
	var boxes []image.Rectangle
	n := pub.HandLen[seat]
	for i := range n {
		x, y, s := t.handPos(seat, i, n)
		if seat == st.Acting && t.cursorOnHand(pub, i) {
			y -= 20 // raised under the cursor
		}
		boxes = append(boxes, image.Rect(int(x-50*s), int(y-70*s), int(x+50*s), int(y+70*s)))
	}
	return boxes
}

// paleShare returns the share of r's pixels that are a card's pale
// ground: more than half of a face, a quarter of a back (the disc and
// label on its suit's pattern).
func paleShare(img *image.RGBA, r image.Rectangle) float64 {
	pale := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if c := img.RGBAAt(x, y); c.R > 240 && c.G > 235 && c.B > 220 {
				pale++
			}
		}
	}
	return float64(pale) / float64(max(1, r.Dx()*r.Dy()))
}

// game returns the host's whole game.
func (nt *NetTable) game() *es.State { return nt.net.Hosted().Game() }

// checkClientViews reports, as errors on t, a view of the client's that
// is not the host's: its own seats' views are the host's, and any other
// seat's is the public part of the host's view.
func checkClientViews(t *testing.T, client, host *NetTable, players int) {
	t.Helper()
	if client.net.Hosted() != nil {
		t.Error("the client holds the whole game")
	}
	g := host.game()
	spectator := g.View(-1)
	for seat := range players {
		want := g.View(seat)
		if !client.Status().Humans.Sees(seat) {
			want = spectator.Public(seat)
		}
		if got := client.Match().View(seat); got != want {
			t.Errorf("seat %d: the client's view differs from the host's:\n%+v\n%+v", seat, got, want)
		}
	}
}

// checkFaces reports, as errors on t, a card on img that shows its face
// but is not seat's, and one of seat's that shows its back: a screen
// shows one hand, seat's, whose cards it draws where handBoxes says.
func checkFaces(t *testing.T, img *image.RGBA, nt *NetTable, seat int) {
	t.Helper()
	pub := nt.Match().View(-1)
	for s := range pub.Seats() {
		boxes := handBoxes(nt.table, nt.Status(), &pub, s)
		if s == seat && len(boxes) == 0 {
			t.Errorf("no hand of seat %d on the screen", s)
		}
		for i, box := range boxes {
			share := paleShare(img, box)
			if face := share > 0.4; face != (s == seat) {
				t.Errorf("seat %d's card %d at %v is %.0f%% pale: face shown %v, want %v", s, i, box, share*100, face, s == seat)
			}
		}
	}
}

// TestNetCouchScreenShowsOneHand: while Player 2 chooses an attack on
// the client, the screen shows every face of its hand and only backs of
// the other hands, Player 3's on the same machine included.
func TestNetCouchScreenShowsOneHand(t *testing.T) {
	m := clientCouch(t)
	m.until(t, m.clientAttacks)
	img := scenetest.Shoot(t, m.cd, "elevensuits-net-couch-attack")
	checkFaces(t, img, m.client, 1)
}

// actionsOf returns seat's actions as the host's events tell them: each
// throw by its show, each attack by its reveal, and so on.
func actionsOf(evs []es.Event, seat int) []es.Action {
	var out []es.Action
	for _, e := range evs {
		if int(e.Seat) != seat {
			continue
		}
		switch e.Kind {
		case es.EvShow:
			out = append(out, es.ThrowAction(e.Symbol))
		case es.EvReveal:
			out = append(out, es.AttackAction(e.Card))
		case es.EvDefend:
			out = append(out, es.DefendAction(e.Card))
		case es.EvGuess:
			out = append(out, es.GuessAction(int(e.Other)))
		case es.EvName:
			out = append(out, es.NameAction(e.Card))
		case es.EvPeek:
			out = append(out, es.PeekAction(int(e.Slot)))
		}
	}
	return out
}

// TestNetCouchActionsReachHost: both couch players of the client acted
// through its table, one after the other behind the curtain (which named
// Player 3 on its screen in between), and the host applied exactly their
// actions, each for its own seat.
func TestNetCouchActionsReachHost(t *testing.T) {
	m := clientCouch(t)
	couch := m.clientKeys.(*couchPresser)
	m.until(t, func() bool { return slices.Contains(couch.curtains, 2) })
	img := scenetest.Shoot(t, m.cd, "elevensuits-net-couch-curtain")
	if !near(img.RGBAAt(8, scenes.ScreenHeight/2-126), m.cd.Palette().Seats[2]) {
		t.Error("the client's screen is not the curtain in Player 3's colour")
	}
	m.until(t, m.over)
	if curtains := couch.curtains; len(curtains) < 2 || !slices.Equal(curtains[:2], []int{1, 2}) {
		t.Errorf("the client's curtain named seats %v, want 1 then 2 first", curtains)
	}
	sent := m.sent
	if len(sent[1]) < 2 || sent[1][0] != es.ThrowAction(rulesets.Paper) || sent[1][1].Kind != es.Attack {
		t.Errorf("seat 1 sent %v, want a throw of paper, then an attack", sent[1])
	}
	if len(sent[2]) < 2 || sent[2][0] != es.ThrowAction(rulesets.Rock) || sent[2][1].Kind != es.Defend {
		t.Errorf("seat 2 sent %v, want a throw of rock, then a defence", sent[2])
	}
	for _, seat := range []int{1, 2} {
		if got := actionsOf(m.hostEvents, seat); !slices.Equal(got, sent[seat]) {
			t.Errorf("seat %d: the host applied\n%v\nthe client's table sent\n%v", seat, got, sent[seat])
		}
	}
}

// TestNetCouchShowsOneSeatAtATime: the couch's table, asked on every tick
// for the view it would draw, asked for a seat's own view only while its
// privacy gate showed that seat, never for two seats on one tick, and
// never got a face the seat may not see; it got both couch players'
// hands and no other's. A client's views of its seats are the host's.
func TestNetCouchShowsOneSeatAtATime(t *testing.T) {
	for _, tt := range []struct {
		name  string
		m     func(*testing.T) *couchMatch
		couch []int
	}{{"client's couch", clientCouch, []int{1, 2}}, {"host's couch", hostCouch, []int{0, 1}}} {
		t.Run(tt.name, func(t *testing.T) {
			m := tt.m(t)
			m.until(t, m.over)
			for _, p := range m.views.problems {
				t.Error(p)
			}
			for seat, n := range m.views.faces {
				if slices.Contains(tt.couch, seat) != (n > 0) {
					t.Errorf("own hand faces the couch's table got, by seat: %v; its seats %v", m.views.faces, tt.couch)
					break
				}
			}
			checkClientViews(t, m.client, m.host, 3)
		})
	}
}

// TestNetCouchWholeGame: the matches with a couch on the client and on
// the host play to the end on both machines, which show the same results,
// the couch's screen listing the three seats, and the same log: an event
// the couch's players are both told is logged once.
func TestNetCouchWholeGame(t *testing.T) {
	for _, tt := range []struct {
		name, shot string
		m          func(*testing.T) *couchMatch
	}{
		{"client's couch", "elevensuits-net-couch-results", clientCouch},
		{"host's couch", "elevensuits-net-hostcouch-results", hostCouch},
	} {
		t.Run(tt.name, func(t *testing.T) {
			m := tt.m(t)
			m.until(t, m.over)
			host, client := m.host.game(), m.client.Match().View(-1)
			t.Logf("%d ticks, host's turn %d", m.ticks, host.Turn())
			if !host.Over() {
				t.Fatalf("the host's game is not over at turn %d", host.Turn())
			}
			if !client.Over() || !m.client.Ended() || !m.host.Ended() {
				t.Errorf("the client's game over %v; results shown on the client %v, on the host %v",
					client.Over(), m.client.Ended(), m.host.Ended())
			}
			if got, want := client.Winners(nil), host.Winners(nil); !slices.Equal(got, want) {
				t.Errorf("the client's winners %v, the host's %v", got, want)
			}
			if got, want := m.client.Status().Lines(), m.host.Status().Lines(); !slices.Equal(got, want) {
				t.Errorf("client's log\n%q\nhost's\n%q", got, want)
			}
			d := m.cd
			if m.couch == &m.host {
				d = m.hd
			}
			img := scenetest.Shoot(t, d, tt.shot)
			if !resultsListSeats(img, d.Palette(), 3) {
				t.Error("the couch's results screen does not list the three seats in their colours")
			}
		})
	}
}
