// Package replayview is the replay viewer's shared part, one for all
// four games: the controls over a game's own table — play and pause
// (Confirm), a step forward or back (Left, Right), 0.25× to 4× speed (Up,
// Down), a seek bar marked at the replay's checkpoints or photo finishes
// (Home and End seek its ends), in a whole game's replay whose hand shows
// (Rules), and in Slam's a step card by card through the photo finishes
// (Page Up and Page Down, [ and ], a pad's shoulder buttons), and Export
// (F, a pad's right trigger) — by keys, pads, mouse and touch; and the
// list of the replays the program keeps.
// A game supplies the table as a Feed (the card games:
// cardtable.Watcher; Slam: slamtable.Watcher), so a replay is drawn by
// the very scene that drew the match, shrunk between the viewer's title
// and its bar so that neither covers it.
package replayview

import (
	"fmt"
	"slices"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/replay"
	"github.com/jankenarcade/janken/replay/library"
	"github.com/jankenarcade/janken/scenes"
)

// Feed is a recorded match as the viewer plays it: a game's table scene
// that can be set out at any step.
type Feed interface {
	// Scene returns the table showing the match now; the viewer updates
	// and draws it.
	Scene() scenes.Scene
	// Len returns the number of steps (actions), Pos how many are played.
	Len() int
	Pos() int
	// Busy reports whether the table is still showing the last step.
	Busy() bool
	// Next plays the next step, which the table then animates.
	Next() error
	// Seek sets the table out at step n at once. On an error the table
	// stays as it was.
	Seek(n int) error
	// Marks returns the steps the seek bar marks: where the replay has
	// checkpoints (the card games), the cards flipped (Slam).
	Marks() []int
	// Hands reports whether the viewer may choose whose hand shows (a
	// whole game's replay; a network client's shows its own seat's).
	Hands() bool
	// Shown is the seat whose hand shows, or -1; ShowHand chooses it.
	Shown() int
	ShowHand(seat int)
	// Names are the seats' names.
	Names() []string
	// Replay is the replay played.
	Replay() *replay.Replay
}

// Paced is a Feed that sets its own pause between steps: Slam's, whose
// steps are ticks, pauses none.
type Paced interface {
	// Pause is how many of the table's ticks pass between one step's
	// animation ending and the next step, at 1× (Pause for a Feed that
	// is not Paced).
	Pause() int
}

// Finishes is a Feed with photo finishes (Slam's): the viewer steps card
// by card through them, by keys (Page Up, Page Down, [ and ]), a pad's
// shoulder buttons and the bar's buttons.
type Finishes interface {
	// StepFinish sets the table out at the next photo finish (dir 1) or
	// the one before (-1), and reports whether there was one. Next and
	// Seek leave the photo finishes.
	StepFinish(dir int) bool
}

// Speeds are the viewer's play speeds.
var Speeds = []float64{0.25, 0.5, 1, 2, 4}

// normal is the index of 1× in Speeds.
const normal = 2

// Pause is how many of the table's ticks pass between one step's
// animation ending and the next step, at 1×: as long as a bot takes over
// a choice, so the match plays as it was played.
const Pause = 24

// ffLimit bounds the ticks a step forward runs the table to show it.
const ffLimit = 3000

// Viewer is the replay viewer scene around a Feed.
type Viewer struct {
	d       *scenes.Director
	feed    Feed
	title   string
	playing bool
	speed   int     // index in Speeds
	owed    float64 // the table's ticks owed at the speed
	idle    int     // the table's ticks since it was last busy
	notice  string  // why a seek or a step failed, or where the export went
	seeking bool    // the seek bar is being dragged
	// fresh is set while the table has not run a tick since it was set
	// out: it sets itself out on its first.
	fresh bool
	table scenes.Canvas // the table's, inset between the title and the bar
	keys  []ebiten.Key
	pads  []ebiten.GamepadID
	btns  []ebiten.StandardGamepadButton
}

// New returns the viewer of feed, titled title ("Ninjan · 24 Nov 2026
// 05:40"), paused at the feed's start.
func New(d *scenes.Director, feed Feed, title string) *Viewer {
	return &Viewer{d: d, feed: feed, title: title, speed: normal, fresh: true}
}

