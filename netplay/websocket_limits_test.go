//go:build !js

package netplay

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// newHub serves a WebSocketHub, whose connections go silent for idle
// before it closes them, on a loopback HTTP port and returns it with
// its ws:// address.
func newHub(t *testing.T, idle time.Duration) (*WebSocketHub, string) {
	t.Helper()
	srv := httptest.NewUnstartedServer(nil)
	hub := NewWebSocketHub(netip.MustParseAddrPort(srv.Listener.Addr().String()))
	hub.idle = idle
	srv.Config.Handler = hub
	srv.Start()
	t.Cleanup(srv.Close)
	t.Cleanup(func() { hub.Close() })
	return hub, "ws" + strings.TrimPrefix(srv.URL, "http")
}

// dialFrom opens a WebSocket to url from the loopback address ip.
func dialFrom(ctx context.Context, url, ip string) (*websocket.Conn, error) {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}}
	client := &http.Client{Transport: &http.Transport{DialContext: d.DialContext}}
	conn, _, err := websocket.Dial(ctx, url, &websocket.DialOptions{HTTPClient: client})
	return conn, err
}

// TestAttack_WebSocketHubLimitsConnections: a stranger on the LAN opens
// connection after connection. The hub takes at most maxWebConnsPerIP
// from one machine and maxWebConns in all, answers the rest 503, and takes
// one again once one has closed; those it took still work.
func TestAttack_WebSocketHubLimitsConnections(t *testing.T) {
	hub, url := newHub(t, webIdle)
	ctx, cancel := context.WithTimeout(context.Background(), hang)
	defer cancel()
	var conns []*websocket.Conn
	defer func() {
		for _, c := range conns {
			c.CloseNow()
		}
	}()
	machines := maxWebConns / maxWebConnsPerIP
	for m := range machines {
		ip := fmt.Sprintf("127.0.0.%d", 2+m)
		for range maxWebConnsPerIP {
			c, err := dialFrom(ctx, url, ip)
			if err != nil {
				t.Fatalf("connection %d from %s refused: %v", len(conns)+1, ip, err)
			}
			conns = append(conns, c)
		}
		if _, err := dialFrom(ctx, url, ip); err == nil || !strings.Contains(err.Error(), "503") {
			t.Fatalf("connection %d from %s: %v, want 503 (at most %d a machine)", maxWebConnsPerIP+1, ip, err, maxWebConnsPerIP)
		}
	}
	other := fmt.Sprintf("127.0.0.%d", 2+machines)
	if _, err := dialFrom(ctx, url, other); err == nil || !strings.Contains(err.Error(), "503") {
		t.Fatalf("connection %d: %v, want 503 (at most %d)", maxWebConns+1, err, maxWebConns)
	}
	// One that was taken still carries a packet to the hub.
	if err := conns[0].Write(ctx, websocket.MessageBinary, []byte("still here")); err != nil {
		t.Fatal(err)
	}
	waitFor(t, func() bool {
		var buf [64]byte
		n, _, ok := hub.Receive(buf[:])
		return ok && string(buf[:n]) == "still here"
	})
	// Once one closes, another machine gets in.
	conns[0].Close(websocket.StatusNormalClosure, "")
	conns = conns[1:]
	waitFor(t, func() bool {
		c, err := dialFrom(ctx, url, other)
		if err == nil {
			conns = append(conns, c)
		}
		return err == nil
	})
}

// TestWebSocketHubClosesASilentConnection: a connection that says nothing
// for the hub's idle time is closed and forgotten, while one that keeps
// speaking stays.
func TestWebSocketHubClosesASilentConnection(t *testing.T) {
	const idle = time.Second
	hub, url := newHub(t, idle)
	ctx, cancel := context.WithTimeout(context.Background(), hang)
	defer cancel()
	silent, err := dialFrom(ctx, url, "127.0.0.1")
	if err != nil {
		t.Fatal(err)
	}
	defer silent.CloseNow()
	if _, _, err := silent.Read(ctx); err == nil {
		t.Fatal("the silent connection read a message, want it closed")
	}
	waitFor(t, func() bool { return len(hub.Peers()) == 0 })

	// A connection that speaks every 20 ms for 2.5 idle periods must stay.
	// An attempt counts only if the machine let the speaker keep to well
	// under the idle time between messages.
	for try := 0; ; try++ {
		if try == 3 {
			t.Fatal("the machine never let a speaker keep to its pace")
		}
		c, err := dialFrom(ctx, url, "127.0.0.1")
		if err != nil {
			t.Fatal(err)
		}
		kept := true
		last := time.Now()
		for end := last.Add(5 * idle / 2); time.Now().Before(end); {
			time.Sleep(20 * time.Millisecond)
			if time.Since(last) > idle/2 {
				kept = false
			}
			if err := c.Write(ctx, websocket.MessageBinary, []byte("tick")); err != nil {
				if kept {
					t.Fatalf("the hub closed a connection that spoke every 20 ms: %v", err)
				}
				break
			}
			last = time.Now()
		}
		alive := len(hub.Peers()) == 1
		c.CloseNow()
		if !kept {
			continue
		}
		if !alive {
			t.Fatal("the hub forgot a connection that spoke every 20 ms")
		}
		return
	}
}

