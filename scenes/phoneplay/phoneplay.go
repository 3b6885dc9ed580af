//go:build !js

package phoneplay

import (
	"fmt"
	"net/netip"

	"github.com/jankenarcade/janken/netplay"
	"github.com/jankenarcade/janken/phone"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/cardtable"
	"github.com/jankenarcade/janken/scenes/lobby"
	"github.com/jankenarcade/janken/scenes/netlobby"
)

// Open starts the table of seating, whose Phone seats are srv's phones,
// with the game's network table open (NewNetTable) and its settings
// (netlobby.Match.Game; nil for the defaults): the couch's seats are the
// host's, the phones its clients. The table owns srv from now on, and a
// phone that reloads its page is moved to its new connection.
func Open[S scenes.Scene](d *scenes.Director, srv *phone.Server, s lobby.Seating, settings []byte, open func(*scenes.Director, netlobby.Match) (S, error)) (S, error) {
	var none S
	m, seats, err := Match(srv, s)
	if err != nil {
		return none, err
	}
	m.Game = settings
	srv.Start(seats)
	t, err := open(d, m)
	if err != nil {
		return none, err
	}
	if r, ok := any(t).(interface {
		Rejoiner() (cardtable.Rejoiner, bool)
	}); ok {
		if j, ok := r.Rejoiner(); ok {
			srv.Rejoin = j.Rejoin
		}
	}
	return t, nil
}

// Match returns the network match of seating, hosted on this machine with
// srv's phones as its joiners, and the game seat of each phone by ID. The
// match's Couch is the seating: the couch's players each keep their own
// device, the bots their own levels, the phones' players their names.
func Match(srv *phone.Server, s lobby.Seating) (netlobby.Match, map[int]int, error) {
	m := netlobby.Match{Transport: srv.Transport(), Room: srv.Room(), Host: true, HostAddr: srv.Addr(), Secret: cardtable.NewSecret(), Onlookers: true, Couch: &s}
	seats := map[int]int{}
	for seat, st := range s.Seats {
		switch st.Kind {
		case lobby.Phone:
			p, ok := phoneOf(srv, st.Phone)
			if !ok {
				return netlobby.Match{}, nil, fmt.Errorf("phoneplay: %s's phone is gone", st.Name)
			}
			seats[st.Phone] = seat
			m.Joiners = append(m.Joiners, netplay.Joiner{Addr: p.Addr, Name: p.Name, Index: len(m.Joiners) + 1, Seats: netplay.SeatsOf(seat), HostOnly: true})
		case lobby.Bot:
			m.Seats |= netplay.SeatsOf(seat)
			m.Bots |= netplay.SeatsOf(seat)
		default:
			m.Seats |= netplay.SeatsOf(seat)
		}
	}
	return m, seats, nil
}

func phoneOf(srv *phone.Server, id int) (phone.Phone, bool) {
	for _, p := range srv.Phones() {
		if p.ID == id {
			return p, true
		}
	}
	return phone.Phone{}, false
}

// Lobby returns the couch lobby's Phones of the named game, whose network
// table open opens: Start opens it with Open, with the settings (the
// variant chosen before the lobby, for players) that settings returns, if
// it is set.
func Lobby[S scenes.Scene](game string, open func(*scenes.Director, netlobby.Match) (S, error), settings func(players int) ([]byte, error)) *lobby.Phones {
	return &lobby.Phones{Game: game, Listen: listenLAN, Start: func(ctx *scenes.Context, s lobby.Seating, host lobby.PhoneHost) error {
		srv, ok := host.(*phone.Server)
		if !ok {
			return fmt.Errorf("phoneplay: phones on a %T", host)
		}
		var set []byte
		if settings != nil {
			var err error
			if set, err = settings(len(s.Seats)); err != nil {
				return err
			}
		}
		t, err := Open(ctx.Director(), srv, s, set, open)
		if err != nil {
			return err
		}
		ctx.Replace(t, scenes.FadeQuick)
		return nil
	}}
}

// listenLAN serves the phones on this machine's LAN address.
func listenLAN(cfg phone.Config) (lobby.PhoneHost, netip.Addr, error) { return phone.ListenLAN(cfg) }

// Colour returns seat's colour on d's screen as "#rrggbb", for its phone.
func Colour(d *scenes.Director, seat int) string {
	c := d.Palette().Seats[seat%len(d.Palette().Seats)]
	return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B)
}
