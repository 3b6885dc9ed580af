package scenes

import (
	"errors"
	"image"
	"image/color"
	"io/fs"
	"math"
	"runtime"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/assets"
	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/persist"
	"github.com/jankenarcade/janken/replay"
	"github.com/jankenarcade/janken/settings"
)

// TPS is the director's fixed tick rate: game time is counted in ticks of
// 1/60 s.
const TPS = 60

// canQuit says whether the program may end itself: in the browser there is
// nowhere to go, so there is no Quit entry.
const canQuit = runtime.GOOS != "js"

// noticeTicks is how long a notice stays on screen.
const noticeTicks = 15 * TPS

// Director is the program's ebiten.Game: a stack of scenes, the
// transitions between them, the settings and the input they share. It
// polls the input Source once per tick into the menus' Nav (through the
// shared Router's controls, so that a remapping reaches the menus), handles
// the window keys (F11 and Alt+Enter toggle fullscreen), updates the top
// scene and applies the stack changes it asked for.
//
// A Director is used from Ebitengine's Update and Draw only.
type Director struct {
	opts     Options
	src      input.Source
	store    settings.Store
	router   *input.Router // see Router
	settings settings.Settings
	sounds   *assets.Sounds
	games    []Entry

	stack   []Scene
	pending []stackOp
	trans   transition
	ctx     Context
	atlases atlases // the tables' sprites: see Atlas

	nav    Nav
	poller navPoller
	keys   []ebiten.Key // the window keys' buffer
	// touchSeen is set by the first touch, for good; touchOnly by a
	// touch and cleared by a key or a gamepad button. See TouchOnly.
	touchSeen, touchOnly bool

	statusBuf    []byte // the published status (browser only)
	tick, frames int64
	warmedFor    int64 // the frames drawn when the last warm-up step ran
	notice       string
	noticeLeft   int
	quit         bool

	// The layout: screen size in pixels, the scale from logical to
	// pixels and the top-left corner of the logical screen.
	screenW, screenH int
	scale, ox, oy    float64

	canvas       Canvas
	smallestText float64                         // see SmallestText
	said         func(line string, x, y float64) // see RecordText
	offFrom      *ebiten.Image                   // transition off-screens, allocated once per size
	offTo        *ebiten.Image
	fullscr      func(bool) // ebiten.SetFullscreen, replaced in tests
	// isFullscr is ebiten.IsFullscreen (nil in tests: no window), and
	// fullscrAt the tick of the game's own last change.
	isFullscr func() bool
	fullscrAt int64
	deviceSF  func() float64
	// textInput is the platform's text input of the text fields on a
	// touch-only device, made on first use (replaced in tests).
	textInput textInput
}

type opKind uint8

const (
	opPush opKind = iota
	opPop
	opReplace
	opHome
)

type stackOp struct {
	kind  opKind
	scene Scene
	tr    Transition
}

// New makes a director from opts, loading the settings. It shows the title
// screen (or opts.Start) first. New does not open a window: see Run.
func New(opts Options) *Director {
	d := &Director{opts: opts, src: opts.Source, store: opts.Store, sounds: opts.Sounds,
		fullscr: ebiten.SetFullscreen, isFullscr: ebiten.IsFullscreen, deviceSF: deviceScaleFactor}
	d.ctx.d = d
	// A phone's page says so before the first touch: its first screen
	// is then made for a finger already.
	coarse := coarsePointer()
	d.touchSeen, d.touchOnly = coarse, coarse
	if d.src == nil {
		d.src = input.Ebiten{}
	}
	if d.store == nil {
		st, err := persist.Default()
		if err != nil {
			d.store = &memStore{}
			d.setNotice("Settings cannot be saved here (no settings folder, or storage blocked): they last until the game closes.")
		} else {
			d.store = st
		}
	}
	s, notice := settings.Load(d.store)
	d.settings = s
	if notice != "" {
		d.setNotice(notice)
	}
	d.poller.in = input.NewMenuInput(d.Router())
	for _, g := range opts.Games {
		if g.Open != nil {
			d.games = append(d.games, g)
		}
	}
	d.resize(ScreenWidth, ScreenHeight)
	first := opts.Start
	if first == nil {
		first = func(d *Director) Scene { return NewTitle(d) }
	}
	d.stack = append(d.stack, first(d))
	if e, ok := d.Top().(Enterer); ok {
		e.Enter(&d.ctx)
	}
	return d
}

func deviceScaleFactor() float64 {
	if m := ebiten.Monitor(); m != nil {
		return m.DeviceScaleFactor()
	}
	return 1
}

