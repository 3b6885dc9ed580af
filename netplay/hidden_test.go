package netplay

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"net/netip"
	"testing"
	"time"

	"github.com/jankenarcade/janken/internal/soak"
	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/rulesets/elevensuits"
	"github.com/jankenarcade/janken/rulesets/ninjan"
	"github.com/jankenarcade/janken/rulesets/thatsmine"
)

// sentEvent is an event the host encoded, with who may see it.
type sentEvent struct {
	data     []byte
	audience rulesets.Audience
}

// hostedNet is the network of a hosted test game: how its links behave,
// and whether the clients are reached over a stream (Remote.Stream), as
// browsers are.
type hostedNet struct {
	link   LinkConfig
	stream bool
}

// playHosted plays a whole game of def with random bots over an in-memory
// network whose links behave as hn says, the host at seat 0 and one client
// per other seat, and checks every client's transcript: no event that its
// seat may not see ever reaches it, as a decoded message or anywhere in
// its raw bytes, and every view it receives is its own seat's. The host
// must never give up on a client. It returns the tally of the message
// fragments the host and the clients sent.
func playHosted[G rulesets.Game[A, E], V any, A comparable, E any](t *testing.T, def rulesets.Ruleset[G, V, A, E], players int, seed uint64, hn hostedNet,
	view func(g G, seat int) any, audience func(E) rulesets.Audience) hostedTally {
	return playHostedWith(t, def, players, seed, hn, func(g G, seat int) ([]byte, error) { return json.Marshal(view(g, seat)) }, audience)
}

