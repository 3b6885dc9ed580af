package elevensuitstable

import (
	"github.com/jankenarcade/janken/replay"
	es "github.com/jankenarcade/janken/rulesets/elevensuits"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/cardtable"
	"github.com/jankenarcade/janken/scenes/lobby"
)

// Watch opens the replay viewer on r, a replay of an Eleven Suits match,
// played at Eleven Suits' own table.
func Watch(d *scenes.Director, r *replay.Replay) (scenes.Scene, error) {
	return cardtable.Watch(d, r, es.Definition(), func(d *scenes.Director, m match, s lobby.Seating) (*Runner, error) {
		return open(d, newTable(d, m, false), m, s, 0, nil, nil)
	}, true)
}