// Name implements scenes.Scene.
func (v *Viewer) Name() string { return "replay" }

// Playing reports whether the replay plays.
func (v *Viewer) Playing() bool { return v.playing }

// Speed returns the play speed.
func (v *Viewer) Speed() float64 { return Speeds[v.speed] }

// Feed returns the match being watched.
func (v *Viewer) Feed() Feed { return v.feed }

// Update implements scenes.Scene: the controls, then as many of the
// table's ticks as the speed owes.
func (v *Viewer) Update(ctx *scenes.Context) error {
	nav := ctx.Nav()
	if nav.Back || nav.Menu {
		ctx.Pop(scenes.Backward)
		return nil
	}
	v.pointer(ctx, nav)
	v.extraKeys(ctx)
	switch {
	case nav.Confirm:
		v.Toggle()
	case nav.Right:
		v.StepForward(ctx)
	case nav.Left:
		v.StepBack()
	case nav.Up:
		v.speed = min(v.speed+1, len(Speeds)-1)
	case nav.Down:
		v.speed = max(v.speed-1, 0)
	case nav.Rules:
		v.NextHand()
	}
	if !v.playing {
		if v.fresh {
			v.fresh = false
			return v.feed.Scene().Update(ctx)
		}
		return nil
	}
	v.fresh = false
	for v.owed += Speeds[v.speed]; v.owed >= 1; v.owed-- {
		if err := v.tick(ctx); err != nil {
			return err
		}
	}
	return nil
}

// The export key and pad button (F, RT): bound to nothing by default,
// and none of the viewer's other keys.
const (
	ExportKey = ebiten.KeyF
	ExportPad = ebiten.StandardGamepadButtonFrontBottomRight
)

// extraKeys reads the controls Nav has no word for: Home and End seek the
// start and the end; Page Up, Page Down, [ and ], or any pad's shoulder
// buttons, step through the photo finishes; the export key or button
// exports, unless the player has bound it to an action.
func (v *Viewer) extraKeys(ctx *scenes.Context) {
	src := ctx.Source()
	key, pad := v.exportInputs()
	v.keys = src.AppendJustPressedKeys(v.keys[:0])
	for _, k := range v.keys {
		switch k {
		case key:
			v.Export(ctx)
		case ebiten.KeyHome:
			v.playing = false
			v.Seek(0)
		case ebiten.KeyEnd:
			v.playing = false
			v.Seek(v.feed.Len())
		case ebiten.KeyPageDown, ebiten.KeyBracketRight:
			v.StepFinish(1)
		case ebiten.KeyPageUp, ebiten.KeyBracketLeft:
			v.StepFinish(-1)
		}
	}
	v.pads = src.AppendGamepadIDs(v.pads[:0])
	for _, id := range v.pads {
		v.btns = src.AppendJustPressedGamepadButtons(id, v.btns[:0])
		for _, b := range v.btns {
			switch b {
			case pad:
				v.Export(ctx)
			case ebiten.StandardGamepadButtonFrontTopRight:
				v.StepFinish(1)
			case ebiten.StandardGamepadButtonFrontTopLeft:
				v.StepFinish(-1)
			}
		}
	}
}

// exportInputs returns the export key and pad button, each replaced by
// input.NoKey or input.NoPadButton where the player has bound it to an
// action (on the controls screen), which it then does instead.
func (v *Viewer) exportInputs() (ebiten.Key, ebiten.StandardGamepadButton) {
	c := v.d.Router().Controls()
	key, pad := ExportKey, ExportPad
	for _, zone := range c.Keys {
		if slices.Contains(zone[:], key) {
			key = input.NoKey
		}
	}
	if slices.Contains(c.Pad[:], pad) {
		pad = input.NoPadButton
	}
	return key, pad
}

// StepFinish pauses on the next photo finish (dir 1) or the one before
// (-1), where the feed has photo finishes.
func (v *Viewer) StepFinish(dir int) {
	f, ok := v.feed.(Finishes)
	if !ok {
		return
	}
	v.playing = false
	if f.StepFinish(dir) {
		v.idle, v.fresh = 0, true
	}
}

