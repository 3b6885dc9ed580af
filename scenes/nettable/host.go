//go:build !js

package nettable

import (
	"encoding/json"
	"fmt"

	"github.com/jankenarcade/janken/netplay"
	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/netlobby"
)

// openHosted deals the game of match m, of n players, on its host from
// m.Secret with the variant in m.Game, and hosts it on m.Transport.
func openHosted[G rulesets.Game[A, E], A comparable, E, V any](m netlobby.Match, n int, rules Rules[G, A, E, V]) (*Hosted[G, A, E], error) {
	if m.Seats != 0 && !m.Seats.Has(0) { // a host of phones alone plays no seat
		return nil, fmt.Errorf("netlobby: the host plays %s, not Player 1", scenes.SeatList(m.Seats))
	}
	if m.Secret == 0 {
		return nil, fmt.Errorf("netlobby: the host's match has no secret to deal from")
	}
	var set netlobby.Game
	if len(m.Game) > 0 {
		if err := json.Unmarshal(m.Game, &set); err != nil {
			return nil, fmt.Errorf("netlobby: the game's settings: %w", err)
		}
	}
	g, err := rules.New(n, set.Rules, m.Secret)
	if err != nil {
		return nil, err
	}
	cfg, err := HostConfig(m, func(g G, seat int) any { return rules.View(g, seat) }, rules.Audience, rules.DecodeAction)
	if err != nil {
		return nil, err
	}
	h, err := netplay.NewHost(cfg, m.Transport, g)
	if err != nil {
		return nil, err
	}
	hosted := &Hosted[G, A, E]{Host: h, Names: named(m.Names)}
	if m.Couch != nil {
		hosted.Names, hosted.Phones, hosted.Wait = m.Couch.Names(), true, m.Couch.WaitForPhones
	}
	netplay.OnRejoin(m.Transport, hosted.Rejoin)
	return hosted, nil
}

// named returns the lobby's names of the seats, or nil if it named no
// one (every machine kept the default name).
func named(names []string) []string {
	for _, name := range names {
		if name != "" {
			return names
		}
	}
	return nil
}