// Games returns the registered games that can be opened, in the order
// given.
func (d *Director) Games() []Entry { return d.games }

// Settings returns the current settings.
func (d *Director) Settings() settings.Settings { return d.settings }

// Palette returns the palette of the current settings.
func (d *Director) Palette() *Palette { return paletteFor(d.settings.Palette) }

// UIScale returns the interface scale (1 = 100%).
func (d *Director) UIScale() float64 { return float64(d.settings.UIScale) / 100 }

// Tick returns the number of ticks run.
func (d *Director) Tick() int64 { return d.tick }

// Notice returns the last notice shown to the player ("" if none).
func (d *Director) Notice() string { return d.notice }

// Watch opens the replay viewer on r (Options.Watch); without one it
// says so.
func (d *Director) Watch(r *replay.Replay) (Scene, error) {
	if d.opts.Watch == nil {
		return nil, errors.New("this build has no replay viewer")
	}
	return d.opts.Watch(d, r)
}

// CanWatch reports whether the program has a replay viewer.
func (d *Director) CanWatch() bool { return d.opts.Watch != nil }

// Version returns the program's version, as the title screen shows it.
func (d *Director) Version() string { return d.opts.Version }

// Top returns the scene at the top of the stack.
func (d *Director) Top() Scene { return d.stack[len(d.stack)-1] }

// SmallestText returns the size, in logical pixels, of the smallest text
// the last frame drew (0 if none), for the tests that check that text
// follows the interface size. Text a Layer keeps counts only in the frame
// that paints it.
func (d *Director) SmallestText() float64 { return d.smallestText }

// RecordText has every line of text drawn from now on passed to record
// with its anchor in logical pixels (nil: to nothing), for the tests that
// read what a screen says or tap what it labels. Text a Layer keeps is
// passed only in the frame that paints it.
func (d *Director) RecordText(record func(line string, x, y float64)) { d.said = record }

// Transitioning reports whether a transition is in progress.
func (d *Director) Transitioning() bool { return d.trans.active() }

// setNotice shows a one-line message on the title screen for a while.
func (d *Director) setNotice(s string) { d.notice, d.noticeLeft = s, noticeTicks }

// SetSettings applies s at once and saves it. Invalid settings are
// ignored; a failure to save becomes the notice.
func (d *Director) SetSettings(s settings.Settings) {
	if s.Validate() != nil {
		return
	}
	old := d.settings
	d.settings = s
	if s.Fullscreen != old.Fullscreen {
		d.fullscr(s.Fullscreen)
		d.fullscrAt = d.tick
	}
	if s.Volume != old.Volume && d.sounds != nil {
		d.sounds.SetVolume(s.Volume)
	}
	if err := settings.Save(d.store, s); err != nil {
		d.setNotice("Settings could not be saved: " + err.Error())
	}
}

// soundDevice reports the audio device's state; a director without
// sounds (a test's) is silent by choice, not for want of a device, and
// reports DeviceOpening.
func (d *Director) soundDevice() assets.Device {
	if d.sounds == nil {
		return assets.DeviceOpening
	}
	return d.sounds.Device()
}

// Play plays an interface sound.
func (d *Director) Play(snd assets.Sound) {
	if d.sounds != nil {
		d.sounds.Play(snd)
	}
}

// Push covers the top scene with s after this tick's Update.
func (d *Director) Push(s Scene, tr Transition) {
	d.pending = append(d.pending, stackOp{opPush, s, tr})
}

// Pop removes the top scene after this tick's Update. Popping the last
// scene quits the program (where it can quit).
func (d *Director) Pop(tr Transition) { d.pending = append(d.pending, stackOp{kind: opPop, tr: tr}) }

// Home removes every scene above the first (the title) after this tick's
// Update. The scenes it drops were covered, so they were told Leave then.
func (d *Director) Home(tr Transition) { d.pending = append(d.pending, stackOp{kind: opHome, tr: tr}) }

// Replace swaps the top scene for s after this tick's Update.
func (d *Director) Replace(s Scene, tr Transition) {
	d.pending = append(d.pending, stackOp{opReplace, s, tr})
}

