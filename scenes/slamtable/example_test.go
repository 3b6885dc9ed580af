package slamtable

import (
	"testing"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/persist"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/scenetest"
	"github.com/jankenarcade/janken/settings"
)

// TestHowToPlayExample checks the worked example of the rules file (front
// red Scissors, blue Paper, yellow Rock; back yellow Scissors; Rock), and
// shoots "How to play" over Slam's menu in both palettes: the example
// shows at first sight.
func TestHowToPlayExample(t *testing.T) {
	want := [4]string{
		"1. The next card's back: yellow Scissors.",
		"2. Yellow on the flipped card: Rock.",
		"3. Rock beats Scissors.",
		"4. Throw Rock!",
	}
	for _, p := range []settings.Palette{settings.Standard, settings.ColourBlind} {
		store := persist.At(t.TempDir())
		s := settings.Defaults()
		s.Palette = p
		if err := settings.Save(store, s); err != nil {
			t.Fatal(err)
		}
		src := new(input.Script)
		d := scenes.New(scenes.Options{Source: src, Store: store,
			Start: func(d *scenes.Director) scenes.Scene { return newSetup(d) }})
		scenetest.Run(t, d, 2, nil)
		d.Push(Rules(d), scenes.Transition{Kind: scenes.Cut})
		scenetest.Run(t, d, 2, nil)
		ex := newFlipExample(d)
		if got := ex.steps(); got != want {
			t.Errorf("steps %q, want %q", got, want)
		}
		scenetest.Shoot(t, d, "slam-how-to-play-"+string(p))
	}
}
