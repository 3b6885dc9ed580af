//go:build !js

package netlobby

import (
	"encoding/json"
	"errors"
	"net/netip"
	"reflect"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/netplay"
	"github.com/jankenarcade/janken/persist"
	"github.com/jankenarcade/janken/scenes"
)

// TestReloadedJoinerResumesItsSeats: a joiner of a match that takes
// machines back keeps a note of it as it starts; a page reloaded meanwhile
// (here a new director, on a new socket, the old one closed) resumes from
// the note: it asks the room with its ticket, the host's match moves the
// seats (netplay.OnRejoin), and the game starts again with the same seats.
// A table that lost its link, without a reload, asks the same way from
// memory (Match.Reconnect), its note forgotten as the table closed, and
// keeps it again. When the match cannot take it back, the page says why
// and forgets the note. A game that does not take machines back keeps
// none, and its match has no Reconnect.
func TestReloadedJoinerResumesItsSeats(t *testing.T) {
	tests := []struct {
		name    string
		rejoins bool  // Config.Rejoins
		refuse  error // the host's match's answer
		inPlace bool  // Match.Reconnect, not a reload
	}{
		{name: "taken back", rejoins: true},
		{name: "taken back without a reload", rejoins: true, inPlace: true},
		{name: "refused", rejoins: true, refuse: errors.New("the host cannot give this machine its seats back")},
		{name: "a game that cannot", rejoins: false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l, net := rejoinLobbies(t, tt.rejoins)
			hostM, joinerM := l.startMatch()
			if (keptNote() != nil) != tt.rejoins || (joinerM.Reconnect != nil) != tt.rejoins || hostM.Reconnect != nil {
				t.Fatalf("a note kept: %v, the joiner may reconnect: %v, the host: %v; the game takes machines back: %v",
					keptNote() != nil, joinerM.Reconnect != nil, hostM.Reconnect != nil, tt.rejoins)
			}
			if !tt.rejoins {
				return
			}
			var moved [][2]netip.AddrPort
			netplay.OnRejoin(hostM.Transport, func(old, addr netip.AddrPort) error {
				moved = append(moved, [2]netip.AddrPort{old, addr})
				return tt.refuse
			})
			oldAddr := hostM.Joiners[0].Addr
			joinerM.Transport.Close() // the page is gone

			var again *Match
			var page *Lobby
			carried := &lostMatch{Draft{Replay: []byte("the lost table's replay"), Log: []string{"Ann plays."}}} // what a table hands on (Match.Carried)
			cfg := Config{Title: "Test", Rules: "ninjan/1", MinPlayers: 2, MaxPlayers: 2, Rejoins: true, Net: net, PlayerName: joinerName,
				Start: func(_ *scenes.Context, m Match) error { again = &m; return nil }}
			resume := func(d *scenes.Director) scenes.Scene { page = Resume(d, cfg); return page }
			started := func() *Match { return again }
			if tt.inPlace {
				Forget() // as the table does when it closes
				l.joinerM = nil
				resume = func(d *scenes.Director) scenes.Scene { page = joinerM.Reconnect(d, carried).(*Lobby); return page }
				started = func() *Match { return l.joinerM } // the first lobby's Start
			}
			d := scenes.New(scenes.Options{Source: new(input.Script), Store: persist.At(t.TempDir()), Start: resume})
			if keptNote() == nil {
				t.Error("the page asking for its seats again keeps no note for a reload meanwhile")
			}
			if got, _ := keptDraft(); tt.inPlace && !reflect.DeepEqual(got, carried.draft) {
				t.Errorf("the page asking for its seats again keeps the draft %+v for a reload meanwhile, want the lost table's %+v", got, carried.draft)
			}
			if page == nil || page.mode != modeWaiting {
				t.Fatalf("the reloaded page did not ask for its seats: %+v", page)
			}
			var buf [netplay.MaxPacketSize + 1]byte
			for tick := 0; started() == nil && page.mode == modeWaiting; tick++ {
				if tick == 600 {
					t.Fatal("the reloaded page had no answer in 10 s")
				}
				if err := d.Update(); err != nil {
					t.Fatal(err)
				}
				for ok := true; ok; _, _, ok = hostM.Transport.Receive(buf[:]) { // the host's match reads
				}
				loopbackPause()
			}
			again = started()
			if again != nil {
				t.Cleanup(func() { again.Transport.Close() })
			}
			if len(moved) != 1 || moved[0][0] != oldAddr || moved[0][1] == oldAddr {
				t.Errorf("the host's match moved %v; the page was at %v", moved, oldAddr)
			}
			if tt.refuse != nil {
				if again != nil || !strings.Contains(page.err, "Could not go back to the match: the host cannot give this machine its seats back") || keptNote() != nil {
					t.Errorf("refused: started %v, the page says %q, note %q", again != nil, page.err, keptNote())
				}
				return
			}
			if again == nil || again.Seats != joinerM.Seats || again.Index != joinerM.Index {
				t.Fatalf("started again as %+v, was %+v", again, joinerM)
			}
			if want := any(nil); tt.inPlace && again.Carried != any(carried) || !tt.inPlace && again.Carried != want {
				t.Errorf("started again carrying %v; the lost table handed on %v (none after a reload)", again.Carried, carried)
			}
			if keptNote() == nil {
				t.Error("the note was not kept for the next reload")
			}
		})
	}
}

