//go:build !js

package netlobby

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"net/http"
	"net/netip"
	"time"

	"github.com/jankenarcade/janken/netplay"
)

// lanNetwork is the real network of a desktop machine: the host listens
// on GamePort on every interface (UDP for desktop peers and, when it has
// the web build, HTTP on the same port number for browser peers) and
// announces to the LAN broadcast address; joiners listen on any free port
// and hear announcements on DiscoveryPort.
func lanNetwork(web fs.FS) *Network {
	return &Network{
		Host:          func() (netplay.Transport, error) { return listenHost(fmt.Sprintf(":%d", netplay.GamePort), web) },
		Join:          func() (netplay.Transport, error) { return netplay.ListenUDP(":0") },
		Discovery:     func() (netplay.Transport, error) { return netplay.ListenUDP(fmt.Sprintf(":%d", netplay.DiscoveryPort)) },
		AnnounceTo:    []netip.AddrPort{netplay.Broadcast},
		Addresses:     lanAddresses,
		OnThisMachine: loopbackNetwork(netplay.GamePort, netplay.DiscoveryPort, web),
	}
}

// loopbackNetwork is a host's network on this machine only: it listens
// on 127.0.0.1 at gamePort and announces its room to 127.0.0.1 at
// discoveryPort, so the game's other windows on this machine find it and
// nothing reaches the LAN.
func loopbackNetwork(gamePort, discoveryPort uint16, web fs.FS) *Network {
	here := netip.AddrFrom4([4]byte{127, 0, 0, 1})
	return &Network{
		Host:       func() (netplay.Transport, error) { return listenHost(netip.AddrPortFrom(here, gamePort).String(), web) },
		AnnounceTo: []netip.AddrPort{netip.AddrPortFrom(here, discoveryPort)},
	}
}

// listenHost opens the host's UDP socket on addr and, if web holds the
// web build, an HTTP server on the same address serving it with browser
// peers joining over WebSocket.
func listenHost(addr string, web fs.FS) (netplay.Transport, error) {
	udp, err := netplay.ListenUDP(addr)
	if err != nil || web == nil {
		return udp, err
	}
	// The same port number over TCP, also when addr let UDP pick it.
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		udp.Close()
		return nil, err
	}
	ln, err := net.Listen("tcp4", net.JoinHostPort(host, fmt.Sprint(udp.LocalAddr().Port())))
	if err != nil {
		udp.Close()
		return nil, fmt.Errorf("serve the web build on %s: %w", addr, err)
	}
	hub := netplay.NewWebSocketHub(udp.LocalAddr())
	srv := netplay.NewWebServer(netplay.WebHandler(web, hub))
	go srv.Serve(ln)
	return webHost{HostTransport: netplay.HostTransport{UDP: udp, Web: hub}, srv: srv}, nil
}

// webHost is a host transport that also serves the web build; closing it
// stops the server.
type webHost struct {
	netplay.HostTransport
	srv *http.Server
}

func (w webHost) Close() error {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	return errors.Join(w.srv.Shutdown(ctx), w.HostTransport.Close())
}

// ServesWeb reports whether browsers can join at the host's address.
func (w webHost) ServesWeb() bool { return true }

// lanAddresses lists this machine's IPv4 LAN addresses with the game's
// port, for players who type them.
func lanAddresses() []string {
	addrs, err := net.InterfaceAddrs()
	if err != nil {
		return nil
	}
	var out []string
	for _, a := range addrs {
		ipnet, ok := a.(*net.IPNet)
		if !ok {
			continue
		}
		ip, ok := netip.AddrFromSlice(ipnet.IP)
		if ip = ip.Unmap(); ok && ip.Is4() && !ip.IsLoopback() {
			out = append(out, netip.AddrPortFrom(ip, netplay.GamePort).String())
		}
	}
	return out
}

// roomFinder lists the rooms announced on disc, as of now.
func roomFinder(disc netplay.Transport) func(now time.Duration) []netplay.Room {
	return netplay.NewRoomFinder(disc).Update
}
