// Package ninjantable is Ninjan's table: the scene where two to five
// players, humans on any device and bots, play a game of Ninjan on one
// screen or over the network.
//
// The scene is the shared card-table runner (package cardtable), which
// owns the match, the bots, the privacy gate, the pause menu and the
// results; this package gives it Ninjan's table. The table draws only what
// the view it is handed lets its viewer see — all three piles card by
// card, the score areas, the cards once revealed and their order of
// resolution, a legend of which suit beats which — and the hand of that
// view's seat, if any. Everything that moves is driven by the ruleset's
// events: the table keeps its own picture of the public game, changed one
// event at a time as the animations play, so a card lands on a pile
// exactly when the ruleset said it did and in the same order.
//
// New deals a fresh game for a lobby's seating, or continues a position
// (a saved game, or a hand-written one in tests); NewNetTable plays a
// network match.
package ninjantable

import (
	"fmt"

	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/rulesets/ninjan"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/cardtable"
	"github.com/jankenarcade/janken/scenes/lobby"
)

// Entry registers Ninjan with the title menu: it opens the game's menu,
// which starts a table against the computer at once or through the lobby.
func Entry() scenes.Entry {
	return scenes.Entry{
		Name:  "ninjan",
		Title: "Ninjan",
		Blurb: "Everyone picks a card at once; the cards resolve from high to low, and each one " +
			"grabs a pile whose top it beats. Nine rounds, three piles, and the highest total wins.",
		Credit:     "Ninjan by 6jizo, published by Helvetiq",
		MinPlayers: 2,
		MaxPlayers: 5,
		Open:       openMenu,
	}
}

// openMenu returns the game's menu: Play vs computer, or the lobby; each
// new game is dealt from a new match secret.
func openMenu(d *scenes.Director) scenes.Scene {
	rules := func(d *scenes.Director) scenes.Scene { return rulesOverlay(d) }
	return lobby.NewGameMenu(d, "ninjan", lobby.Config{
		Title: "Ninjan", MinPlayers: ninjan.MinPlayers, MaxPlayers: ninjan.MaxPlayers,
		Bots: []string{"easy", "medium", "hard"}, Opponents: 3,
		Phones: phones(),
		Start: func(ctx *scenes.Context, s lobby.Seating) {
			r, err := New(ctx.Director(), s, nil, cardtable.NewSecret())
			if err != nil {
				return // the lobby enforces the player range and offers known bots: cannot happen
			}
			ctx.Replace(r, scenes.FadeQuick)
		},
	}, rules)
}

// Runner is the Ninjan table scene: the card-table runner around Ninjan's
// table.
type Runner = cardtable.Runner[ninjan.View, ninjan.Action, ninjan.Event, *ninjan.View]

// match is a Ninjan match as the runner plays it.
type match = cardtable.Match[ninjan.View, ninjan.Action, ninjan.Event]

// New returns a table for the seating, which must have one seat per
// player, playing position (a saved or hand-written game) or, if it is
// nil, a game dealt from the match's secret. The secret also seeds the
// bots and the rematch.
func New(d *scenes.Director, s lobby.Seating, position *ninjan.State, secret uint64) (*Runner, error) {
	game := position
	if game == nil {
		var err error
		game, err = ninjan.New(ninjan.Config{Players: len(s.Seats)}, rulesets.DeriveSeed(secret, "deal", -1))
		if err != nil {
			return nil, fmt.Errorf("ninjantable: %w", err)
		}
	}
	local := cardtable.NewLocal[*ninjan.State, ninjan.View, ninjan.Action, ninjan.Event](game, (*ninjan.State).View)
	r, _, err := open(d, local, s, secret, nil)
	if err == nil && position == nil {
		r.Record(replayHeader)
	}
	return r, err
}

// open returns the runner of m at a new Ninjan table, and the table;
// link is the network match's connection, nil on the couch.
func open(d *scenes.Director, m match, s lobby.Seating, secret uint64, link cardtable.Link) (*Runner, *table, error) {
	tb := newTable(d)
	cfg := cardtable.Config[ninjan.View, ninjan.Action, ninjan.Event]{
		Name: "ninjan", Title: "Ninjan", Table: tb, Match: m, Seating: s, Secret: secret,
		NewBot: newBot,
		Rules:  func() scenes.Scene { return rulesOverlay(d) },
		Net:    link,
		// The connection line ends right of the pile labels, under the
		// log, above the hand (in the bottom corner it would cross a
		// full hand's last card).
		Places: cardtable.Places{LineX: scenes.ScreenWidth - 16, LineY: sideBottom + 18, HintX: hintX, HintY: hintY, HintW: hintW},
	}
	if link == nil {
		cfg.Again = again
	}
	r, err := cardtable.New[ninjan.View, ninjan.Action, ninjan.Event, *ninjan.View](d, cfg)
	if err != nil {
		return nil, nil, fmt.Errorf("ninjantable: %w", err)
	}
	return r, tb, nil
}

// again deals the rematch for the same seating.
func again(d *scenes.Director, s lobby.Seating, secret uint64) (scenes.Scene, error) {
	r, err := New(d, s, nil, secret)
	if err != nil {
		return nil, err
	}
	return r, nil
}

// newBot returns Ninjan's bot of the named level for seat.
func newBot(name string, seat int, seed uint64) (rulesets.Bot[ninjan.View, ninjan.Action], error) {
	b, err := ninjan.NewBot(name, seat, seed)
	if err != nil {
		return nil, err
	}
	return b, nil
}
