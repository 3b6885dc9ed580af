//go:build !js

package netplay

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"github.com/jankenarcade/janken/netplay/secure"
	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/rulesets/slam"
)

// webHost is a desktop host serving a site and browser peers on a
// loopback HTTP port, and desktop peers on a loopback UDP port.
type webHost struct {
	srv *httptest.Server
	hub *WebSocketHub
	tr  HostTransport
}

func newWebHost(t *testing.T, site fstest.MapFS) *webHost {
	udp := listen(t)
	srv := httptest.NewUnstartedServer(nil)
	hub := NewWebSocketHub(netip.MustParseAddrPort(srv.Listener.Addr().String()))
	srv.Config.Handler = WebHandler(site, hub)
	srv.Start()
	t.Cleanup(srv.Close)
	t.Cleanup(func() { hub.Close() })
	return &webHost{srv: srv, hub: hub, tr: HostTransport{UDP: udp, Web: hub}}
}

// seal wraps tr with room's code as the game's lobby does, on the wall
// clock these real-time tests run on: every packet but an announcement is
// sealed.
func seal(t *testing.T, tr Transport, room RoomCode) *secure.Conn {
	t.Helper()
	c, err := secure.Wrap(tr, secure.Config{Key: []byte(room.String()), Plain: IsAnnouncement, Prefix: SealPrefix(room)})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// waitPeer waits for a browser peer to connect and returns its address.
func (h *webHost) waitPeer(t *testing.T) netip.AddrPort {
	deadline := time.Now().Add(hang)
	for time.Now().Before(deadline) {
		if p := h.hub.Peers(); len(p) > 0 {
			return p[0]
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatal("no browser peer connected")
	return netip.AddrPort{}
}

// hostSlam runs the host's side of a two-player Slam (seat 0, a hard bot)
// in real time until stop is closed, recording the hash of every settled
// tick.
func hostSlam(t *testing.T, tr Transport, peer netip.AddrPort, room RoomCode, seed uint64, stop <-chan struct{}) (hashes func(int64) (uint64, bool), done <-chan error) {
	var mu sync.Mutex
	settled := map[int64]uint64{}
	state, err := slam.New(slam.DefaultConfig(2), seed)
	if err != nil {
		t.Fatal(err)
	}
	cfg := Config[slam.State]{
		Room:  room,
		Peers: []PeerConfig{{Seats: SeatsOf(0)}, {Addr: peer, Seats: SeatsOf(1)}},
		OnSettled: func(f *rulesets.Frame, s *slam.State) {
			mu.Lock()
			settled[f.Tick] = s.Hash()
			mu.Unlock()
		},
		DumpDir: t.TempDir(),
	}
	s, err := NewSession[slam.State](cfg, tr, state)
	if err != nil {
		t.Fatal(err)
	}
	errs := make(chan error, 1)
	go func() {
		bot := slam.NewBot(0, slam.Hard, seed)
		start := time.Now()
		for {
			select {
			case <-stop:
				errs <- nil
				return
			default:
			}
			var f rulesets.Frame
			bot.Act(s.State(), &f)
			s.Update(time.Since(start), &f)
			for _, ev := range s.Events() {
				if ev.Kind == EventDesync || ev.Kind == EventFault {
					errs <- &DesyncError{Tick: ev.Tick, First: ev.Local, Again: ev.Remote}
					return
				}
			}
			time.Sleep(TickDuration / 4)
		}
	}()
	return func(tick int64) (uint64, bool) {
		mu.Lock()
		defer mu.Unlock()
		h, ok := settled[tick]
		return h, ok
	}, errs
}

// TestWebSocketPeer plays two-player Slam in real time on loopback between
// a desktop host and a browser-style peer over WebSocket, both sealed with
// the room's code as in the game.
func TestWebSocketPeer(t *testing.T) {
	h := newWebHost(t, fstest.MapFS{"index.html": {Data: []byte("<title>Janken Arcade</title>")}})
	// The host serves the web build over plain HTTP...
	resp, err := http.Get(h.srv.URL + "/index.html")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("web build: %v", resp.Status)
	}
	// ...and a peer joins from the same address over WebSocket.
	u, _ := url.Parse(strings.Replace(h.srv.URL, "http", "ws", 1) + "/netplay")
	c, err := DialWebSocket(context.Background(), u.String())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	peer := h.waitPeer(t)
	if c.Host() != HostAddr(u) || !peer.Addr().IsLoopback() {
		t.Fatalf("host %v, peer %v", c.Host(), peer)
	}
	stop := make(chan struct{})
	hashes, done := hostSlam(t, seal(t, h.tr, 11), peer, 11, 3, stop)

	// The peer's side, in this goroutine.
	state, _ := slam.New(slam.DefaultConfig(2), 3)
	var mine []uint64
	cfg := Config[slam.State]{
		Room: 11, Self: 1,
		Peers:     []PeerConfig{{Addr: c.Host(), Seats: SeatsOf(0)}, {Seats: SeatsOf(1)}},
		OnSettled: func(f *rulesets.Frame, s *slam.State) { mine = append(mine, s.Hash()) },
		DumpDir:   t.TempDir(),
	}
	s, err := NewSession[slam.State](cfg, seal(t, c, 11), state)
	if err != nil {
		t.Fatal(err)
	}
	bot := slam.NewBot(1, slam.Hard, 4)
	start := time.Now()
	for len(mine) < 600 {
		if time.Since(start) > hang {
			t.Fatalf("settled only %d ticks", len(mine))
		}
		var f rulesets.Frame
		bot.Act(s.State(), &f)
		s.Update(time.Since(start), &f)
		time.Sleep(TickDuration / 4)
	}
	// Let the host settle the same ticks, then compare.
	for {
		if _, ok := hashes(599); ok {
			break
		}
		if time.Since(start) > hang {
			t.Fatal("the host never settled tick 599")
		}
		s.Update(time.Since(start), &rulesets.Frame{})
		time.Sleep(TickDuration / 4)
	}
	close(stop)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	for tick, want := range mine[:600] {
		if got, ok := hashes(int64(tick)); !ok || got != want {
			t.Fatalf("tick %d: host hash %#x (%v), peer %#x", tick, got, ok, want)
		}
	}
}

// TestHubSaysItsLastWordBeforeClosing: what the hub was given to send
// just before it closed reaches the browser peer: a host that leaves
// (Host.Leave) and closes at once has its word arrive. The hub once
// dropped whatever its connections' queues still held.
func TestHubSaysItsLastWordBeforeClosing(t *testing.T) {
	h := newWebHost(t, fstest.MapFS{})
	u := strings.Replace(h.srv.URL, "http", "ws", 1) + "/netplay"
	c, err := DialWebSocket(context.Background(), u)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	peer := h.waitPeer(t)
	const words = 40
	for i := range words {
		if err := h.hub.Send(peer, []byte{'w', byte(i)}); err != nil {
			t.Fatal(err)
		}
	}
	h.hub.Close()
	var buf [MaxPacketSize]byte
	got := 0
	for deadline := time.Now().Add(hang); got < words && time.Now().Before(deadline); {
		n, _, ok := c.Receive(buf[:])
		if !ok {
			time.Sleep(time.Millisecond)
			continue
		}
		if n != 2 || buf[1] != byte(got) {
			t.Fatalf("word %d came as %q", got, buf[:n])
		}
		got++
	}
	if got != words {
		t.Errorf("the browser peer heard %d of the %d words sent before the hub closed", got, words)
	}
}