// pause returns the feed's pause between steps.
func (v *Viewer) pause() int {
	if p, ok := v.feed.(Paced); ok {
		return p.Pause()
	}
	return Pause
}

// tick runs one of the table's ticks, playing the next step once the
// table has been still for the feed's pause.
func (v *Viewer) tick(ctx *scenes.Context) error {
	if v.feed.Busy() {
		v.idle = 0
	} else if v.idle++; v.idle >= v.pause() {
		if v.feed.Pos() >= v.feed.Len() {
			v.playing = false // the end
			return nil
		}
		v.idle = 0
		v.fail(v.feed.Next())
	}
	return v.feed.Scene().Update(ctx)
}

// fail shows err, if any, and stops the replay.
func (v *Viewer) fail(err error) {
	if err != nil {
		v.notice, v.playing = err.Error(), false
	}
}

// Toggle plays or pauses; at the end, play starts over.
func (v *Viewer) Toggle() {
	if !v.playing && v.feed.Pos() >= v.feed.Len() && !v.feed.Busy() {
		v.Seek(0)
	}
	v.playing = !v.playing
}

// StepForward pauses and plays the next step, its animation run to its
// end at once.
func (v *Viewer) StepForward(ctx *scenes.Context) {
	v.playing = false
	if v.feed.Pos() >= v.feed.Len() {
		return
	}
	if err := v.feed.Next(); err != nil {
		v.fail(err)
		return
	}
	for range ffLimit {
		if err := v.feed.Scene().Update(ctx); err != nil {
			v.fail(err)
			return
		}
		if !v.feed.Busy() {
			return
		}
	}
}

// StepBack pauses and sets the table out one step earlier.
func (v *Viewer) StepBack() {
	v.playing = false
	v.Seek(v.feed.Pos() - 1)
}

// Seek sets the table out at step n.
func (v *Viewer) Seek(n int) {
	v.fail(v.feed.Seek(max(0, min(n, v.feed.Len()))))
	v.idle, v.fresh = 0, true
}

// NextHand shows the next seat's hand, then nobody's, where the replay
// allows the choice.
func (v *Viewer) NextHand() {
	if !v.feed.Hands() {
		return
	}
	next := v.feed.Shown() + 1
	if next >= len(v.feed.Names()) {
		next = -1
	}
	v.feed.ShowHand(next)
}

// The viewer's layout: a band at the top (the title, the notice and
// Export), the control bar at the bottom, and the table shrunk to fit
// between them, so that neither covers anything the table shows.
const (
	bandH        = 40
	barY, barH   = scenes.ScreenHeight - 54, 48
	btnW         = 70
	seekX, seekW = 400, 440
	// tableY, tableK place the table: its top, and its scale.
	tableY = bandH + 2
	tableK = float64(barY-6-tableY) / scenes.ScreenHeight
)

// tableX is the left of the table, centred.
var tableX = (scenes.ScreenWidth - tableK*scenes.ScreenWidth) / 2

// TableArea returns the rectangle of the screen the table is drawn in.
func TableArea() (x, y, w, h float64) {
	return tableX, tableY, tableK * scenes.ScreenWidth, tableK * scenes.ScreenHeight
}

// button is one of the bar's buttons.
type button struct {
	x, w  float64
	label string
	do    func(v *Viewer, ctx *scenes.Context)
}

// buttons returns the bar's buttons, left to right.
func (v *Viewer) buttons() []button {
	play := "Play"
	if v.playing {
		play = "Pause"
	}
	bs := []button{
		{20, btnW, "|<", func(v *Viewer, _ *scenes.Context) { v.playing = false; v.Seek(0) }},
		{96, btnW, "<", func(v *Viewer, _ *scenes.Context) { v.StepBack() }},
		{172, btnW + 20, play, func(v *Viewer, _ *scenes.Context) { v.Toggle() }},
		{268, btnW, ">", func(v *Viewer, ctx *scenes.Context) { v.StepForward(ctx) }},
		{854, 44, "-", func(v *Viewer, _ *scenes.Context) { v.speed = max(v.speed-1, 0) }},
		{970, 44, "+", func(v *Viewer, _ *scenes.Context) { v.speed = min(v.speed+1, len(Speeds)-1) }},
	}
	if v.feed.Hands() {
		bs = append(bs, button{1030, 230, v.handLabel(), func(v *Viewer, _ *scenes.Context) { v.NextHand() }})
	}
	if _, ok := v.feed.(Finishes); ok {
		bs = append(bs,
			button{1030, 110, "« card", func(v *Viewer, _ *scenes.Context) { v.StepFinish(-1) }},
			button{1150, 110, "card »", func(v *Viewer, _ *scenes.Context) { v.StepFinish(1) }})
	}
	return bs
}

