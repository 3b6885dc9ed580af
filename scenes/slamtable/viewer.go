package slamtable

import (
	"fmt"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/replay"
	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/rulesets/slam"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/lobby"
)

// Viewer is the Slam table showing a replay: the same Table, its state
// driven by the recorded frames instead of the couch, with play, pause,
// a tick's step either way, 0.25× to 4×, seeking, and a step card by card
// through the match's photo finishes. Its methods other than the Scene
// ones are for tests.
type Viewer struct {
	*Table
	tl       *slam.Timeline
	pos      slam.Position // the replay's place; Table.state is its state
	finishes []slam.Finish

	playing bool
	speed   int // an index of speeds
	quarter int // quarter ticks played but not yet stepped
	// finish is the photo finish shown card by card (an index of
	// finishes), or -1 while the replay plays on its own.
	finish int
	keys   []ebiten.Key
}

// speeds are the viewer's speeds in quarter ticks per frame: 0.25× to 4×.
var speeds = [...]int{1, 2, 4, 8, 16}

// normalSpeed is the index of 1× in speeds.
const normalSpeed = 2

// seekJump is how far Left and Right seek while the replay plays: 5 s.
const seekJump = 300

// Watch opens the viewer of a Slam replay (catalog.Game.Watch).
func Watch(d *scenes.Director, r *replay.Replay) (scenes.Scene, error) { return NewViewer(d, r) }

// NewViewer opens the replay r, which it re-runs once to check it and to
// keep its positions and photo finishes: a replay that does not verify
// is refused with the reason.
func NewViewer(d *scenes.Director, r *replay.Replay) (*Viewer, error) {
	if r == nil {
		return nil, fmt.Errorf("slamtable: no replay to watch")
	}
	if err := slam.ReplayGame(RulesVersion).Verify(r); err != nil {
		return nil, fmt.Errorf("slamtable: %w", err)
	}
	rec, err := slam.Open(r)
	if err != nil {
		return nil, err
	}
	tl, err := slam.NewTimeline(rec, 0)
	if err != nil {
		return nil, fmt.Errorf("slamtable: %w", err)
	}
	fins, err := slam.Finishes(rec)
	if err != nil {
		return nil, fmt.Errorf("slamtable: %w", err)
	}
	v := &Viewer{tl: tl, finishes: fins, speed: normalSpeed, finish: -1}
	v.Table = newTableFrom(d, replaySeating(r.Header.Seats), slam.State{}, 0)
	v.replayed = true
	for seat, st := range r.Header.Seats {
		if st.Kind == replay.Remote {
			v.remote |= 1 << seat
		}
	}
	v.Goto(0)
	return v, nil
}

// replaySeating seats a replay's players for the table's names: bots with
// their level, everyone else as a person without a device.
func replaySeating(seats []replay.Seat) lobby.Seating {
	out := lobby.Seating{Router: input.NewRouter(), Seats: make([]lobby.Seat, len(seats))}
	for i, st := range seats {
		out.Seats[i] = lobby.Seat{Kind: lobby.Human}
		if st.Kind == replay.Bot {
			out.Seats[i] = lobby.Seat{Kind: lobby.Bot, Bot: st.Bot}
		}
	}
	return out
}

// Name implements scenes.Scene.
func (v *Viewer) Name() string { return "slam-replay" }

// Tick returns the replay's tick shown: the ticks run so far.
func (v *Viewer) Tick() int64 { return v.pos.Reader.Tick() }

// Ticks returns the replay's length.
func (v *Viewer) Ticks() int64 { return v.tl.Ticks() }

// Playing reports whether the replay plays on its own.
func (v *Viewer) Playing() bool { return v.playing }

// Finishes returns the match's photo finishes, one per card flipped.
func (v *Viewer) Finishes() []slam.Finish { return v.finishes }

// Goto shows the table after tick ticks of the replay (clamped to it):
// the state from the timeline's position before it, and the display state
// rebuilt from the events of the last showAge ticks, all an event still
// shows for. Seeking leaves the play and pause as they were.
func (v *Viewer) Goto(tick int64) {
	tick = max(0, min(tick, v.Ticks()))
	v.tl.Goto(max(0, tick-showAge), &v.pos)
	v.shown = newShown()
	v.state = v.pos.State
	for v.pos.Reader.Tick() < tick {
		v.step(nil)
	}
	v.quarter = 0
}

