//go:build !js

package netplay

import (
	"context"
	"fmt"
	"net/netip"
	"net/url"
	"time"

	"github.com/coder/websocket"
)

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
	conn.SetReadLimit(MaxWireSize)
	c := newWebSocketClient(HostAddr(u))
	c.closeConn = func() error { return conn.Close(websocket.StatusNormalClosure, "") }
	go pumpIn(c.ctx, conn, c.host, c.in, nil)
	go pumpOut(c.ctx, nil, conn, c.out)
	return c, nil
}

// pumpIn reads messages into in until the connection fails or ctx ends,
// calling heard (if set) on each.
func pumpIn(ctx context.Context, conn *websocket.Conn, from netip.AddrPort, in chan<- wsPacket, heard func()) {
	for {
		typ, data, err := conn.Read(ctx)
		if err != nil {
			return
		}
		if heard != nil {
			heard()
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

// pumpOut writes the queued packets until ctx ends, or until stop is
// closed, and then those still queued, within flushWait: a host that
// closes just after its last word to a browser (Host.Leave) has it said.
// A nil stop never closes.
func pumpOut(ctx context.Context, stop <-chan struct{}, conn *websocket.Conn, out <-chan []byte) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-stop:
			flush(conn, out)
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

// flushWait bounds the writing of what is queued when a connection closes.
const flushWait = time.Second

// flush writes the packets queued on out, within flushWait.
func flush(conn *websocket.Conn, out <-chan []byte) {
	ctx, cancel := context.WithTimeout(context.Background(), flushWait)
	defer cancel()
	for {
		select {
		case p := <-out:
			if conn.Write(ctx, websocket.MessageBinary, p) != nil {
				return
			}
		default:
			return
		}
	}
}
