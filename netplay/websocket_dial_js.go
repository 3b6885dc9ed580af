//go:build js

package netplay

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"syscall/js"
)

// DialWebSocket connects to the host's netplay endpoint, such as
// "ws://192.168.1.20:7300/netplay", with the browser's own WebSocket. A
// page served by the host itself (over plain HTTP on the LAN) may open it;
// a page served over HTTPS may not. It must not be called from a
// JavaScript callback: it waits for the connection to open.
func DialWebSocket(ctx context.Context, rawURL string) (*WebSocketClient, error) {
	u, err := url.Parse(rawURL)
	if err != nil {
		return nil, fmt.Errorf("netplay: host address %q: %w", rawURL, err)
	}
	ws, err := newBrowserSocket(rawURL)
	if err != nil {
		return nil, fmt.Errorf("netplay: connect to %s: %w", rawURL, err)
	}
	c := newWebSocketClient(HostAddr(u))
	opened := make(chan error, 1)
	report := func(err error) {
		select {
		case opened <- err:
		default:
		}
	}
	funcs := []js.Func{
		js.FuncOf(func(js.Value, []js.Value) any { report(nil); return nil }),
		js.FuncOf(func(js.Value, []js.Value) any { report(errors.New("the connection failed")); return nil }),
		js.FuncOf(func(js.Value, []js.Value) any {
			report(errors.New("the host closed the connection"))
			c.cancel()
			return nil
		}),
		js.FuncOf(func(_ js.Value, args []js.Value) any {
			if p, ok := browserPacket(args[0].Get("data")); ok {
				select {
				case c.in <- wsPacket{from: c.host, data: p}:
				default: // the queue is full: lost, as on any network
				}
			}
			return nil
		}),
	}
	for i, event := range []string{"onopen", "onerror", "onclose", "onmessage"} {
		ws.Set(event, funcs[i])
	}
	closed := false
	c.closeConn = func() error {
		if !closed {
			closed = true
			ws.Call("close")
			for _, f := range funcs {
				f.Release()
			}
		}
		return nil
	}
	select {
	case err = <-opened:
	case <-ctx.Done():
		err = ctx.Err()
	}
	if err != nil {
		c.cancel()
		c.closeConn()
		return nil, fmt.Errorf("netplay: connect to %s: %w", rawURL, err)
	}
	go pumpToBrowser(c, ws)
	return c, nil
}

// newBrowserSocket opens a WebSocket that delivers binary messages as
// ArrayBuffers; the constructor throws on a malformed address.
func newBrowserSocket(rawURL string) (ws js.Value, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%v", r)
		}
	}()
	ws = js.Global().Get("WebSocket").New(rawURL)
	ws.Set("binaryType", "arraybuffer")
	return ws, nil
}

// browserPacket copies a binary message out of JavaScript; text messages
// and oversized ones are dropped, as the desktop client drops them.
func browserPacket(data js.Value) ([]byte, bool) {
	if !data.InstanceOf(js.Global().Get("ArrayBuffer")) {
		return nil, false
	}
	view := js.Global().Get("Uint8Array").New(data)
	n := view.Get("length").Int()
	if n > MaxWireSize {
		return nil, false
	}
	p := make([]byte, n)
	js.CopyBytesToGo(p, view)
	return p, true
}

// pumpToBrowser sends the queued packets until the client is closed.
func pumpToBrowser(c *WebSocketClient, ws js.Value) {
	for {
		select {
		case <-c.ctx.Done():
			return
		case p := <-c.out:
			view := js.Global().Get("Uint8Array").New(len(p))
			js.CopyBytesToJS(view, p)
			ws.Call("send", view)
		}
	}
}
