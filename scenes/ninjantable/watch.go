package ninjantable

import (
	"github.com/jankenarcade/janken/replay"
	"github.com/jankenarcade/janken/rulesets/ninjan"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/cardtable"
	"github.com/jankenarcade/janken/scenes/lobby"
	"github.com/jankenarcade/janken/scenes/replayview"
)

// Watch opens the replay viewer on r, a replay of a Ninjan match, played
// at Ninjan's own table.
func Watch(d *scenes.Director, r *replay.Replay) (scenes.Scene, error) {
	w, err := cardtable.NewWatcher[*ninjan.State, ninjan.View, ninjan.Action, ninjan.Event, *ninjan.View](d, r, ninjan.Definition(),
		func(d *scenes.Director, m match, s lobby.Seating) (*Runner, error) {
			run, _, err := open(d, m, s, 0, nil)
			return run, err
		}, true)
	if err != nil {
		return nil, err
	}
	return replayview.New(d, w, replayview.Title("Ninjan", &r.Header)), nil
}
