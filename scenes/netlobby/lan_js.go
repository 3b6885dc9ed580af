package netlobby

import (
	"context"
	"errors"
	"io/fs"
	"net/url"
	"syscall/js"

	"github.com/jankenarcade/janken/netplay"
)

// lanNetwork is the browser's network: a page served by a desktop host
// joins that host over WebSocket; a browser cannot host or hear LAN
// announcements.
func lanNetwork(fs.FS) *Network {
	return &Network{
		Host: func() (netplay.Transport, error) {
			return nil, errors.New("hosting needs the desktop game")
		},
		Join: func() (netplay.Transport, error) {
			loc, err := url.Parse(js.Global().Get("location").Get("href").String())
			if err != nil {
				return nil, err
			}
			if loc.Scheme == "https" {
				return nil, errors.New("open the host's own address (http://…) to play on the LAN")
			}
			ws := url.URL{Scheme: "ws", Host: loc.Host, Path: "/netplay"}
			return netplay.DialWebSocket(context.Background(), ws.String())
		},
		JoinsPageHost: true,
	}
}
