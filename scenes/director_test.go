package scenes

import (
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/persist"
	"github.com/jankenarcade/janken/settings"
)

// stubScene records its lifecycle and the input it saw.
type stubScene struct {
	name           string
	enters, leaves int
	updates        int
	confirms       int
}

func (s *stubScene) Name() string { return s.name }
func (s *stubScene) Update(ctx *Context) error {
	s.updates++
	if ctx.Nav().Confirm {
		s.confirms++
	}
	return nil
}
func (s *stubScene) Draw(*Canvas)   {}
func (s *stubScene) Enter(*Context) { s.enters++ }
func (s *stubScene) Leave(*Context) { s.leaves++ }
func (s *stubScene) Overlay()       {}
func (s *stubScene) String() string { return s.name }
func (s *stubScene) wantCounts(t *testing.T, enters, leaves int) {
	t.Helper()
	if s.enters != enters || s.leaves != leaves {
		t.Errorf("%s: %d enters, %d leaves; want %d, %d", s.name, s.enters, s.leaves, enters, leaves)
	}
}

// testDirector returns a director on a script, with settings kept in a
// temporary directory and fullscreen changes recorded.
func testDirector(t testing.TB, opts Options) (*Director, *input.Script, *[]bool) {
	t.Helper()
	script := &input.Script{}
	opts.Source = script
	if opts.Store == nil {
		opts.Store = persist.At(t.TempDir())
	}
	d := New(opts)
	var fs []bool
	d.fullscr = func(on bool) { fs = append(fs, on) }
	d.isFullscr = nil
	return d, script, &fs
}

// tick advances the script and the director by one tick, after applying
// events to the new tick.
func tick(t testing.TB, d *Director, s *input.Script, events ...input.Event) {
	t.Helper()
	s.Advance()
	s.Do(events...)
	if err := d.Update(); err != nil {
		t.Fatalf("tick %d: %v", d.Tick(), err)
	}
}

func TestTransitionTakesExactlyNTicks(t *testing.T) {
	for _, tr := range []Transition{{Fade, 1}, {Fade, 12}, {SlideLeft, 24}, {SlideRight, 7}} {
		base := &stubScene{name: "base"}
		d, s, _ := testDirector(t, Options{Start: func(*Director) Scene { return base }})
		next := &stubScene{name: "next"}
		d.Push(next, tr)
		tick(t, d, s) // the push applies at the end of this tick
		if d.Top() != next || !d.Transitioning() {
			t.Fatalf("%+v: top %v, transitioning %v", tr, d.Top(), d.Transitioning())
		}
		for i := 1; i < tr.Ticks; i++ {
			tick(t, d, s, input.KeyTap(ebiten.KeyEnter)...)
			if !d.Transitioning() {
				t.Fatalf("%+v: over after %d ticks", tr, i)
			}
		}
		if next.confirms != 0 {
			t.Errorf("%+v: input reached the scene during the transition", tr)
		}
		tick(t, d, s)
		if d.Transitioning() {
			t.Fatalf("%+v: still running after %d ticks", tr, tr.Ticks)
		}
		tick(t, d, s, input.KeyTap(ebiten.KeyEnter)...)
		if next.confirms != 1 {
			t.Errorf("%+v: input not delivered after the transition", tr)
		}
		base.wantCounts(t, 1, 1) // entered by New, left by the push
		next.wantCounts(t, 1, 0)
	}
}

func TestStack(t *testing.T) {
	a, b, c := &stubScene{name: "a"}, &stubScene{name: "b"}, &stubScene{name: "c"}
	d, s, _ := testDirector(t, Options{Start: func(*Director) Scene { return a }})
	d.Push(b, Transition{})
	tick(t, d, s)
	if d.Top() != b || d.Transitioning() {
		t.Fatalf("after a cut push: top %v, transitioning %v", d.Top(), d.Transitioning())
	}
	d.Replace(c, Transition{})
	tick(t, d, s)
	d.Pop(Transition{})
	tick(t, d, s)
	if d.Top() != a || len(d.stack) != 1 {
		t.Fatalf("after push, replace, pop: top %v, %d scenes", d.Top(), len(d.stack))
	}
	a.wantCounts(t, 2, 1)
	b.wantCounts(t, 1, 1)
	c.wantCounts(t, 1, 1)
	// Popping the last scene quits.
	d.Pop(Transition{})
	s.Advance()
	if err := d.Update(); err != ebiten.Termination {
		t.Errorf("popping the last scene: Update = %v, want ebiten.Termination", err)
	}
}

