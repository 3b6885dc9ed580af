package netlobby

import (
	"encoding/json"
	"fmt"
	"net/netip"

	"github.com/jankenarcade/janken/netplay"
)

// settingsJSON is what the host tells every joiner at the start: every
// peer's address and seats, in peer order (the host first, its address
// left empty: each joiner knows it as the address it joined).
type settingsJSON struct {
	Peers []peerJSON `json:"peers"`
}

type peerJSON struct {
	Addr  string          `json:"addr,omitempty"`
	Seats netplay.SeatSet `json:"seats"`
}

func matchSettings(hostSeats netplay.SeatSet, joiners []netplay.Joiner) []byte {
	s := settingsJSON{Peers: []peerJSON{{Seats: hostSeats}}}
	for _, j := range joiners {
		s.Peers = append(s.Peers, peerJSON{Addr: j.Addr.String(), Seats: j.Seats})
	}
	data, _ := json.Marshal(s) // plain strings and numbers: cannot fail
	return data
}

// Peers returns the match's peers for a netplay session, in the same order
// on every machine: the host, then the joiners in joining order. hostAddr
// is where a joiner reached the host (ignored on the host).
func (m Match) Peers(hostAddr netip.AddrPort) ([]netplay.PeerConfig, error) {
	if m.Host {
		peers := []netplay.PeerConfig{{Seats: m.Seats}}
		for _, j := range m.Joiners {
			peers = append(peers, netplay.PeerConfig{Addr: j.Addr, Seats: j.Seats})
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
		peers[i].Seats = p.Seats
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
