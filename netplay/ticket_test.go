package netplay

import (
	"errors"
	"net/netip"
	"testing"
	"time"
)

// seatedRoom is a lobby with Bo and Cy seated, and what they were told.
type seatedRoom struct {
	n       *MemNetwork
	hostEnd *MemEndpoint
	lobby   *LobbyHost
	told    [2]JoinResult // Bo's, Cy's
	ends    [2]*MemEndpoint
}

func seatRoom(t *testing.T) *seatedRoom {
	t.Helper()
	n := NewMemNetwork(LinkConfig{Delay: 10 * time.Millisecond}, 3)
	r := &seatedRoom{n: n, hostEnd: n.Endpoint(), ends: [2]*MemEndpoint{n.Endpoint(), n.Endpoint()}}
	r.lobby = NewLobbyHost(r.hostEnd, 100, "secrets/1", "host", SeatsOf(1, 2), func(Joiner) []byte { return []byte("go") })
	joins := [2]*Join{
		NewJoin(r.ends[0], r.hostEnd.LocalAddr(), 100, "secrets/1", 1, "Bo", Ticket{}),
		NewJoin(r.ends[1], r.hostEnd.LocalAddr(), 100, "secrets/1", 1, "Cy", Ticket{}),
	}
	for !r.told[0].Done || !r.told[1].Done {
		if n.Now() > 5*time.Second {
			t.Fatalf("not seated: %+v", r.told)
		}
		r.lobby.Update(n.Now())
		for i, j := range joins {
			r.told[i] = j.Update(n.Now())
		}
		n.Advance(TickDuration)
	}
	return r
}

// comeBack has a new endpoint (a reloaded page) join with ticket, the host
// reading through read (the lobby's Update before the start, the match's
// handed-off transport after), until it is answered.
func (r *seatedRoom) comeBack(t *testing.T, ticket Ticket, read func()) (JoinResult, netip.AddrPort) {
	t.Helper()
	end := r.n.Endpoint()
	j := NewJoin(end, r.hostEnd.LocalAddr(), 100, "secrets/1", 1, "Bo", ticket)
	for start := r.n.Now(); ; r.n.Advance(TickDuration) {
		if r.n.Now()-start > 3*time.Second {
			t.Fatal("the page that came back was not answered in 3 s")
		}
		read()
		if res := j.Update(r.n.Now()); res.Done {
			return res, end.LocalAddr()
		}
	}
}

// TestJoinerComesBackWithItsTicket: a joiner that comes back from a new
// address (a browser whose page reloaded) with the ticket of its welcome
// has its seats moved there, before the start by the lobby, after it by
// the match the lobby handed its transport to (OnRejoin). Without the
// right ticket it is a stranger, and nothing moves.
func TestJoinerComesBackWithItsTicket(t *testing.T) {
	tests := []struct {
		name    string
		started bool
		ticket  func(bo Ticket) Ticket
		rejoin  func(old, addr netip.AddrPort) error // nil: the match cannot take it back
		refused string                               // "" to be taken back
	}{
		{name: "in the room", ticket: func(bo Ticket) Ticket { return bo }},
		{name: "in the match", started: true, ticket: func(bo Ticket) Ticket { return bo },
			rejoin: func(old, addr netip.AddrPort) error { return nil }},
		{name: "in a match that cannot take it back", started: true, ticket: func(bo Ticket) Ticket { return bo },
			refused: "this match cannot be rejoined"},
		{name: "after the bots took its seat", started: true, ticket: func(bo Ticket) Ticket { return bo },
			rejoin:  func(old, addr netip.AddrPort) error { return errors.New("AI players took your seats") },
			refused: "AI players took your seats"},
		{name: "a forged ticket", started: true, ticket: func(Ticket) Ticket { return Ticket{1, 2, 3} },
			rejoin:  func(old, addr netip.AddrPort) error { t.Error("a forged ticket moved a seat"); return nil },
			refused: "the match has started"},
		{name: "a ticket one bit off", started: true, ticket: func(bo Ticket) Ticket { bo[15] ^= 1; return bo },
			rejoin:  func(old, addr netip.AddrPort) error { t.Error("a wrong ticket moved a seat"); return nil },
			refused: "the match has started"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := seatRoom(t)
			bo, cy := r.told[0], r.told[1]
			if bo.Ticket.IsZero() || cy.Ticket.IsZero() || bo.Ticket == cy.Ticket {
				t.Fatalf("tickets: Bo's %v, Cy's %v", bo.Ticket, cy.Ticket)
			}
			oldAddr := r.ends[0].LocalAddr()
			read := func() { r.lobby.Update(r.n.Now()) }
			var moved [][2]netip.AddrPort
			if tt.started {
				if err := r.lobby.Start(func(Joiner) []byte { return []byte("go") }); err != nil {
					t.Fatal(err)
				}
				tr, err := r.lobby.Handoff(r.n.Now)
				if err != nil {
					t.Fatal(err)
				}
				if tt.rejoin != nil {
					if !OnRejoin(tr, func(old, addr netip.AddrPort) error {
						moved = append(moved, [2]netip.AddrPort{old, addr})
						return tt.rejoin(old, addr)
					}) {
						t.Fatal("OnRejoin: the handed-off transport is not a handoff")
					}
				}
				var buf [MaxPacketSize + 1]byte
				read = func() {
					for ok := true; ok; _, _, ok = tr.Receive(buf[:]) {
					}
				}
			}
			res, newAddr := r.comeBack(t, tt.ticket(bo.Ticket), read)
			j := r.lobby.Joiners()[0]
			if tt.refused != "" {
				if res.Refused != tt.refused || j.Addr != oldAddr {
					t.Errorf("answered %+v; Bo at %v, was at %v", res, j.Addr, oldAddr)
				}
				return
			}
			if res.Refused != "" || res.Started != tt.started || res.Index != bo.Index || res.Seats != bo.Seats || res.Ticket != bo.Ticket {
				t.Errorf("answered %+v, Bo was told %+v", res, bo)
			}
			if j.Addr != newAddr || len(r.lobby.Joiners()) != 2 || r.lobby.Free() != 0 {
				t.Errorf("joiners %+v, free %08b; Bo came back from %v", r.lobby.Joiners(), r.lobby.Free(), newAddr)
			}
			if want := [][2]netip.AddrPort{{oldAddr, newAddr}}; tt.started && (len(moved) != 1 || moved[0] != want[0]) {
				t.Errorf("the match moved %v, want %v", moved, want)
			}
		})
	}
}

