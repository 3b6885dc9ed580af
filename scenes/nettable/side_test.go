//go:build !js

package nettable

import (
	"encoding/binary"
	"encoding/json"
	"net/netip"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/netplay"
	"github.com/jankenarcade/janken/persist"
	"github.com/jankenarcade/janken/rulesets"
	tm "github.com/jankenarcade/janken/rulesets/thatsmine"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/lobby"
	"github.com/jankenarcade/janken/scenes/netlobby"
	"github.com/jankenarcade/janken/scenes/netlobby/netlobbytest"
	"github.com/jankenarcade/janken/scenes/privacy"
)

// thatsMineRules is a hidden-hand game for Side's tests.
var thatsMineRules = Rules[*tm.State, tm.Action, tm.Event, tm.View]{
	New: func(players int, _ json.RawMessage, secret uint64) (*tm.State, error) {
		return tm.New(tm.Config{Players: players}, rulesets.DeriveSeed(secret, "deal", -1))
	},
	View:         (*tm.State).View,
	Audience:     func(e tm.Event) rulesets.Audience { return e.Audience },
	DecodeAction: tm.Definition().DecodeAction,
	ViewOf:       func(v *tm.View) (int, int) { return v.Seat, v.Players },
}

// clientMatch is seat 2 of a three-player match on n, with its host.
func clientMatch(n *netplay.MemNetwork) (client, host netlobby.Match) {
	ms := netlobbytest.MatchesOf(n, 5, 3, nil, []netplay.SeatSet{netplay.SeatsOf(0), netplay.SeatsOf(1), netplay.SeatsOf(2)})
	return ms[2], ms[0]
}

// openSides opens the host's and a client's side of a match.
func openSides(t *testing.T, d *scenes.Director, hm, cm netlobby.Match) (host, client *Side[*tm.State, tm.Action, tm.Event, tm.View]) {
	t.Helper()
	host, err := OpenSide(d, hm, thatsMineRules)
	if err != nil {
		t.Fatal(err)
	}
	client, err = OpenSide(d, cm, thatsMineRules)
	if err != nil {
		t.Fatal(err)
	}
	return host, client
}

// TestSideClientGetsOnlyItsView: a client's side is told its own seat's
// view once the host's side updates; the host deals from its match's
// secret, which the client's side never holds.
func TestSideClientGetsOnlyItsView(t *testing.T) {
	n := netplay.NewMemNetwork(netplay.LinkConfig{}, 1)
	cm, hm := clientMatch(n)
	d := scenes.New(scenes.Options{Source: new(input.Script), Store: persist.At(t.TempDir())})
	host, client := openSides(t, d, hm, cm)
	want, _ := tm.New(tm.Config{Players: 3}, rulesets.DeriveSeed(3, "deal", -1))
	if host.Secret != 3 || host.Hosted.Game().Hash() != want.Hash() {
		t.Errorf("the host dealt from secret %d", host.Secret)
	}
	if client.Secret != 0 || cm.Secret != 0 {
		t.Errorf("the client holds secret %d (its match %d)", client.Secret, cm.Secret)
	}
	var first bool
	for i := range 10 {
		if _, err := host.Update(n.Now()); err != nil {
			t.Fatal(err)
		}
		news, err := client.Update(n.Now())
		if err != nil {
			t.Fatal(err)
		}
		first = first || news.First
		n.Advance(netplay.TickDuration)
		if i == 9 && (!first || *client.Remote.View() != host.Hosted.Game().View(2)) {
			t.Errorf("client's view %+v (first %v), want seat 2's", *client.Remote.View(), first)
		}
	}
}

// padConfirms connects gamepad 0 and presses its Confirm (A) button, r
// polling each tick; it returns the frame of the press's poll.
func padConfirms(src *input.Script, r *input.Router) *rulesets.Frame {
	src.Advance()
	src.Do(input.PadConnect(0))
	r.Poll(src, 0)
	src.Advance()
	src.Do(input.PadDown(0, ebiten.StandardGamepadButtonRightBottom))
	f, _ := r.Poll(src, 1)
	return f
}

