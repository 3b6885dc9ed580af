package netlobby

import (
	"net/url"
	"strconv"

	"github.com/jankenarcade/janken/netplay"
)

// servedByHost reports whether the page at page came from a desktop game
// that hosts: it serves the web build over plain HTTP on the game's port
// (netplay.GamePort), beside its room. A page from anywhere else, and any
// page over HTTPS, cannot open a plain WebSocket to a host on the LAN.
func servedByHost(page *url.URL) bool {
	return page.Scheme == "http" && page.Port() == strconv.Itoa(netplay.GamePort)
}
