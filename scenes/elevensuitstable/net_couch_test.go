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
	"github.com/jankenarcade/janken/scenes/netlobby/netlobbytest"
	"github.com/jankenarcade/janken/scenes/privacy/screenshot"
)

// A couch on a client of a three-player match on a simulated LAN: the
// host plays seat 0, a client machine seats 1 and 2, whose players pass
// its Right keys behind the privacy curtain. In the opening the host
// throws Rock, Player 2 Paper and Player 3 Rock, so Player 2 attacks
// first, and attacks Player 3, on the same machine. From then on every
// player presses Enter whenever their turn comes, to the end of the game.
// The screenshot runner draws the client's screen once a frame (every
// ticksPerFrame ticks of the match); on every tick the client's table is
// asked for the view it would draw, and every view it gets is checked.
var (
	couchCurtainShot *screenshot.Shot // the client's curtain names Player 3 in the opening
	couchActShot     *screenshot.Shot // Player 2 chooses the first attack, on the client
	couchEndShot     *screenshot.Shot // the client's results
	couchHost        *NetTable
	couchClient      *NetTable
	couchViews       *seatViews
	couchSent        [es.MaxPlayers][]es.Action // each client seat's actions, as its table sent them
	couchHostEvents  []es.Event                 // every event the host's game made
	couchCurtains    []int                      // the seats the client's curtain named, in order
	couchTicks       int                        // ticks of the whole match
	couchErr         error
)

// seatViews records the views a client's table got from its game and
// checks each as it is asked for: a seat's own view only while the
// privacy gate shows that seat, one seat's at most on a tick, and no face
// the seat may not see.
type seatViews struct {
	match
	t        *Table
	tick     int64
	asked    rulesets.Audience  // seats whose view was asked for on tick
	faces    [es.MaxPlayers]int // own hand faces the table got, per seat
	sent     *[es.MaxPlayers][]es.Action
	problems []string
}

