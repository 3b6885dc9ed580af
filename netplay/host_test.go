package netplay

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/netip"
	"slices"
	"testing"
	"time"
)

// recorder is a Transport that keeps every byte it received, and every
// message its client inflated from them (newRecordedClient): a client's
// complete transcript.
type recorder struct {
	Transport
	got      []byte
	inflated int64 // bytes of the messages kept
}

// keep adds a message its client inflated (Client.OnMessage).
func (r *recorder) keep(msg []byte) {
	r.got = append(r.got, msg...)
	r.inflated += int64(len(msg))
}

// newRecordedClient is NewClient over r, whose transcript gets every
// message the client inflates as well as the raw bytes.
func newRecordedClient(r *recorder, host netip.AddrPort, room RoomCode, seats SeatSet) *Client {
	c := NewClient(r, host, room, seats)
	c.OnMessage(r.keep)
	return c
}

func (r *recorder) Receive(buf []byte) (int, netip.AddrPort, bool) {
	n, from, ok := r.Transport.Receive(buf)
	if ok {
		r.got = append(r.got, buf[:n]...)
	}
	return n, from, ok
}

// secretsTable is a hosted game of secrets: the host plays seat 0, one
// client per other seat.
type secretsTable struct {
	net     *MemNetwork // nil over real sockets
	now     func() time.Duration
	next    func() // waits a tick
	host    *Host[*secrets, int, secretEvent]
	game    *secrets
	clients []*Client
	rec     []*recorder
	views   []secretView
	sent    []string // the last card each client played
	refused []string
	// hostWaits, if set, holds the host's own seat back while it is true.
	hostWaits func() bool
}

func newSecretsTable(t *testing.T, seats int, link LinkConfig, seed uint64) *secretsTable {
	net := NewMemNetwork(link, seed)
	hostEnd := net.Endpoint()
	ends := make([]Transport, seats-1)
	for i := range ends {
		ends[i] = net.Endpoint()
	}
	tb := newSecretsTableOn(t, hostEnd, ends, seed, net.Now, func() { net.Advance(TickDuration) })
	tb.net = net
	return tb
}

// newSecretsTableOn is a secrets table on any transports: the host's, and
// one for each client seat; now tells the time and next waits a tick.
func newSecretsTableOn(t *testing.T, hostEnd Transport, ends []Transport, seed uint64, now func() time.Duration, next func()) *secretsTable {
	seats := len(ends) + 1
	tb := &secretsTable{game: newSecrets(seats, seed), now: now, next: next}
	var remotes []Remote
	for s := 1; s < seats; s++ {
		remotes = append(remotes, Remote{Addr: ends[s-1].LocalAddr(), Seats: SeatsOf(s)})
	}
	h, err := NewHost(secretsHostConfig(9, remotes), hostEnd, tb.game)
	if err != nil {
		t.Fatal(err)
	}
	tb.host = h
	tb.clients = []*Client{nil}
	tb.rec = []*recorder{nil}
	for s := 1; s < seats; s++ {
		r := &recorder{Transport: ends[s-1]}
		tb.rec = append(tb.rec, r)
		tb.clients = append(tb.clients, newRecordedClient(r, hostEnd.LocalAddr(), 9, SeatsOf(s)))
	}
	tb.views = make([]secretView, seats)
	tb.sent = make([]string, seats)
	tb.refused = make([]string, seats)
	return tb
}

// update runs one tick: the host, its own seat's play, then each client
// playing the first card of the hand its view shows.
func (tb *secretsTable) update(t *testing.T) {
	now := tb.now()
	if err := tb.host.Update(now); err != nil {
		t.Fatal(err)
	}
	if slices.Contains(tb.game.ToAct(nil), 0) && (tb.hostWaits == nil || !tb.hostWaits()) {
		if err := tb.host.Apply(0, tb.game.hands[0][0]); err != nil {
			t.Fatal(err)
		}
	}
	for s := 1; s < len(tb.clients); s++ {
		for _, u := range tb.clients[s].Update(now) {
			if u.Refused != "" {
				tb.refused[s] = u.Refused
				continue
			}
			if err := json.Unmarshal(u.View, &tb.views[s]); err != nil {
				t.Fatalf("seat %d view %q: %v", s, u.View, err)
			}
		}
		v := tb.views[s]
		if len(v.Played) > s && !v.Played[s] && len(v.Hand) > 0 && v.Hand[0] != tb.sent[s] {
			tb.sent[s] = v.Hand[0]
			data, _ := json.Marshal(v.Hand[0])
			if err := tb.clients[s].Act(s, data); err != nil {
				t.Fatal(err)
			}
		}
	}
	tb.next()
}

