package ninjantable

import (
	"github.com/jankenarcade/janken/replay"
	"github.com/jankenarcade/janken/rulesets/ninjan"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/cardtable"
	"github.com/jankenarcade/janken/scenes/lobby"
)

// Watch opens the replay viewer on r, a replay of a Ninjan match, played
// at Ninjan's own table.
func Watch(d *scenes.Director, r *replay.Replay) (scenes.Scene, error) {
	return cardtable.Watch(d, r, ninjan.Definition(), func(d *scenes.Director, m match, s lobby.Seating) (*Runner, error) {
		run, _, err := open(d, m, s, 0, nil)
		return run, err
	}, true)
}
