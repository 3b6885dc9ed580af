package ninjantable

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
	"github.com/jankenarcade/janken/rulesets/ninjan"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/netlobby/netlobbytest"
	"github.com/jankenarcade/janken/scenes/scenetest"
)

// Couches over the network: a couchRun is a two-machine match on a
// simulated LAN where one machine plays several seats, its players
// passing its Right keys behind the privacy curtain. Every player presses
// Enter to lift the curtain named for them and to take the highlighted
// card, pile or throw; the run records what each machine's table did and
// what the host's game made of it.
type couchRun struct {
	n            *netplay.MemNetwork
	host, client couchMachine
	// hostDid is what the host's game did for each seat, from its events:
	// the cards revealed, the piles claimed or placed on, the throws.
	hostDid [ninjan.MaxPlayers][]ninjan.Action
	dealt   [ninjan.MaxPlayers]ninjan.CardSet // each seat's hand as dealt
	leak    string                            // the first thing the client's table knew that it must not
	ticks   int
	err     error
}

// couchMachine is one machine of a couchRun.
type couchMachine struct {
	d        *scenes.Director
	keys     netlobbytest.Tapper
	table    *netTable
	own      netplay.SeatSet
	curtains []int               // the seats its curtain named, in order
	log      []string            // its table's log when the game ended
	winners  []int               // and the winners it showed
	scores   []int               // and the scores
	shown    []rulesets.Audience // seats whose hand its table got, per drawn frame
}

// newCouchRun sets up a match dealt from seed of two machines, the host
// playing hostSeats and the client clientSeats.
func newCouchRun(t *testing.T, seed int, hostSeats, clientSeats netplay.SeatSet) *couchRun {
	dir := t.TempDir()
	seats := []netplay.SeatSet{hostSeats, clientSeats}
	r := &couchRun{n: netplay.NewMemNetwork(netplay.LinkConfig{Delay: 20 * time.Millisecond, Jitter: 5 * time.Millisecond, Loss: 0.05}, uint64(seed))}
	ms := netlobbytest.MatchesOf(r.n, 321, uint64(seed), nil, seats)
	for i, m := range []*couchMachine{&r.host, &r.client} {
		m.own, m.keys.Src = seats[i], new(input.Script)
		m.d = netlobbytest.Director(dir, ms[i], r.n, m.keys.Src, openNetTable, &m.table, &r.err)
	}
	return r
}

// press decides a machine's keys for this tick: Enter lifts a curtain the
// tick after it first showed (so that a shot can catch it), and takes the
// highlighted option whenever the table waits for one of the machine's
// seats. hold keeps the keys still.
func (m *couchMachine) press(hold bool) {
	if !m.keys.Tick() || hold || m.table == nil {
		return
	}
	if seat, up := m.table.Gate().Curtain(); up {
		if n := len(m.curtains); n == 0 || m.curtains[n-1] != seat {
			m.curtains = append(m.curtains, seat)
			return
		}
		m.keys.Enter()
		return
	}
	if m.table.Status().Acting >= 0 {
		m.keys.Enter()
	}
}

// frame closes a drawn frame's record of the hands the table got.
func (m *couchMachine) frame() {
	if m.table != nil {
		m.shown = append(m.shown, m.table.rec.drawn)
		m.table.rec.drawn = 0
	}
}

// ended reports whether the machine's table has shown the results, and
// keeps what it showed.
func (m *couchMachine) ended() bool {
	if m.table == nil || !m.table.Ended() {
		return false
	}
	if m.log == nil {
		pub := m.table.Match().View(-1)
		m.log, m.winners, m.scores = slices.Clone(m.table.Status().Lines()), pub.Winners(nil), pub.Scores(nil)
	}
	return true
}

// step runs the host's machine for one tick and readies the client's: the
// client's director is updated by the caller, then check looks at what
// its table knows.
func (r *couchRun) step(holdClient bool) error {
	if r.err != nil {
		return r.err
	}
	r.ticks++
	r.host.press(false)
	if err := r.host.d.Update(); err != nil {
		return err
	}
	if h := r.host.table; h != nil {
		r.readHost(h.hosted(), h.net.Hosted().Host.Events())
	}
	r.client.press(holdClient)
	r.n.Advance(netplay.TickDuration)
	return nil
}

