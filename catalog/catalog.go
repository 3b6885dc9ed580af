// Package catalog describes each of the arcade's games once, for every
// part of the program that lists games: the title menu and the credits
// (scenes.Entry), the network menu (netlobby.Config), the headless
// subcommands (headless.Tool), replays (replay.Game) and the cards a
// table paints (sprites.Deck).
//
// Each game's table package offers its own description, and main.go keeps
// the one list; everything else ranges over that list. A new game is its
// own packages and one line in the list:
//
//	// Game is Ninjan as the arcade lists it.
//	func Game() catalog.Game {
//		return catalog.Game{Entry: Entry(), Network: Network(),
//			Tool: catalog.Turns(ninjan.Definition()), Deck: deck,
//			Replay: replay.Turns(ninjan.Definition(), RulesVersion)}
//	}
package catalog

import (
	"errors"
	"fmt"
	"io/fs"

	"github.com/jankenarcade/janken/headless"
	"github.com/jankenarcade/janken/replay"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/netlobby"
	"github.com/jankenarcade/janken/sprites"
)

// Game is one game as the arcade lists it.
type Game struct {
	// Entry is its title menu entry: its name, title, blurb, the credit of
	// the original design, its player range and its first scene.
	scenes.Entry
	// Network is its network lobby; a Config without Start keeps the game
	// off the network menu.
	Network netlobby.Config
	// Tool is what the headless subcommands run for it; nil keeps the game
	// out of them (it is nil in the browser build: see Turns).
	Tool headless.Tool
	// Deck is its cards, which its tables paint.
	Deck sprites.Deck
	// Replay re-runs its replays; nil means it records none.
	Replay replay.Game
	// Watch opens the viewer of one of its replays, which Replay accepts
	// (its rules version checked); nil means its replays cannot be
	// watched.
	Watch func(d *scenes.Director, r *replay.Replay) (scenes.Scene, error)
}

// List is the arcade's games, in the title menu's order.
type List []Game

// Entries returns the games' title menu entries, which the title screen
// and the credits show.
func (l List) Entries() []scenes.Entry {
	out := make([]scenes.Entry, len(l))
	for i, g := range l {
		out[i] = g.Entry
	}
	return out
}

// Networked returns the network lobbies of the games that can be played
// over the network, in the list's order, each serving web (the browser
// build, or nil) to joiners.
func (l List) Networked(web fs.FS) []netlobby.Config {
	var out []netlobby.Config
	for _, g := range l {
		if g.Network.Start != nil {
			cfg := g.Network
			cfg.WebBuild = web
			out = append(out, cfg)
		}
	}
	return out
}

// Tools returns the headless tools by game name.
func (l List) Tools() map[string]headless.Tool {
	out := map[string]headless.Tool{}
	for _, g := range l {
		if g.Tool != nil {
			out[g.Name] = g.Tool
		}
	}
	return out
}

// Find returns the game named name.
func (l List) Find(name string) (Game, bool) {
	for _, g := range l {
		if g.Name == name {
			return g, true
		}
	}
	return Game{}, false
}

// Replays returns the games' replay hooks by game name.
func (l List) Replays() map[string]replay.Game {
	out := map[string]replay.Game{}
	for _, g := range l {
		if g.Replay != nil {
			out[g.Name] = g.Replay
		}
	}
	return out
}

// Watch opens the viewer of replay r's game on it, once r's rules are
// the ones its game plays here.
func (l List) Watch(d *scenes.Director, r *replay.Replay) (scenes.Scene, error) {
	g, ok := l.Find(r.Header.Game)
	switch {
	case !ok:
		return nil, fmt.Errorf("a replay of %q, a game this build does not have", r.Header.Game)
	case g.Replay == nil || g.Watch == nil:
		return nil, fmt.Errorf("%s's replays cannot be watched in this build", g.Title)
	}
	if err := replay.CheckRules(&r.Header, g.Replay.Rules()); err != nil {
		return nil, err
	}
	return g.Watch(d, r)
}

// ToolNames returns, in the list's order, the names of the games the
// headless subcommands know.
func (l List) ToolNames() []string {
	var out []string
	for _, g := range l {
		if g.Tool != nil {
			out = append(out, g.Name)
		}
	}
	return out
}

// Check reports every inconsistency in the list: a game without a name,
// title or first scene, a name used twice, a network lobby under another
// title, or a deck under another name.
func (l List) Check() error {
	var errs []error
	seen := map[string]bool{}
	for i, g := range l {
		switch {
		case g.Name == "" || g.Title == "" || g.Open == nil:
			errs = append(errs, fmt.Errorf("catalog: game %d (%q) lacks a name, a title or a first scene", i, g.Name))
		case seen[g.Name]:
			errs = append(errs, fmt.Errorf("catalog: two games are named %q", g.Name))
		}
		seen[g.Name] = true
		if g.Network.Start != nil && g.Network.Title != g.Title {
			errs = append(errs, fmt.Errorf("catalog: %s's network lobby is titled %q, not %q", g.Name, g.Network.Title, g.Title))
		}
		if g.Deck.Name != g.Name {
			errs = append(errs, fmt.Errorf("catalog: %s's deck is named %q", g.Name, g.Deck.Name))
		}
	}
	return errors.Join(errs...)
}