// lostMatch is the match so far that a table whose link was lost hands
// on.
type lostMatch struct{ draft Draft }

// Draft implements Drafter.
func (m *lostMatch) Draft() (Draft, error) { return m.draft, nil }

// TestPageReloadedInTheRoomGoesBack: a page reloaded while it waits in
// the room for the start goes back to it from its note (Resume): the host
// seats it again where it sat, from its new address, and it starts with
// the others.
func TestPageReloadedInTheRoomGoesBack(t *testing.T) {
	l, net := rejoinLobbies(t, true)
	l.joinRoom()
	was := l.host.host.Joiners()[0]
	l.joiner.Leave(nil) // the page is gone: its socket closes

	var started *Match
	cfg := Config{Title: "Test", Rules: "ninjan/1", MinPlayers: 2, MaxPlayers: 2, Rejoins: true, Net: net, PlayerName: joinerName,
		Start: func(_ *scenes.Context, m Match) error { started = &m; return nil }}
	src := new(input.Script)
	var page *Lobby
	d := scenes.New(scenes.Options{Source: src, Store: persist.At(t.TempDir()),
		Start: func(d *scenes.Director) scenes.Scene { page = Resume(d, cfg); return page }})
	if page == nil {
		t.Fatal("the reloaded page did not go back to its room")
	}
	l.joiner, l.jd, l.jsrc = page, d, src
	l.run(600, func(*Lobby) ebiten.Key { return 0 }, func() bool { return page.joined.Done })
	js := l.host.host.Joiners()
	if len(js) != 1 || js[0].Addr == was.Addr || js[0].Seats != was.Seats || page.joined.Seats != was.Seats {
		t.Fatalf("the host seats %+v (was %+v); the page was told %+v", js, was, page.joined)
	}
	l.run(600, func(lb *Lobby) ebiten.Key {
		if lb == l.host && lb.mode == modeHost && lb.players() == 2 {
			return ebiten.KeyEnter // Start
		}
		return 0
	}, func() bool { return started != nil && l.hostM != nil })
	t.Cleanup(func() { started.Transport.Close(); l.hostM.Transport.Close() })
	if started.Seats != was.Seats {
		t.Errorf("the page started with seats %v, it sat at %v", started.Seats, was.Seats)
	}
}

// joinRoom has the host host a room and the joiner join it, and checks
// that the joiner keeps a note of it.
func (l *loopbackLobbies) joinRoom() {
	l.t.Helper()
	l.run(1200, func(lb *Lobby) ebiten.Key {
		if lb == l.host {
			if lb.mode == modeChoose {
				return ebiten.KeyEnter // Host a game
			}
			return 0
		}
		return l.joinerJoins(lb)
	}, func() bool {
		return l.joiner.mode == modeWaiting && l.joiner.joined.Done && len(l.host.host.Joiners()) == 1
	})
	if keptNote() == nil {
		l.t.Fatal("the page welcomed to the room kept no note")
	}
}

