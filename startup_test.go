package main

import (
	"fmt"
	"os"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/assets"
	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/persist"
	"github.com/jankenarcade/janken/scenes"
)

// startupEnv, when set in the environment of the test binary, makes it
// play the program through scenes.Run (see playScripted) instead of
// running tests; its value is the settings folder.
const startupEnv = "JANKEN_TEST_STARTUP"

// The scripted start-up: the game runs at least startupTicks ticks and
// until the audio device has failed (at most startupLimit), then the
// player presses Esc (the title's cursor goes to Quit) and Enter.
const startupTicks, startupLimit = 120, 3600

// playScripted plays the program as main does, with the settings in dir
// and a scripted player who quits (see startupTicks), and prints how many
// ticks ran and the audio device's state. It returns the process's exit
// code: 1 if scenes.Run failed.
func playScripted(dir string) int {
	opts := options(arcade, nil)
	opts.Store = persist.At(dir)
	opts.Sounds = assets.NewSounds(80)
	player := &quitter{sounds: opts.Sounds}
	opts.Source = player
	if err := scenes.Run(opts); err != nil {
		fmt.Fprintln(os.Stderr, "janken:", err)
		return 1
	}
	fmt.Printf("startup: %d ticks, device %d\n", player.ticks, opts.Sounds.Device())
	return 0
}

// quitter is a scripted keyboard that follows Ebitengine's own ticks, so it
// can play inside ebiten.RunGame: it waits for startupTicks and for the
// audio device to have answered, then quits from the title.
type quitter struct {
	input.Script
	sounds *assets.Sounds
	ticks  int64 // the Ebitengine ticks seen
	quitAt int64 // the tick Esc was pressed, or 0
}

// follow advances the script when Ebitengine has moved to a new tick.
func (q *quitter) follow() {
	now := ebiten.Tick() + 1
	if now == q.ticks {
		return
	}
	q.ticks = now
	q.Advance()
	settled := q.sounds.Device() != assets.DeviceOpening || now >= startupLimit
	switch {
	case q.quitAt == 0 && now >= startupTicks && settled:
		q.quitAt = now
		q.Do(input.KeyTap(ebiten.KeyEscape)...)
	case q.quitAt != 0 && now == q.quitAt+10:
		q.Do(input.KeyTap(ebiten.KeyEnter)...)
	}
}

// AppendJustPressedKeys implements input.Source.
func (q *quitter) AppendJustPressedKeys(dst []ebiten.Key) []ebiten.Key {
	q.follow()
	return q.Script.AppendJustPressedKeys(dst)
}

// AppendPressedKeys implements input.Source.
func (q *quitter) AppendPressedKeys(dst []ebiten.Key) []ebiten.Key {
	q.follow()
	return q.Script.AppendPressedKeys(dst)
}