// readHost records the deal of game and what it did this tick (evs).
func (r *couchRun) readHost(game *ninjan.State, evs []ninjan.Event) {
	if r.dealt[0] == 0 {
		for s := range game.Seats() {
			r.dealt[s] = game.View(s).Hand
		}
	}
	for _, e := range evs {
		var a ninjan.Action
		switch e.Kind {
		case ninjan.EventRevealed:
			a = ninjan.PlayCard(e.Card)
		case ninjan.EventClaimed:
			a = ninjan.ClaimPile(int(e.Pile))
		case ninjan.EventPlaced:
			a = ninjan.PlaceOn(int(e.Pile))
		case ninjan.EventThrowRevealed:
			a = ninjan.ThrowSymbol(e.Symbol)
		default:
			continue
		}
		r.hostDid[e.Seat] = append(r.hostDid[e.Seat], a)
	}
}

// check looks at what the client's table knows after its update: under
// the curtain no hand; no view of another machine's seat with a hand or a
// throw; an own seat's hand only of cards dealt to it; no chosen card
// before its reveal but the viewing seat's own.
func (r *couchRun) check() {
	nt := r.client.table
	if nt == nil || !nt.Match().Ready() || r.leak != "" {
		return
	}
	shown := nt.Status().Shown
	if seat, up := nt.Gate().Curtain(); up && shown >= 0 {
		r.leak = fmt.Sprintf("seat %d's hand shown under seat %d's curtain", shown, seat)
		return
	}
	for seat := -1; seat < nt.Match().Seats(); seat++ {
		v := nt.rec.match.View(seat)
		own := r.client.own.Has(seat)
		switch {
		case !own && (v.Hand != 0 || v.OwnThrow != rulesets.NoSymbol):
			r.leak = fmt.Sprintf("the view of seat %d, not the client's, holds hand %v, throw %v", seat, v.Hand.Cards(nil), v.OwnThrow)
		case own && v.Hand&^r.dealt[seat] != 0:
			r.leak = fmt.Sprintf("seat %d's hand %v holds cards dealt to another seat", seat, v.Hand.Cards(nil))
		}
		if v.Phase != ninjan.PhaseClaim && v.Phase != ninjan.PhasePlace {
			for s, c := range v.Played {
				if c.Valid() && s != seat {
					r.leak = fmt.Sprintf("the view of seat %d shows seat %d's card %v before its reveal", seat, s, c)
				}
			}
		}
	}
}

// playToEnd runs both machines until both show the results.
func (r *couchRun) playToEnd(limit int) error {
	return r.runUntil(func() bool { return r.host.ended() && r.client.ended() }, limit)
}

// runUntil runs both machines, headless, until done.
func (r *couchRun) runUntil(done func() bool, limit int) error {
	for range limit {
		if err := r.step(false); err != nil {
			return err
		}
		if err := r.client.d.Update(); err != nil {
			return err
		}
		r.check()
		if done() {
			return nil
		}
	}
	return fmt.Errorf("not done after %d ticks", limit)
}

// sameActions compares the actions a table applied for a seat with what
// the host's game did for it: the same cards in the same order, the same
// piles placed on, the same throws (a random one may land anyhow), and
// each claim among the seat's claims in order (the game makes a claim
// with one choice by itself).
func sameActions(applied, did []ninjan.Action) error {
	i := 0
	for _, d := range did {
		if i < len(applied) {
			a := applied[i]
			if a == d || a.Kind == ninjan.Throw && d.Kind == ninjan.Throw && a.Symbol == rulesets.NoSymbol {
				i++
				continue
			}
		}
		if d.Kind != ninjan.Claim {
			return fmt.Errorf("the game did %v, the table's next action was %v", d, applied[min(i, len(applied)-1)])
		}
	}
	if i < len(applied) {
		return fmt.Errorf("the table's %v and after never reached the game", applied[i])
	}
	return nil
}

// clientCouch is a match with the couch on a client: the host plays seat
// 0, a client machine seats 1 and 2.
func clientCouch(t *testing.T) *couchRun {
	return newCouchRun(t, 31, netplay.SeatsOf(0), netplay.SeatsOf(1, 2))
}