// playHostedWith is playHosted with the view's encoding given.
func playHostedWith[G rulesets.Game[A, E], V any, A comparable, E any](t *testing.T, def rulesets.Ruleset[G, V, A, E], players int, seed uint64, hn hostedNet,
	encodeView func(g G, seat int) ([]byte, error), audience func(E) rulesets.Audience) hostedTally {
	g, err := def.New(players, nil, seed)
	if err != nil {
		t.Fatal(err)
	}
	net := NewMemNetwork(hn.link, seed)
	hostEnd := &tallying{Transport: net.Endpoint()}
	var remotes []Remote
	var ends []*MemEndpoint
	for s := 1; s < players; s++ {
		e := net.Endpoint()
		ends = append(ends, e)
		remotes = append(remotes, Remote{Addr: e.LocalAddr(), Seats: SeatsOf(s), Stream: hn.stream})
	}
	var sent []sentEvent
	cfg := HostConfig[G, A, E]{
		Room:    3,
		Remotes: remotes,
		View:    encodeView,
		Audience: func(e E) rulesets.Audience {
			return audience(e)
		},
		EncodeEvent: func(e E) ([]byte, error) {
			data, err := json.Marshal(e)
			sent = append(sent, sentEvent{data, audience(e)})
			return data, err
		},
		DecodeAction: def.DecodeAction,
	}
	host, err := NewHost(cfg, hostEnd, g)
	if err != nil {
		t.Fatal(err)
	}
	clients := []*Client{nil}
	recs := []*recorder{nil}
	clientEnds := []*tallying{nil}
	received := make([][]SeatUpdate, players)
	for s := 1; s < players; s++ {
		r := &recorder{Transport: ends[s-1]}
		recs = append(recs, r)
		clientEnds = append(clientEnds, &tallying{Transport: r})
		clients = append(clients, NewClient(clientEnds[s], hostEnd.LocalAddr(), 3, SeatsOf(s)))
		clients[s].OnMessage(r.keep)
		if hn.stream {
			clients[s].OverStream()
		}
	}
	bots := make([]rulesets.Bot[V, A], players)
	for s := range bots {
		if bots[s], err = def.NewBot("random", s, seed+uint64(s)); err != nil {
			t.Fatal(err)
		}
	}
	waiting, sentHash, turn, actions := -1, uint64(0), 0, 0
	for !g.Over() || !allCaughtUp(received, g, encodeView) {
		if net.Now() > 30*time.Minute {
			t.Fatalf("no end after %d actions", actions)
		}
		if err := host.Update(net.Now()); err != nil {
			t.Fatal(err)
		}
		for s := 1; s < players; s++ {
			for _, u := range clients[s].Update(net.Now()) {
				if u.Refused != "" {
					t.Fatalf("seat %d: the bot's legal action was refused: %s", s, u.Refused)
				}
				received[s] = append(received[s], SeatUpdate{Seat: u.Seat, View: bytes.Clone(u.View), Events: cloneAll(u.Events)})
			}
		}
		if waiting >= 0 && g.Hash() != sentHash {
			waiting = -1
		}
		if waiting < 0 && !g.Over() {
			// One action at a time: the next seat that owes one acts.
			toAct := g.ToAct(nil)
			seat := toAct[turn%len(toAct)]
			turn++
			v := def.View(g, seat)
			a := bots[seat].Choose(&v)
			actions++
			if seat == 0 {
				if err := host.Apply(0, a); err != nil {
					t.Fatalf("host seat: %v", err)
				}
			} else {
				data, err := json.Marshal(a)
				if err != nil {
					t.Fatal(err)
				}
				if err := clients[seat].Act(seat, data); err != nil {
					t.Fatal(err)
				}
				waiting, sentHash = seat, g.Hash()
			}
		}
		net.Advance(TickDuration)
	}
	for s := 1; s < players; s++ {
		seen := 0
		for _, u := range received[s] {
			if u.Seat != s {
				t.Fatalf("seat %d received seat %d's update", s, u.Seat)
			}
			for _, e := range u.Events {
				seen++
				if !mayReceive(sent, e, s) {
					t.Fatalf("seat %d received %s, which it may not see", s, e)
				}
			}
		}
		leaks := 0
		for _, e := range sent {
			if !e.audience.Sees(s) && !mayReceive(sent, e.data, s) && bytes.Contains(recs[s].got, e.data) {
				leaks++
				t.Errorf("seat %d's raw transcript holds %s (audience %08b)", s, e.data, e.audience)
			}
		}
		if seen == 0 {
			t.Fatalf("seat %d received no events", s)
		}
	}
	for _, r := range host.Remotes() {
		if r.Fault != "" {
			t.Fatalf("the host gave up on %v: %s", r.Addr, r.Fault)
		}
	}
	tally := hostedTally{host: hostEnd.tally, wire: host.Counter.BytesSent, took: net.Now()}
	for _, r := range recs[1:] {
		tally.read += r.inflated
	}
	for _, e := range clientEnds[1:] {
		tally.clients.sent += e.tally.sent
		tally.clients.again += e.tally.again
		for n := range e.tally.lengths {
			tally.clients.count(n)
		}
	}
	t.Logf("%d actions, %v simulated; host sent %d bytes in %d packets, %d of its %d fragments again; the clients %d of their %d",
		actions, net.Now().Round(time.Second), host.Counter.BytesSent, host.Counter.PacketsSent, tally.host.again, tally.host.sent, tally.clients.again, tally.clients.sent)
	return tally
}

// hostedTally is the tally of the fragments a hosted game's host sent, and
// of those its clients sent, all together.
type hostedTally struct {
	host, clients fragmentTally
	wire          int64         // bytes the host sent
	read          int64         // bytes of the messages the clients read, inflated
	took          time.Duration // simulated, until every client saw the end
}

// fragmentTally counts the message fragments a host sent, and those among
// them it had sent before, and the lengths of their packets less the
// varints that number the message and the acknowledgement (a length an
// onlooker sees, but for the count of messages sent before).
type fragmentTally struct {
	sent, again int
	seen        map[[3]uint64]bool // port sent to, message, fragment
	lengths     map[int]bool
}

func (t *fragmentTally) count(length int) {
	if t.lengths == nil {
		t.lengths = map[int]bool{}
	}
	t.lengths[length] = true
}

// tallying is a host's Transport that tallies its fragments.
type tallying struct {
	Transport
	tally fragmentTally
}

func (t *tallying) Send(to netip.AddrPort, p []byte) error {
	var f fragment
	if h, payload, err := ParseHeader(p); err == nil && h.Kind == KindMessage && f.decode(payload) == nil {
		if t.tally.seen == nil {
			t.tally.seen = map[[3]uint64]bool{}
		}
		key := [3]uint64{uint64(to.Port()), uint64(f.Seq), uint64(f.Index)}
		t.tally.count(len(p) - len(binary.AppendUvarint(nil, uint64(f.Seq))) - len(binary.AppendUvarint(nil, uint64(f.Ack))))
		t.tally.sent++
		if t.tally.seen[key] {
			t.tally.again++
		}
		t.tally.seen[key] = true
	}
	return t.Transport.Send(to, p)
}

