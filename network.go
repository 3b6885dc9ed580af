//go:build !itch

package main

import (
	"io/fs"

	"github.com/jankenarcade/janken/catalog"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/netlobby"
)

// networkMenu returns the title's network menu: the network lobbies of
// games, each serving web (or nil) to joiners. The lobbies name this
// machine's players as the settings do when the menu opens, after any
// change on the settings screen.
func networkMenu(games catalog.List, web fs.FS) func(*scenes.Director) scenes.Scene {
	return func(d *scenes.Director) scenes.Scene { return netlobby.Choose(d, lobbies(d, games, web)...) }
}

// lobbies returns the network lobbies of games, each serving web (or nil)
// to joiners, naming this machine's players as d's settings do now.
func lobbies(d *scenes.Director, games catalog.List, web fs.FS) []netlobby.Config {
	out := games.Networked(web)
	for i := range out {
		out[i].PlayerName = d.Settings().PlayerName
	}
	return out
}

// resumeFirst returns the first scene of a browser page: the title, with
// the network lobby over it asking for this page's seats back when the
// page was reloaded in a match it had joined (netlobby.Resume).
func resumeFirst(games catalog.List) func(*scenes.Director) scenes.Scene {
	return func(d *scenes.Director) scenes.Scene {
		title := scenes.NewTitle(d)
		if l := netlobby.Resume(d, lobbies(d, games, nil)...); l != nil {
			d.Push(l, scenes.FadeQuick)
		}
		return title
	}
}
