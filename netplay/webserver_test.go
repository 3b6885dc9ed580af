//go:build !js

package netplay

import (
	"bufio"
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"testing"
	"testing/fstest"

	"github.com/coder/websocket"
)

// newWebServer serves WebHandler, a one-page site and a hub, from
// NewWebServer on a loopback port, and returns the port's address.
func newWebServer(t *testing.T) string {
	t.Helper()
	ts := httptest.NewUnstartedServer(nil)
	hub := NewWebSocketHub(netip.MustParseAddrPort(ts.Listener.Addr().String()))
	ts.Config = NewWebServer(WebHandler(fstest.MapFS{"index.html": {Data: []byte("<p>hi</p>")}}, hub))
	ts.Start()
	t.Cleanup(ts.Close)
	t.Cleanup(func() { hub.Close() })
	return ts.Listener.Addr().String()
}

// keptOpen opens a connection to addr, asks for the page and keeps the
// connection open, as a browser keeps it alive. It returns nil if the
// server closed the connection without an answer.
func keptOpen(t *testing.T, addr string) net.Conn {
	t.Helper()
	c, err := net.Dial("tcp4", addr)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.WriteString(c, "GET / HTTP/1.1\r\nHost: janken\r\n\r\n"); err != nil {
		c.Close()
		return nil
	}
	res, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		c.Close()
		return nil
	}
	defer res.Body.Close()
	if _, err := io.Copy(io.Discard, res.Body); err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("the page: %v, %v", res.Status, err)
	}
	return c
}

// TestAttack_HTTPConnectionFloodIsBounded: a stranger on the LAN opens
// connection after connection to the host's web server, each asking for
// the page and then kept open. The server answers at most
// maxHTTPConnsPerIP of them from one machine and closes the others
// unanswered; once one closes, another is answered. WebSockets the hub
// took over leave the server's count (the hub has its own).
func TestAttack_HTTPConnectionFloodIsBounded(t *testing.T) {
	addr := newWebServer(t)
	var kept []net.Conn
	closeAll := func() {
		for _, c := range kept {
			c.Close()
		}
		kept = kept[:0]
	}
	defer closeAll()
	for range maxHTTPConnsPerIP {
		c := keptOpen(t, addr)
		if c == nil {
			t.Fatalf("connection %d closed unanswered, within the limit of %d", len(kept)+1, maxHTTPConnsPerIP)
		}
		kept = append(kept, c)
	}
	for i := range 4 {
		if c := keptOpen(t, addr); c != nil {
			c.Close()
			t.Fatalf("connection %d answered, past the limit of %d from one machine", maxHTTPConnsPerIP+1+i, maxHTTPConnsPerIP)
		}
	}
	kept[0].Close()
	kept = kept[1:]
	waitFor(t, func() bool {
		c := keptOpen(t, addr)
		if c != nil {
			kept = append(kept, c)
		}
		return c != nil
	})

	closeAll()
	ctx, cancel := context.WithTimeout(context.Background(), hang)
	defer cancel()
	var sockets []*websocket.Conn
	defer func() {
		for _, s := range sockets {
			s.CloseNow()
		}
	}()
	waitFor(t, func() bool { // the closed ones may not have left the count yet
		s, err := dialFrom(ctx, "ws://"+addr+"/netplay", "127.0.0.1")
		if err == nil {
			sockets = append(sockets, s)
		}
		return len(sockets) == maxWebConnsPerIP
	})
	for range maxHTTPConnsPerIP {
		c := keptOpen(t, addr)
		if c == nil {
			t.Fatalf("with %d WebSockets open, connection %d closed unanswered", len(sockets), len(kept)+1)
		}
		kept = append(kept, c)
	}
}

// TestConnLimit: the limits in all and by machine, and a connection
// uncounted once, only if it was counted.
func TestConnLimit(t *testing.T) {
	l := &connLimit{max: 3, maxPerIP: 2, perIP: make(map[netip.Addr]int), counted: make(map[net.Conn]netip.Addr)}
	a, b, c := netip.MustParseAddr("10.0.0.1"), netip.MustParseAddr("10.0.0.2"), netip.MustParseAddr("10.0.0.3")
	conns := make([]net.Conn, 6)
	for i := range conns {
		conns[i] = fakeConn{id: i}
	}
	for i, tt := range []struct {
		conn int
		ip   netip.Addr
		want bool
	}{
		{0, a, true}, {1, a, true}, {2, a, false}, // two from a machine
		{3, b, true}, {4, c, false}, // three in all
	} {
		if got := l.admit(conns[tt.conn], tt.ip); got != tt.want {
			t.Fatalf("step %d: connection %d from %v admitted %v, want %v", i, tt.conn, tt.ip, got, tt.want)
		}
	}
	l.release(conns[2]) // never admitted
	l.release(conns[0])
	l.release(conns[0]) // closed after it was hijacked
	if l.conns != 2 || l.perIP[a] != 1 || !l.admit(conns[5], c) {
		t.Errorf("after releases: %d connections, %d from %v; want 2 and 1, and room for one more", l.conns, l.perIP[a], a)
	}
}

// fakeConn is a distinct net.Conn for connLimit's bookkeeping, which
// calls none of its methods.
type fakeConn struct {
	net.Conn
	id int
}