func TestTitleMenuInput(t *testing.T) {
	games := []Entry{
		{Name: "on", Title: "Registered", Open: func(*Director) Scene { return &stubScene{name: "table"} }},
		{Name: "off", Title: "Not registered"},
	}
	d, s, _ := testDirector(t, Options{Games: games})
	title := d.Top().(*Title)
	var labels []string
	for _, it := range title.menu.Items {
		labels = append(labels, it.Label)
	}
	if got, want := strings.Join(labels, ","), "Registered,Settings,Credits,Quit"; got != want {
		t.Fatalf("title entries %s, want %s", got, want)
	}
	cursor := func() int { return d.Status().Cursor }
	tick(t, d, s)
	steps := []struct {
		name   string
		events []input.Event
		want   int
	}{
		{"down arrow", input.KeyTap(ebiten.KeyArrowDown), 1},
		{"S", input.KeyTap(ebiten.KeyS), 2},
		{"up arrow", input.KeyTap(ebiten.KeyArrowUp), 1},
		{"pad connects", []input.Event{input.PadConnect(3)}, 1},
		{"d-pad down", []input.Event{input.PadDown(3, ebiten.StandardGamepadButtonLeftBottom)}, 2},
		{"d-pad held, no repeat yet", nil, 2},
		{"d-pad up", []input.Event{input.PadUp(3, ebiten.StandardGamepadButtonLeftBottom)}, 2},
		{"stick up", []input.Event{input.PadAxis(3, ebiten.StandardGamepadAxisLeftStickVertical, -0.9)}, 1},
		{"stick back", []input.Event{input.PadAxis(3, ebiten.StandardGamepadAxisLeftStickVertical, 0)}, 1},
		{"W", input.KeyTap(ebiten.KeyW), 0},
		{"W wraps to the bottom", input.KeyTap(ebiten.KeyW), 3},
		{"mouse hovers the first entry", []input.Event{input.MouseMove(d.ToScreen(200, titleMenuY+20))}, 0},
		{"Esc points at Quit", input.KeyTap(ebiten.KeyEscape), 3},
	}
	for _, st := range steps {
		tick(t, d, s, st.events...)
		if got := cursor(); got != st.want {
			t.Fatalf("%s: cursor %d, want %d", st.name, got, st.want)
		}
	}
	// Holding down repeats after the delay.
	tick(t, d, s, input.KeyDown(ebiten.KeyArrowDown)) // 3 → 0
	for range repeatDelay + repeatEvery {
		tick(t, d, s)
	}
	if got := cursor(); got != 2 {
		t.Fatalf("held down for %d ticks: cursor %d, want 2", repeatDelay+repeatEvery+1, got)
	}
	tick(t, d, s, input.KeyUp(ebiten.KeyArrowDown))

	// A click on the game's entry opens it.
	tick(t, d, s, input.MouseMove(d.ToScreen(200, titleMenuY+20)),
		input.MouseDown(ebiten.MouseButtonLeft), input.MouseUp(ebiten.MouseButtonLeft))
	if got := d.Status().Scene; got != "table" {
		t.Fatalf("after clicking the game: scene %q, want table", got)
	}
}

func TestQuitFromTitle(t *testing.T) {
	d, s, _ := testDirector(t, Options{})
	tick(t, d, s, input.KeyTap(ebiten.KeyEscape)...)
	s.Advance()
	s.Do(input.KeyTap(ebiten.KeyEnter)...)
	if err := d.Update(); err != ebiten.Termination {
		t.Fatalf("Quit: Update = %v, want ebiten.Termination", err)
	}
}

func TestSettingsScreenAppliesAndSaves(t *testing.T) {
	store := persist.At(t.TempDir())
	d, s, fs := testDirector(t, Options{Store: store, Start: func(d *Director) Scene { return NewSettings(d) }})
	press := func(k ebiten.Key) { tick(t, d, s, input.KeyTap(k)...) }
	press(ebiten.KeyArrowRight) // volume 80 → 90
	press(ebiten.KeyArrowRight) // → 100
	press(ebiten.KeyArrowRight) // stays 100
	press(ebiten.KeyArrowDown)
	press(ebiten.KeyEnter) // fullscreen on
	press(ebiten.KeyArrowDown)
	press(ebiten.KeyArrowLeft) // colour-blind palette
	press(ebiten.KeyArrowDown)
	press(ebiten.KeyArrowRight) // reduced motion
	press(ebiten.KeyArrowDown)
	press(ebiten.KeyArrowLeft) // UI scale 90
	want := settings.Settings{Version: settings.Version, Volume: 100, Fullscreen: true,
		Palette: settings.ColourBlind, ReducedMotion: true, UIScale: 90}
	if got := d.Settings(); got != want {
		t.Fatalf("settings %+v, want %+v", got, want)
	}
	if saved, notice := settings.Load(store); saved != want || notice != "" {
		t.Fatalf("saved %+v (%q), want %+v", saved, notice, want)
	}
	if len(*fs) != 1 || !(*fs)[0] {
		t.Errorf("fullscreen calls %v, want [true]", *fs)
	}
	if d.Palette() != &colourBlindPalette || d.UIScale() != 0.9 {
		t.Error("palette or UI scale not applied live")
	}
}

