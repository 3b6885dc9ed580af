package phone

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/netip"

	"github.com/jankenarcade/janken/netplay"
)

// Magic starts every claim and answer; the game's packets start with 'J'.
const Magic = 'P'

// maxClaimSize bounds a claim or an answer: a token, a name, a colour.
const maxClaimSize = 512

// Claim is a phone's request for a seat: a new one (no Token), or the one
// its Token holds again.
type Claim struct {
	Token string `json:",omitempty"`
	Name  string
}

// Answer is the host's reply to a claim.
type Answer struct {
	// Refused, if set, says why the phone has no seat; nothing else is.
	Refused string `json:",omitempty"`
	// Seat is the phone's seat: in the lobby's numbering until Started,
	// the game's after.
	Seat   int
	Name   string // the player's name, as the TV shows it
	Colour string // the seat's colour, "#rrggbb"
	Token  string // claims the seat again
	Game   string // the game's name: "ninjan"
	// Started is set once the game has begun: the phone plays Seat from
	// now on.
	Started bool `json:",omitempty"`
}

// AppendClaim appends the packet of v (a Claim or an Answer) to dst.
func AppendClaim(dst []byte, v any) ([]byte, error) {
	data, err := json.Marshal(v)
	if err != nil {
		return dst, fmt.Errorf("phone: encode %T: %w", v, err)
	}
	if len(data)+1 > maxClaimSize {
		return dst, fmt.Errorf("phone: %T of %d bytes, more than %d", v, len(data)+1, maxClaimSize)
	}
	return append(append(dst, Magic), data...), nil
}

// ErrNotClaim is DecodeClaim's error for a packet that is not a claim or
// an answer, or is oversized.
var ErrNotClaim = errors.New("phone: not a claim")

// DecodeClaim reads the packet p, made by AppendClaim, into v.
func DecodeClaim(p []byte, v any) error {
	if len(p) < 2 || p[0] != Magic || len(p) > maxClaimSize {
		return ErrNotClaim
	}
	if err := json.Unmarshal(p[1:], v); err != nil {
		return fmt.Errorf("%w: %v", ErrNotClaim, err)
	}
	return nil
}

// Split is a Transport that passes on the game's packets and hands the
// claims (packets starting with Magic) to Claims instead.
type Split struct {
	netplay.Transport
	// Claims takes a claim or an answer from an address; p is valid only
	// during the call.
	Claims func(from netip.AddrPort, p []byte)
}

// Receive implements netplay.Transport, handing claims on as they come.
func (s *Split) Receive(buf []byte) (int, netip.AddrPort, bool) {
	for {
		n, from, ok := s.Transport.Receive(buf)
		if !ok || n == 0 || buf[0] != Magic {
			return n, from, ok
		}
		s.Claims(from, buf[:n])
	}
}
