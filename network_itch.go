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