// waitFor waits until done reports true, failing the test after hang.
func waitFor(t *testing.T, done func() bool) {
	t.Helper()
	for deadline := time.Now().Add(hang); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		if done() {
			return
		}
	}
	t.Fatal("gave up waiting")
}

// udpLog is a UDP side that records where packets were sent and hands
// out the packets queued in it.
type udpLog struct {
	Transport
	sent []netip.AddrPort
	in   []wsPacket
}

func (u *udpLog) Send(to netip.AddrPort, p []byte) error {
	u.sent = append(u.sent, to)
	return nil
}

func (u *udpLog) Receive(buf []byte) (int, netip.AddrPort, bool) {
	if len(u.in) == 0 {
		return 0, netip.AddrPort{}, false
	}
	p := u.in[0]
	u.in = u.in[1:]
	return copy(buf, p.data), p.from, true
}

// TestHostTransportLosesPacketsForAGoneBrowser: once a browser peer's
// connection closes, what the host still sends it (until it gives the peer
// up) is lost, not sent over UDP to its machine; a UDP packet from that
// address makes it a UDP peer's again.
func TestHostTransportLosesPacketsForAGoneBrowser(t *testing.T) {
	hub, url := newHub(t, webIdle)
	udp := &udpLog{Transport: listen(t)}
	tr := HostTransport{UDP: udp, Web: hub}
	ctx, cancel := context.WithTimeout(context.Background(), hang)
	defer cancel()
	browser, err := dialFrom(ctx, url, "127.0.0.1")
	if err != nil {
		t.Fatal(err)
	}
	waitFor(t, func() bool { return len(hub.Peers()) == 1 })
	addr := hub.Peers()[0]
	if err := tr.Send(addr, []byte("to the page")); err != nil {
		t.Fatal(err)
	}
	if _, data, err := browser.Read(ctx); err != nil || string(data) != "to the page" {
		t.Fatalf("the page read %q, %v", data, err)
	}
	browser.Close(websocket.StatusNormalClosure, "")
	waitFor(t, func() bool { return len(hub.Peers()) == 0 })
	if err := tr.Send(addr, []byte("after it left")); err != nil {
		t.Fatal(err)
	}
	if len(udp.sent) != 0 {
		t.Fatalf("the host sent over UDP to %v, the address of a browser that left", udp.sent)
	}
	udp.in = append(udp.in, wsPacket{from: addr, data: []byte("a UDP peer")})
	var buf [64]byte
	if _, from, ok := tr.Receive(buf[:]); !ok || from != addr {
		t.Fatalf("received from %v (%v), want %v", from, ok, addr)
	}
	if err := tr.Send(addr, []byte("to the UDP peer")); err != nil {
		t.Fatal(err)
	}
	if len(udp.sent) != 1 || udp.sent[0] != addr {
		t.Fatalf("sent over UDP to %v, want %v once it was heard there", udp.sent, addr)
	}
}

// TestWebSocketHubRemembersTheLastToLeave: the hub remembers the
// addresses of the last webLeft connections to close, an address that
// left twice by its latest leaving.
func TestWebSocketHubRemembersTheLastToLeave(t *testing.T) {
	hub := NewWebSocketHub(netip.MustParseAddrPort("127.0.0.1:1"))
	addr := func(i int) netip.AddrPort {
		return netip.AddrPortFrom(netip.MustParseAddr("127.0.0.1"), uint16(1000+i))
	}
	hub.remember(addr(0))
	for i := 1; i < webLeft; i++ {
		hub.remember(addr(i))
	}
	hub.remember(addr(1))           // leaves again, in 0's slot: 0 is forgotten
	hub.remember(addr(webLeft))     // in 1's first slot, which no longer counts for it
	hub.remember(addr(webLeft + 1)) // in 2's slot: 2 is forgotten
	for i, want := range map[int]bool{0: false, 1: true, 2: false, 3: true, webLeft: true, webLeft + 1: true} {
		if got := hub.gone(addr(i)); got != want {
			t.Errorf("address %d: left %v, want %v", i, got, want)
		}
	}
}

// gone reports whether the hub counts addr as a browser peer's that left.
func (h *WebSocketHub) gone(addr netip.AddrPort) bool {
	_, gone := h.route(addr)
	return gone
}
