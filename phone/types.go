package phone

import (
	"io/fs"
	"net/netip"
	"time"

	"github.com/jankenarcade/janken/netplay"
)

// LobbyTimeout is how long a seated phone may be silent before the game
// starts (the page claims every second) until it loses its seat.
const LobbyTimeout = 10 * time.Second

// Config configures a Server.
type Config struct {
	Room netplay.RoomCode
	Game string // the game's name, for the page: "ninjan"
	// Pad holds the phone page: PadPage, PadWasm and PadExec.
	Pad fs.FS
	// Clock tells the game's time; nil is the wall clock.
	Clock func() time.Duration
	// Seat gives the player named name, on a new phone, a seat, or says
	// why it cannot.
	Seat func(name string) (seat int, err error)
	// Colour returns a seat's colour as "#rrggbb".
	Colour func(seat int) string
}

// Phone is a seated phone.
type Phone struct {
	ID    int // the phone's number, from 1 in the order they came
	Seat  int // in the lobby's numbering until Start, the game's after
	Name  string
	Addr  netip.AddrPort // where it is connected from now
	heard time.Duration  // when it was last heard
	token string
}
