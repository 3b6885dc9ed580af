package lobby

import (
	"errors"
	"net/netip"

	"github.com/jankenarcade/janken/phone"
)

// listenLAN fails: a browser cannot serve the phones.
func listenLAN(phone.Config) (PhoneHost, netip.Addr, error) {
	return nil, netip.Addr{}, errors.New("phones join the desktop game, not the browser's")
}