// hostCouch is a match with the couch on the host: the host plays seats 0
// and 1, a client seat 2.
func hostCouch(t *testing.T) *couchRun {
	return newCouchRun(t, 58, netplay.SeatsOf(0, 1), netplay.SeatsOf(2))
}

// played returns r once played to the end, headless; an error fails t.
func played(t *testing.T, r *couchRun) *couchRun {
	t.Helper()
	if err := r.playToEnd(60000); err != nil {
		t.Fatal(err)
	}
	return r
}

// drawnUntil runs both machines, the client's screen drawn on screen on
// every tick as its players see it, until done holds before a tick: that
// tick runs with the client's keys still, and its screen is shot at full
// size.
func (r *couchRun) drawnUntil(t *testing.T, screen *ebiten.Image, name string, done func() bool) *image.RGBA {
	t.Helper()
	for range 2000 {
		hold := done()
		if err := r.step(hold); err != nil {
			t.Fatal(err)
		}
		if err := r.client.d.Update(); err != nil {
			t.Fatal(err)
		}
		r.check()
		if hold {
			img := scenetest.Shoot(t, r.client.d, name)
			r.client.frame()
			return img
		}
		r.client.d.Draw(screen)
		r.client.frame()
	}
	t.Fatalf("%s: not reached in 2000 ticks", name)
	return nil
}

// TestNetCouchChoicesReachHost: with two seats on one machine, every card,
// pile and throw its table sent reached the host's game for the right
// seat, over a whole game; the client's curtain named Player 2 then
// Player 3 in the first round. Likewise with two seats on the host.
func TestNetCouchChoicesReachHost(t *testing.T) {
	tests := []struct {
		name    string
		run     func(*testing.T) *couchRun
		couch   func(*couchRun) *couchMachine // the machine with two seats
		curtain []int                         // the first curtains of its table
	}{
		{"client couch", clientCouch, func(r *couchRun) *couchMachine { return &r.client }, []int{1, 2}},
		{"host couch", hostCouch, func(r *couchRun) *couchMachine { return &r.host }, []int{0, 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := played(t, tt.run(t))
			t.Logf("%d ticks", r.ticks)
			if m := tt.couch(r); len(m.curtains) < 2 || !slices.Equal(m.curtains[:2], tt.curtain) {
				t.Errorf("the curtain named seats %v, want first %v", m.curtains, tt.curtain)
			}
			for _, m := range []*couchMachine{&r.host, &r.client} {
				if why := m.table.rec.refused; why != "" {
					t.Errorf("the table of seats %b tried an action that was refused: %s", m.own, why)
				}
				for seat := range rulesets.MaxSeats {
					if !m.own.Has(seat) {
						continue
					}
					applied := m.table.rec.applied[seat]
					if plays := countKind(applied, ninjan.Play); plays != ninjan.Rounds {
						t.Errorf("seat %d's table played %d cards, want %d", seat, plays, ninjan.Rounds)
					}
					if err := sameActions(applied, r.hostDid[seat]); err != nil {
						t.Errorf("seat %d: %v", seat, err)
					}
				}
			}
		})
	}
}

func countKind(as []ninjan.Action, k ninjan.ActionKind) int {
	n := 0
	for _, a := range as {
		if a.Kind == k {
			n++
		}
	}
	return n
}

// shownHand is whose hand a table shows: the seat, the seat whose
// curtain lifted, and the hand's size.
type shownHand struct{ seat, viewer, cards int }

// shownOn reads it off nt (its match unrecorded).
func shownOn(nt *netTable) shownHand {
	h := shownHand{seat: nt.Status().Shown, viewer: nt.Gate().Viewer()}
	if h.seat >= 0 {
		h.cards = nt.rec.match.View(h.seat).Hand.Len()
	}
	return h
}