// TestTicketCodec: a hello and a welcome carry a ticket or none; a ticket
// of another length is malformed.
func TestTicketCodec(t *testing.T) {
	tk := Ticket{9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 1, 2, 3, 4, 5, 6}
	for _, want := range []Ticket{{}, tk} {
		var h hello
		if err := h.decode((&hello{Rules: "x/1", Seats: 1, Name: "Bo", Ticket: want}).append(nil)); err != nil || h.Ticket != want {
			t.Errorf("hello with ticket %v: %+v, %v", want, h, err)
		}
		var w welcome
		if err := w.decode((&welcome{Index: 1, Seats: 2, Ticket: want}).append(nil)); err != nil || w.Ticket != want {
			t.Errorf("welcome with ticket %v: %+v, %v", want, w, err)
		}
	}
	short := appendBytes((&hello{Rules: "x/1", Seats: 1, Name: "Bo"}).append(nil)[:8], tk[:5])
	var h hello
	if err := h.decode(short); err == nil {
		t.Errorf("a 5-byte ticket decoded: %+v", h)
	}
	if got, err := ParseTicket(tk.String()); err != nil || got != tk {
		t.Errorf("ParseTicket(%q) = %v, %v", tk.String(), got, err)
	}
	for _, bad := range []string{"", "00", tk.String() + "00", "zz" + tk.String()[2:]} {
		if _, err := ParseTicket(bad); err == nil {
			t.Errorf("ParseTicket(%q) accepted", bad)
		}
	}
}

// TestJoinerComesBackAgainAndAgain: a page that reloads many times in one
// match is taken back each time. The handed-off transport once kept the
// lobby's clock where the start left it, so a joiner's hello budget never
// refilled: its third come-back, and every one after, went unanswered.
func TestJoinerComesBackAgainAndAgain(t *testing.T) {
	r := seatRoom(t)
	if err := r.lobby.Start(func(Joiner) []byte { return []byte("go") }); err != nil {
		t.Fatal(err)
	}
	tr, err := r.lobby.Handoff(r.n.Now)
	if err != nil {
		t.Fatal(err)
	}
	moves := 0
	OnRejoin(tr, func(old, addr netip.AddrPort) error { moves++; return nil })
	var buf [MaxPacketSize + 1]byte
	read := func() {
		for ok := true; ok; _, _, ok = tr.Receive(buf[:]) {
		}
	}
	for i := range 8 {
		r.n.Advance(time.Second) // the page reloads
		res, addr := r.comeBack(t, r.told[0].Ticket, read)
		if res.Refused != "" || !res.Started || r.lobby.Joiners()[0].Addr != addr {
			t.Fatalf("come-back %d: answered %+v; Bo at %v, came from %v", i+1, res, r.lobby.Joiners()[0].Addr, addr)
		}
	}
	if moves != 8 {
		t.Errorf("the match moved Bo %d times, want 8", moves)
	}
}