// mayReceive reports whether data encodes an event that seat may see (an
// event with the same encoding may be public and another private).
func mayReceive(sent []sentEvent, data []byte, seat int) bool {
	for _, e := range sent {
		if e.audience.Sees(seat) && bytes.Equal(e.data, data) {
			return true
		}
	}
	return false
}

// allCaughtUp reports whether each client's last view is its seat's
// current view.
func allCaughtUp[G any](received [][]SeatUpdate, g G, view func(g G, seat int) ([]byte, error)) bool {
	for s := 1; s < len(received); s++ {
		want, _ := view(g, s)
		if n := len(received[s]); n == 0 || !bytes.Equal(received[s][n-1].View, want) {
			return false
		}
	}
	return true
}

func cloneAll(in [][]byte) [][]byte {
	out := make([][]byte, len(in))
	for i, b := range in {
		out[i] = bytes.Clone(b)
	}
	return out
}

// hostThatsMine, hostElevenSuits and hostNinjan play one hosted game of
// their ruleset (see playHosted).
func hostThatsMine(t *testing.T, players int, seed uint64, hn hostedNet) hostedTally {
	return playHosted(t, thatsmine.Definition(), players, seed, hn,
		func(g *thatsmine.State, seat int) any { return g.View(seat) },
		func(e thatsmine.Event) rulesets.Audience { return e.Audience })
}

func hostElevenSuits(t *testing.T, players int, seed uint64, hn hostedNet) hostedTally {
	return playHosted(t, elevensuits.Definition(), players, seed, hn,
		func(g *elevensuits.State, seat int) any { return g.View(seat) },
		func(e elevensuits.Event) rulesets.Audience { return e.Audience })
}

func hostNinjan(t *testing.T, players int, seed uint64, hn hostedNet) hostedTally {
	return playHosted(t, ninjan.Definition(), players, seed, hn,
		func(g *ninjan.State, seat int) any { return g.View(seat) },
		func(e ninjan.Event) rulesets.Audience { return e.Audience })
}

func TestHostedThatsMine(t *testing.T) {
	for _, players := range []int{3, 5} {
		t.Run(fmt.Sprint(players), func(t *testing.T) { hostThatsMine(t, players, 21, hostedNet{link: lossyLAN}) })
	}
}

func TestHostedElevenSuits(t *testing.T) {
	for _, players := range []int{2, 3} {
		t.Run(fmt.Sprint(players), func(t *testing.T) { hostElevenSuits(t, players, 5, hostedNet{link: lossyLAN}) })
	}
}

func TestHostedNinjan(t *testing.T) {
	for _, players := range []int{2, 4} {
		t.Run(fmt.Sprint(players), func(t *testing.T) { hostNinjan(t, players, 8, hostedNet{link: lossyLAN}) })
	}
}

// TestActionsTravelAtOneLength: an onlooker on the network sees the
// length of every sealed packet, so a client's action must not show in
// it. Before the channel padded its messages, an action's packet was as
// long as its JSON: That's Mine's 20 to 22 bytes, Ninjan's 25 to 36 (a
// negative card's name, or 10's, is longer, and it showed before the
// reveal), Eleven Suits' 32 to 43. Whole games of each, at the largest
// table: every packet a client sends with an action is one length, but
// for the varints that count the messages before it. (Sealing adds the
// same bytes to every packet.)
func TestActionsTravelAtOneLength(t *testing.T) {
	lengths := map[int]bool{}
	for _, play := range []func() hostedTally{
		func() hostedTally { return hostThatsMine(t, 6, 4, hostedNet{}) },
		func() hostedTally { return hostNinjan(t, 5, 4, hostedNet{}) },
		func() hostedTally { return hostElevenSuits(t, 3, 4, hostedNet{}) },
	} {
		for n := range play().clients.lengths {
			lengths[n] = true
		}
	}
	if len(lengths) != 1 {
		t.Errorf("the clients' action packets took %d lengths, want one: %v", len(lengths), lengths)
	}
}

