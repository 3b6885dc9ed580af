package slamtable

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/persist"
	"github.com/jankenarcade/janken/replay"
	"github.com/jankenarcade/janken/replay/library"
	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/rulesets/slam"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/lobby"
	"github.com/jankenarcade/janken/scenes/replayview"
	"github.com/jankenarcade/janken/scenes/scenetest"
)

// liveMatch is a local match of bots played to its results through the
// director, with the table's public state and display state after every
// tick, by tick.
type liveMatch struct {
	d      *scenes.Director
	table  *Table
	hashes map[int64]uint64
	shown  map[int64]shown
	rep    *replay.Replay
}

// playLive plays cfg with a bot in every seat, from seed, to the results.
func playLive(t *testing.T, cfg slam.Config, seed uint64) *liveMatch {
	t.Helper()
	seats := lobby.Seating{Router: input.NewRouter()}
	for seat := range cfg.Players {
		seats.Seats = append(seats.Seats, lobby.Seat{Kind: lobby.Bot, Bot: BotLevels[seat%len(BotLevels)]})
	}
	m := &liveMatch{hashes: map[int64]uint64{}, shown: map[int64]shown{}}
	m.d = scenes.New(scenes.Options{Source: new(input.Script), Store: persist.At(t.TempDir()),
		Start: func(d *scenes.Director) scenes.Scene { m.table = NewTable(d, seats, cfg, seed); return m.table }})
	scenetest.Until(t, m.d, 200_000, func(int) {}, func() bool {
		s := m.table.State()
		m.hashes[s.Tick()], m.shown[s.Tick()] = s.PublicHash(), m.table.shown
		return m.d.Top() != scenes.Scene(m.table)
	})
	m.rep = m.table.Replay()
	if m.rep == nil {
		t.Fatal("the match was not recorded")
	}
	return m
}

// TestViewerShowsTheLiveMatch: the viewer's state and display state equal
// the live match's at every tick, stepping from the start; and after a
// seek to any tick, the state and every event still showing.
func TestViewerShowsTheLiveMatch(t *testing.T) {
	cfg := slam.DefaultConfig(4)
	cfg.Mode = slam.LastOneLoses
	m := playLive(t, cfg, 31)
	w, err := NewWatcher(m.d, m.rep)
	if err != nil {
		t.Fatal(err)
	}
	if w.Ticks() != m.table.State().Tick() {
		t.Fatalf("the replay is %d ticks long, the match %d", w.Ticks(), m.table.State().Tick())
	}
	for w.Tick() < w.Ticks() {
		if err := w.Next(); err != nil {
			t.Fatal(err)
		}
		tick := w.Tick()
		if w.state.Hash() != m.hashes[tick] {
			t.Fatalf("tick %d: the viewer's state differs from the match's", tick)
		}
		if w.shown != m.shown[tick] {
			t.Fatalf("tick %d: the viewer shows %+v, the match showed %+v", tick, w.shown, m.shown[tick])
		}
	}
	if w.step() {
		t.Error("the viewer steps past the end")
	}
	for tick := w.Ticks(); tick > 0; tick -= 97 {
		if err := w.Seek(int(tick)); err != nil {
			t.Fatal(err)
		}
		if w.state.Hash() != m.hashes[tick] {
			t.Fatalf("after a seek to tick %d, the state differs from the match's", tick)
		}
		if got, want := visible(w.shown, tick), visible(m.shown[tick], tick); got != want {
			t.Fatalf("after a seek to tick %d, the table shows %+v, the match showed %+v", tick, got, want)
		}
	}
}

// visible returns what of sh a table shows at tick now: the events of the
// last showAge ticks (a seek rebuilds no more), without the results' stats.
func visible(sh shown, now int64) shown {
	out := newShown()
	for seat := range sh.falseStart {
		if now-sh.falseStart[seat] < showAge {
			out.falseStart[seat] = sh.falseStart[seat]
		}
		if now-sh.penalty[seat] < showAge {
			out.penalty[seat], out.lost[seat] = sh.penalty[seat], sh.lost[seat]
		}
	}
	if now-sh.showdown < showAge {
		out.showdown = sh.showdown
	}
	if sh.overTick >= 0 && now-sh.overTick < showAge {
		out.overTick = sh.overTick
	}
	return out
}

