package main

import (
	"github.com/jankenarcade/janken/catalog"
	"github.com/jankenarcade/janken/scenes/elevensuitstable"
	"github.com/jankenarcade/janken/scenes/ninjantable"
	"github.com/jankenarcade/janken/scenes/slamtable"
	"github.com/jankenarcade/janken/scenes/thatsminetable"
)

// arcade is every game, in the title menu's order. The title menu, the
// credits, the network menu, the headless subcommands and the usage all
// come from it: a new game is its own packages and its line here.
var arcade = catalog.List{
	thatsminetable.Game(),
	ninjantable.Game(),
	elevensuitstable.Game(),
	slamtable.Game(),
}