// TestSideAdoptsPad: a gamepad that presses Confirm takes the machine's
// seat from the Right keys.
func TestSideAdoptsPad(t *testing.T) {
	n := netplay.NewMemNetwork(netplay.LinkConfig{}, 1)
	cm, _ := clientMatch(n)
	src := new(input.Script)
	d := scenes.New(scenes.Options{Source: src, Store: persist.At(t.TempDir())})
	s, err := OpenSide(d, cm, thatsMineRules)
	if err != nil {
		t.Fatal(err)
	}
	if got := s.Router.Device(2); got != RightKeys {
		t.Fatalf("seat 2 plays with %v, want the Right keys", got)
	}
	f := padConfirms(src, s.Router)
	s.Adopt(f)
	if got, want := s.Router.Device(2), (input.Device{Kind: input.Pad, Index: 0}); got != want {
		t.Errorf("seat 2 plays with %v, want %v", got, want)
	}
	if !f.Pressed[2].Has(rulesets.ButtonConfirm) {
		t.Errorf("the pad's Confirm that took seat 2 up was not seat 2's: %v", f.Pressed[2])
	}
}

// TestSideCouchSeats: a client whose couch plays seats 1 and 2 seats both
// as humans on the shared Right keys behind the hand-off curtain, is told
// exactly those two seats' views, and a gamepad that presses Confirm
// takes both seats.
func TestSideCouchSeats(t *testing.T) {
	n := netplay.NewMemNetwork(netplay.LinkConfig{}, 1)
	ms := netlobbytest.MatchesOf(n, 6, 4, nil, []netplay.SeatSet{netplay.SeatsOf(0), netplay.SeatsOf(1, 2)})
	hm, cm := ms[0], ms[1]
	src := new(input.Script)
	d := scenes.New(scenes.Options{Source: src, Store: persist.At(t.TempDir())})
	host, client := openSides(t, d, hm, cm)
	seating := client.Seating()
	if got, want := seating.Humans(), rulesets.Only(1)|rulesets.Only(2); got != want || seating.Privacy != privacy.HandOff {
		t.Errorf("client's humans %v (privacy %v), want %v behind the curtain", got, seating.Privacy, want)
	}
	for i := range 10 {
		if _, err := host.Update(n.Now()); err != nil {
			t.Fatal(err)
		}
		if _, err := client.Update(n.Now()); err != nil {
			t.Fatal(err)
		}
		n.Advance(netplay.TickDuration)
		if i < 9 {
			continue
		}
		r := client.Remote
		g := host.Hosted.Game()
		if !r.Have || r.Views[1] != g.View(1) || r.Views[2] != g.View(2) || r.Views[0] != (tm.View{}) {
			t.Errorf("client's views: have %v, seat 1 %+v, seat 2 %+v, seat 0 %+v", r.Have, r.Views[1], r.Views[2], r.Views[0])
		}
	}
	// A pad takes both couch seats from the Right keys.
	client.Adopt(padConfirms(src, client.Router))
	pad := input.Device{Kind: input.Pad, Index: 0}
	if client.Router.Device(1) != pad || client.Router.Device(2) != pad || client.Router.Device(0) != input.NoDevice {
		t.Errorf("seats play with %v, %v, %v; want the pad at 1 and 2 only", client.Router.Device(0), client.Router.Device(1), client.Router.Device(2))
	}
}

// TestSideHostCouch: a host whose couch plays seats 0 and 1 deals the
// whole game and seats both as humans on the shared Right keys; a host
// without seat 0, or without a secret to deal from, is refused.
func TestSideHostCouch(t *testing.T) {
	n := netplay.NewMemNetwork(netplay.LinkConfig{}, 1)
	match := func(hostSeats netplay.SeatSet, clientSeats netplay.SeatSet) netlobby.Match {
		return netlobbytest.MatchesOf(n, 6, 4, nil, []netplay.SeatSet{hostSeats, clientSeats})[0]
	}
	d := scenes.New(scenes.Options{Source: new(input.Script), Store: persist.At(t.TempDir())})
	host, err := OpenSide(d, match(netplay.SeatsOf(0, 1), netplay.SeatsOf(2)), thatsMineRules)
	if err != nil {
		t.Fatal(err)
	}
	if host.Hosted.Game().Seats() != 3 || host.Seat != 0 {
		t.Errorf("the host dealt %d seats, plays from seat %d", host.Hosted.Game().Seats(), host.Seat)
	}
	seating := host.Seating()
	if got, want := seating.Humans(), rulesets.Only(0)|rulesets.Only(1); got != want {
		t.Errorf("host's humans %v, want %v", got, want)
	}
	if host.Router.Device(0) != RightKeys || host.Router.Device(1) != RightKeys {
		t.Errorf("host's seats play with %v and %v, want the Right keys", host.Router.Device(0), host.Router.Device(1))
	}
	if _, err := OpenSide(d, match(netplay.SeatsOf(1), netplay.SeatsOf(0, 2)), thatsMineRules); err == nil {
		t.Error("a host without seat 0 was let in")
	}
	unsecret := match(netplay.SeatsOf(0), netplay.SeatsOf(1))
	unsecret.Secret = 0
	if _, err := OpenSide(d, unsecret, thatsMineRules); err == nil || !strings.Contains(err.Error(), "no secret") {
		t.Errorf("a host without a secret opened its side (error %v)", err)
	}
}