// checkTranscripts fails if a client has ever received a card that is
// hidden from its seat now. Cards once revealed stay revealed, so this
// check after every tick covers the whole game.
func (tb *secretsTable) checkTranscripts(t *testing.T) {
	for s := 1; s < len(tb.clients); s++ {
		for _, card := range tb.game.hiddenFrom(s) {
			if bytes.Contains(tb.rec[s].got, []byte(card)) {
				t.Fatalf("seat %d received %s, which it may not see", s, card)
			}
		}
	}
}

func TestHostHiddenInformation(t *testing.T) {
	for seats := 2; seats <= 4; seats++ {
		t.Run(fmt.Sprintf("%d seats", seats), func(t *testing.T) {
			tb := newSecretsTable(t, seats, lossyLAN, uint64(seats))
			for !tb.game.Over() || !tb.clientsSawEnd() {
				if tb.net.Now() > time.Minute {
					t.Fatalf("no end: hands %v", tb.game.hands)
				}
				tb.update(t)
				tb.checkTranscripts(t)
			}
			for s := 1; s < seats; s++ {
				// Each client saw its own deal and every reveal.
				if !bytes.Contains(tb.rec[s].got, []byte(`"dealt","seat":`+fmt.Sprint(s))) {
					t.Errorf("seat %d never received its deal", s)
				}
				if got := len(tb.views[s].Shown); got != 3*seats {
					t.Errorf("seat %d saw %d cards revealed, want %d", s, got, 3*seats)
				}
				if tb.refused[s] != "" {
					t.Errorf("seat %d: legal play refused: %s", s, tb.refused[s])
				}
			}
			t.Logf("game over after %v; host sent %d bytes, dropped %+v", tb.net.Now(), tb.host.Counter.BytesSent, tb.host.Counter.Dropped)
		})
	}
}

func (tb *secretsTable) clientsSawEnd() bool {
	for s := 1; s < len(tb.clients); s++ {
		if len(tb.views[s].Hand) > 0 || len(tb.views[s].Shown) < 3*tb.game.seats {
			return false
		}
	}
	return true
}

func TestHostRefusesForeignSeatsAndIllegalActions(t *testing.T) {
	tb := newSecretsTable(t, 3, LinkConfig{Delay: 10 * time.Millisecond}, 1)
	// Client 1 claims seat 2 as well and plays seat 2's card for it.
	cheat := NewClient(tb.clients[1].tr, tb.clients[1].host, 9, SeatsOf(1, 2))
	cheat.ch = tb.clients[1].ch
	before := tb.game.Hash()
	card, _ := json.Marshal(cardName(tb.game.hands[2][0]))
	if err := cheat.Act(2, card); err != nil {
		t.Fatal(err)
	}
	for range 10 {
		cheat.Update(tb.net.Now())
		if err := tb.host.Update(tb.net.Now()); err != nil {
			t.Fatal(err)
		}
		tb.net.Advance(TickDuration)
	}
	if tb.host.Counter.Dropped.ForeignSeat != 1 || tb.game.Hash() != before {
		t.Errorf("acting for another's seat: dropped %+v, game changed %v", tb.host.Counter.Dropped, tb.game.Hash() != before)
	}
	// An illegal play is refused with the reason, and changes nothing.
	tb.clients[1].ch = cheat.ch
	if err := tb.clients[1].Act(1, []byte(`"card-K99"`)); err != nil {
		t.Fatal(err)
	}
	if err := tb.clients[1].Act(2, card); err == nil {
		t.Error("the client let seat 1's player act for seat 2")
	}
	for range 20 {
		tb.update(t)
	}
	if tb.refused[1] == "" {
		t.Error("illegal play not refused")
	}
}