// TestLeavingTheRoomForgetsIt: a player who leaves the room leaves no
// note to go back to it by.
func TestLeavingTheRoomForgetsIt(t *testing.T) {
	l, _ := rejoinLobbies(t, true)
	l.joinRoom()
	l.run(10, func(lb *Lobby) ebiten.Key {
		if lb == l.joiner && lb.mode == modeWaiting {
			return ebiten.KeyEscape
		}
		return 0
	}, func() bool { return l.joiner.mode != modeWaiting })
	if keptNote() != nil {
		t.Errorf("the player left the room, and the page kept its note %q", keptNote())
	}
}

// rejoinLobbies opens a host's and a joiner's Ninjan lobby on loopback,
// taking machines back if rejoins, with no note kept before or after.
func rejoinLobbies(t *testing.T, rejoins bool) (*loopbackLobbies, *Network) {
	Forget()
	t.Cleanup(Forget)
	l := &loopbackLobbies{t: t, tune: func(c *Config) { c.Rejoins = rejoins }}
	net := loopbackLAN(t, &l.wire)
	return l.open("ninjan/1", net, net), net
}

// TestUnreadableNoteIsForgotten: a note that cannot be read, or that no
// game plays, resumes nothing and is forgotten, so the page starts at its
// title as it would without one.
func TestUnreadableNoteIsForgotten(t *testing.T) {
	t.Cleanup(Forget)
	good := rejoinNote{Rules: "ninjan/1", Room: "BCDF", Host: "127.0.0.1:7300", Seats: 1, Ticket: strings.Repeat("ab", 16)}
	for _, tt := range []struct {
		name string
		note func(n rejoinNote) rejoinNote
		raw  string // instead of note, if set
	}{
		{name: "not JSON", raw: `{"rules":`},
		{name: "another game", note: func(n rejoinNote) rejoinNote { n.Rules = "chess/1"; return n }},
		{name: "a bad room code", note: func(n rejoinNote) rejoinNote { n.Room = "AEIO"; return n }},
		{name: "a bad address", note: func(n rejoinNote) rejoinNote { n.Host = "the host"; return n }},
		{name: "a short ticket", note: func(n rejoinNote) rejoinNote { n.Ticket = "abab"; return n }},
		{name: "no seats", note: func(n rejoinNote) rejoinNote { n.Seats = 0; return n }},
	} {
		data := []byte(tt.raw)
		if tt.note != nil {
			var err error
			if data, err = json.Marshal(tt.note(good)); err != nil {
				t.Fatal(err)
			}
		}
		keepNote(data)
		d := scenes.New(scenes.Options{Source: new(input.Script), Store: persist.At(t.TempDir())})
		if l := Resume(d, Config{Title: "Ninjan", Rules: "ninjan/1", Rejoins: true, Start: func(*scenes.Context, Match) error { return nil }}); l != nil {
			t.Errorf("%s: resumed %+v", tt.name, l.target)
		}
		if keptNote() != nil {
			t.Errorf("%s: the note %q is kept", tt.name, keptNote())
		}
	}
	// The good note, on an in-memory network, asks its room again.
	data, err := json.Marshal(good)
	if err != nil {
		t.Fatal(err)
	}
	keepNote(data)
	d := scenes.New(scenes.Options{Source: new(input.Script), Store: persist.At(t.TempDir())})
	cfg := Config{Title: "Ninjan", Rules: "ninjan/1", Rejoins: true, Net: memLAN(netplay.NewMemNetwork(netplay.LinkConfig{}, 1)),
		Start: func(*scenes.Context, Match) error { return nil }}
	if l := Resume(d, cfg); l == nil || l.mode != modeWaiting || l.target.code.String() != good.Room || l.ticket.String() != good.Ticket {
		t.Errorf("the good note resumed %+v", l)
	}
}