// TestRemoteActionStaysSentThroughOthersNews: while a client's choice is
// on its way, the host's seat chooses too, and the view that news brings
// the client leaves the client's choice sent: its player is not asked
// again, and the host applies the one choice it was sent.
func TestRemoteActionStaysSentThroughOthersNews(t *testing.T) {
	n := netplay.NewMemNetwork(netplay.LinkConfig{Delay: 50 * time.Millisecond}, 1)
	cm, hm := clientMatch(n)
	d := scenes.New(scenes.Options{Source: new(input.Script), Store: persist.At(t.TempDir())})
	host, client := openSides(t, d, hm, cm)
	update := func() News[tm.Event] {
		if _, err := host.Update(n.Now()); err != nil {
			t.Fatal(err)
		}
		news, err := client.Update(n.Now())
		if err != nil {
			t.Fatal(err)
		}
		n.Advance(netplay.TickDuration)
		return news
	}
	for !client.Remote.Have {
		update()
	}
	g := host.Hosted.Game()
	if err := client.Remote.Act(2, g.Legal(2, nil)[0]); err != nil {
		t.Fatal(err)
	}
	if err := host.Hosted.Apply(0, g.Legal(0, nil)[0]); err != nil {
		t.Fatal(err)
	}
	views := 0
	for range 30 {
		before := *client.Remote.View()
		if news := update(); news.Refused != "" {
			t.Fatalf("the host refused: %s", news.Refused)
		}
		if *client.Remote.View() != before {
			views++
		}
		if !client.Remote.View().Chosen[2] && !client.Remote.Sent[2] {
			t.Fatalf("the client's choice counts as unsent before its view shows it applied (%d views since)", views)
		}
	}
	if len(g.ToAct(nil)) != 1 || client.Remote.Sent[2] {
		t.Errorf("after the answer: to act %v, sent %v", g.ToAct(nil), client.Remote.Sent[2])
	}
	if views < 2 {
		t.Errorf("the client saw %d new views, want the host's news and then the answer", views)
	}
}

// TestHostTakesOverAClientThatNeverAcknowledges: a client that keeps
// talking (so it is never silent) but acknowledges nothing is given up by
// the netplay host after its stall limit, and the host's side takes its
// seat over as it would a silent one's, instead of waiting on it for ever.
func TestHostTakesOverAClientThatNeverAcknowledges(t *testing.T) {
	n := netplay.NewMemNetwork(netplay.LinkConfig{Delay: 10 * time.Millisecond}, 1)
	ms := netlobbytest.MatchesOf(n, 5, 3, nil, []netplay.SeatSet{netplay.SeatsOf(0), netplay.SeatsOf(1), netplay.SeatsOf(2)})
	d := scenes.New(scenes.Options{Source: new(input.Script), Store: persist.At(t.TempDir())})
	host, client := openSides(t, d, ms[0], ms[2])
	mute := ms[1].Transport
	// An acknowledgement of nothing: magic, version, room 5, kind, next 0,
	// no fragment held.
	ackNothing := []byte{'J', netplay.ProtocolVersion, 5, 0, 0, byte(netplay.KindAck), 0, 0}
	var takenAt time.Duration
	for n.Now() < 10*time.Second && takenAt == 0 {
		if err := mute.Send(ms[0].HostAddr, ackNothing); err != nil {
			t.Fatal(err)
		}
		news, err := host.Update(n.Now())
		if err != nil {
			t.Fatal(err)
		}
		if _, err := client.Update(n.Now()); err != nil {
			t.Fatal(err)
		}
		if news.Taken != 0 {
			if news.Taken != netplay.SeatsOf(1) {
				t.Fatalf("took seats %08b, want the mute client's seat 1", news.Taken)
			}
			takenAt = n.Now()
		}
		if rs := host.Hosted.Host.Remotes(); takenAt == 0 && rs[0].Silent > WarnAfter {
			t.Fatalf("the mute client counts as silent: %+v", rs[0])
		}
		n.Advance(netplay.TickDuration)
	}
	if takenAt < 5*time.Second || takenAt > 5*time.Second+100*time.Millisecond {
		t.Errorf("the mute client's seat was taken over at %v, want about 5 s", takenAt)
	}
	if rs := host.Hosted.Host.Remotes(); len(rs) != 1 || rs[0].Seats != netplay.SeatsOf(2) {
		t.Errorf("clients left: %+v", rs)
	}
}

