//go:build itch

package main

import (
	"io/fs"

	"github.com/jankenarcade/janken/catalog"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/netlobby"
)

// networkMenu returns the title's network menu of the itch.io build,
// which has no network play (see package wasm): a page on an https site
// can never reach a host on the LAN, so the menu only says how a browser
// joins a friend's game, from the page their desktop game serves.
func networkMenu(catalog.List, fs.FS) func(*scenes.Director) scenes.Scene {
	return func(d *scenes.Director) scenes.Scene { return netlobby.NewHelp(d) }
}

// resumeFirst returns the first scene of the itch.io page: the title, as
// a page without network play has no match to go back to.
func resumeFirst(catalog.List) func(*scenes.Director) scenes.Scene { return nil }