// TestFullscreenFollowsTheWindow: the player leaves fullscreen outside the
// game (a browser's Esc): the setting follows and is saved, without the
// game asking the window again; a window slow to carry out the game's own
// change is given the time.
func TestFullscreenFollowsTheWindow(t *testing.T) {
	store := persist.At(t.TempDir())
	d, s, fs := testDirector(t, Options{Store: store, Start: func(*Director) Scene { return &stubScene{name: "table"} }})
	window := false
	d.isFullscr = func() bool { return window }
	tick(t, d, s, input.KeyTap(ebiten.KeyF11)...)
	for range TPS / 2 { // the window takes half a second to follow
		tick(t, d, s)
	}
	if !d.Settings().Fullscreen {
		t.Fatal("a window slow to go fullscreen turned the setting off")
	}
	window = true
	for range 2 * TPS {
		tick(t, d, s)
	}
	window = false // Esc in the browser
	for range followEvery {
		tick(t, d, s)
	}
	if d.Settings().Fullscreen {
		t.Error("the setting did not follow the window out of fullscreen")
	}
	if saved, _ := settings.Load(store); saved.Fullscreen {
		t.Error("the followed setting was not saved")
	}
	if got := *fs; len(got) != 1 || !got[0] {
		t.Errorf("fullscreen calls %v, want only the F11's [true]", got)
	}
}

func TestFullscreenKeys(t *testing.T) {
	stub := &stubScene{name: "table"}
	d, s, fs := testDirector(t, Options{Start: func(*Director) Scene { return stub }})
	tick(t, d, s, input.KeyTap(ebiten.KeyF11)...)
	tick(t, d, s, input.KeyDown(ebiten.KeyAltLeft), input.KeyDown(ebiten.KeyEnter))
	tick(t, d, s, input.KeyUp(ebiten.KeyAltLeft), input.KeyUp(ebiten.KeyEnter))
	if got := *fs; len(got) != 2 || !got[0] || got[1] {
		t.Errorf("fullscreen calls %v, want [true false]", got)
	}
	if stub.confirms != 0 {
		t.Error("Alt+Enter also confirmed in the menu")
	}
}

func TestCorruptSettingsNotice(t *testing.T) {
	store := persist.At(t.TempDir())
	if err := store.WriteFile(settings.FileName, []byte("{not json")); err != nil {
		t.Fatal(err)
	}
	d, _, _ := testDirector(t, Options{Store: store})
	if st := d.Status(); st.Notice == "" || st.Scene != "title" || d.noticeLeft == 0 {
		t.Fatalf("status %+v: want the notice on the title screen", st)
	}
	if d.Settings() != settings.Defaults() {
		t.Error("corrupt settings: defaults not loaded")
	}
}

func TestStatusJSON(t *testing.T) {
	st := Status{Scene: "title", Cursor: 2, Tick: 99, Frames: 40, Notice: "a \"quoted\"\nline\\ é"}
	var back Status
	if err := json.Unmarshal(st.AppendJSON(nil), &back); err != nil || back != st {
		t.Fatalf("round trip: %+v, %v; want %+v", back, err, st)
	}
}

func TestLayoutFitsLogicalScreen(t *testing.T) {
	d, _, _ := testDirector(t, Options{})
	d.deviceSF = func() float64 { return 2 }
	w, h := d.LayoutF(1000, 1000) // a square window on a HiDPI screen
	if w != 2000 || h != 2000 {
		t.Fatalf("LayoutF = %v×%v, want device pixels 2000×2000", w, h)
	}
	if d.scale != 2000.0/ScreenWidth {
		t.Errorf("scale %v, want width-limited %v", d.scale, 2000.0/ScreenWidth)
	}
	x, y := d.ToScreen(ScreenWidth/2, ScreenHeight/2)
	if x != 1000 || y != 1000 {
		t.Errorf("the centre maps to (%d, %d), want (1000, 1000)", x, y)
	}
	lx, ly := d.toLogical(x, y)
	if math.Abs(lx-ScreenWidth/2) > 1/d.scale || math.Abs(ly-ScreenHeight/2) > 1/d.scale {
		t.Errorf("toLogical(ToScreen(centre)) = (%v, %v)", lx, ly)
	}
}