// Button returns the centre of the bar's button labelled label ("Play",
// "card »"), where it is now, for tests that touch it.
func (v *Viewer) Button(label string) (x, y float64, ok bool) {
	for _, b := range v.buttons() {
		if b.label == label {
			return b.x + b.w/2, barY + barH/2, true
		}
	}
	return 0, 0, false
}

// handLabel names the hand shown (by seat: a name with its bot's level
// would not fit).
func (v *Viewer) handLabel() string {
	if s := v.feed.Shown(); s >= 0 && s < len(v.feed.Names()) {
		return fmt.Sprintf("Hand: Player %d", s+1)
	}
	return "Hand: nobody's"
}

// pointer works the bar with the mouse or a touch: its buttons, and the
// seek bar, clicked or dragged.
func (v *Viewer) pointer(ctx *scenes.Context, nav *scenes.Nav) {
	x, y := nav.PointerX, nav.PointerY
	onSeek := x >= seekX-8 && x < seekX+seekW+8 && y >= barY && y < barY+barH
	switch {
	case nav.Click && onSeek:
		v.seeking, v.playing = true, false
	case !nav.PointerDown:
		v.seeking = false
	}
	if v.seeking {
		if n := v.seekStep(x); n != v.feed.Pos() {
			v.Seek(n)
		}
		return
	}
	if nav.Click && inExport(x, y) {
		v.Export(ctx)
		return
	}
	if !nav.Click || y < barY || y >= barY+barH {
		return
	}
	for _, b := range v.buttons() {
		if x >= b.x && x < b.x+b.w {
			b.do(v, ctx)
			return
		}
	}
}

// The Export button, top right.
const exportX, exportY, exportW, exportH = scenes.ScreenWidth - 140, 4, 130, bandH - 8

func inExport(x, y float64) bool {
	return x >= exportX && x < exportX+exportW && y >= exportY && y < exportY+exportH
}

// Export writes the replay to a file to share: on the desktop a new file
// in a folder the player chooses (package folderpick), in the browser a
// download. The notice says where it went, or why it did not.
func (v *Viewer) Export(ctx *scenes.Context) {
	v.playing = false
	r := v.feed.Replay()
	data, err := replay.Encode(r)
	if err != nil {
		v.notice = "Not exported: " + err.Error()
		return
	}
	v.export(ctx, FileName(&r.Header), data)
}

// FileName is the name an exported replay gets: "ninjan-20261124-0540.jrp".
func FileName(h *replay.Header) string {
	return h.Game + "-" + h.Date.Local().Format("20060102-1504") + library.Ext
}

// hint returns the band's hint at the controls the bar does not name,
// in the words of the player's device (scenes.Director.Hint).
func (v *Viewer) hint() string {
	keys := "Home / End: start, end"
	if _, ok := v.feed.(Finishes); ok {
		keys += "    PgUp / PgDn: photo finishes"
	}
	switch key, pad := v.exportInputs(); {
	case key != input.NoKey && pad != input.NoPadButton:
		keys += "    " + input.KeyCap(key) + " / " + input.PadCap(pad) + ": export"
	case key != input.NoKey:
		keys += "    " + input.KeyCap(key) + ": export"
	case pad != input.NoPadButton:
		keys += "    " + input.PadCap(pad) + ": export"
	}
	return v.d.Hint(keys, "Drag the bar to seek; tap Export to share the replay")
}

