// Package phoneplay starts a couch table of a hidden-hand game whose
// seats include phones (package phone): the desktop game hosts it as a
// network match (netplay.Host), each phone a client of its one seat that
// is told only that seat's view and events, while the couch's own seats
// and bots play on the TV, which shows no phone's hand and never hands
// the screen to a phone's seat.
package phoneplay

import (
	"fmt"

	"github.com/jankenarcade/janken/netplay"
	"github.com/jankenarcade/janken/phone"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/cardtable"
	"github.com/jankenarcade/janken/scenes/lobby"
	"github.com/jankenarcade/janken/scenes/netlobby"
)

// Open starts the table of seating, whose Phone seats are srv's phones,
// with the game's network table open (NewNetTable): the couch's seats are
// the host's, the phones its clients. The table owns srv from now on, and
// a phone that reloads its page is moved to its new connection.
func Open[S scenes.Scene](d *scenes.Director, srv *phone.Server, s lobby.Seating, open func(*scenes.Director, netlobby.Match) (S, error)) (S, error) {
	var none S
	m, seats, err := Match(srv, s)
	if err != nil {
		return none, err
	}
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
// first seat must be the couch's (a player or a bot): the host plays it.
func Match(srv *phone.Server, s lobby.Seating) (netlobby.Match, map[int]int, error) {
	m := netlobby.Match{Transport: srv.Transport(), Room: srv.Room(), Host: true, HostAddr: srv.Addr(), Secret: cardtable.NewSecret()}
	seats := map[int]int{}
	for seat, st := range s.Seats {
		switch st.Kind {
		case lobby.Phone:
			p, ok := phoneOf(srv, st.Phone)
			if !ok {
				return netlobby.Match{}, nil, fmt.Errorf("phoneplay: %s's phone is gone", st.Name)
			}
			if seat == 0 {
				return netlobby.Match{}, nil, fmt.Errorf("phoneplay: %s holds the first seat, which the TV plays", st.Name)
			}
			seats[st.Phone] = seat
			m.Joiners = append(m.Joiners, netplay.Joiner{Addr: p.Addr, Name: p.Name, Index: len(m.Joiners) + 1, Seats: netplay.SeatsOf(seat), HostOnly: true})
		case lobby.Bot:
			m.Seats |= netplay.SeatsOf(seat)
			m.Bots |= netplay.SeatsOf(seat)
			m.BotLevel = st.Bot
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

// Colour returns seat's colour on d's screen as "#rrggbb", for its phone.
func Colour(d *scenes.Director, seat int) string {
	c := d.Palette().Seats[seat%len(d.Palette().Seats)]
	return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B)
}