// TestHostConnectionNamesPlayers: the host's corner line names each
// client as the notices do: by its players' names, whether the lobby
// named them (other machines) or the couch did (phones), and by its seats
// when no one was named.
func TestHostConnectionNamesPlayers(t *testing.T) {
	for _, tc := range []struct {
		names []string
		lobby bool // names from the network lobby's match, not the couch's phones
		want  []string
	}{
		{nil, false, []string{"· P2 heard", "· P3 heard"}},
		{[]string{"", "", ""}, true, []string{"· P2 heard", "· P3 heard"}},
		{[]string{"Player 1", "Ann", "Bo"}, false, []string{"· Ann heard", "· Bo heard"}},
		{[]string{"Ada", "Ann", "Bo"}, true, []string{"· Ann heard", "· Bo heard"}},
		{[]string{"Ada", "", "Bo"}, true, []string{"· Player 2 heard", "· Bo heard"}},
	} {
		n := netplay.NewMemNetwork(netplay.LinkConfig{}, 1)
		_, hm := clientMatch(n)
		if tc.lobby {
			hm.Names = tc.names
		}
		d := scenes.New(scenes.Options{Source: new(input.Script), Store: persist.At(t.TempDir())})
		host, err := OpenSide(d, hm, thatsMineRules)
		if err != nil {
			t.Fatal(err)
		}
		if !tc.lobby {
			host.Hosted.Names = tc.names
		}
		line := host.Connection()
		for _, want := range tc.want {
			if !strings.Contains(line, want) {
				t.Errorf("with names %q the line is %q, want %q in it", tc.names, line, want)
			}
		}
		if strings.Contains(tc.want[1], "Bo") && strings.Contains(line, "P3") {
			t.Errorf("with names %q the line %q still numbers a seat", tc.names, line)
		}
	}
}

// TestHostConfigStreamsToBrowsers: the host leaves resending to the
// stream for a browser or phone (a peer that reaches only the host, over
// the WebSocketHub), and only for one.
func TestHostConfigStreamsToBrowsers(t *testing.T) {
	desktop, browser := netip.MustParseAddrPort("127.0.0.1:7001"), netip.MustParseAddrPort("127.0.0.1:50123")
	m := netlobby.Match{Host: true, Room: 5, Seats: netplay.SeatsOf(0), Joiners: []netplay.Joiner{
		{Addr: desktop, Index: 1, Seats: netplay.SeatsOf(1)},
		{Addr: browser, Index: 2, Seats: netplay.SeatsOf(2), HostOnly: true},
	}}
	cfg, err := HostConfig(m, func(g *tm.State, seat int) any { return g.View(seat) }, thatsMineRules.Audience, thatsMineRules.DecodeAction)
	if err != nil {
		t.Fatal(err)
	}
	want := map[netip.AddrPort]bool{desktop: false, browser: true}
	if len(cfg.Remotes) != len(want) {
		t.Fatalf("%d remotes, want %d", len(cfg.Remotes), len(want))
	}
	for _, r := range cfg.Remotes {
		if r.Stream != want[r.Addr] {
			t.Errorf("remote %v: Stream %v, want %v", r.Addr, r.Stream, want[r.Addr])
		}
	}
}

