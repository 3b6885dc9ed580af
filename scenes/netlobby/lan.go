//go:build !js

package netlobby

import (
	"fmt"
	"net"
	"net/netip"

	"github.com/jankenarcade/janken/netplay"
)

// lanNetwork is the real network of a desktop machine: the host listens
// on GamePort on every interface and announces to the LAN broadcast
// address; joiners listen on any free port and hear announcements on
// DiscoveryPort.
func lanNetwork() *Network {
	return &Network{
		Host:       func() (netplay.Transport, error) { return netplay.ListenUDP(fmt.Sprintf(":%d", netplay.GamePort)) },
		Join:       func() (netplay.Transport, error) { return netplay.ListenUDP(":0") },
		Discovery:  func() (netplay.Transport, error) { return netplay.ListenUDP(fmt.Sprintf(":%d", netplay.DiscoveryPort)) },
		AnnounceTo: []netip.AddrPort{netplay.Broadcast},
		Addresses:  lanAddresses,
	}
}

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