func (g *seatViews) View(seat int) es.View {
	v := g.match.View(seat)
	if g.t.tick != g.tick {
		g.tick, g.asked = g.t.tick, 0
	}
	if seat >= 0 {
		if viewer := g.t.gate.Viewer(); seat != viewer {
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

func (g *seatViews) Apply(seat int, a es.Action) error {
	err := g.match.Apply(seat, a)
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

// couchPresser plays the client's keys for its couch: Enter lifts a
// curtain (a tick after it rises, so a shot can catch it), and a seat
// whose hand is shown and who owes an action plays its script, then
// Enter.
type couchPresser struct {
	d       *scenes.Director
	src     *input.Script
	scripts map[int][]ebiten.Key
	held    ebiten.Key
	curtain int // the curtain seen on the last tick, -1 if none
	quiet   bool
}

func (p *couchPresser) step(nt *NetTable) {
	p.src.Advance()
	if p.held != 0 {
		p.src.Do(input.KeyUp(p.held))
		p.held = 0
		return
	}
	t := nt.Table
	if p.quiet || p.d.Transitioning() || t == nil || t.tick < 10 || t.tick < t.busy {
		return
	}
	if seat, ok := t.gate.Curtain(); ok {
		if seat != p.curtain {
			p.curtain = seat
			couchCurtains = append(couchCurtains, seat)
			return
		}
		p.press(ebiten.KeyEnter)
		return
	}
	p.curtain = -1
	seat := t.gate.Viewer()
	if !t.gate.MayAct(seat) || !slices.Contains(t.game.ToAct(nil), seat) {
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

// couchLAN runs the match tick by tick: before the client's update the
// keys and the host, after it the client's records, the view its screen
// would show and the network's clock. The screenshot runner's update of the client's
// director is the client's update of each frame's last tick.
type couchLAN struct {
	n       *netplay.MemNetwork
	hd, cd  *scenes.Director
	host    *presser
	client  *couchPresser
	pending bool // a tick's client update ran; its after is due
}

// ticksPerFrame is how many ticks of the match a screenshot frame runs.
const ticksPerFrame = 40

func (l *couchLAN) before() {
	l.host.step(couchHost)
	l.client.step(couchClient)
	if err := l.hd.Update(); err != nil && couchErr == nil {
		couchErr = err
	}
	couchHostEvents = append(couchHostEvents, couchHost.Side.Hosted.Host.Events()...)
	couchTicks++
}

func (l *couchLAN) after() {
	if couchClient.Table != nil && couchViews == nil {
		couchViews = &seatViews{match: couchClient.game, t: couchClient.Table, sent: &couchSent}
		couchClient.game = couchViews
	}
	if t := couchClient.Table; t != nil {
		t.drawnView() // what Draw would ask for: drawing every tick is too slow
	}
	l.n.Advance(netplay.TickDuration)
}

// run returns a shot's Step that plays the match until done says so (or
// a tick limit passes), the client pressing nothing on the captured
// tick.
func (l *couchLAN) run(done func() bool) func(int) bool {
	return func(int) bool {
		if couchErr != nil {
			return true
		}
		if l.pending {
			l.after()
		}
		l.pending = true
		for range ticksPerFrame - 1 {
			if couchErr != nil {
				return true // the tests report it
			}
			if done() || couchTicks > 60000 {
				l.client.quiet = true
				l.before()
				l.client.quiet = false
				return true
			}
			l.before()
			if err := l.cd.Update(); err != nil && couchErr == nil {
				couchErr = err
			}
			l.after()
		}
		l.before()
		return false
	}
}

func couchShots(dir string) []*screenshot.Shot {
	n := netplay.NewMemNetwork(netplay.LinkConfig{Delay: 20 * time.Millisecond, Jitter: 5 * time.Millisecond, Loss: 0.05}, 13)
	ms := netlobbytest.MatchesOf(n, 654, []byte(`{"seed":21}`), []netplay.SeatSet{netplay.SeatsOf(0), netplay.SeatsOf(1, 2)})
	l := &couchLAN{n: n,
		host: &presser{src: new(input.Script), seat: 0},
		client: &couchPresser{src: new(input.Script), curtain: -1,
			scripts: map[int][]ebiten.Key{1: {ebiten.KeyArrowRight, ebiten.KeyEnter}}}} // Player 2 throws Paper
	l.hd = netlobbytest.Director(dir, ms[0], n, l.host.src, NewNetTable, &couchHost, &couchErr)
	l.cd = netlobbytest.Director(dir, ms[1], n, l.client.src, NewNetTable, &couchClient, &couchErr)
	l.host.d, l.client.d = l.hd, l.cd
	couchCurtainShot = &screenshot.Shot{Name: "elevensuits-net-couch-curtain", Director: l.cd,
		Step: l.run(func() bool { return slices.Contains(couchCurtains, 2) })}
	couchActShot = &screenshot.Shot{Name: "elevensuits-net-couch-attack", Director: l.cd, Step: l.run(func() bool {
		t := couchClient.Table
		return t != nil && t.game.Phase() == es.PhaseAttack && t.actingSeat() == 1
	})}
	couchEndShot = &screenshot.Shot{Name: "elevensuits-net-couch-results", Director: l.cd, Step: l.run(func() bool {
		return l.cd.Top().Name() == "results" && l.hd.Top().Name() == "results" && !l.cd.Transitioning()
	})}
	return []*screenshot.Shot{couchCurtainShot, couchActShot, couchEndShot}
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
// through its table, one after the other behind the curtain, and the host
// applied exactly their actions, each for its own seat.
func TestNetCouchActionsReachHost(t *testing.T) {
	if couchErr != nil {
		t.Fatal(couchErr)
	}
	for _, s := range []*screenshot.Shot{couchCurtainShot, couchActShot, couchEndShot} {
		save(t, s)
	}
	if len(couchCurtains) < 2 || !slices.Equal(couchCurtains[:2], []int{1, 2}) {
		t.Errorf("the client's curtain named seats %v, want 1 then 2 first", couchCurtains)
	}
	sent := couchSent
	if len(sent[1]) < 2 || sent[1][0] != es.ThrowAction(rulesets.Paper) || sent[1][1].Kind != es.Attack {
		t.Errorf("seat 1 sent %v, want a throw of paper, then an attack", sent[1])
	}
	if len(sent[2]) < 2 || sent[2][0] != es.ThrowAction(rulesets.Rock) || sent[2][1].Kind != es.Defend {
		t.Errorf("seat 2 sent %v, want a throw of rock, then a defence", sent[2])
	}
	for _, seat := range []int{1, 2} {
		if got := actionsOf(couchHostEvents, seat); !slices.Equal(got, sent[seat]) {
			t.Errorf("seat %d: the host applied\n%v\nthe client's table sent\n%v", seat, got, sent[seat])
		}
	}
}

// TestNetCouchShowsOneSeatAtATime: the client's table, drawn on every
// tick, asked for a seat's own view only while its privacy gate showed
// that seat, never for two seats on one tick, and never got a face the
// seat may not see; it got both couch players' hands, and each is the
// host's view of that seat.
func TestNetCouchShowsOneSeatAtATime(t *testing.T) {
	if couchClient == nil || couchClient.Table == nil || couchViews == nil {
		t.Fatal("the client's table never started")
	}
	for _, p := range couchViews.problems {
		t.Error(p)
	}
	if f := couchViews.faces; f[0] != 0 || f[1] == 0 || f[2] == 0 {
		t.Errorf("own hand faces the client's table got, by seat: %v", f)
	}
	if couchClient.Game() != nil {
		t.Error("the client holds the whole game")
	}
	r := couchClient.Side.Remote
	for _, seat := range []int{1, 2} {
		if got, want := r.Views[seat], couchHost.state.View(seat); got != want {
			t.Errorf("seat %d: the client's view differs from the host's:\n%+v\n%+v", seat, got, want)
		}
	}
	if r.Views[0] != (es.View{}) {
		t.Error("the client was sent seat 0's view")
	}
}

// TestNetCouchWholeGame: the match with two players on the client plays
// to the end on both machines, and both show the same results.
func TestNetCouchWholeGame(t *testing.T) {
	t.Logf("%d ticks, host's turn %d", couchTicks, couchHost.state.Turn())
	if !couchHost.state.Over() {
		t.Fatalf("the host's game is not over at turn %d", couchHost.state.Turn())
	}
	if !couchClient.game.Over() || !couchClient.Ended() {
		t.Errorf("the client's game over %v, results shown %v", couchClient.game.Over(), couchClient.Ended())
	}
	if got, want := couchClient.game.Winners(nil), couchHost.state.Winners(nil); !slices.Equal(got, want) {
		t.Errorf("the client's winners %v, the host's %v", got, want)
	}
}

// TestNetCouchLogOnce: an event both couch players are told is logged
// once: the client's log is the host's.
func TestNetCouchLogOnce(t *testing.T) {
	if couchClient == nil || couchClient.Table == nil {
		t.Fatal("the client's table never started")
	}
	if got, want := couchClient.Log(), couchHost.Log(); !slices.Equal(got, want) {
		t.Errorf("client's log\n%q\nhost's\n%q", got, want)
	}
}

// TestPublicView: the public part of any seat's view is the spectator's
// view, in every variant, all through a game.
func TestPublicView(t *testing.T) {
	for _, cfg := range []es.Config{
		{Players: 2},
		{Players: 3, OpenCasket: true},
		{Players: 2, TwoPiece: true, Advanced: true},
		{Players: 3, Advanced: true},
	} {
		t.Run(fmt.Sprintf("%+v", cfg), func(t *testing.T) {
			g, err := es.New(cfg, 17)
			if err != nil {
				t.Fatal(err)
			}
			bot, err := es.NewBot("greedy", 3)
			if err != nil {
				t.Fatal(err)
			}
			for steps := 0; !g.Over(); steps++ {
				want := g.View(-1)
				for seat := range cfg.Players {
					v := g.View(seat)
					if got := publicView(&v, -1); got != want {
						t.Fatalf("step %d: the public part of seat %d's view\n%+v\nthe spectator's\n%+v", steps, seat, got, want)
					}
				}
				seat := g.ToAct(nil)[0]
				if err := g.Apply(seat, bot.Choose(g, seat)); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}
