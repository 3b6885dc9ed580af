//go:build !js

package netplay

import (
	"context"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/rulesets/slam"
)

// TestWebSocketRelay plays three-player Slam in real time on loopback: the
// host on UDP and WebSocket, a desktop peer on UDP, and a "browser" peer
// (the desktop WebSocketClient) that reaches only the host, which relays
// between it and the desktop peer. Every transport is sealed with the
// room's code, as in the game. The lobby marks the browser host-only,
// and every peer settles the same ticks with the same hashes.
func TestWebSocketRelay(t *testing.T) {
	const room, seed, ticks = 12, 6, 600
	trio := joinTrio(t, room)
	hashes := make([][]uint64, len(trio.views))
	sessions, bots := trio.sessions(t, seed, func(i int, f *rulesets.Frame, s *slam.State) {
		hashes[i] = append(hashes[i][:f.Tick], s.Hash())
	})

	start := time.Now()
	for done := false; !done; {
		if time.Since(start) > hang {
			t.Fatalf("stalled: settled ticks %d, %d, %d", len(hashes[0]), len(hashes[1]), len(hashes[2]))
		}
		done = true
		for i, s := range sessions {
			var f rulesets.Frame
			bots[i].Act(s.State(), &f)
			s.Update(time.Since(start), &f)
			for _, ev := range s.Events() {
				if ev.Kind == EventDesync || ev.Kind == EventFault || ev.Kind == EventTimeout {
					t.Fatalf("peer %d: %+v", i, ev)
				}
			}
			done = done && len(hashes[i]) >= ticks
		}
		time.Sleep(TickDuration / 4)
	}
	for i := range sessions {
		for tick := range ticks {
			if hashes[i][tick] != hashes[0][tick] {
				t.Fatalf("peer %d settled tick %d with hash %#x, the host with %#x", i, tick, hashes[i][tick], hashes[0][tick])
			}
		}
		if d := sessions[i].Stats().Counter.Dropped; refused(d) != 0 {
			t.Errorf("peer %d refused packets: %+v", i, d)
		}
	}
}

// trio is three peers of a Slam on loopback, as the game's lobby brings
// them together: the host on UDP and WebSocket, a desktop peer on UDP, and
// a "browser" peer (the desktop WebSocketClient) that reaches only the
// host. Every transport is sealed with the room's code; the host's is read
// through the lobby's Handoff, as a match reads it.
type trio struct {
	room    RoomCode
	host    *webHost
	browser *WebSocketClient
	views   [][]PeerConfig
	trs     []Transport
}

// joinTrio has the desktop and the browser join the host's room, checks
// that the lobby marks the browser host-only, and starts the match.
func joinTrio(t *testing.T, room RoomCode) *trio {
	t.Helper()
	h := newWebHost(t, fstest.MapFS{"index.html": {Data: []byte("<title>Janken Arcade</title>")}})
	desktop := listen(t)
	browser, err := DialWebSocket(context.Background(), strings.Replace(h.srv.URL, "http", "ws", 1)+"/netplay")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { browser.Close() })
	hostTr, desktopTr, browserTr := seal(t, h.tr, room), seal(t, desktop, room), seal(t, browser, room)

	// The lobby tells the host which joiner is a browser.
	lobby := NewLobbyHost(hostTr, room, "slam/1", "host", SeatsOf(1, 2), func(Joiner) []byte { return nil })
	joins := []*Join{
		NewJoin(desktopTr, h.tr.LocalAddr(), room, "slam/1", 1, "desktop", Ticket{}),
		NewJoin(browserTr, browser.Host(), room, "slam/1", 1, "browser", Ticket{}),
	}
	pumpJoins(t, lobby, joins, "welcome", func(r JoinResult) bool { return r.Done })
	joiners := lobby.Joiners()
	if len(joiners) != 2 || joiners[0].HostOnly || !joiners[1].HostOnly {
		t.Fatalf("joiners %+v: want the second, the browser, host-only", joiners)
	}
	if err := lobby.Start(func(Joiner) []byte { return nil }); err != nil {
		t.Fatal(err)
	}
	pumpJoins(t, lobby, joins, "start", func(r JoinResult) bool { return r.Started })
	matchTr, err := lobby.Handoff(func() time.Duration { return 0 })
	if err != nil {
		t.Fatal(err)
	}

	all := []PeerConfig{{Seats: SeatsOf(0)}, {Seats: SeatsOf(1)}, {Seats: SeatsOf(2), HostOnly: true}}
	return &trio{room: room, host: h, browser: browser,
		views: [][]PeerConfig{
			{all[0], {Addr: joiners[0].Addr, Seats: joiners[0].Seats}, {Addr: joiners[1].Addr, Seats: joiners[1].Seats, HostOnly: joiners[1].HostOnly}},
			{{Addr: h.tr.LocalAddr(), Seats: SeatsOf(0)}, all[1], all[2]},
			{{Addr: browser.Host(), Seats: SeatsOf(0)}, all[1], all[2]},
		},
		trs: []Transport{matchTr, desktopTr, browserTr}}
}

// pumpJoins updates lobby and each of joins in turn, as the lobbies of the
// host and the joiner would, until the join's result is what till wants.
func pumpJoins(t *testing.T, lobby *LobbyHost, joins []*Join, what string, till func(JoinResult) bool) {
	t.Helper()
	for _, j := range joins {
		start := time.Now()
		for !till(j.Update(time.Since(start))) {
			if time.Since(start) > hang {
				t.Fatalf("no %s", what)
			}
			lobby.Update(time.Since(start))
			time.Sleep(time.Millisecond)
		}
	}
}

// sessions starts the three peers' sessions of a Slam dealt from seed,
// each played by a hard bot, with settled called for every tick a peer
// settles.
func (tr *trio) sessions(t *testing.T, seed uint64, settled func(peer int, f *rulesets.Frame, s *slam.State)) ([]*Session[slam.State, *slam.State], []slam.Bot) {
	t.Helper()
	sessions := make([]*Session[slam.State, *slam.State], len(tr.views))
	bots := make([]slam.Bot, len(tr.views))
	for i, peers := range tr.views {
		cfg := Config[slam.State]{
			Room: tr.room, Peers: peers, Self: i, DumpDir: t.TempDir(),
			OnSettled: func(f *rulesets.Frame, s *slam.State) { settled(i, f, s) },
		}
		s, err := NewSession[slam.State](cfg, tr.trs[i], newSlam(t, len(tr.views), seed))
		if err != nil {
			t.Fatalf("peer %d: %v", i, err)
		}
		sessions[i], bots[i] = s, slam.NewBot(i, slam.Hard, seed+uint64(i))
	}
	return sessions, bots
}