// Update implements ebiten.Game: one tick.
func (d *Director) Update() error {
	if d.opts.Closing != nil && d.opts.Closing() {
		d.quitScenes()
		return ebiten.Termination
	}
	d.tick++
	started := d.warmedFor > 0
	warm := d.warmUp()
	if warm && !started && d.opts.Shown != nil {
		d.opts.Shown()
	}
	// The audio device opens on the first tick that warms up, once the
	// first frame is on screen: opening it holds a browser for tens of
	// milliseconds.
	if d.sounds != nil && d.warmedFor > 0 {
		d.sounds.Update()
		if warm {
			d.sounds.Warm()
		}
	}
	d.poller.poll(d.src, d.toLogical, &d.nav)
	d.followTouch()
	d.windowKeys()
	d.followWindow()
	if d.trans.active() {
		d.nav = Nav{PointerX: d.nav.PointerX, PointerY: d.nav.PointerY}
	}
	if d.noticeLeft > 0 {
		d.noticeLeft--
	}
	prepaint := settings.Palette("")
	if warm {
		prepaint = d.prepaint()
	}
	d.atlases.step(PaintBudget, prepaint)
	if err := d.Top().Update(&d.ctx); err != nil {
		return err
	}
	d.stepTransition()
	d.applyPending()
	publishStatus(d)
	if d.quit {
		return ebiten.Termination
	}
	return nil
}

// quitScenes tells every scene on the stack that can be told that the
// program quits (Quitter), the top first.
func (d *Director) quitScenes() {
	for i := len(d.stack) - 1; i >= 0; i-- {
		if q, ok := d.stack[i].(Quitter); ok {
			q.Quit()
		}
	}
}

// followTouch notes whether the player touches the screen or presses
// keys and buttons.
func (d *Director) followTouch() {
	if d.poller.touched {
		d.touchSeen, d.touchOnly = true, true
	}
	if d.poller.pressed {
		d.touchOnly = false
	}
}

// TouchSeen reports that the screen has been touched since the program
// started, or that the browser said at the start that the pointer is a
// finger: menus and buttons then take touch-sized hit areas, and keep
// them, so that the layout does not jump when a key is pressed too.
func (d *Director) TouchSeen() bool { return d.touchSeen }

// TouchOnly reports that the player touches the screen (or, before any
// input, that the browser said the pointer is a finger) and has pressed no
// key or gamepad button since the last touch: screens then hide their
// keyboard hints (key legends, "press Enter"), which mean nothing on a
// phone.
func (d *Director) TouchOnly() bool { return d.touchOnly }

// Hint returns a hint's wording for the player's device: keys, which
// names keys and buttons, or touch, which says what to tap ("" says
// nothing), on a touch-only device (see TouchOnly).
func (d *Director) Hint(keys, touch string) string {
	if d.touchOnly {
		return touch
	}
	return keys
}

// warmUp reports whether this tick may do work ahead of need (make the
// next sound, paint shared sprites ahead): only once a frame has been
// drawn since the last tick that did, so that a frame that runs several
// ticks to catch up (a browser's, after a slow one) does that work once,
// not once per tick; and only from the second frame on, so that the first
// frame is shown first: a page hides its loader over it on the next
// animation frame, which also runs the next tick, and the screen changes
// only once that tick is over.
func (d *Director) warmUp() bool {
	if d.frames < 2 || d.frames == d.warmedFor {
		return false
	}
	d.warmedFor = d.frames
	return true
}

// prepaint returns the palette whose shared sprites the director paints
// ahead while no table asks for anything, or "" for none: a program that
// offers games will open a table, so it paints them while the title
// shows; a director without games (a test of one screen) paints nothing
// it is not asked for.
func (d *Director) prepaint() settings.Palette {
	if len(d.games) == 0 {
		return ""
	}
	return d.settings.Palette
}

// windowKeys handles F11 and Alt+Enter, which toggle fullscreen on every
// screen. They belong to the window, not to a player, so they are read as
// keys and not through the controls. Alt+Enter is not also a menu
// confirmation.
func (d *Director) windowKeys() {
	d.keys = d.src.AppendJustPressedKeys(d.keys[:0])
	toggle := false
	for _, k := range d.keys {
		switch k {
		case ebiten.KeyF11:
			toggle = true
		case ebiten.KeyEnter, ebiten.KeyNumpadEnter:
			if d.altHeld() {
				toggle = true
				d.nav.Confirm = false
			}
		}
	}
	if toggle {
		s := d.settings
		s.Fullscreen = !s.Fullscreen
		d.SetSettings(s)
	}
}

