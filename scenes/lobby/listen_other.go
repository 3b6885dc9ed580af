//go:build !js

package lobby

import (
	"net/netip"

	"github.com/jankenarcade/janken/phone"
)

// listenLAN serves the phones on this machine's LAN address.
func listenLAN(cfg phone.Config) (PhoneHost, netip.Addr, error) { return phone.ListenLAN(cfg) }