// watching is Slam's replay viewer on a director fed by a script.
type watching struct {
	d   *scenes.Director
	src *input.Script
	v   *replayview.Viewer
	w   *Watcher
}

// watch opens the viewer of rep, as the results' "Watch replay" does.
func watch(t *testing.T, rep *replay.Replay) *watching {
	t.Helper()
	wt := &watching{src: new(input.Script)}
	wt.d = scenes.New(scenes.Options{Source: wt.src, Store: persist.At(t.TempDir()),
		Start: func(d *scenes.Director) scenes.Scene {
			sc, err := Game().Watch(d, rep)
			if err != nil {
				t.Fatal(err)
			}
			wt.v = sc.(*replayview.Viewer)
			wt.w = wt.v.Feed().(*Watcher)
			return wt.v
		}})
	scenetest.Run(t, wt.d, 1, nil)
	return wt
}

// do has the events happen on one tick, then lets a tick pass.
func (wt *watching) do(t *testing.T, down, up []input.Event) {
	t.Helper()
	wt.src.Advance()
	wt.src.Do(down...)
	scenetest.Run(t, wt.d, 1, nil)
	wt.src.Advance()
	wt.src.Do(up...)
	scenetest.Run(t, wt.d, 1, nil)
}

// pad presses and releases gamepad 0's button b.
func (wt *watching) pad(t *testing.T, b ebiten.StandardGamepadButton) {
	t.Helper()
	wt.do(t, []input.Event{input.PadDown(0, b)}, []input.Event{input.PadUp(0, b)})
}

// key presses and releases key k.
func (wt *watching) key(t *testing.T, k ebiten.Key) {
	t.Helper()
	wt.do(t, input.KeyTap(k), nil)
}

// tap touches the bar's button labelled label.
func (wt *watching) tap(t *testing.T, label string) {
	t.Helper()
	x, y, ok := wt.v.Button(label)
	if !ok {
		t.Fatalf("no button %q on the bar", label)
	}
	wt.do(t, []input.Event{input.TouchDown(1, int(x), int(y))}, []input.Event{input.TouchUp(1)})
}