// TestFirstViewsTravelAtOneLength: the first message a client gets shows
// its seat's hand, deflated, so its length depended on the cards: over
// 300 deals, before the channel padded its messages, a Ninjan client's
// first message took 8 lengths, an Eleven Suits one's 30, a That's
// Mine one's 7. Each now takes one. (A view that grew to straddle a
// step of the padding would take two, and show here.)
func TestFirstViewsTravelAtOneLength(t *testing.T) {
	for name, lengths := range map[string]map[int]bool{
		"That's Mine": firstMessageLengths(t, thatsmine.Definition(), 4,
			func(g *thatsmine.State, seat int) any { return g.View(seat) },
			func(e thatsmine.Event) rulesets.Audience { return e.Audience }),
		"Ninjan": firstMessageLengths(t, ninjan.Definition(), 2,
			func(g *ninjan.State, seat int) any { return g.View(seat) },
			func(e ninjan.Event) rulesets.Audience { return e.Audience }),
		"Eleven Suits": firstMessageLengths(t, elevensuits.Definition(), 2,
			func(g *elevensuits.State, seat int) any { return g.View(seat) },
			func(e elevensuits.Event) rulesets.Audience { return e.Audience }),
	} {
		if len(lengths) != 1 {
			t.Errorf("%s: the first message took %d lengths over the deals, want one: %v", name, len(lengths), lengths)
		}
	}
}

// firstMessageLengths returns the lengths of the first packet a host
// sends the client of seat 1, for 300 deals of def.
func firstMessageLengths[G rulesets.Game[A, E], V any, A comparable, E any](t *testing.T, def rulesets.Ruleset[G, V, A, E], players int,
	view func(g G, seat int) any, audience func(E) rulesets.Audience) map[int]bool {
	t.Helper()
	lengths := map[int]bool{}
	var buf [MaxPacketSize]byte
	for seed := range uint64(300) {
		g, err := def.New(players, nil, seed)
		if err != nil {
			t.Fatal(err)
		}
		net := NewMemNetwork(LinkConfig{}, seed)
		hostEnd := net.Endpoint()
		var remotes []Remote
		var first *MemEndpoint
		for s := 1; s < players; s++ {
			e := net.Endpoint()
			if s == 1 {
				first = e
			}
			remotes = append(remotes, Remote{Addr: e.LocalAddr(), Seats: SeatsOf(s)})
		}
		host, err := NewHost(HostConfig[G, A, E]{
			Room:         3,
			Remotes:      remotes,
			View:         func(g G, seat int) ([]byte, error) { return json.Marshal(view(g, seat)) },
			Audience:     audience,
			EncodeEvent:  func(e E) ([]byte, error) { return json.Marshal(e) },
			DecodeAction: def.DecodeAction,
		}, hostEnd, g)
		if err != nil {
			t.Fatal(err)
		}
		if err := host.Update(0); err != nil {
			t.Fatal(err)
		}
		n, _, ok := first.Receive(buf[:])
		if !ok {
			t.Fatal("the host sent seat 1 nothing")
		}
		lengths[n] = true
	}
	return lengths
}

// harshLink is far worse than a LAN: a fifth of the packets lost, a tenth
// duplicated, nearly a third overtaken.
var harshLink = LinkConfig{Delay: 30 * time.Millisecond, Jitter: 40 * time.Millisecond, Loss: 0.20, Duplicate: 0.10, Reorder: 0.30}

// TestHostedGamesOverAHarshLink plays whole hosted games over harshLink:
// every client must keep up to the end, as the host must never give up on
// a client that is there. The host once did, at Eleven Suits' seed 154:
// its round-trip estimate counted the time a message waited behind a lost
// one as network time, grew until resends came a second apart, and a
// fragment lost five times in a row then outlasted the host's 5 s limit.
func TestHostedGamesOverAHarshLink(t *testing.T) {
	const first = 150
	for seed := uint64(first); seed < first+uint64(soak.Scale(10, 400)); seed++ {
		t.Run(fmt.Sprint("seed ", seed), func(t *testing.T) {
			hostThatsMine(t, 4, seed, hostedNet{link: harshLink})
			hostElevenSuits(t, 2, seed, hostedNet{link: harshLink})
			hostNinjan(t, 3, seed, hostedNet{link: harshLink})
		})
	}
}