// TestNetCouchSeesOnlyItsHands: the client with seats 1 and 2 was never
// told seat 0's view, and its table never knew a hand or an unrevealed
// card but its own seats' (checked every tick of the game); while Player 2
// chose, the screen showed Player 2's hand, in Player 2's colour, then
// Player 3's curtain, then Player 3's hand; and no frame drawn from the
// first curtain to Player 3's choice drew two hands.
func TestNetCouchSeesOnlyItsHands(t *testing.T) {
	r := clientCouch(t)
	// The deal is played headless, up to the first curtain; from there
	// every frame is drawn.
	if err := r.runUntil(func() bool { return len(r.client.curtains) > 0 }, 5000); err != nil {
		t.Fatal(err)
	}
	// Frames are drawn in a small window: what a frame asks of the game
	// does not depend on its size, and a full-size one takes three times
	// as long on the software renderer.
	screen := ebiten.NewImage(scenes.ScreenWidth/4, scenes.ScreenHeight/4)
	defer screen.Deallocate()
	nt := r.client.table
	type shot struct {
		name  string
		img   *image.RGBA
		shown shownHand
		want  int
	}
	choosing := shot{name: "ninjantable-net-couch-choosing", want: 1}
	choosing.img = r.drawnUntil(t, screen, choosing.name, func() bool {
		return nt.tb.idle() && nt.Gate().MayAct(1) && nt.owes(1) && nt.owes(2)
	})
	choosing.shown = shownOn(nt)
	curtain := r.drawnUntil(t, screen, "ninjantable-net-couch-curtain", func() bool { return slices.Contains(r.client.curtains, 2) })
	second := shot{name: "ninjantable-net-couch-second", want: 2}
	second.img = r.drawnUntil(t, screen, second.name, func() bool { return nt.tb.idle() && nt.Gate().MayAct(2) && nt.owes(2) })
	second.shown = shownOn(nt)
	frames := len(r.client.shown)
	played(t, r)
	t.Logf("%d frames drawn from the first curtain to Player 3's choice", frames)

	if r.leak != "" {
		t.Error(r.leak)
	}
	rem := nt.net.Remote()
	if !rem.Have || rem.Views[0] != (ninjan.View{}) {
		t.Errorf("the client has its views: %v; seat 0's view %+v", rem.Have, rem.Views[0])
	}
	var drawn rulesets.Audience
	for i, a := range r.client.shown {
		if a&(a-1) != 0 {
			t.Errorf("frame %d drew the hands of seats %b", i, a)
		}
		drawn |= a
	}
	if drawn != rulesets.Only(1)|rulesets.Only(2) {
		t.Errorf("the client's frames drew the hands of seats %b, want 1 and 2", drawn)
	}
	pal := r.client.d.Palette()
	cardFace := nt.tb.atlas.Palette().Card
	for _, tt := range []shot{choosing, second} {
		if tt.shown.seat != tt.want || tt.shown.viewer != tt.want {
			t.Errorf("%s: the table shows seat %d's hand, the curtain lifted for seat %d; want seat %d", tt.name, tt.shown.seat, tt.shown.viewer, tt.want)
			continue
		}
		if !handShownFor(tt.img, pal, tt.want, 3-tt.want) {
			t.Errorf("%s: the hand's label is not in Player %d's colour alone", tt.name, tt.want+1)
		}
		x, y := handPos(0, tt.shown.cards)
		if !regionHas(tt.img, int(x)-30, int(y)-40, 60, 80, cardFace) {
			t.Errorf("%s: no card face where the hand's first card should be", tt.name)
		}
	}
	if regionHas(curtain, 500, 300, 280, 60, cardFace) {
		t.Error("card faces show through the curtain")
	}
	if !regionHas(curtain, 0, 230, scenes.ScreenWidth, 10, pal.Seats[2]) {
		t.Error("the curtain is not in Player 3's colour")
	}
}

// TestNetCouchLogOnce: an event both couch players are told is logged
// once, on a client couch and on a host couch: the two machines' logs of
// the whole game are the same, and so are the scores and winners.
func TestNetCouchLogOnce(t *testing.T) {
	for _, run := range []func(*testing.T) *couchRun{clientCouch, hostCouch} {
		r := played(t, run(t))
		h, c := &r.host, &r.client
		if len(h.log) == 0 || !slices.Equal(c.log, h.log) {
			t.Errorf("client's log\n%q\nhost's\n%q", c.log, h.log)
		}
		if !slices.Equal(c.scores, h.scores) || !slices.Equal(c.winners, h.winners) || len(h.winners) == 0 {
			t.Errorf("client: scores %v, winners %v; host: scores %v, winners %v", c.scores, c.winners, h.scores, h.winners)
		}
	}
}
