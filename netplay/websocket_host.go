//go:build !js

package netplay

import (
	"context"
	"io/fs"
	"net/http"
	"net/netip"
	"sync"
	"time"

	"github.com/coder/websocket"
)

// The hub's limits, so that a stranger on the LAN cannot pile up
// connections (each two goroutines and a descriptor) on the host.
const (
	maxWebConns      = 32 // connections at once
	maxWebConnsPerIP = 8  // from one machine: a full table of pages, say, or a reload while the old one lingers
	// webIdle is how long a connection may stay silent before the hub
	// closes it. Peers speak far more often: a joiner every 500 ms, a
	// phone within LobbyTimeout, a match's peers every few ticks.
	webIdle = 30 * time.Second
	// webLeft is how many closed connections' addresses the hub remembers,
	// so that a host's packets for a browser that has gone are lost rather
	// than sent over UDP to its machine (HostTransport.Send).
	webLeft = 4 * maxWebConns
)

// WebSocketHub is the desktop host's side of browser peers: an HTTP
// handler that accepts their WebSocket connections, and a Transport that
// reaches each of them at the address it connected from.
type WebSocketHub struct {
	local  netip.AddrPort
	in     chan wsPacket
	ctx    context.Context
	cancel context.CancelFunc
	idle   time.Duration // webIdle, shorter in tests

	// writing counts the connections still writing to their peers, which
	// Close waits for.
	writing sync.WaitGroup

	mu     sync.Mutex
	closed bool // by Close: a connection after it is turned away
	peers  map[netip.AddrPort]chan []byte
	conns  int                // connections served, peers and refused alike
	perIP  map[netip.Addr]int // of conns, by machine
	// left holds the addresses of the last webLeft connections to close,
	// each with its slot in leftRing, which evicts the oldest.
	left     map[netip.AddrPort]int
	leftRing [webLeft]netip.AddrPort
	leftNext int
}

// NewWebSocketHub returns a hub whose LocalAddr is local (the host's HTTP
// address).
func NewWebSocketHub(local netip.AddrPort) *WebSocketHub {
	h := &WebSocketHub{local: local, in: make(chan wsPacket, wsQueue), idle: webIdle,
		peers: map[netip.AddrPort]chan []byte{}, perIP: map[netip.Addr]int{}, left: map[netip.AddrPort]int{}}
	h.ctx, h.cancel = context.WithCancel(context.Background())
	return h
}

// ServeHTTP accepts a browser peer's WebSocket and serves it until it
// closes or stays silent for webIdle. Beyond the hub's limits it answers
// 503 Service Unavailable instead.
func (h *WebSocketHub) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	from, err := netip.ParseAddrPort(r.RemoteAddr)
	if err != nil {
		http.Error(w, "netplay: unknown peer address", http.StatusBadRequest)
		return
	}
	from = unmap(from)
	if !h.admit(from.Addr()) {
		http.Error(w, "netplay: too many connections", http.StatusServiceUnavailable)
		return
	}
	defer h.release(from.Addr())
	conn, err := websocket.Accept(w, r, nil)
	if err != nil {
		return // Accept has answered the request
	}
	conn.SetReadLimit(MaxWireSize)
	out := make(chan []byte, wsQueue)
	h.mu.Lock()
	if h.closed {
		h.mu.Unlock()
		conn.Close(websocket.StatusGoingAway, "")
		return
	}
	h.peers[from] = out
	delete(h.left, from)
	h.writing.Add(1)
	h.mu.Unlock()
	// Ending ctx closes the connection. The hub's closing does not end it
	// at once: what was queued is written first (pumpOut), as reading
	// with an ended context would close the connection under the writes.
	ctx, cancel := context.WithCancel(context.Background())
	silent := time.AfterFunc(h.idle, cancel)
	go func() {
		defer h.writing.Done()
		pumpOut(ctx, h.ctx.Done(), conn, out)
		cancel()
	}()
	pumpIn(ctx, conn, from, h.in, func() { silent.Reset(h.idle) })
	silent.Stop()
	cancel()
	h.mu.Lock()
	delete(h.peers, from)
	h.remember(from)
	h.mu.Unlock()
	conn.Close(websocket.StatusNormalClosure, "")
}

// remember notes, with h.mu held, that the connection from addr closed.
func (h *WebSocketHub) remember(addr netip.AddrPort) {
	slot := h.leftNext % webLeft
	if old := h.leftRing[slot]; old.IsValid() && h.left[old] == slot {
		delete(h.left, old)
	}
	h.leftRing[slot], h.left[addr] = addr, slot
	h.leftNext++
}

// route returns the queue of the browser peer connected from addr, or
// nil and whether one was and has gone, with no UDP packet from addr
// since (heardOverUDP): one look for HostTransport.Send.
func (h *WebSocketHub) route(addr netip.AddrPort) (out chan []byte, gone bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if out = h.peers[addr]; out != nil {
		return out, false
	}
	_, gone = h.left[addr]
	return nil, gone
}

