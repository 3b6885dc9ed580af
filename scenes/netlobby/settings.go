package netlobby

import (
	"encoding/json"
	"fmt"
	"net/netip"
	"strings"
	"unicode/utf8"

	"github.com/jankenarcade/janken/drawable"
	"github.com/jankenarcade/janken/netplay"
	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/scenes"
)

// settingsJSON is what the host tells every joiner at the start: every
// peer's address and seats, in peer order (the host first, its address
// left empty: each joiner knows it as the address it joined).
type settingsJSON struct {
	Peers []peerJSON `json:"peers"`
	// Game is the game's own settings (Config.Game): the same on every
	// machine, so every table deals the same game.
	Game json.RawMessage `json:"game,omitempty"`
	// Bots is set when a dropped machine's seats go to bots.
	Bots bool `json:"bots,omitempty"`
	// Options are the options the host chose (Config.Options), for the
	// joiners to show. A joiner is also told them on joining, alone,
	// and again whenever it repeats its hello.
	Options []Chosen `json:"options,omitempty"`
	// AI are the seats the host's bots play, at AILevel, for the joiners'
	// tables to name.
	AI      netplay.SeatSet `json:"ai,omitempty"`
	AILevel string          `json:"aiLevel,omitempty"`
	// Names are the seats' names (Match.Names).
	Names []string `json:"names,omitempty"`
}

type peerJSON struct {
	Addr     string          `json:"addr,omitempty"`
	Seats    netplay.SeatSet `json:"seats"`
	HostOnly bool            `json:"hostOnly,omitempty"` // a browser: the host relays for it
}

// writeSettings makes the start's settings of the host's match m, its
// Settings, or says why the game's settings (Config.Game's) make no
// match.
func (m *Match) writeSettings() error {
	if err := gameError(m.Game); err != nil {
		return err
	}
	s := settingsJSON{Peers: []peerJSON{{Seats: m.Seats}}, Game: m.Game, Bots: m.OnDrop == netplay.BotSeats, Options: m.Options,
		AI: m.AI, AILevel: m.BotLevel, Names: m.Names}
	for _, j := range m.Joiners {
		s.Peers = append(s.Peers, peerJSON{Addr: j.Addr.String(), Seats: j.Seats, HostOnly: j.HostOnly})
	}
	data, err := json.Marshal(s)
	if err != nil {
		return fmt.Errorf("the match's settings: %w", err)
	}
	m.Settings = data
	return nil
}

// readSettings fills a joiner's match from the settings the host sent,
// keeping of the options the host chose those opts has (knownOptions).
func (m *Match) readSettings(opts []Option) error {
	var s settingsJSON
	if err := json.Unmarshal(m.Settings, &s); err != nil {
		return fmt.Errorf("netlobby: the host's settings: %w", err)
	}
	if err := checkNames(s.Names); err != nil {
		return fmt.Errorf("netlobby: the host's settings: %w", err)
	}
	m.Game, m.Options, m.AI, m.BotLevel, m.Names = s.Game, knownOptions(opts, s.Options), s.AI, s.AILevel, s.Names
	m.OnDrop = netplay.DropSeats
	if s.Bots {
		m.OnDrop = netplay.BotSeats
	}
	return nil
}

// Players returns the number of players of the match, on any machine:
// the peers' seats must be seats 1 to n, none twice.
func (m Match) Players() (int, error) {
	peers, err := m.Peers(m.HostAddr)
	if err != nil {
		return 0, err
	}
	var all netplay.SeatSet
	n := 0
	for _, p := range peers {
		all |= p.Seats
		n += p.Seats.Len()
	}
	if all != netplay.SeatSet(1<<n-1) {
		return 0, fmt.Errorf("netlobby: the peers' seats %08b are not seats 1 to %d", all, n)
	}
	return n, nil
}

