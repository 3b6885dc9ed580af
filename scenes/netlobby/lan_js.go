package netlobby

import (
	"context"
	"io/fs"
	"net/url"
	"syscall/js"
	"time"

	"github.com/jankenarcade/janken/netplay"
)

// lanNetwork is the browser's network. A browser can neither host nor
// hear LAN announcements; a page served by a desktop host joins that
// host over WebSocket, and any other page (itch.io, say) can join nothing
// and says how to reach a host instead.
func lanNetwork(fs.FS) *Network {
	n := &Network{InBrowser: true}
	page, err := url.Parse(js.Global().Get("location").Get("href").String())
	if err != nil || !servedByHost(page) {
		return n
	}
	n.PageHost, n.JoinsPageHost = page.Host, true
	n.Join = func() (netplay.Transport, error) {
		ws := url.URL{Scheme: "ws", Host: page.Host, Path: "/netplay"}
		return netplay.DialWebSocket(context.Background(), ws.String())
	}
	return n
}

// roomFinder finds no room: a browser's network has no Discovery to hear
// announcements on (lanNetwork), so the lobby never asks, and the browser
// build leaves LAN discovery out of the download.
func roomFinder(netplay.Transport) func(now time.Duration) []netplay.Room { return nil }