// TestViewerControls works Slam's replay on the viewer every game shares
// from a gamepad: A plays and pauses at each speed the d-pad sets, the
// d-pad steps a tick either way, and the shoulder buttons step through
// the photo finishes card by card; then the keys and a touch do it too.
func TestViewerControls(t *testing.T) {
	const (
		a     = ebiten.StandardGamepadButtonRightBottom
		up    = ebiten.StandardGamepadButtonLeftTop
		down  = ebiten.StandardGamepadButtonLeftBottom
		left  = ebiten.StandardGamepadButtonLeftLeft
		right = ebiten.StandardGamepadButtonLeftRight
		lb    = ebiten.StandardGamepadButtonFrontTopLeft
		rb    = ebiten.StandardGamepadButtonFrontTopRight
	)
	m := playLive(t, slam.DefaultConfig(3), 4)
	wt := watch(t, m.rep)
	v, w := wt.v, wt.w
	wt.do(t, []input.Event{input.PadConnect(0)}, nil)
	if w.Tick() != 0 || v.Playing() {
		t.Fatalf("the viewer opens at tick %d, playing %v; want paused at 0", w.Tick(), v.Playing())
	}
	wt.pad(t, down)
	wt.pad(t, down)
	wt.pad(t, a)
	for i, speed := range replayview.Speeds {
		if v.Speed() != speed {
			t.Fatalf("speed %v, want %v", v.Speed(), speed)
		}
		from := w.Tick()
		scenetest.Run(t, wt.d, 8, nil)
		if got, want := w.Tick()-from, int64(speed*8); got != want {
			t.Errorf("at %v×, 8 frames play %d ticks, want %d", speed, got, want)
		}
		if i < len(replayview.Speeds)-1 {
			wt.pad(t, up)
		}
	}
	wt.pad(t, a)
	if v.Playing() {
		t.Fatal("A does not pause")
	}
	at := w.Tick()
	wt.pad(t, right)
	wt.pad(t, right)
	wt.pad(t, left)
	if w.Tick() != at+1 || w.state.Hash() != m.hashes[at+1] {
		t.Errorf("two steps on and one back from %d reach %d", at, w.Tick())
	}
	wt.key(t, ebiten.KeyHome)
	for i, f := range w.Finishes() {
		wt.pad(t, rb)
		if w.Finish() != i || w.Tick() != f.Show || w.state.Card().FlipTick != f.Record.FlipTick {
			t.Fatalf("photo finish %d: at tick %d showing the card flipped on %d, want tick %d and the card of %d",
				i, w.Tick(), w.state.Card().FlipTick, f.Show, f.Record.FlipTick)
		}
		if *w.state.Card() != f.Record {
			t.Fatalf("photo finish %d: the table's record differs from the finish's", i)
		}
	}
	wt.pad(t, lb)
	if n := len(w.Finishes()); w.Finish() != n-2 || v.Playing() {
		t.Errorf("back one photo finish from the last: %d, want %d, paused", w.Finish(), n-2)
	}
	// The keys: Home, Page Down twice, Space.
	for _, k := range []ebiten.Key{ebiten.KeyHome, ebiten.KeyPageDown, ebiten.KeyPageDown, ebiten.KeySpace} {
		wt.key(t, k)
	}
	if !v.Playing() || w.Tick() <= w.Finishes()[1].Show || w.Finish() != -1 {
		t.Errorf("after Home, Page Down twice and Space: playing %v from tick %d, want playing on from %d", v.Playing(), w.Tick(), w.Finishes()[1].Show)
	}
	// The bar's buttons, touched: Pause, then the next card and a tick back.
	for _, label := range []string{"Pause", "card »", "<"} {
		wt.tap(t, label)
	}
	if want := w.Finishes()[2].Show - 1; v.Playing() || w.Tick() != want {
		t.Errorf("after Pause, the next card and a tick back: playing %v at tick %d, want paused at %d", v.Playing(), w.Tick(), want)
	}
	wt.key(t, ebiten.KeyEnd)
	v.Toggle() // at the end, play starts over
	if !v.Playing() || w.Tick() != 0 {
		t.Errorf("play at the end: playing %v at tick %d, want from 0", v.Playing(), w.Tick())
	}
}

// TestViewerRefusesBadReplays: the catalog's hooks verify and open a
// match's replay; a replay that does not verify opens no viewer.
func TestViewerRefusesBadReplays(t *testing.T) {
	m := playLive(t, slam.DefaultConfig(2), 6)
	g := Game()
	if err := g.Replay.Verify(m.rep); err != nil || g.Replay.Rules() != RulesVersion {
		t.Fatalf("the catalog's check of a match's replay (rules %q): %v", g.Replay.Rules(), err)
	}
	if sc, err := g.Watch(m.d, m.rep); err != nil || sc.(*replayview.Viewer).Feed().Scene().Name() != "slam-replay" {
		t.Fatalf("the catalog's viewer: %v", err)
	}
	tests := map[string]func(r *replay.Replay){
		"other rules":  func(r *replay.Replay) { r.Header.Rules = "slam/1" },
		"tampered":     func(r *replay.Replay) { r.Checkpoints[3].Hash++ },
		"no game":      func(r *replay.Replay) { r.Header.Config = nil },
		"another seed": func(r *replay.Replay) { r.Header.Seed++ },
	}
	for name, edit := range tests {
		data, err := replay.Encode(m.rep)
		if err != nil {
			t.Fatal(err)
		}
		r, err := replay.Decode(data)
		if err != nil {
			t.Fatal(err)
		}
		edit(r)
		if _, err := NewWatcher(m.d, r); err == nil {
			t.Errorf("%s: the viewer opens", name)
		}
	}
	if _, err := NewWatcher(m.d, nil); err == nil {
		t.Error("the viewer opens without a replay")
	}
}

