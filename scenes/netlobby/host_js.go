//go:build js

package netlobby

import (
	"github.com/jankenarcade/janken/netplay"
	"github.com/jankenarcade/janken/scenes"
)

// roomHost stands in for netplay.LobbyHost (host.go), which a browser's
// lobby never makes: l.host stays nil. A field of type
// *netplay.LobbyHost alone would keep all of the room host's code in the
// download, since the linker keeps every exported method of the types a
// scene's fields reach (Ebitengine's text/template may call any of them
// by name).
type roomHost struct{ About string }

// Joiners returns nobody: no room, no joiners.
func (*roomHost) Joiners() []netplay.Joiner { return nil }

// CloseRoom does nothing: no room to close.
func (*roomHost) CloseRoom() {}

// startHosting refuses: a browser can neither listen for peers nor
// announce a room (its Network has no Host, so its menu never offers to),
// and its build leaves the host's side of the lobby out of the download
// (host.go).
func (l *Lobby) startHosting(*Network) { l.err = "A browser cannot host: host from the desktop game." }

// updateHost goes back to the first menu: a browser's lobby never hosts.
func (l *Lobby) updateHost(*scenes.Context) { l.choose() }
