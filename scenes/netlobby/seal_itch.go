//go:build itch

package netlobby

import (
	"errors"
	"net/netip"

	"github.com/jankenarcade/janken/netplay"
)

// seal refuses: the itch.io build has no network play (see package wasm)
// and opens no lobby. Leaving the room's encryption out keeps package
// netplay/secure, its Noise handshake, X25519 (and with it crypto/ecdh)
// and ChaCha20-Poly1305, and their package initialisation out of the
// download.
func (l *Lobby) seal(netplay.Transport, netplay.RoomCode) (netplay.Transport, error) {
	return nil, errors.New("this build has no network play")
}

// unsealed reports false: nothing is ever sealed (seal).
func unsealed(netplay.Transport, netip.AddrPort) bool { return false }