// Peers returns the match's peers for a netplay session, in the same order
// on every machine: the host, then the joiners in joining order. hostAddr
// is where a joiner reached the host (ignored on the host).
func (m Match) Peers(hostAddr netip.AddrPort) ([]netplay.PeerConfig, error) {
	if m.Host {
		peers := []netplay.PeerConfig{{Seats: m.Seats}}
		for _, j := range m.Joiners {
			peers = append(peers, netplay.PeerConfig{Addr: j.Addr, Seats: j.Seats, HostOnly: j.HostOnly})
		}
		return peers, nil
	}
	var s settingsJSON
	if err := json.Unmarshal(m.Settings, &s); err != nil {
		return nil, fmt.Errorf("netlobby: the host's settings: %w", err)
	}
	if len(s.Peers) == 0 || m.Index >= len(s.Peers) || s.Peers[m.Index].Seats != m.Seats {
		return nil, fmt.Errorf("netlobby: the host's peer list does not seat us as peer %d", m.Index)
	}
	peers := make([]netplay.PeerConfig, len(s.Peers))
	for i, p := range s.Peers {
		peers[i].Seats, peers[i].HostOnly = p.Seats, p.HostOnly
		switch {
		case i == 0:
			peers[i].Addr = hostAddr
		case i != m.Index:
			a, err := netip.ParseAddrPort(p.Addr)
			if err != nil {
				return nil, fmt.Errorf("netlobby: peer %d address %q: %w", i, p.Addr, err)
			}
			peers[i].Addr = a
		}
	}
	return peers, nil
}

// Close releases the match's transport, once: a table calls it when it
// leaves the match.
func (m *Match) Close() {
	if m.Transport != nil {
		m.Transport.Close()
		m.Transport = nil
	}
}

// Replace returns a Config.Start that replaces the lobby with the table
// open makes of the match.
func Replace[S scenes.Scene](open func(d *scenes.Director, m Match) (S, error)) func(*scenes.Context, Match) error {
	return func(ctx *scenes.Context, m Match) error {
		t, err := open(ctx.Director(), m)
		if err == nil {
			ctx.Replace(t, scenes.FadeQuick)
		}
		return err
	}
}

// defaultName is the name a machine gives when its player chose none
// (Config.PlayerName): it names nobody, so the tables call its seats
// "Player N".
const defaultName = "Player"

// maxNameLen is the longest seat name a host may send, in bytes: a
// machine's name (at most 32 bytes, netplay cleans them) and a number.
const maxNameLen = 40

// seatNames returns Match.Names for a match whose host, named host, plays
// seats and whose joiners are joiners, by seat: a machine's name for its
// one seat, numbered for several ("Ada 1", "Ada 2"); "" for the seats of
// a machine with no name of its own, and any seat nobody plays. It is nil
// if no seat has a name.
func seatNames(host string, seats netplay.SeatSet, joiners []netplay.Joiner) []string {
	var names []string
	name := func(who string, seats netplay.SeatSet) {
		if who == "" || who == defaultName {
			return
		}
		k := 0
		for seat := range rulesets.MaxSeats {
			if !seats.Has(seat) {
				continue
			}
			k++
			for len(names) <= seat {
				names = append(names, "")
			}
			names[seat] = who
			if seats.Len() > 1 {
				names[seat] = fmt.Sprintf("%s %d", who, k)
			}
		}
	}
	name(host, seats)
	for _, j := range joiners {
		name(j.Name, j.Seats)
	}
	return names
}

// checkNames says what is wrong with names a host sent, if anything: too
// many, too long, or not text every machine shows as it is (notNameChar).
func checkNames(names []string) error {
	if len(names) > rulesets.MaxSeats {
		return fmt.Errorf("%d names for at most %d seats", len(names), rulesets.MaxSeats)
	}
	for seat, name := range names {
		if len(name) > maxNameLen || !utf8.ValidString(name) || strings.ContainsFunc(name, notNameChar) {
			return fmt.Errorf("seat %d's name %q", seat+1, name)
		}
	}
	return nil
}

// notNameChar reports whether r may not stand in a name a host sends: a
// control or formatting character (a bidirectional override would reverse
// the text around it) or a letter some machine cannot draw, the same rule
// the host applies to its joiners' names (drawable.Chars).
func notNameChar(r rune) bool { return !drawable.Char(r) }
