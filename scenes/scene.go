package scenes

import (
	"github.com/jankenarcade/janken/assets"
	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/replay"
	"github.com/jankenarcade/janken/settings"
)

// Scene is one screen of the program: the title, the settings, a game's
// table. The director calls Update exactly 60 times a second on the scene
// at the top of its stack, and Draw once per frame. Draw must only draw:
// everything that changes happens in Update.
type Scene interface {
	// Name identifies the scene in logs and in Director.Status:
	// "title", "settings", "ninjan".
	Name() string
	// Update advances the scene by one tick. Returning an error stops the
	// program with that error.
	Update(ctx *Context) error
	// Draw draws the scene on c.
	Draw(c *Canvas)
}

// Enterer is a Scene told when it becomes the top of the stack: pushed,
// put in by Replace, or uncovered by Pop.
type Enterer interface {
	Enter(ctx *Context)
}

// Leaver is a Scene told when it stops being the top of the stack: covered
// by Push or removed by Pop or Replace.
type Leaver interface {
	Leave(ctx *Context)
}

// Quitter is a Scene told that the program quits while it is on the
// stack, its window closed: a network table tells the other machines
// that its player left, rather than leave them to its silence.
type Quitter interface {
	Quit()
}

// Overlay is a Scene drawn over the scene below it (a rules summary, a
// pause menu) instead of hiding it. Only the top scene is updated.
type Overlay interface {
	Scene
	Overlay()
}

// Cursored is a Scene with a menu cursor; Director.Status reports it so
// that tests can follow the menu.
type Cursored interface {
	Cursor() int
}

// Entry registers a game with the title menu and the credits. Each table
// package offers one in its catalog.Game, and main.go passes the arcade's
// in Options.Games; a game appears only if its Open is set.
type Entry struct {
	Name       string // as in code: "ninjan"
	Title      string // as on screen: "Ninjan"
	Blurb      string // one or two sentences for the title screen
	Credit     string // the original design and its makers: "Ninjan by 6jizo, published by Helvetiq"
	MinPlayers int
	MaxPlayers int
	// Open returns the game's first scene (a setup screen or the table).
	Open func(d *Director) Scene
}

// Options configure a Director.
type Options struct {
	Games []Entry
	// Source is where input comes from; nil means the real devices
	// (input.Ebiten).
	Source input.Source
	// Store keeps the settings; nil means persist.Default(), or memory
	// only (with a notice) if the system has no configuration directory.
	Store settings.Store
	// Sounds plays the interface sounds; nil is silent. Run makes one.
	Sounds *assets.Sounds
	// Start, if set, makes the first scene instead of the title screen.
	Start func(d *Director) Scene
	// Version is shown in a corner of the title screen.
	Version string
	// Controls, if set, opens the controls screen (package
	// scenes/controls, which imports this one): Settings then offers it.
	Controls func(d *Director) Scene
	// Network, if set, opens network play (package scenes/netlobby, which
	// imports this one): the title then offers "Play over network".
	Network func(d *Director) Scene
	// Replays, if set, opens the list of kept replays (package
	// scenes/replayview): the title then offers "Replays".
	Replays func(d *Director) Scene
	// Watch, if set, opens the replay viewer on a replay (each game's own,
	// through package catalog): results screens then offer "Watch replay".
	Watch func(d *Director, r *replay.Replay) (Scene, error)
	// Shown, if set, is called once the first frame is on screen: from
	// the tick after the one a page runs as it shows it, the first on
	// which the director works ahead of need (paints sprites, makes
	// sounds). The program's start is over.
	Shown func()
	// Closing reports that the player is closing the window: the
	// director then tells its scenes (Quitter) and quits. Run sets it
	// (ebiten.IsWindowBeingClosed); nil never closes.
	Closing func() bool
}

// Context is what a scene's Update may use: this tick's input, the
// settings, and the director's stack. It is valid only during the call.
type Context struct {
	d *Director
}

// Director returns the director, for opening game scenes.
func (ctx *Context) Director() *Director { return ctx.d }

// Tick returns the number of ticks the director has run.
func (ctx *Context) Tick() int64 { return ctx.d.tick }

// Nav returns this tick's menu input. During a transition it is empty.
func (ctx *Context) Nav() *Nav { return &ctx.d.nav }

// Source returns the input source, for the tables to poll their seats'
// frames from (input.Router.Poll) and for the rare screens that need raw
// keys: typing text, capturing a new binding. What a player asks of a
// menu or a table as a whole comes from Nav.
func (ctx *Context) Source() input.Source { return ctx.d.src }

// Settings returns the current settings.
func (ctx *Context) Settings() settings.Settings { return ctx.d.settings }

// SetSettings applies s at once (fullscreen, volume, palette …) and saves
// it; a failure to save becomes the notice.
func (ctx *Context) SetSettings(s settings.Settings) { ctx.d.SetSettings(s) }

// Palette returns the palette of the current settings.
func (ctx *Context) Palette() *Palette { return ctx.d.Palette() }

// UIScale returns the interface scale of the settings (1 = 100%).
func (ctx *Context) UIScale() float64 { return ctx.d.UIScale() }

// TouchSeen is the director's TouchSeen: menus take touch-sized rows.
func (ctx *Context) TouchSeen() bool { return ctx.d.touchSeen }

// TouchOnly is the director's TouchOnly: keyboard hints are hidden.
func (ctx *Context) TouchOnly() bool { return ctx.d.touchOnly }

// ReducedMotion reports whether the player asked for reduced motion.
func (ctx *Context) ReducedMotion() bool { return ctx.d.settings.ReducedMotion }

// Push covers the current scene with s.
func (ctx *Context) Push(s Scene, tr Transition) { ctx.d.Push(s, tr) }

// Pop removes the current scene, uncovering the one below.
func (ctx *Context) Pop(tr Transition) { ctx.d.Pop(tr) }

// Home returns to the first scene (the title), dropping the rest of the
// stack. See Director.Home.
func (ctx *Context) Home(tr Transition) { ctx.d.Home(tr) }

// Replace swaps the current scene for s.
func (ctx *Context) Replace(s Scene, tr Transition) { ctx.d.Replace(s, tr) }

// Play plays an interface sound (nothing if the director is silent).
func (ctx *Context) Play(snd assets.Sound) { ctx.d.Play(snd) }

// Quit ends the program after this tick (desktop only; in the browser
// there is nothing to return to, and it does nothing).
func (ctx *Context) Quit() { ctx.d.quit = canQuit }