// followWindow adopts a change of fullscreen the player made outside the
// game (a browser's Esc, the window manager), so the setting tells the
// truth and the next toggle goes the right way. It looks only a while
// after the game's own last change, which the system may take some time
// to carry out: a browser does it asynchronously.
func (d *Director) followWindow() {
	if d.isFullscr == nil || d.tick-d.fullscrAt < TPS || d.tick%followEvery != 0 {
		return
	}
	if on := d.isFullscr(); on != d.settings.Fullscreen {
		s := d.settings
		s.Fullscreen = on
		d.settings = s // not SetSettings: the window is already so
		if err := settings.Save(d.store, s); err != nil {
			d.setNotice("Settings could not be saved: " + err.Error())
		}
	}
}

// followEvery is how often, in ticks, followWindow asks the window.
const followEvery = 15

func (d *Director) altHeld() bool {
	d.keys = d.src.AppendPressedKeys(d.keys[:0])
	for _, k := range d.keys {
		if k == ebiten.KeyAltLeft || k == ebiten.KeyAltRight {
			return true
		}
	}
	return false
}

// stepTransition advances a transition; one of Ticks ticks ends it on its
// Ticks-th tick. It waits where the new scene would start to show while
// sprites are being painted, so that a table opens whole.
func (d *Director) stepTransition() {
	if !d.trans.active() {
		return
	}
	if d.atlases.busy() && d.trans.elapsed >= d.trans.revealsAt(d.settings.ReducedMotion) {
		return
	}
	d.trans.elapsed++
	if d.trans.elapsed >= d.trans.Ticks {
		d.trans = transition{}
	}
}

// applyPending performs the stack changes asked for during this tick. A
// change during a transition ends that transition at once.
func (d *Director) applyPending() {
	for i, op := range d.pending {
		d.pending[i] = stackOp{}
		from := d.Top()
		if l, ok := from.(Leaver); ok {
			l.Leave(&d.ctx)
		}
		switch op.kind {
		case opPush:
			d.stack = append(d.stack, op.scene)
		case opPop:
			if len(d.stack) == 1 {
				d.quit = canQuit
				continue
			}
			d.stack[len(d.stack)-1] = nil
			d.stack = d.stack[:len(d.stack)-1]
		case opReplace:
			d.stack[len(d.stack)-1] = op.scene
		case opHome:
			clear(d.stack[1:])
			d.stack = d.stack[:1]
		}
		d.trans = transition{}
		if op.tr.Kind != Cut && op.tr.Ticks > 0 {
			d.trans = transition{Transition: op.tr, from: from}
		}
		if e, ok := d.Top().(Enterer); ok {
			e.Enter(&d.ctx)
		}
	}
	d.pending = d.pending[:0]
}

// Layout implements ebiten.Game; LayoutF is used instead.
func (d *Director) Layout(w, h int) (int, int) {
	sw, sh := d.LayoutF(float64(w), float64(h))
	return int(math.Ceil(sw)), int(math.Ceil(sh))
}

// LayoutF implements ebiten.LayoutFer. The screen has the window's size
// in device pixels, so that nothing is scaled as a bitmap on a HiDPI
// display; the logical 1280×720 screen is fitted into it.
func (d *Director) LayoutF(w, h float64) (float64, float64) {
	sf := d.deviceSF()
	sw, sh := math.Max(1, math.Ceil(w*sf)), math.Max(1, math.Ceil(h*sf))
	d.resize(int(sw), int(sh))
	return sw, sh
}

// resize fits the logical screen into a screen of w×h pixels.
func (d *Director) resize(w, h int) {
	d.screenW, d.screenH = w, h
	d.scale, d.ox, d.oy = fit(w, h)
}

// fit returns the scale and top-left corner that fit the logical screen,
// centred, into w×h pixels.
func fit(w, h int) (scale, ox, oy float64) {
	scale = math.Min(float64(w)/ScreenWidth, float64(h)/ScreenHeight)
	return scale, math.Floor((float64(w) - ScreenWidth*scale) / 2), math.Floor((float64(h) - ScreenHeight*scale) / 2)
}

// toLogical converts screen pixels to logical coordinates.
func (d *Director) toLogical(x, y int) (float64, float64) {
	return (float64(x) - d.ox) / d.scale, (float64(y) - d.oy) / d.scale
}

// ToScreen converts logical coordinates to screen pixels (what the input
// source reports), for tests that point at things.
func (d *Director) ToScreen(x, y float64) (int, int) {
	return int(math.Round(x*d.scale + d.ox)), int(math.Round(y*d.scale + d.oy))
}

// screenRect converts a rectangle from logical to screen pixels.
func (d *Director) screenRect(r image.Rectangle) image.Rectangle {
	x0, y0 := d.ToScreen(float64(r.Min.X), float64(r.Min.Y))
	x1, y1 := d.ToScreen(float64(r.Max.X), float64(r.Max.Y))
	return image.Rect(x0, y0, x1, y1)
}

