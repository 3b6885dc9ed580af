package thatsminetable

import (
	"strings"
	"testing"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/persist"
	"github.com/jankenarcade/janken/replay/replaytest"
	tm "github.com/jankenarcade/janken/rulesets/thatsmine"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/replayview"
	"github.com/jankenarcade/janken/scenes/scenetest"
)

// TestSeekToTheEndShowsTheFinish: a replay sought to its very end shows
// the finished board — who won — not a round waiting for choices.
func TestSeekToTheEndShowsTheFinish(t *testing.T) {
	r, err := replaytest.Play(tm.Definition(), "thatsmine/1", 4, nil, 5)
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
	scenetest.Shoot(t, d, "replay-thatsmine-end")
	said := strings.Join(lines, "\n")
	won := 0 // the log's last line, and the middle of the table
	for _, l := range lines {
		if strings.HasSuffix(l, " wins!") || strings.HasSuffix(l, " share the win!") {
			won++
		}
	}
	if strings.Contains(said, "still choosing") || won != 2 {
		t.Errorf("the end of the replay says:\n%s", said)
	}
}
