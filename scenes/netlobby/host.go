//go:build !js

package netlobby

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/jankenarcade/janken/netplay"
	"github.com/jankenarcade/janken/scenes"
)

// The host's side of the lobby: opening a room and running it until the
// match starts. A browser cannot host (host_js.go), so its build leaves
// this side, netplay.LobbyHost and all, out of the download.

// roomHost runs the lobby's room.
type roomHost = netplay.LobbyHost

// startHosting opens the room on net.
func (l *Lobby) startHosting(net *Network) {
	tr, err := net.Host()
	if err != nil {
		l.err = plain("Cannot host", err)
		return
	}
	room := netplay.NewRoomCode()
	sealed, err := l.seal(tr, room)
	if err != nil {
		tr.Close()
		l.err = plain("Cannot host", err)
		return
	}
	l.tr, l.room, l.err, l.here = sealed, room, "", net == l.cfg.Net.OnThisMachine
	var free netplay.SeatSet
	for seat := l.local; seat < l.cfg.MaxPlayers; seat++ {
		free |= netplay.SeatsOf(seat)
	}
	l.host = netplay.NewLobbyHost(sealed, l.room, l.cfg.Rules, l.cfg.PlayerName, free, l.optionsWelcome)
	l.host.About = OptionsLine(chosenOptions(l.cfg.Options, l.chosen))
	l.host.AnnounceTo = net.AnnounceTo
	l.host.SeatsPerMachine = l.cfg.MaxLocalSeats
	if w, ok := tr.(interface{ ServesWeb() bool }); ok {
		l.web = w.ServesWeb()
	}
	l.addrs = nil
	if net.Addresses != nil {
		l.addrs = net.Addresses()
	}
	l.mode, l.menu.Width = modeHost, menuW
	l.menu.Cursor = 0
}

func (l *Lobby) updateHost(ctx *scenes.Context) {
	l.host.Update(now(ctx))
	l.menu.Y = hostMenuY
	if l.tallMenu() {
		l.menu.Y, l.menu.MaxHeight = optionsMenuY, optionsMenuH
	}
	l.menu.Items = l.hostItems(l.menu.Items[:0])
	ev := l.menu.Update(ctx)
	opt := ev.Index - hostOptions // the option entry, if it is one
	closeItem := len(l.menu.Items) - 1
	kick := ev.Index - l.firstKick() // the joiner its entry kicks, if it is one
	add := l.addAI()
	switch {
	case ev.Action == scenes.MenuBack || ev.Action == scenes.MenuActivate && ev.Index == closeItem:
		l.closeAll()
		l.choose()
	case opt >= 0 && opt < len(l.cfg.Options) && ev.Action == scenes.MenuDecrease:
		l.changeOption(opt, -1)
	case opt >= 0 && opt < len(l.cfg.Options) && ev.Action != scenes.MenuNone:
		l.changeOption(opt, 1)
	case opt == len(l.cfg.Options) && l.cfg.SitOut && ev.Action != scenes.MenuNone:
		l.drop = 1 - l.drop
	case ev.Action == scenes.MenuActivate && kick >= 0 && kick < len(l.host.Joiners()):
		l.kick(l.host.Joiners()[kick])
	case add >= 0 && ev.Index == add && ev.Action == scenes.MenuDecrease:
		l.level = (l.level + len(l.cfg.Bots) - 1) % len(l.cfg.Bots)
	case add >= 0 && ev.Index == add && ev.Action == scenes.MenuIncrease:
		l.level = (l.level + 1) % len(l.cfg.Bots)
	case add >= 0 && ev.Index == add && ev.Action == scenes.MenuActivate:
		l.seatAI()
	case add >= 0 && ev.Index == add+1 && ev.Action == scenes.MenuActivate:
		l.unseatAI()
	case ev.Action == scenes.MenuActivate && ev.Index == 0:
		l.start(ctx)
	}
	if l.mode == modeHost {
		l.menu.Items = l.hostItems(l.menu.Items[:0]) // as the choice left them
	}
}

// seatAI gives the lowest empty seat to a bot, withheld from joiners.
func (l *Lobby) seatAI() {
	free := l.host.Free()
	for seat := range l.cfg.MaxPlayers {
		if free.Has(seat) && l.host.Withhold(netplay.SeatsOf(seat)) == nil {
			l.ai |= netplay.SeatsOf(seat)
			return
		}
	}
}

// unseatAI frees the highest bot seat for joiners again.
func (l *Lobby) unseatAI() {
	for seat := l.cfg.MaxPlayers - 1; seat >= 0; seat-- {
		if l.ai.Has(seat) {
			l.ai &^= netplay.SeatsOf(seat)
			l.host.Offer(netplay.SeatsOf(seat))
			return
		}
	}
}

// kick removes j from the room: its seats are free again, and its lobby
// is told that the host removed it.
func (l *Lobby) kick(j netplay.Joiner) {
	if err := l.host.Kick(j.Addr); err != nil {
		l.err = fmt.Sprintf("Cannot remove %s: %v", j.Name, err)
		return
	}
	l.err = ""
}

// optionsWelcome is what a joiner is told on joining, before the start:
// the options as the host has set them.
func (l *Lobby) optionsWelcome(netplay.Joiner) []byte {
	if len(l.cfg.Options) == 0 {
		return nil
	}
	data, err := json.Marshal(settingsJSON{Options: chosenOptions(l.cfg.Options, l.chosen)})
	if err != nil { // labels and values are strings: cannot fail
		return nil
	}
	return data
}

// start begins the match on the host: the joiners are told the final
// peer list and the game's settings, and the game takes the transport.
func (l *Lobby) start(ctx *scenes.Context) {
	joiners := append([]netplay.Joiner(nil), l.host.Joiners()...)
	seats := localSeats(l.local) | l.ai
	all := seats
	for _, j := range joiners {
		all |= j.Seats
	}
	// The game's settings are made before anyone is told of the start,
	// so a choice that makes no game leaves the room open as it was.
	var game []byte
	if l.cfg.Game != nil {
		game = l.cfg.Game(all, slices.Clone(l.chosen))
	}
	m := Match{Transport: l.tr, Room: l.room, Host: true, Seats: seats, Joiners: joiners,
		HostAddr: l.tr.LocalAddr(), Game: game, Options: chosenOptions(l.cfg.Options, l.chosen), OnDrop: l.drop, Secret: NewSecret(),
		Names: seatNames(l.cfg.PlayerName, localSeats(l.local), joiners)}
	if l.ai != 0 {
		m.Bots, m.AI, m.BotLevel = l.ai, l.ai, l.cfg.Bots[l.level]
	}
	if err := m.writeSettings(); err != nil {
		l.err = fmt.Sprintf("Cannot start: %v", err)
		return
	}
	if err := l.host.Start(func(netplay.Joiner) []byte { return m.Settings }); err != nil {
		l.err = fmt.Sprintf("Cannot start: %v", err)
		return
	}
	// The match reads the lobby's transport through Handoff's, which
	// still tells a joiner whose start message was lost that the match
	// has begun. Handoff fails only before a start.
	if tr, err := l.host.Handoff(l.clock); err == nil {
		m.Transport = tr
	}
	l.err = ""
	l.tr, l.host = nil, nil // the match owns the transport now
	l.begin(ctx, m)
}