// TestClientSeatingNamesTheHostsBots: a client's table knows which seats
// the host's bots play, and at what level, to show them as bots (That's
// Mine once said "over the network"), but seats no bot there: the host
// plays them. Its own seat is a human's; other machines' seats are empty.
func TestClientSeatingNamesTheHostsBots(t *testing.T) {
	n := netplay.NewMemNetwork(netplay.LinkConfig{}, 1)
	ms := netlobbytest.MatchesOf(n, 5, 3, nil, []netplay.SeatSet{netplay.SeatsOf(0), netplay.SeatsOf(1), netplay.SeatsOf(2)})
	cm := ms[2]
	cm.AI, cm.BotLevel = netplay.SeatsOf(1), "hard"
	d := scenes.New(scenes.Options{Source: new(input.Script), Store: persist.At(t.TempDir())})
	client, err := OpenSide(d, cm, thatsMineRules)
	if err != nil {
		t.Fatal(err)
	}
	want := []lobby.Seat{{}, {Bot: "hard"}, {Kind: lobby.Human, Device: RightKeys}}
	if got := client.Seating().Seats; !slices.Equal(got, want) {
		t.Errorf("the client's seating %+v, want %+v", got, want)
	}
}

// TestBrowserClientsLeaveResendsToTheStream: a joiner's client treats its
// link as a stream when the host's settings say it reaches only the host
// (a browser), not otherwise, and not when the settings are unreadable.
func TestBrowserClientsLeaveResendsToTheStream(t *testing.T) {
	settings := `{"peers":[{"seats":1},{"addr":"127.0.0.1:7001","seats":2},{"addr":"127.0.0.1:50123","seats":4,"hostOnly":true}]}`
	for _, tt := range []struct {
		index    int
		settings string
		want     bool
	}{
		{1, settings, false},
		{2, settings, true},
		{2, `{"peers":`, false},
		{5, settings, false},
	} {
		m := netlobby.Match{Index: tt.index, Seats: netplay.SeatsOf(tt.index), Settings: []byte(tt.settings)}
		if got := reachesOnlyHost(m); got != tt.want {
			t.Errorf("peer %d of %s: reaches only the host %v, want %v", tt.index, tt.settings, got, tt.want)
		}
	}
}

// TestClientSideHearsItWasLetGo: when the host takes a client's seats
// over, the client's table says so at once, with the host's reason, and
// counts the host gone, instead of waiting out DropAfter; it goes back to
// the host for its seats.
func TestClientSideHearsItWasLetGo(t *testing.T) {
	n := netplay.NewMemNetwork(netplay.LinkConfig{Delay: 10 * time.Millisecond}, 1)
	cm, hm := clientMatch(n)
	d := scenes.New(scenes.Options{Source: new(input.Script), Store: persist.At(t.TempDir())})
	host, client := openSides(t, d, hm, cm)
	step := func() {
		t.Helper()
		if _, err := host.Update(n.Now()); err != nil {
			t.Fatal(err)
		}
		if _, err := client.Update(n.Now()); err != nil {
			t.Fatal(err)
		}
		n.Advance(netplay.TickDuration)
	}
	for range 10 {
		step()
	}
	if client.Gone || client.Notice != "" {
		t.Fatalf("before: notice %q, gone %v", client.Notice, client.Gone)
	}
	for _, r := range host.Hosted.Host.Remotes() {
		if r.Seats.Has(2) {
			if err := host.Hosted.Host.TakeOver(r.Addr); err != nil {
				t.Fatal(err)
			}
		}
	}
	for range 3 {
		step()
	}
	if want := "The host let this machine go: its seats were taken over."; !client.Gone || client.Notice != want {
		t.Errorf("after the take-over: notice %q, gone %v; want %q, gone", client.Notice, client.Gone, want)
	}
	// It goes back for them on a new connection (netplay.Host.Return).
	if !client.Remote.Lost() {
		t.Error("the client whose seats were taken over does not go back for them")
	}
}

// startedSides opens the host's and a client's side of a three-player
// match on a 10 ms link, and runs them until the client has heard the
// host: it returns the network, the client's match and both sides.
func startedSides(t *testing.T) (n *netplay.MemNetwork, cm netlobby.Match, host, client *Side[*tm.State, tm.Action, tm.Event, tm.View]) {
	t.Helper()
	n = netplay.NewMemNetwork(netplay.LinkConfig{Delay: 10 * time.Millisecond}, 1)
	cm, hm := clientMatch(n)
	d := scenes.New(scenes.Options{Source: new(input.Script), Store: persist.At(t.TempDir())})
	host, client = openSides(t, d, hm, cm)
	for range 10 {
		if _, err := host.Update(n.Now()); err != nil {
			t.Fatal(err)
		}
		if _, err := client.Update(n.Now()); err != nil {
			t.Fatal(err)
		}
		n.Advance(netplay.TickDuration)
	}
	return n, cm, host, client
}