// TestReplayScreenshots draws the viewer playing an eight-player match,
// and stepped to a photo finish with every seat's press listed.
func TestReplayScreenshots(t *testing.T) {
	cfg := slam.DefaultConfig(8)
	m := playLive(t, cfg, 12)
	scenetest.Run(t, m.d, 30, nil) // the fade to the results
	res, ok := m.d.Top().(*scenes.Results)
	if !ok {
		t.Fatalf("the match ends on %s, not the results", m.d.Top().Name())
	}
	scenetest.Shoot(t, m.d, "slam-results-watch-replay")
	if res.Cursor() != 0 {
		t.Errorf("the results open on item %d", res.Cursor())
	}
	wt := watch(t, m.rep)
	w := wt.w
	w.Goto(w.Finishes()[6].Record.FlipTick + 20)
	wt.v.Toggle()
	scenetest.Run(t, wt.d, 3, nil)
	scenetest.Shoot(t, wt.d, "slam-replay-playing")
	busiest, most := 0, 0
	for i, f := range w.Finishes() {
		n := 0
		for seat := range cfg.Players {
			if f.Record.Presses[seat].Result != slam.ResultNone || f.FalseStart[seat] >= 0 || f.LockedOut[seat] >= 0 {
				n++
			}
		}
		if n > most {
			busiest, most = i, n
		}
	}
	w.finish = busiest - 1
	wt.v.StepFinish(1)
	scenetest.Run(t, wt.d, 1, nil)
	img := scenetest.Shoot(t, wt.d, "slam-replay-photo-finish")
	scenetest.ShootSize(t, wt.d, "slam-replay-photo-finish-960", 960, 540)
	x, y, width, _ := replayview.TableArea()
	k := width / scenes.ScreenWidth
	if got, want := img.RGBAAt(int(x+k*(viewX+8)), int(y+k*(listY+44))), wt.d.Palette().Seats[0]; !near(got, want) {
		t.Errorf("the list's first seat dot is %v, want %v", got, want)
	}
}

// BenchmarkViewerSeek measures a seek in the viewer of a ten-minute
// eight-player replay, to its worst place: the table rebuilt from the
// kept position showAge ticks and more before the tick.
func BenchmarkViewerSeek(b *testing.B) {
	rep := tenMinuteReplay(b)
	w, err := NewWatcher(nil, rep)
	if err != nil {
		b.Fatal(err)
	}
	tick := int64(0)
	b.ReportAllocs()
	for b.Loop() {
		tick = (tick + 7*slam.DefaultKeepEvery - 1) % w.Ticks()
		w.Goto(tick)
	}
}

// tenMinuteReplay records the first ten minutes of an eight-player local
// match of Novice bots whose mistakes cost every won card, so the deck
// never runs down.
func tenMinuteReplay(tb testing.TB) *replay.Replay {
	tb.Helper()
	cfg := slam.DefaultConfig(8)
	cfg.Penalty = slam.DeckSize
	seats := lobby.Seating{Router: input.NewRouter()}
	for range cfg.Players {
		seats.Seats = append(seats.Seats, lobby.Seat{Kind: lobby.Bot, Bot: "novice"})
	}
	table := NewTable(nil, seats, cfg, 10)
	s := table.State()
	for s.Tick() < 10*60*60 {
		if s.Over() {
			tb.Fatalf("the game ended after %d ticks", s.Tick())
		}
		f := rulesets.Frame{Tick: s.Tick()}
		for seat := range cfg.Players {
			table.bots[seat].Act(s, &f)
		}
		s.Step(&f)
		table.recordTick(&f, s)
	}
	return table.Replay()
}

// TestFinishedMatchIsKept: a Slam match played to its results is kept in
// the director's store, where the title's Replays list finds it, and the
// kept file verifies.
func TestFinishedMatchIsKept(t *testing.T) {
	m := playLive(t, slam.DefaultConfig(2), 7)
	lib := library.At(m.d.Store().(library.Shelf))
	entries, err := lib.List()
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 1 || entries[0].Header.Game != slam.GameName {
		t.Fatalf("kept %+v, want one Slam replay", entries)
	}
	r, err := lib.Load(entries[0].Name)
	if err != nil {
		t.Fatal(err)
	}
	if err := slam.ReplayGame(RulesVersion).Verify(r); err != nil {
		t.Fatalf("the kept replay does not verify: %v", err)
	}
}
