//go:build !js

package secure_test

import (
	"context"
	"net/http/httptest"
	"net/netip"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/jankenarcade/janken/netplay"
)

// TestSlamOverSealedWebSocket plays Slam between a desktop host and a
// browser-style peer over the host's WebSocket hub on loopback, both
// ends sealed: the browser path is authenticated like UDP.
func TestSlamOverSealedWebSocket(t *testing.T) {
	srv := httptest.NewUnstartedServer(nil)
	hub := netplay.NewWebSocketHub(netip.MustParseAddrPort(srv.Listener.Addr().String()))
	srv.Config.Handler = netplay.WebHandler(fstest.MapFS{"index.html": {Data: []byte("<title>Janken Arcade</title>")}}, hub)
	srv.Start()
	t.Cleanup(srv.Close)
	ws, err := netplay.DialWebSocket(context.Background(), strings.Replace(srv.URL, "http", "ws", 1)+"/netplay")
	if err != nil {
		t.Fatal(err)
	}
	var browser netip.AddrPort
	for range 10_000 {
		if p := hub.Peers(); len(p) > 0 {
			browser = p[0]
			break
		}
		time.Sleep(time.Millisecond)
	}
	if !browser.IsValid() {
		t.Fatal("the browser peer never connected")
	}
	var now time.Duration
	clock := func() time.Duration { return now }
	conns := sealAll(t, []netplay.Transport{hub, ws}, clock)
	t.Cleanup(func() { conns[0].Close(); conns[1].Close() })
	// The session addresses peers as the hub and the dialer see them.
	m := newSlamMatch(t, []netplay.Transport{addressed{conns[0], hub.LocalAddr()}, addressed{conns[1], browser}}, 9)
	const ticks = 300
	for range 20 * ticks {
		if min(len(m.settled[0]), len(m.settled[1])) >= ticks || m.over() {
			break
		}
		m.update(t, now)
		now += netplay.TickDuration
		loopbackPause()
	}
	if got := min(len(m.settled[0]), len(m.settled[1])); got < ticks && !m.over() {
		t.Fatalf("the peers settled only %d ticks", got)
	}
	m.agree(t)
	for i, c := range conns {
		if st := c.Stats(); st.Handshakes != 1 || forgedOrLost(st.Dropped) != 0 {
			t.Errorf("end %d: %+v", i, st)
		}
	}
}

// addressed is a transport whose LocalAddr is the address its peer sees.
type addressed struct {
	netplay.Transport
	addr netip.AddrPort
}

func (a addressed) LocalAddr() netip.AddrPort { return a.addr }