// heardOverUDP forgets that a browser peer left from addr: a UDP peer has
// sent from it.
func (h *WebSocketHub) heardOverUDP(addr netip.AddrPort) {
	h.mu.Lock()
	defer h.mu.Unlock()
	delete(h.left, addr)
}

// admit counts a connection from ip, unless it would pass the hub's
// limits.
func (h *WebSocketHub) admit(ip netip.Addr) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.conns >= maxWebConns || h.perIP[ip] >= maxWebConnsPerIP {
		return false
	}
	h.conns++
	h.perIP[ip]++
	return true
}

// release uncounts a connection from ip.
func (h *WebSocketHub) release(ip netip.Addr) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.conns--
	if h.perIP[ip]--; h.perIP[ip] == 0 {
		delete(h.perIP, ip)
	}
}

// Has reports whether a browser peer is connected from addr.
func (h *WebSocketHub) Has(addr netip.AddrPort) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.peers[addr] != nil
}

// Closed reports whether the connection of a browser peer from addr has
// closed, and nothing has come from addr since, over UDP or a new
// connection: the page has gone (closed, or reloaded, which opens a new
// connection from another port).
func (h *WebSocketHub) Closed(addr netip.AddrPort) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	_, left := h.left[addr]
	return left && h.peers[addr] == nil
}

// Peers returns the addresses of the connected browser peers.
func (h *WebSocketHub) Peers() []netip.AddrPort {
	h.mu.Lock()
	defer h.mu.Unlock()
	var out []netip.AddrPort
	for a := range h.peers {
		out = append(out, a)
	}
	return out
}

// LocalAddr implements Transport.
func (h *WebSocketHub) LocalAddr() netip.AddrPort { return h.local }

// Send implements Transport; a packet for a peer that is not connected is
// lost.
func (h *WebSocketHub) Send(to netip.AddrPort, p []byte) error {
	h.mu.Lock()
	out := h.peers[to]
	h.mu.Unlock()
	if out == nil {
		return nil
	}
	return enqueue(out, p)
}

// Receive implements Transport.
func (h *WebSocketHub) Receive(buf []byte) (int, netip.AddrPort, bool) { return receive(h.in, buf) }

// closeWait bounds how long Close waits for the connections to write
// what is queued: flushWait, and a packet already being written when the
// hub closed.
const closeWait = 2 * flushWait

// Close implements Transport: it ends every connection, and returns once
// each has written what was queued for it (within closeWait), so that a
// program that exits next still has its last word reach its browser peers:
// a host that leaves (Host.Leave) as its window closes.
func (h *WebSocketHub) Close() error {
	h.mu.Lock()
	h.closed = true
	h.mu.Unlock()
	h.cancel()
	written := make(chan struct{})
	go func() {
		h.writing.Wait()
		close(written)
	}()
	select {
	case <-written:
	case <-time.After(closeWait):
	}
	return nil
}

// HostTransport is what a desktop host listens on: UDP for desktop peers
// and a WebSocketHub for browser peers, as one Transport.
type HostTransport struct {
	UDP Transport
	Web *WebSocketHub
}

// LocalAddr implements Transport with the UDP address.
func (t HostTransport) LocalAddr() netip.AddrPort { return t.UDP.LocalAddr() }

// Send implements Transport: to a browser peer if one is connected from
// to, else over UDP. A packet for a browser peer that has gone is lost:
// sent over UDP, it would go to a port of its machine that nothing of the
// game's listens on.
func (t HostTransport) Send(to netip.AddrPort, p []byte) error {
	switch out, gone := t.Web.route(to); {
	case out != nil:
		return enqueue(out, p)
	case gone:
		return nil
	}
	return t.UDP.Send(to, p)
}

// HostOnly reports whether addr is a browser peer, which reaches only this
// host.
func (t HostTransport) HostOnly(addr netip.AddrPort) bool { return t.Web.Has(addr) }

// Disconnected reports whether the browser peer at addr has gone: its
// connection closed (WebSocketHub.Closed).
func (t HostTransport) Disconnected(addr netip.AddrPort) bool { return t.Web.Closed(addr) }

// Receive implements Transport, taking from either side.
func (t HostTransport) Receive(buf []byte) (int, netip.AddrPort, bool) {
	if n, from, ok := t.UDP.Receive(buf); ok {
		t.Web.heardOverUDP(from)
		return n, from, ok
	}
	return t.Web.Receive(buf)
}

// Close implements Transport.
func (t HostTransport) Close() error {
	t.Web.Close()
	return t.UDP.Close()
}

// WebHandler serves the web build in site (index.html, the game's .wasm and
// wasm_exec.js) over plain HTTP on the LAN, with browser peers joining at
// /netplay: a page served over HTTPS (itch.io) may not open a plain ws://
// connection to a LAN address, so a browser peer opens the host's own
// address instead.
func WebHandler(site fs.FS, hub *WebSocketHub) http.Handler {
	mux := http.NewServeMux()
	mux.Handle("/netplay", hub)
	mux.Handle("/", http.FileServerFS(site))
	return mux
}
