package elevensuitstable

import (
	"slices"
	"strings"
	"testing"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/persist"
	"github.com/jankenarcade/janken/replay/replaytest"
	es "github.com/jankenarcade/janken/rulesets/elevensuits"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/replayview"
	"github.com/jankenarcade/janken/scenes/scenetest"
)

// TestSeekToTheEndShowsTheFinish: a replay sought to its very end says
// that the game is over and who won, not which turn it is.
func TestSeekToTheEndShowsTheFinish(t *testing.T) {
	r, err := replaytest.Play(es.Definition(), "elevensuits/1", 2, nil, 5)
	if err != nil {
		t.Fatal(err)
	}
	var v *replayview.Viewer
	d := scenes.New(scenes.Options{Source: new(input.Script), Store: persist.At(t.TempDir()),
		Start: func(d *scenes.Director) scenes.Scene {
			s, err := Watch(d, r)
			if err != nil {
				t.Fatal(err)
			}
			v = s.(*replayview.Viewer)
			return v
		}})
	scenetest.Run(t, d, 2, nil)
	v.Seek(v.Feed().Len())
	scenetest.Run(t, d, 2, nil)
	var lines []string
	d.RecordText(func(line string, _, _ float64) { lines = append(lines, line) })
	defer d.RecordText(nil)
	scenetest.Shoot(t, d, "replay-elevensuits-end")
	if !slices.ContainsFunc(lines, func(l string) bool {
		return strings.HasPrefix(l, "Game over: Player ") && (strings.HasSuffix(l, " wins") || strings.HasSuffix(l, " win"))
	}) {
		t.Errorf("the end of the replay says:\n%s", strings.Join(lines, "\n"))
	}
}