// platformText returns the platform's text input (see TextField).
func (d *Director) platformText() textInput {
	if d.textInput == nil {
		d.textInput = newComposerInput()
	}
	return d.textInput
}

// viewport returns the pixels of the logical screen.
func (d *Director) viewport() image.Rectangle {
	return image.Rect(int(d.ox), int(d.oy),
		int(math.Ceil(d.ox+ScreenWidth*d.scale)), int(math.Ceil(d.oy+ScreenHeight*d.scale)))
}

// Draw implements ebiten.Game. It writes every pixel of screen once at
// least, so Ebitengine need not clear it first (see Run), and the ground
// under the scenes only where they leave it uncovered (Canvas.Cover).
func (d *Director) Draw(screen *ebiten.Image) {
	d.frames++
	if d.frames == 1 {
		// The page waits for the first frame to hide its loader: it need
		// not wait for the next tick to know.
		defer publishStatus(d)
	}
	if b := screen.Bounds(); b.Dx() != d.screenW || b.Dy() != d.screenH {
		d.resize(b.Dx(), b.Dy())
	}
	ground := d.Palette().BackdropDeep
	vp := d.viewport()
	fillBars(screen, vp)
	view := screen.SubImage(vp).(*ebiten.Image)
	d.smallestText = 0
	d.canvas.smallest, d.canvas.said = &d.smallestText, d.said
	if !d.trans.active() {
		d.canvas.reset(view, d.scale, d.ox, d.oy, ground)
		d.drawStack(len(d.stack)-1, &d.canvas)
		d.canvas.finish()
		return
	}
	d.allocOffscreens(vp.Dx(), vp.Dy())
	d.canvas.reset(d.offFrom, d.scale, 0, 0, ground)
	d.trans.from.Draw(&d.canvas)
	d.canvas.finish()
	d.canvas.reset(d.offTo, d.scale, 0, 0, ground)
	d.drawStack(len(d.stack)-1, &d.canvas)
	d.canvas.finish()
	view.Fill(ground)
	d.trans.compose(view, d.offFrom, d.offTo, float64(vp.Min.X), float64(vp.Min.Y), d.settings.ReducedMotion)
}

// fillBars fills the bars of screen around the logical screen's pixels
// vp with the letterbox colour, and nothing else.
func fillBars(screen *ebiten.Image, vp image.Rectangle) {
	b := screen.Bounds()
	for _, bar := range [4]image.Rectangle{
		image.Rect(b.Min.X, b.Min.Y, b.Max.X, vp.Min.Y),
		image.Rect(b.Min.X, vp.Max.Y, b.Max.X, b.Max.Y),
		image.Rect(b.Min.X, vp.Min.Y, vp.Min.X, vp.Max.Y),
		image.Rect(vp.Max.X, vp.Min.Y, b.Max.X, vp.Max.Y),
	} {
		if bar = bar.Intersect(b); !bar.Empty() {
			screen.SubImage(bar).(*ebiten.Image).Fill(letterbox)
		}
	}
}

// letterbox is the colour of the bars around the logical screen.
var letterbox = color.RGBA{0x05, 0x03, 0x0a, 0xff}

// drawStack draws the scene at index i, over the scenes below it if it is
// an overlay.
func (d *Director) drawStack(i int, c *Canvas) {
	if _, ok := d.stack[i].(Overlay); ok && i > 0 {
		d.drawStack(i-1, c)
	}
	d.stack[i].Draw(c)
}

// allocOffscreens makes the transition images, again only when the
// viewport changes size.
func (d *Director) allocOffscreens(w, h int) {
	if d.offFrom != nil && d.offFrom.Bounds().Dx() == w && d.offFrom.Bounds().Dy() == h {
		return
	}
	if d.offFrom != nil {
		d.offFrom.Deallocate()
		d.offTo.Deallocate()
	}
	d.offFrom = ebiten.NewImage(w, h)
	d.offTo = ebiten.NewImage(w, h)
}

// memStore keeps files in memory when the system offers no place to keep
// them.
type memStore struct{ files map[string][]byte }

func (m *memStore) ReadFile(name string) ([]byte, error) {
	b, ok := m.files[name]
	if !ok {
		return nil, fs.ErrNotExist
	}
	return append([]byte(nil), b...), nil
}

func (m *memStore) WriteFile(name string, data []byte) error {
	if m.files == nil {
		m.files = map[string][]byte{}
	}
	m.files[name] = append([]byte(nil), data...)
	return nil
}