// TestGoingBackToAHostThatIsGone: a page that goes back to a match whose
// host has gone hears nothing, and says so after answerWait, forgetting
// its note.
func TestGoingBackToAHostThatIsGone(t *testing.T) {
	l, net := rejoinLobbies(t, true)
	hostM, joinerM := l.startMatch()
	hostM.Transport.Close() // the host has left
	joinerM.Transport.Close()
	var page *Lobby
	d := scenes.New(scenes.Options{Source: new(input.Script), Store: persist.At(t.TempDir()), Start: func(d *scenes.Director) scenes.Scene {
		page = Resume(d, Config{Title: "Test", Rules: "ninjan/1", MinPlayers: 2, MaxPlayers: 2, Rejoins: true, Net: net,
			Start: func(*scenes.Context, Match) error { return nil }})
		return page
	}})
	for tick := 0; page.mode == modeWaiting; tick++ {
		if tick > int(answerWait/netplay.TickDuration)+60 {
			t.Fatalf("still asking after %d ticks", tick)
		}
		if err := d.Update(); err != nil {
			t.Fatal(err)
		}
	}
	if want := "Could not go back to the match: the host's machine does not answer."; page.err != want || keptNote() != nil {
		t.Errorf("the page says %q, want %q; note %q", page.err, want, keptNote())
	}
}

// TestDraftGoesWithTheNote: a page's draft of its match is kept only
// with a note of a match to go back to; Resume hands it to that match as
// its Carried; forgetting the note forgets the draft.
func TestDraftGoesWithTheNote(t *testing.T) {
	Forget()
	t.Cleanup(Forget)
	draft := Draft{Replay: []byte("JKRP\x00\xff a replay so far"), Log: []string{"Ann plays.", "Bo claims pile 2."}}
	KeepDraft(draft)
	if got, ok := keptDraft(); ok {
		t.Errorf("without a note, the draft %+v was kept", got)
	}
	note, err := json.Marshal(rejoinNote{Rules: "ninjan/1", Room: "BCDF", Host: "127.0.0.1:7300", Seats: 1, Ticket: strings.Repeat("ab", 16)})
	if err != nil {
		t.Fatal(err)
	}
	keepNote(note)
	KeepDraft(draft)
	d := scenes.New(scenes.Options{Source: new(input.Script), Store: persist.At(t.TempDir())})
	cfg := Config{Title: "Ninjan", Rules: "ninjan/1", Rejoins: true, Net: memLAN(netplay.NewMemNetwork(netplay.LinkConfig{}, 1)),
		Start: func(*scenes.Context, Match) error { return nil }}
	l := Resume(d, cfg)
	if l == nil {
		t.Fatal("the note resumed nothing")
	}
	if got, ok := l.carried.(Draft); !ok || !reflect.DeepEqual(got, draft) {
		t.Errorf("the resumed match carries %#v, want the draft %+v", l.carried, draft)
	}
	for _, bad := range []string{`{"replay":`, `{"log":["Ann plays."]}`, "SktSUAE= (a draft of an earlier build)"} {
		keep(draftKey, bad)
		if l := Resume(d, cfg); l == nil {
			t.Errorf("with the unreadable draft %q kept, Resume gives nothing; want the match", bad)
		} else if l.carried != nil {
			t.Errorf("with the unreadable draft %q kept, the match carries %#v; want nothing", bad, l.carried)
		}
	}
	KeepDraft(Draft{Replay: make([]byte, notesRoom)}) // too large to keep
	if got, ok := keptDraft(); ok {
		t.Errorf("after a draft too large to keep, the one before (%+v) is kept", got)
	}
	KeepDraft(draft)
	Forget()
	if got, ok := keptDraft(); ok {
		t.Errorf("the note forgotten, the draft %+v is kept", got)
	}
}

// TestFreshJoinForgetsAnOldDraft: a page welcomed to a room afresh drops a
// replay draft kept from another match, which its table must not go on
// with.
func TestFreshJoinForgetsAnOldDraft(t *testing.T) {
	l, _ := rejoinLobbies(t, true)
	keepNote([]byte(`{"rules":"ninjan/1"}`)) // another match's
	KeepDraft(Draft{Replay: []byte("another match's replay")})
	if _, ok := keptDraft(); !ok {
		t.Fatal("the draft was not kept with the note")
	}
	l.startMatch()
	if got, ok := keptDraft(); ok {
		t.Errorf("joined afresh, the page keeps the draft %+v", got)
	}
}