func TestHostTakesOverSilentClient(t *testing.T) {
	tb := newSecretsTable(t, 3, LinkConfig{Delay: 20 * time.Millisecond}, 2)
	gone := tb.clients[2].tr.(*recorder).Transport.(*MemEndpoint)
	gone.Cut(true)
	var silentAt time.Duration
	for !tb.game.Over() || !tb.clientSawEnd(1) {
		if tb.net.Now() > 20*time.Second {
			t.Fatalf("no end; remotes %+v", tb.host.Remotes())
		}
		tb.update(t)
		tb.checkTranscripts(t)
		for _, r := range tb.host.Remotes() {
			if r.Seats.Has(2) && r.Silent >= time.Second {
				silentAt = tb.net.Now()
				if err := tb.host.TakeOver(r.Addr); err != nil {
					t.Fatal(err)
				}
			}
		}
		if silentAt > 0 && slices.Contains(tb.game.ToAct(nil), 2) {
			// The host's bot plays the seat now.
			if err := tb.host.Apply(2, tb.game.hands[2][0]); err != nil {
				t.Fatal(err)
			}
		}
	}
	if silentAt < time.Second || silentAt > time.Second+2*TickDuration {
		t.Errorf("the silent client was noticed after %v, want about 1s", silentAt)
	}
	if c := tb.clients[1]; c.Silent() > 100*time.Millisecond {
		t.Errorf("the remaining client finds the host silent for %v", c.Silent())
	}
	if len(tb.host.Remotes()) != 1 {
		t.Errorf("remotes after the take-over: %+v", tb.host.Remotes())
	}
}

func (tb *secretsTable) clientSawEnd(s int) bool {
	return len(tb.views[s].Hand) == 0 && len(tb.views[s].Shown) == 3*tb.game.seats
}

// TestClientTellsAnAnswerFromAnotherSeatsNews has the host's seat act
// while a client's action is on its way: the view that news brings the
// client does not answer the client's action, and the client must not
// take it for an answer (its player would be asked again, and the host
// refuse the second action).
func TestClientTellsAnAnswerFromAnotherSeatsNews(t *testing.T) {
	tb := newSecretsTable(t, 3, LinkConfig{Delay: 50 * time.Millisecond}, 3)
	c := tb.clients[1]
	run := func(d time.Duration, seen func(SeatUpdate)) {
		for end := tb.net.Now() + d; tb.net.Now() < end; tb.net.Advance(TickDuration) {
			if err := tb.host.Update(tb.net.Now()); err != nil {
				t.Fatal(err)
			}
			for _, u := range c.Update(tb.net.Now()) {
				seen(u)
			}
		}
	}
	var first SeatUpdate
	run(200*time.Millisecond, func(u SeatUpdate) { first = u })
	if first.View == nil || first.Unanswered != 0 {
		t.Fatalf("the deal: %+v", first)
	}

	card, _ := json.Marshal(cardName(tb.game.hands[1][0]))
	if err := c.Act(1, card); err != nil {
		t.Fatal(err)
	}
	if err := tb.host.Apply(0, tb.game.hands[0][0]); err != nil {
		t.Fatal(err)
	}
	var got []int
	run(300*time.Millisecond, func(u SeatUpdate) {
		if u.Refused != "" {
			t.Errorf("refused: %s", u.Refused)
		}
		got = append(got, u.Unanswered)
	})
	// First the news of seat 0's play, sent before the host had seat 1's;
	// then the answer.
	if want := []int{1, 0}; !slices.Equal(got, want) {
		t.Errorf("unanswered actions in the updates: %v, want %v", got, want)
	}
	if tb.game.played[1] < 0 {
		t.Error("the host never applied seat 1's action")
	}
}

// TestClientRefusesAnswersToActionsNeverSent: an update answering more of
// a seat's actions than the client sent is malformed, and dropped.
func TestClientRefusesAnswersToActionsNeverSent(t *testing.T) {
	tb := newSecretsTable(t, 2, LinkConfig{Delay: 10 * time.Millisecond}, 4)
	tb.host.remotes[0].answered[1] = 5 // a host answering actions never sent
	for range 10 {
		if err := tb.host.Update(tb.net.Now()); err != nil {
			t.Fatal(err)
		}
		if us := tb.clients[1].Update(tb.net.Now()); len(us) != 0 {
			t.Fatalf("accepted %+v", us)
		}
		tb.net.Advance(TickDuration)
	}
	if tb.clients[1].Counter.Dropped.Malformed == 0 {
		t.Error("the update was not counted as malformed")
	}
}
