package thatsminetable

import (
	"github.com/jankenarcade/janken/replay"
	tm "github.com/jankenarcade/janken/rulesets/thatsmine"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/cardtable"
	"github.com/jankenarcade/janken/scenes/lobby"
)

// Watch opens the replay viewer on r, a replay of a That's Mine match,
// played at That's Mine's own table (which sets the dealt board out
// without showing the deal, as in a match).
func Watch(d *scenes.Director, r *replay.Replay) (scenes.Scene, error) {
	return cardtable.Watch(d, r, tm.Definition(), func(d *scenes.Director, m cardtable.Match[tm.View, tm.Action, tm.Event], s lobby.Seating) (*Runner, error) {
		return cardtable.New[tm.View, tm.Action, tm.Event, *tm.View](d, newTable(d, s).config(m, s, 0))
	}, false)
}
