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
	v, err := NewViewer(m.d, m.rep)
	if err != nil {
		t.Fatal(err)
	}
	if v.Ticks() != m.table.State().Tick() {
		t.Fatalf("the replay is %d ticks long, the match %d", v.Ticks(), m.table.State().Tick())
	}
	for v.Tick() < v.Ticks() {
		if !v.step(nil) {
			t.Fatalf("the replay ends at tick %d of %d", v.Tick(), v.Ticks())
		}
		tick := v.Tick()
		if v.state.Hash() != m.hashes[tick] {
			t.Fatalf("tick %d: the viewer's state differs from the match's", tick)
		}
		if v.shown != m.shown[tick] {
			t.Fatalf("tick %d: the viewer shows %+v, the match showed %+v", tick, v.shown, m.shown[tick])
		}
	}
	if v.step(nil) {
		t.Error("the viewer steps past the end")
	}
	for tick := v.Ticks(); tick > 0; tick -= 97 {
		v.Goto(tick)
		if v.state.Hash() != m.hashes[tick] {
			t.Fatalf("after a seek to tick %d, the state differs from the match's", tick)
		}
		if got, want := visible(v.shown, tick), visible(m.shown[tick], tick); got != want {
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

// TestViewerControls: play at each speed, a tick's step either way, and
// the photo finishes card by card.
func TestViewerControls(t *testing.T) {
	m := playLive(t, slam.DefaultConfig(3), 4)
	var v *Viewer
	src := new(input.Script)
	d := scenes.New(scenes.Options{Source: src, Store: persist.At(t.TempDir()),
		Start: func(d *scenes.Director) scenes.Scene {
			var err error
			if v, err = NewViewer(d, m.rep); err != nil {
				t.Fatal(err)
			}
			return v
		}})
	scenetest.Run(t, d, 3, nil)
	if v.Tick() != 0 || v.Playing() {
		t.Fatalf("the viewer opens at tick %d, playing %v; want paused at 0", v.Tick(), v.Playing())
	}
	v.TogglePlay()
	for i, quarters := range speeds {
		v.speed = i
		from := v.Tick()
		scenetest.Run(t, d, 8, nil)
		if got := v.Tick() - from; got != int64(quarters*8/4) {
			t.Errorf("at %s, 8 frames play %d ticks, want %d", speedNames[i], got, quarters*8/4)
		}
	}
	v.TogglePlay()
	at := v.Tick()
	v.StepTick(1)
	v.StepTick(1)
	v.StepTick(-1)
	if v.Tick() != at+1 || v.state.Hash() != m.hashes[at+1] {
		t.Errorf("two steps on and one back from %d reach %d", at, v.Tick())
	}
	v.Goto(0)
	for i, f := range v.Finishes() {
		v.StepFinish(1)
		if v.finish != i || v.Tick() != f.Show || v.state.Card().FlipTick != f.Record.FlipTick {
			t.Fatalf("photo finish %d: at tick %d showing the card flipped on %d, want tick %d and the card of %d",
				i, v.Tick(), v.state.Card().FlipTick, f.Show, f.Record.FlipTick)
		}
		if *v.state.Card() != f.Record {
			t.Fatalf("photo finish %d: the table's record differs from the finish's", i)
		}
	}
	v.StepFinish(-1)
	if n := len(v.Finishes()); v.finish != n-2 {
		t.Errorf("back one photo finish from the last: %d, want %d", v.finish, n-2)
	}
	// The keys: Home, PageDown twice, Space.
	for _, k := range []ebiten.Key{ebiten.KeyHome, ebiten.KeyPageDown, ebiten.KeyPageDown, ebiten.KeySpace} {
		src.Advance()
		src.Do(input.KeyDown(k))
		scenetest.Run(t, d, 1, nil)
		src.Advance()
		src.Do(input.KeyUp(k))
		scenetest.Run(t, d, 1, nil)
	}
	if !v.Playing() || v.Tick() <= v.Finishes()[1].Show {
		t.Errorf("after Home, PageDown twice and Space: playing %v from tick %d, want playing on from %d", v.Playing(), v.Tick(), v.Finishes()[1].Show)
	}
	// The buttons, clicked: Pause, then the next card and a tick back.
	for _, b := range []viewButton{buttonPlay, buttonNextCard, buttonPrevTick} {
		x := int(viewX + float64(b)*(buttonW+buttonGap) + buttonW/2)
		src.Advance()
		src.Do(input.MouseMove(x, int(buttonsY+buttonH/2)), input.MouseDown(ebiten.MouseButtonLeft))
		scenetest.Run(t, d, 1, nil)
		src.Advance()
		src.Do(input.MouseUp(ebiten.MouseButtonLeft))
		scenetest.Run(t, d, 1, nil)
	}
	if want := v.Finishes()[2].Show - 1; v.Playing() || v.Tick() != want {
		t.Errorf("after Pause, the next card and a tick back: playing %v at tick %d, want paused at %d", v.Playing(), v.Tick(), want)
	}
	v.TogglePlay()
	v.Goto(v.Ticks())
	scenetest.Run(t, d, 2, nil)
	if v.Playing() {
		t.Error("the viewer plays on at the end")
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
	if sc, err := g.Watch(m.d, m.rep); err != nil || sc.Name() != "slam-replay" {
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
		if _, err := NewViewer(m.d, r); err == nil {
			t.Errorf("%s: the viewer opens", name)
		}
	}
	if _, err := NewViewer(m.d, nil); err == nil {
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
	var v *Viewer
	d := scenes.New(scenes.Options{Source: new(input.Script), Store: persist.At(t.TempDir()),
		Start: func(d *scenes.Director) scenes.Scene { v, _ = NewViewer(d, m.rep); return v }})
	scenetest.Run(t, d, 1, nil)
	v.Goto(v.Finishes()[6].Record.FlipTick + 20)
	v.TogglePlay()
	scenetest.Run(t, d, 3, nil)
	scenetest.Shoot(t, d, "slam-replay-playing")
	busiest, most := 0, 0
	for i, f := range v.Finishes() {
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
	v.finish = busiest - 1
	v.StepFinish(1)
	scenetest.Run(t, d, 1, nil)
	img := scenetest.Shoot(t, d, "slam-replay-photo-finish")
	if got, want := img.RGBAAt(int(viewX+8), int(listY+44)), d.Palette().Seats[0]; !near(got, want) {
		t.Errorf("the list's first seat dot is %v, want %v", got, want)
	}
}

// BenchmarkViewerSeek measures a seek in the viewer of a ten-minute
// eight-player replay, to its worst place: the table rebuilt from the
// kept position showAge ticks and more before the tick.
func BenchmarkViewerSeek(b *testing.B) {
	rep := tenMinuteReplay(b)
	v, err := NewViewer(nil, rep)
	if err != nil {
		b.Fatal(err)
	}
	tick := int64(0)
	b.ReportAllocs()
	for b.Loop() {
		tick = (tick + 7*slam.DefaultKeepEvery - 1) % v.Ticks()
		v.Goto(tick)
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
