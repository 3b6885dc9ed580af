//go:build !js

package netplay

import (
	"net"
	"net/http"
	"net/netip"
	"sync"
	"time"
)

// The web server's limits, so that a stranger on the LAN cannot pile up
// plain HTTP connections (each a goroutine, buffers and a descriptor) on
// the host, as the WebSocketHub's limits keep it from piling up
// WebSockets.
const (
	maxHTTPConns      = 128
	maxHTTPConnsPerIP = 16 // a browser opens about six to one host; a reload opens more while the old ones linger
	// httpHeaderWait is how long a connection may take to send a
	// request's header.
	httpHeaderWait = 5 * time.Second
	// httpIdle is how long a connection kept alive may wait for its next
	// request. A page loads its few files at once, then talks over its
	// WebSocket only.
	httpIdle = 30 * time.Second
)

// NewWebServer returns an HTTP server for handler (WebHandler's, or the
// phone page's) that a stranger on the LAN cannot exhaust. It closes a
// new connection beyond maxHTTPConnsPerIP from one machine or
// maxHTTPConns in all, one that has not sent a request's header within
// httpHeaderWait, and one kept alive but idle for httpIdle. A connection
// a WebSocketHub takes over leaves the server's count for the hub's.
func NewWebServer(handler http.Handler) *http.Server {
	l := &connLimit{max: maxHTTPConns, maxPerIP: maxHTTPConnsPerIP,
		perIP: make(map[netip.Addr]int), counted: make(map[net.Conn]netip.Addr)}
	return &http.Server{Handler: handler, ReadHeaderTimeout: httpHeaderWait, IdleTimeout: httpIdle, ConnState: l.track}
}

// connLimit counts a server's open connections, in all and by machine.
type connLimit struct {
	max, maxPerIP int

	mu      sync.Mutex
	conns   int
	perIP   map[netip.Addr]int
	counted map[net.Conn]netip.Addr // the connections admitted and still open
}

// track is the server's ConnState hook: it closes a new connection
// beyond the limits, and uncounts one that closed or left for a
// WebSocket.
func (l *connLimit) track(c net.Conn, state http.ConnState) {
	switch state {
	case http.StateNew:
		ip, err := netip.ParseAddrPort(c.RemoteAddr().String())
		if err != nil || !l.admit(c, ip.Addr().Unmap()) {
			c.Close()
		}
	case http.StateHijacked, http.StateClosed:
		l.release(c)
	}
}

// admit counts c, from ip, unless it would pass the limits.
func (l *connLimit) admit(c net.Conn, ip netip.Addr) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.conns >= l.max || l.perIP[ip] >= l.maxPerIP {
		return false
	}
	l.conns++
	l.perIP[ip]++
	l.counted[c] = ip
	return true
}

// release uncounts c, if admit counted it.
func (l *connLimit) release(c net.Conn) {
	l.mu.Lock()
	defer l.mu.Unlock()
	ip, ok := l.counted[c]
	if !ok {
		return
	}
	delete(l.counted, c)
	l.conns--
	if l.perIP[ip]--; l.perIP[ip] == 0 {
		delete(l.perIP, ip)
	}
}