// seekStep returns the step under x on the seek bar.
func (v *Viewer) seekStep(x float64) int {
	f := max(0, min(1, (x-seekX)/seekW))
	return int(f*float64(v.feed.Len()) + 0.5)
}

// Draw implements scenes.Scene: the table, shrunk between the band at
// the top (the title, the notice, Export) and the bar at the bottom.
func (v *Viewer) Draw(c *scenes.Canvas) {
	pal := v.d.Palette()
	c.FillRect(0, 0, scenes.ScreenWidth, scenes.ScreenHeight, pal.BackdropDeep)
	c.Inset(&v.table, tableX, tableY, tableK)
	v.feed.Scene().Draw(&v.table)

	c.FillRect(0, 0, scenes.ScreenWidth, bandH, pal.BackdropDeep)
	title := scenes.TextStyle{Size: 18, Bold: true, Color: pal.Text, VAlign: text.AlignCenter}
	c.Text("Replay · "+v.title, 20, bandH/2, title)
	say, st := v.notice, scenes.TextStyle{Size: 16, Bold: true, Color: pal.Notice, Align: text.AlignEnd, VAlign: text.AlignCenter}
	if say == "" {
		say, st = v.hint(), scenes.TextStyle{Size: 15, Color: pal.TextDim, Align: text.AlignEnd, VAlign: text.AlignCenter}
	}
	if say != "" {
		from := 20 + scenes.TextWidth("Replay · "+v.title, title) + 24
		c.Text(say, exportX-16, bandH/2, st.Fit(say, exportX-16-from))
	}
	small := scenes.TextStyle{Size: 18, Color: pal.Text, Align: text.AlignCenter, VAlign: text.AlignCenter}
	c.RoundRect(exportX, exportY, exportW, exportH, 10, pal.Panel)
	c.StrokeRoundRect(exportX, exportY, exportW, exportH, 10, 2, pal.PanelEdge)
	c.Text("Export", exportX+exportW/2, exportY+exportH/2, small)

	c.FillRect(0, barY-6, scenes.ScreenWidth, scenes.ScreenHeight-barY+6, pal.BackdropDeep)
	for _, b := range v.buttons() {
		c.RoundRect(b.x, barY+6, b.w, barH-12, 10, pal.Panel)
		c.StrokeRoundRect(b.x, barY+6, b.w, barH-12, 10, 2, pal.PanelEdge)
		c.Text(b.label, b.x+b.w/2, barY+barH/2, small)
	}
	v.drawSeek(c, pal)
	c.Text(fmt.Sprintf("%g×", Speeds[v.speed]), 934, barY+barH/2, small)
}

// drawSeek draws the seek bar: the part played, the checkpoints' marks,
// the knob and the step count.
func (v *Viewer) drawSeek(c *scenes.Canvas, pal *scenes.Palette) {
	mid := float64(barY + barH/2)
	n := max(1, v.feed.Len())
	c.RoundRect(seekX, mid-4, seekW, 8, 4, pal.Panel)
	played := seekW * float64(v.feed.Pos()) / float64(n)
	c.RoundRect(seekX, mid-4, played, 8, 4, pal.Accent)
	for _, m := range v.feed.Marks() {
		c.FillRect(seekX+seekW*float64(m)/float64(n)-1, mid-9, 2, 18, scenes.WithAlpha(pal.TextDim, 0.8))
	}
	c.Circle(seekX+played, mid, 10, pal.Text)
	c.Text(fmt.Sprintf("%d / %d", v.feed.Pos(), v.feed.Len()), seekX+seekW/2, mid-18,
		scenes.TextStyle{Size: 14, Color: pal.TextDim, Align: text.AlignCenter, VAlign: text.AlignCenter})
}

// Title is a viewer's title for a replay of game (its title on screen):
// "Ninjan · 24 Nov 2026 05:40", and whose view a client's replay is.
func Title(game string, h *replay.Header) string {
	t := game + " · " + h.Date.Local().Format("2 Jan 2006 15:04")
	if h.Viewer != replay.WholeGame {
		t += fmt.Sprintf(" · as Player %d saw it", h.Viewer+1)
	}
	return t
}
