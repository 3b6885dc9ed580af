package lobby

import (
	"io/fs"
	"net/netip"

	"github.com/jankenarcade/janken/phone"
	"github.com/jankenarcade/janken/scenes"
)

// Phones lets the players of a hidden-hand game hold their hands on their
// own phones (package phone): the lobby's "Phones" serves the phone page
// and shows its QR code and address; each phone that opens it takes a
// seat with its player's name, and Start opens the table with the phones
// as network clients of their seats.
type Phones struct {
	Game string // the game's name: "ninjan"
	// Pad is the phone page; nil finds the one padtool built
	// (phone.FindPad).
	Pad fs.FS
	// Listen opens the phones' server; nil opens it on this machine's
	// LAN address (phone.ListenLAN; the browser build cannot). It
	// returns the address the phones reach it at. Tests listen on
	// loopback.
	Listen func(cfg phone.Config) (PhoneHost, netip.Addr, error)
	// Start opens the table of s, whose Phone seats are srv's phones; the
	// table owns srv from then on.
	Start func(ctx *scenes.Context, s Seating, srv PhoneHost) error
}

// PhoneHost is the phones' server as the lobby uses it: a *phone.Server
// (an interface, so that the browser build, which hosts no phones, links
// no server).
type PhoneHost interface {
	Update()
	Phones() []phone.Phone
	Drop(id int)
	URL(host netip.Addr) string
	Close() error
}