// TestClientSideEndsOnAnUnreadableHost: a message from the host that does
// not inflate (a hostile or broken host's) ends the client's side with an
// error, as a view it cannot read does, rather than leaving it to wait
// for updates it can no longer follow.
func TestClientSideEndsOnAnUnreadableHost(t *testing.T) {
	n, cm, _, client := startedSides(t)
	// A fragment as netplay lays it out (sequence, acknowledgement, index,
	// count, data), for every sequence number the client could expect
	// next: the one it does is taken, the others dropped.
	end := cm.Transport.(*netplay.MemEndpoint)
	for seq := range uint64(64) {
		p := append(netplay.SealPrefix(cm.Room), byte(netplay.KindMessage))
		p = binary.AppendUvarint(p, seq)
		p = binary.AppendUvarint(p, 0)
		// Four bytes that do not inflate, padded as the channel pads a
		// message to 64 bytes.
		p = append(p, 0, 1, 64, 0xff, 0xff, 0xff, 0xff, 0x80)
		p = append(p, make([]byte, 64-5)...)
		end.Inject(cm.HostAddr, p)
	}
	_, err := client.Update(n.Now())
	if err == nil || !strings.Contains(err.Error(), "inflate") {
		t.Errorf("after a message that does not inflate: %v", err)
	}
}

// TestClientHearsTheHostLeft: a host whose player leaves mid-game tells
// the clients at once; their tables say so, and do not try to go back to
// a match that is over.
func TestClientHearsTheHostLeft(t *testing.T) {
	n, _, host, client := startedSides(t)
	host.Close()
	for range 3 {
		n.Advance(netplay.TickDuration)
		if _, err := client.Update(n.Now()); err != nil {
			t.Fatal(err)
		}
	}
	if want := "The host left the match."; client.Notice != want || !client.Gone {
		t.Errorf("the client's table says %q (gone %v), want %q", client.Notice, client.Gone, want)
	}
	if client.Remote.Lost() {
		t.Error("the client takes the host's leaving for a lost link, to reconnect")
	}
}

// leaveCounter is a GameHost that counts Leave; its game is game.
type leaveCounter struct {
	GameHost[endable, int, int]
	game   endable
	leaves int
}

func (h *leaveCounter) Game() endable { return h.game }
func (h *leaveCounter) Leave()        { h.leaves++ }

// endable is a game that is over or not.
type endable struct {
	rulesets.Game[int, int]
	over bool
}

func (g endable) Over() bool { return g.over }

// TestHostTellsItLeftOnlyMidGame: the host's side tells the clients it
// left when its table closes before the game is over; once it is over,
// its players meet again in the network lobby, and are told nothing.
func TestHostTellsItLeftOnlyMidGame(t *testing.T) {
	for _, over := range []bool{false, true} {
		h := &leaveCounter{game: endable{over: over}}
		s := &Side[endable, int, int, int]{Hosted: &Hosted[endable, int, int]{Host: h}}
		s.Close()
		if want := map[bool]int{false: 1, true: 0}[over]; h.leaves != want {
			t.Errorf("game over %v: the host left %d times, want %d", over, h.leaves, want)
		}
	}
}

// overView is a view that knows whether its game is over.
type overView struct{ over bool }

func (v *overView) Over() bool { return v.over }

// TestRemoteTellsItLeftOnlyMidGame: a client's closing tells the host it
// left while the game goes on; once its view says the game is over, the
// players meet again in the network lobby, and the host is told nothing.
func TestRemoteTellsItLeftOnlyMidGame(t *testing.T) {
	for _, over := range []bool{false, true} {
		n := netplay.NewMemNetwork(netplay.LinkConfig{}, 1)
		host, end := n.Endpoint(), n.Endpoint()
		r := &Remote[int, int, overView]{Client: netplay.NewClient(end, host.LocalAddr(), 5, netplay.SeatsOf(0)), Have: true}
		r.Views[0].over = over
		r.Client.Update(0)
		r.Close()
		if left := r.Client.LetGo() == netplay.ClientLeft; left == over {
			t.Errorf("game over %v: the client told the host it left: %v", over, left)
		}
	}
}