func TestWrapText(t *testing.T) {
	st := TextStyle{Size: 20}
	lines := WrapText(nil, "one two three four five six seven eight nine ten\nnew paragraph", st, 150)
	if len(lines) < 4 || lines[len(lines)-1] != "new paragraph" {
		t.Fatalf("lines %q", lines)
	}
	for _, l := range lines {
		if TextWidth(l, st) > 150 && strings.Contains(l, " ") {
			t.Errorf("line %q is %.0f wide, over 150", l, TextWidth(l, st))
		}
	}
	if got := strings.Join(lines[:len(lines)-1], " "); got != "one two three four five six seven eight nine ten" {
		t.Errorf("words lost or reordered: %q", got)
	}
}

// BenchmarkDirectorTickIdle runs the title screen with no input: a tick
// must not allocate.
func BenchmarkDirectorTickIdle(b *testing.B) {
	d, s, _ := testDirector(b, Options{Games: demoGames()})
	for range 120 { // warm the buffers up
		tick(b, d, s)
	}
	b.ReportAllocs()
	for b.Loop() {
		s.Advance()
		if err := d.Update(); err != nil {
			b.Fatal(err)
		}
	}
}

func TestReducedMotionTurnsSlidesIntoFades(t *testing.T) {
	for _, k := range []TransitionKind{Fade, SlideLeft, SlideRight} {
		tr := transition{Transition: Transition{Kind: k, Ticks: 10}}
		if got := tr.shown(true); got != Fade {
			t.Errorf("%v with reduced motion shows as %v, want Fade", k, got)
		}
		if got := tr.shown(false); got != k {
			t.Errorf("%v without reduced motion shows as %v", k, got)
		}
	}
}

func TestTouchTapOpensEntry(t *testing.T) {
	games := []Entry{{Name: "g", Title: "Game", Open: func(*Director) Scene { return &stubScene{name: "table"} }}}
	d, s, _ := testDirector(t, Options{Games: games})
	tick(t, d, s)
	title := d.Top().(*Title)
	x, y, _, h, _ := title.menu.ItemRect(1)
	tx, ty := d.ToScreen(x+50, y+h/2)
	// A finger resting on Settings moves the cursor there and opens it
	// once, not on every tick it stays down.
	tick(t, d, s, input.TouchDown(7, tx, ty))
	if st := d.Status(); st.Scene != "settings" {
		t.Fatalf("after a tap on Settings: %+v", st)
	}
	for range Forward.Ticks + 2 {
		tick(t, d, s)
	}
	tick(t, d, s, input.TouchUp(7))
	if st := d.Status(); st.Scene != "settings" || len(d.stack) != 2 {
		t.Fatalf("a held touch acted again: %+v, %d scenes", st, len(d.stack))
	}
}

func TestSettingsOpensControls(t *testing.T) {
	controls := &stubScene{name: "controls"}
	for _, withControls := range []bool{false, true} {
		opts := Options{Start: func(d *Director) Scene { return NewSettings(d) }}
		if withControls {
			opts.Controls = func(*Director) Scene { return controls }
		}
		d, s, _ := testDirector(t, opts)
		screen := d.Top().(*SettingsScreen)
		var labels []string
		for _, it := range screen.menu.Items[valueRows:] {
			labels = append(labels, it.Label)
		}
		want := "Back"
		if withControls {
			want = "Controls…,Back"
		}
		if got := strings.Join(labels, ","); got != want {
			t.Fatalf("controls %v: rows after the settings %q, want %q", withControls, got, want)
		}
		if !withControls {
			continue
		}
		for range valueRows {
			tick(t, d, s, input.KeyTap(ebiten.KeyArrowDown)...)
		}
		tick(t, d, s, input.KeyTap(ebiten.KeyEnter)...)
		if d.Top() != controls {
			t.Errorf("Enter on Controls…: top %s, want controls", d.Top().Name())
		}
	}
}

// TestShownOnceAfterFirstFrame: Options.Shown is called once, on the
// first tick after the one that follows the first frame (a page runs that
// one as it shows the frame), however many ticks a frame runs.
func TestShownOnceAfterFirstFrame(t *testing.T) {
	shown := 0
	d, s, _ := testDirector(t, Options{Shown: func() { shown++ }, Start: func(*Director) Scene { return &stubScene{name: "title"} }})
	screen := ebiten.NewImage(ScreenWidth, ScreenHeight)
	defer screen.Deallocate()
	for frame, want := range []int{0, 0, 1, 1} {
		for range 3 {
			tick(t, d, s)
		}
		if shown != want {
			t.Fatalf("Shown called %d times before frame %d, want %d", shown, frame+1, want)
		}
		d.Draw(screen)
	}
}
