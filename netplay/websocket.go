package netplay

import (
	"context"
	"fmt"
	"net/netip"
	"net/url"
	"time"

	"github.com/coder/websocket"
)

// wsQueue bounds the packets waiting in either direction of a WebSocket.
const wsQueue = 256

// wsPacket is a received packet and its sender.
type wsPacket struct {
	from netip.AddrPort
	data []byte
}

// WebSocketClient is the Transport of a browser peer (it compiles to
// WebAssembly, where it uses the browser's WebSocket): one connection to
// the desktop host, which relays nothing and plays the host's part
// itself. Packets keep their boundaries (one binary message each).
type WebSocketClient struct {
	conn   *websocket.Conn
	host   netip.AddrPort
	in     chan wsPacket
	out    chan []byte
	ctx    context.Context
	cancel context.CancelFunc
}

// DialWebSocket connects to the host's netplay endpoint, such as
// "ws://192.168.1.20:7300/netplay". A page served by the host itself (over
// plain HTTP on the LAN) may open it; a page served over HTTPS may not.
func DialWebSocket(ctx context.Context, rawURL string) (*WebSocketClient, error) {
	u, err := url.Parse(rawURL)
	if err != nil {
		return nil, fmt.Errorf("netplay: host address %q: %w", rawURL, err)
	}
	conn, _, err := websocket.Dial(ctx, rawURL, nil)
	if err != nil {
		return nil, fmt.Errorf("netplay: connect to %s: %w", rawURL, err)
	}
	conn.SetReadLimit(MaxPacketSize)
	c := &WebSocketClient{conn: conn, host: HostAddr(u), in: make(chan wsPacket, wsQueue), out: make(chan []byte, wsQueue)}
	c.ctx, c.cancel = context.WithCancel(context.Background())
	go pumpIn(c.ctx, conn, c.host, c.in)
	go pumpOut(c.ctx, conn, c.out)
	return c, nil
}

// HostAddr is the address a WebSocketClient gives the host at u: its IP
// and port when u names them, else the unspecified address with the port.
func HostAddr(u *url.URL) netip.AddrPort {
	if a, err := netip.ParseAddrPort(u.Host); err == nil {
		return a
	}
	port := uint16(80)
	if p := u.Port(); p != "" {
		fmt.Sscan(p, &port)
	}
	return netip.AddrPortFrom(netip.IPv4Unspecified(), port)
}

// pumpIn reads messages into in until the connection fails or ctx ends.
func pumpIn(ctx context.Context, conn *websocket.Conn, from netip.AddrPort, in chan<- wsPacket) {
	for {
		typ, data, err := conn.Read(ctx)
		if err != nil {
			return
		}
		if typ != websocket.MessageBinary {
			continue
		}
		select {
		case in <- wsPacket{from: from, data: data}:
		default: // the queue is full: lost, as on any network
		}
	}
}

// pumpOut writes the queued packets until ctx ends.
func pumpOut(ctx context.Context, conn *websocket.Conn, out <-chan []byte) {
	for {
		select {
		case <-ctx.Done():
			return
		case p := <-out:
			wctx, cancel := context.WithTimeout(ctx, 5*time.Second)
			err := conn.Write(wctx, websocket.MessageBinary, p)
			cancel()
			if err != nil {
				return
			}
		}
	}
}

// enqueue copies p onto out without blocking.
func enqueue(out chan<- []byte, p []byte) error {
	if len(p) > MaxPacketSize {
		return ErrOversized
	}
	select {
	case out <- append([]byte(nil), p...):
	default: // the connection is backed up: the packet is lost
	}
	return nil
}

// receive pops one packet from in without blocking.
func receive(in <-chan wsPacket, buf []byte) (int, netip.AddrPort, bool) {
	select {
	case p := <-in:
		return copy(buf, p.data), p.from, true
	default:
		return 0, netip.AddrPort{}, false
	}
}

// Host returns the address the host's packets come from.
func (c *WebSocketClient) Host() netip.AddrPort { return c.host }

// LocalAddr implements Transport; a browser does not know its own address,
// so it is the unspecified one.
func (c *WebSocketClient) LocalAddr() netip.AddrPort {
	return netip.AddrPortFrom(netip.IPv4Unspecified(), 0)
}

// Send implements Transport. Only the host can be addressed.
func (c *WebSocketClient) Send(to netip.AddrPort, p []byte) error {
	if to != c.host {
		return fmt.Errorf("netplay: a WebSocket peer reaches only its host, not %v", to)
	}
	return enqueue(c.out, p)
}

// Receive implements Transport.
func (c *WebSocketClient) Receive(buf []byte) (int, netip.AddrPort, bool) {
	return receive(c.in, buf)
}

// Close implements Transport.
func (c *WebSocketClient) Close() error {
	c.cancel()
	return c.conn.Close(websocket.StatusNormalClosure, "")
}