// step runs one tick of the replay with its sounds (none without ctx);
// it reports false at the end.
func (v *Viewer) step(ctx *scenes.Context) bool {
	var f rulesets.Frame
	if v.pos.Step(&f) != nil {
		return false // the end: NewViewer read every frame, so nothing else
	}
	v.state = v.pos.State
	for _, e := range v.state.Events() {
		if ctx != nil {
			v.react(ctx, e, v.state.Card().FlipTick)
		} else {
			v.note(e, v.state.Card().FlipTick)
		}
	}
	return true
}

// Update implements scenes.Scene: the controls, then the ticks the speed
// plays.
func (v *Viewer) Update(ctx *scenes.Context) error {
	v.reduced = ctx.ReducedMotion()
	v.ensureAtlas(ctx.Settings().Palette)
	if v.control(ctx) {
		ctx.Pop(scenes.Backward)
		return nil
	}
	if !v.playing {
		return nil
	}
	v.quarter += speeds[v.speed]
	for ; v.quarter >= 4; v.quarter -= 4 {
		if !v.step(ctx) {
			v.playing, v.quarter = false, 0
			break
		}
	}
	return nil
}

// control reads the viewer's keys, the pad's and the pointer's; it
// reports whether the viewer is left.
func (v *Viewer) control(ctx *scenes.Context) (leave bool) {
	nav := ctx.Nav()
	v.keys = ctx.Source().AppendJustPressedKeys(v.keys[:0])
	for _, k := range v.keys {
		switch k {
		case ebiten.KeyPageDown, ebiten.KeyBracketRight:
			v.StepFinish(1)
		case ebiten.KeyPageUp, ebiten.KeyBracketLeft:
			v.StepFinish(-1)
		case ebiten.KeyHome:
			v.jump(0)
		case ebiten.KeyEnd:
			v.jump(v.Ticks())
		}
	}
	switch {
	case nav.Back || nav.Menu:
		return true
	case nav.Confirm:
		v.TogglePlay()
	case nav.Up:
		v.speed = min(v.speed+1, len(speeds)-1)
	case nav.Down:
		v.speed = max(v.speed-1, 0)
	case nav.Left || nav.Right:
		v.StepTick(nav.Side())
	case nav.Click:
		v.click(nav.PointerX, nav.PointerY)
	}
	return false
}

// click does what the time line or a button at (x, y) does.
func (v *Viewer) click(x, y float64) {
	if tick, ok := barTick(x, y, v.Ticks()); ok {
		v.jump(tick)
		return
	}
	b, ok := buttonAt(x, y)
	switch {
	case !ok:
	case b == buttonPlay:
		v.TogglePlay()
	case b == buttonPrevTick || b == buttonNextTick:
		v.playing = false
		v.StepTick(int(b) - int(buttonPlay))
	default:
		v.StepFinish(map[bool]int{true: -1, false: 1}[b == buttonPrevCard])
	}
}

// jump goes to tick, leaving the photo finishes' card-by-card step.
func (v *Viewer) jump(tick int64) {
	v.finish = -1
	v.Goto(tick)
}

// TogglePlay plays or pauses; at the end, play starts over.
func (v *Viewer) TogglePlay() {
	v.playing, v.finish = !v.playing, -1
	if v.playing && v.Tick() >= v.Ticks() {
		v.Goto(0)
	}
}

// StepTick steps one tick forwards (dir 1) or back (-1) while paused, and
// seeks five seconds either way while playing.
func (v *Viewer) StepTick(dir int) {
	switch {
	case v.playing:
		v.jump(v.Tick() + int64(dir)*seekJump)
	case dir > 0:
		v.finish = -1
		v.step(nil)
	case dir < 0:
		v.jump(v.Tick() - 1)
	}
}

// StepFinish pauses on the next photo finish (dir 1) or the one before
// (-1): the table as it stood just before the next card flipped, with
// every press on the card recorded.
func (v *Viewer) StepFinish(dir int) {
	i := v.finish + dir
	if v.finish < 0 {
		i = v.finishFrom(v.Tick(), dir)
	}
	if i < 0 || i >= len(v.finishes) {
		return
	}
	v.playing, v.finish = false, i
	v.Goto(v.finishes[i].Show)
}

// finishFrom returns the index of the first photo finish shown after
// tick (dir 1) or the last shown before it (-1), or -1.
func (v *Viewer) finishFrom(tick int64, dir int) int {
	if dir > 0 {
		for i, f := range v.finishes {
			if f.Show > tick {
				return i
			}
		}
		return -1
	}
	for i := len(v.finishes) - 1; i >= 0; i-- {
		if v.finishes[i].Show < tick {
			return i
		}
	}
	return -1
}
