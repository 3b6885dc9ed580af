//go:build !js

package netplay

import (
	"fmt"
	"net/netip"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// listen opens a UDP transport on a free loopback port.
func listen(t *testing.T) *UDP {
	t.Helper()
	u, err := ListenUDP("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { u.Close() })
	return u
}

// TestLobbyDiscoverAndJoin finds a hosted room by its announcement and
// joins it, over real UDP on loopback (the announcement goes to a loopback
// discovery port instead of the LAN broadcast address).
func TestLobbyDiscoverAndJoin(t *testing.T) {
	hostTr, discovery := listen(t), listen(t)
	room := NewRoomCode()
	host := NewLobbyHost(hostTr, room, "slam/1", "Ada's table", SeatsOf(1, 2, 3), func(j Joiner) []byte {
		return []byte(`{"seed":7,"you":"` + j.Name + `"}`)
	})
	host.AnnounceTo = append(host.AnnounceTo, discovery.LocalAddr())
	host.About = "Mode: Last One Loses"
	host.SeatsPerMachine = 2

	finder := NewRoomFinder(discovery)
	var rooms []Room
	start := time.Now()
	for len(rooms) == 0 {
		if time.Since(start) > hang {
			t.Fatal("no announcement heard")
		}
		host.Update(time.Since(start))
		rooms = finder.Update(time.Since(start))
		time.Sleep(time.Millisecond)
	}
	got := rooms[0]
	if got.Addr != hostTr.LocalAddr() || got.Rules != "slam/1" || got.Host != "Ada's table" || got.Open != 3 || got.About != "Mode: Last One Loses" {
		t.Fatalf("discovered %+v", got)
	}

	tests := []struct {
		name    string
		room    RoomCode
		rules   string
		seats   int
		refused string // part of the reason; "" for a welcome
	}{
		{"more than a machine's seats", room, "slam/1", 3, "at most 2 a machine"},
		{"two seats", room, "slam/1", 2, ""},
		{"other rules version", room, "slam/2", 1, "rules"},
		{"too many seats", room, "slam/1", 2, "seats wanted"},
		{"last seat", room, "slam/1", 1, ""},
	}
	var seated []*Join // kept alive while the others join
	for _, tt := range tests {
		tr := listen(t)
		j := NewJoin(tr, got.Addr, tt.room, tt.rules, tt.seats, "Bo", Ticket{})
		var res JoinResult
		for !res.Done {
			if time.Since(start) > hang {
				t.Fatalf("%s: no answer", tt.name)
			}
			host.Update(time.Since(start))
			res = j.Update(time.Since(start))
			for _, s := range seated {
				s.Update(time.Since(start))
			}
			time.Sleep(time.Millisecond)
		}
		if res.Refused == "" {
			seated = append(seated, j)
		}
		switch {
		case tt.refused != "" && !strings.Contains(res.Refused, tt.refused):
			t.Errorf("%s: refused %q, want a reason with %q", tt.name, res.Refused, tt.refused)
		case tt.refused == "" && (res.Refused != "" || res.Seats.Len() != tt.seats || string(res.Settings) != `{"seed":7,"you":"Bo"}`):
			t.Errorf("%s: %+v", tt.name, res)
		}
	}
	if host.Free() != 0 || len(host.Joiners()) != 2 {
		t.Errorf("free seats %08b, joiners %+v", host.Free(), host.Joiners())
	}
}

func TestLobbyIgnoresWrongRoom(t *testing.T) {
	n := NewMemNetwork(LinkConfig{}, 1)
	hostEnd, joinEnd := n.Endpoint(), n.Endpoint()
	host := NewLobbyHost(hostEnd, 100, "slam/1", "host", SeatsOf(1), func(Joiner) []byte { return nil })
	j := NewJoin(joinEnd, hostEnd.LocalAddr(), 101, "slam/1", 1, "Bo", Ticket{})
	for range 60 {
		host.Update(n.Now())
		if res := j.Update(n.Now()); res.Done {
			t.Fatalf("answered a hello for another room: %+v", res)
		}
		n.Advance(TickDuration)
	}
	if host.Counter.Dropped.WrongRoom == 0 || len(host.Joiners()) != 0 {
		t.Errorf("dropped %+v, joiners %v", host.Counter.Dropped, host.Joiners())
	}
}

func TestLobbyStartReachesJoiners(t *testing.T) {
	n := NewMemNetwork(LinkConfig{Delay: 30 * time.Millisecond, Loss: 0.3}, 4)
	hostEnd := n.Endpoint()
	host := NewLobbyHost(hostEnd, 100, "ninjan/1", "host", SeatsOf(1, 2), func(Joiner) []byte { return []byte("waiting") })
	joins := []*Join{
		NewJoin(n.Endpoint(), hostEnd.LocalAddr(), 100, "ninjan/1", 1, "Bo", Ticket{}),
		NewJoin(n.Endpoint(), hostEnd.LocalAddr(), 100, "ninjan/1", 1, "Cy", Ticket{}),
	}
	results := make([]JoinResult, len(joins))
	for tick := 0; !results[0].Started || !results[1].Started; tick++ {
		if tick > 600 {
			t.Fatalf("not started after 10 s: %+v", results)
		}
		if tick == 100 {
			// Settings too long for the start message start nothing.
			if err := host.Start(func(Joiner) []byte { return make([]byte, maxWelcomeLen+1) }); err == nil || host.Started() {
				t.Fatalf("oversized settings: error %v, started %v", err, host.Started())
			}
		}
		if tick == 120 {
			if err := host.Start(func(j Joiner) []byte { return []byte(fmt.Sprintf("go %d of %d", j.Index, len(host.Joiners())+1)) }); err != nil {
				t.Fatal(err)
			}
		}
		host.Update(n.Now())
		for i, j := range joins {
			results[i] = j.Update(n.Now())
		}
		n.Advance(TickDuration)
	}
	for i, r := range results {
		if want := fmt.Sprintf("go %d of 3", r.Index); string(r.Settings) != want || r.Seats.Len() != 1 {
			t.Errorf("joiner %d: %+v, want settings %q", i, r, want)
		}
	}
	late := NewJoin(n.Endpoint(), hostEnd.LocalAddr(), 100, "ninjan/1", 1, "Di", Ticket{})
	for range 60 {
		host.Update(n.Now())
		late.Update(n.Now())
		n.Advance(TickDuration)
	}
	if r := late.Update(n.Now()); r.Refused == "" {
		t.Errorf("a joiner after the start was not refused: %+v", r)
	}
}

// TestAnnounceAboutFits: a long description of the room is cut to fit
// the announcement, on a character's boundary.
func TestAnnounceAboutFits(t *testing.T) {
	n := NewMemNetwork(LinkConfig{}, 1)
	hostEnd, discovery := n.Endpoint(), n.Endpoint()
	host := NewLobbyHost(hostEnd, 100, "elevensuits/1", "host", SeatsOf(1), func(Joiner) []byte { return nil })
	host.AnnounceTo = []netip.AddrPort{discovery.LocalAddr()}
	host.About = strings.Repeat("Suits: 7 (9 for three) · ", 20)
	host.Update(n.Now())
	n.Advance(TickDuration)
	rooms := NewRoomFinder(discovery).Update(n.Now())
	if len(rooms) != 1 {
		t.Fatalf("rooms %+v", rooms)
	}
	if a := rooms[0].About; len(a) > maxAboutLen || !utf8.ValidString(a) || !strings.HasPrefix(host.About, a) || len(a) < maxAboutLen-3 {
		t.Errorf("announced about %q (%d bytes)", a, len(a))
	}
}

// TestLobbyHandoffRepeatsALostStart: the start message goes once, and a
// joiner that misses it repeats its hello until it hears the start; but
// the game stops updating the lobby at the start and gives its transport
// to the match, so that Handoff's transport must answer those hellos.
// Here Bo's start is lost; the host then runs a hidden-hand match on the
// handed-off transport alone, as the game does. Once, nothing answered
// Bo, who waited for the start for ever while the host took its seat
// over as a silent machine's. A stranger's hello is refused, and a
// flood of hellos answered no more than lateAnswers times.
func TestLobbyHandoffRepeatsALostStart(t *testing.T) {
	n := NewMemNetwork(LinkConfig{Delay: 20 * time.Millisecond, Jitter: 5 * time.Millisecond}, 7)
	hostEnd, boEnd, cyEnd, stranger := n.Endpoint(), n.Endpoint(), n.Endpoint(), n.Endpoint()
	lobby := NewLobbyHost(hostEnd, 100, "secrets/1", "host", SeatsOf(1, 2), func(Joiner) []byte { return []byte("options") })
	joins := []*Join{
		NewJoin(boEnd, hostEnd.LocalAddr(), 100, "secrets/1", 1, "Bo", Ticket{}),
		NewJoin(cyEnd, hostEnd.LocalAddr(), 100, "secrets/1", 1, "Cy", Ticket{}),
	}
	for seated := false; !seated; n.Advance(TickDuration) {
		if n.Now() > 5*time.Second {
			t.Fatalf("not seated: %v", lobby.Joiners())
		}
		lobby.Update(n.Now())
		seated = len(lobby.Joiners()) == 2
		for _, j := range joins {
			seated = j.Update(n.Now()).Done && seated
		}
	}
	boEnd.Cut(true) // Bo's start is lost
	if err := lobby.Start(func(j Joiner) []byte { return []byte("go") }); err != nil {
		t.Fatal(err)
	}
	boEnd.Cut(false)
	tr, err := lobby.Handoff(n.Now)
	if err != nil {
		t.Fatal(err)
	}
	if u, ok := tr.(interface{ Unwrap() Transport }); !ok || u.Unwrap() != hostEnd {
		t.Errorf("the handed-off transport %T does not unwrap to the lobby's", tr)
	}
	var remotes []Remote
	for _, j := range lobby.Joiners() {
		remotes = append(remotes, Remote{Addr: j.Addr, Seats: j.Seats})
	}
	host, err := NewHost(secretsHostConfig(100, remotes), tr, newSecrets(3, 7))
	if err != nil {
		t.Fatal(err)
	}
	start := n.Now()
	late := NewJoin(stranger, hostEnd.LocalAddr(), 100, "secrets/1", 1, "Di", Ticket{})
	clients := make([]*Client, len(joins))
	viewed := make([]bool, len(joins))
	for !viewed[0] || !viewed[1] || !late.Update(n.Now()).Done {
		if n.Now()-start > 3*time.Second {
			t.Fatalf("3 s after the start: a view for Bo %v, Cy %v; the stranger answered %v; host's clients %+v",
				viewed[0], viewed[1], late.Update(n.Now()).Done, host.Remotes())
		}
		if err := host.Update(n.Now()); err != nil {
			t.Fatal(err)
		}
		for i, j := range joins {
			if clients[i] == nil {
				if res := j.Update(n.Now()); res.Started {
					clients[i] = NewClient(j.tr, j.host, 100, res.Seats)
				}
				continue
			}
			if len(clients[i].Update(n.Now())) > 0 {
				viewed[i] = true
			}
		}
		n.Advance(TickDuration)
	}
	if res := late.Update(n.Now()); res.Refused != "the match has started" {
		t.Errorf("the stranger's hello after the start: %+v", res)
	}
	for _, r := range host.Remotes() {
		if r.Fault != "" {
			t.Errorf("host gave up on %v: %s", r.Addr, r.Fault)
		}
	}
	// A flood of Bo's hellos is answered lateAnswers times in all.
	bo := lobby.joiner(boEnd.LocalAddr())
	before, sent := lobby.company[bo].late, lobby.Counter.PacketsSent
	if before == 0 {
		t.Fatal("Bo started without a late answer")
	}
	hello := (&hello{Rules: "secrets/1", Seats: 1, Name: "Bo"}).append(appendHeader(nil, KindHello, 100))
	for range 3 * lateAnswers {
		hostEnd.Inject(boEnd.LocalAddr(), hello)
	}
	if err := host.Update(n.Now()); err != nil {
		t.Fatal(err)
	}
	if answered := lobby.Counter.PacketsSent - sent; answered != int64(lateAnswers-before) {
		t.Errorf("answered %d of a flood of %d hellos after %d late answers, want %d in all", answered, 3*lateAnswers, before, lateAnswers)
	}
}

// TestHandoffAllocatesNothing: the handed-off transport passes a match's
// packet on without allocating.
func TestHandoffAllocatesNothing(t *testing.T) {
	n := NewMemNetwork(LinkConfig{}, 1)
	hostEnd, peer := n.Endpoint(), n.Endpoint()
	lobby := NewLobbyHost(hostEnd, 100, "secrets/1", "host", SeatsOf(1), func(Joiner) []byte { return nil })
	if err := lobby.Start(func(Joiner) []byte { return nil }); err != nil {
		t.Fatal(err)
	}
	tr, err := lobby.Handoff(n.Now)
	if err != nil {
		t.Fatal(err)
	}
	ack := (&ackMsg{Next: 3}).append(appendHeader(nil, KindAck, 100))
	var buf [MaxPacketSize + 1]byte
	allocs := testing.AllocsPerRun(100, func() {
		hostEnd.queue = append(hostEnd.queue[:0], memPacket{from: peer.LocalAddr(), data: ack})
		if _, _, ok := tr.Receive(buf[:]); !ok {
			t.Fatal("the packet did not pass")
		}
	})
	if allocs != 0 {
		t.Errorf("%v allocations a packet", allocs)
	}
}

// TestJoinHurriesOnceTheMatchHasBegun: a joiner whose start was lost
// hears of it at the next answer to its hello, which it sends every
// joinKeepAlive while it waits; but once the match's packets reach it,
// the match has begun and gives it only seconds, so it asks again within
// 200 ms (with its hellos and their answers lost as often as any packet,
// it once missed the match at 30% loss).
func TestJoinHurriesOnceTheMatchHasBegun(t *testing.T) {
	n := NewMemNetwork(LinkConfig{Delay: 20 * time.Millisecond}, 1)
	hostEnd, boEnd := n.Endpoint(), n.Endpoint()
	lobby := NewLobbyHost(hostEnd, 100, "secrets/1", "host", SeatsOf(1), func(Joiner) []byte { return nil })
	join := NewJoin(boEnd, hostEnd.LocalAddr(), 100, "secrets/1", 1, "Bo", Ticket{})
	for !join.Update(n.Now()).Done || join.sent != n.Now() { // until Bo has just sent a hello
		if n.Now() > 5*time.Second {
			t.Fatal("Bo was not seated")
		}
		lobby.Update(n.Now())
		n.Advance(TickDuration)
	}
	for range 2 { // the lobby answers it: Bo's next hello is joinKeepAlive away
		n.Advance(TickDuration)
		lobby.Update(n.Now())
		join.Update(n.Now())
	}
	boEnd.Cut(true) // Bo's start is lost
	if err := lobby.Start(func(Joiner) []byte { return nil }); err != nil {
		t.Fatal(err)
	}
	boEnd.Cut(false)
	tr, err := lobby.Handoff(n.Now)
	if err != nil {
		t.Fatal(err)
	}
	host, err := NewHost(secretsHostConfig(100, []Remote{{Addr: boEnd.LocalAddr(), Seats: SeatsOf(1)}}), tr, newSecrets(2, 1))
	if err != nil {
		t.Fatal(err)
	}
	start := n.Now()
	for !join.Update(n.Now()).Started {
		if n.Now()-start > joinKeepAlive-TickDuration {
			t.Fatalf("Bo had not heard the start %v after it, with the match's packets arriving after %v", n.Now()-start, 20*time.Millisecond)
		}
		if err := host.Update(n.Now()); err != nil {
			t.Fatal(err)
		}
		n.Advance(TickDuration)
	}
}

// TestJoinHearsTheRoomGo: a welcomed joiner learns that its room is gone:
// at once when the host closes it (CloseRoom, its word sent three times
// over a lossy link), or from Unanswered once the host falls silent. A
// joiner that itself stopped for a while (a page whose loop a browser
// paused) does not take its own silence for the host's.
func TestJoinHearsTheRoomGo(t *testing.T) {
	setup := func(seed uint64) (*MemNetwork, *LobbyHost, *Join) {
		n := NewMemNetwork(LinkConfig{Delay: 30 * time.Millisecond, Loss: 0.1}, seed)
		hostEnd := n.Endpoint()
		host := NewLobbyHost(hostEnd, 100, "ninjan/1", "host", SeatsOf(1), func(Joiner) []byte { return []byte("waiting") })
		join := NewJoin(n.Endpoint(), hostEnd.LocalAddr(), 100, "ninjan/1", 1, "Bo", Ticket{})
		for tick := 0; !join.Update(n.Now()).Done; tick++ {
			if tick > 600 {
				t.Fatal("not welcomed after 10 s")
			}
			host.Update(n.Now())
			n.Advance(TickDuration)
		}
		return n, host, join
	}
	t.Run("closed", func(t *testing.T) {
		n, host, join := setup(5)
		host.CloseRoom()
		var r JoinResult
		for range 30 {
			n.Advance(TickDuration)
			r = join.Update(n.Now())
		}
		if r.Refused != RoomClosed {
			t.Errorf("the joiner was told %q, want %q", r.Refused, RoomClosed)
		}
	})
	t.Run("silent", func(t *testing.T) {
		n, host, join := setup(6)
		longest := time.Duration(0)
		for range 300 { // the host answers
			host.Update(n.Now())
			join.Update(n.Now())
			longest = max(longest, join.Unanswered(n.Now()))
			n.Advance(TickDuration)
		}
		if longest >= 2*time.Second {
			t.Errorf("the host answering over a lossy link left hellos unanswered %v", longest)
		}
		// The joiner stops for a minute, a hello of its unanswered; then
		// the host answers again.
		for join.asked < 0 {
			host.Update(n.Now())
			join.Update(n.Now())
			n.Advance(TickDuration)
		}
		n.Advance(time.Minute)
		for range 60 {
			host.Update(n.Now())
			join.Update(n.Now())
			if u := join.Unanswered(n.Now()); u >= 2*time.Second {
				t.Fatalf("after its own pause the joiner counts %v unanswered", u)
			}
			n.Advance(TickDuration)
		}
		// The host falls silent.
		from := n.Now()
		for join.Unanswered(n.Now()) < 5*time.Second {
			if n.Now()-from > 7*time.Second {
				t.Fatalf("hellos unanswered only %v after the host fell silent", join.Unanswered(n.Now()))
			}
			join.Update(n.Now())
			n.Advance(TickDuration)
		}
	})
}
