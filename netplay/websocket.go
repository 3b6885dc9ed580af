package netplay

import (
	"context"
	"fmt"
	"net/netip"
	"net/url"
)

// wsQueue bounds the packets waiting in either direction of a WebSocket.
const wsQueue = 256

// wsPacket is a received packet and its sender.
type wsPacket struct {
	from netip.AddrPort
	data []byte
}

// WebSocketClient is the Transport of a browser peer (in WebAssembly it
// uses the browser's own WebSocket object, which keeps net/http and
// crypto/tls out of the download): one connection to
// the desktop host, which relays nothing and plays the host's part
// itself. Packets keep their boundaries (one binary message each).
type WebSocketClient struct {
	host   netip.AddrPort
	in     chan wsPacket
	out    chan []byte
	ctx    context.Context
	cancel context.CancelFunc
	// closeConn closes the platform's connection: coder/websocket's on
	// desktop, the browser's own WebSocket object in WebAssembly.
	closeConn func() error
}

// newWebSocketClient returns a client of host with its queues made; the
// platform's DialWebSocket attaches the connection.
func newWebSocketClient(host netip.AddrPort) *WebSocketClient {
	c := &WebSocketClient{host: host, in: make(chan wsPacket, wsQueue), out: make(chan []byte, wsQueue)}
	c.ctx, c.cancel = context.WithCancel(context.Background())
	return c
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

// enqueue copies p onto out without blocking.
func enqueue(out chan<- []byte, p []byte) error {
	if len(p) > MaxWireSize {
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
	return c.closeConn()
}
