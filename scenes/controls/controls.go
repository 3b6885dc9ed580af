// Package controls is the controls screen: for each device kind — every
// keyboard zone, the menu keys and the gamepad — it lists the actions with
// the key or button bound to each, rebinds one when the player chooses it and presses
// a new input, refuses a binding that clashes (saying with what), resets a
// device kind to its defaults, and saves every change at once
// (input.SaveControls, atomically through the settings store).
//
// It edits the program's shared router (Director.Router), whose controls
// are the one mapping of the program, so that a change applies to the
// menus (this screen included), the lobby and the tables at once:
//
//	ctx.Push(controls.New(d), scenes.Forward)
package controls

import (
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"github.com/jankenarcade/janken/assets"
	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/scenes"
)

// The device kinds are the keyboard zones, then the menu keys, then the
// gamepad: a kind below padKind is an index of input.Controls.Keys.
const padKind = input.MenuKeys + 1

// Screen is the controls screen.
type Screen struct {
	d        *scenes.Director
	router   *input.Router
	store    input.Store
	kind     int               // keyboard zone, or padKind
	actions  []rulesets.Button // the actions listed for kind, in menu order
	waiting  rulesets.Button   // the action waiting for a new input, or 0
	armed    bool              // the press that chose the action has been let go of
	message  string
	failed   bool // message tells of a refused binding or a failed save
	menu     scenes.Menu
	backdrop *scenes.Backdrop
	keys     []ebiten.Key
	pads     []ebiten.GamepadID
	buttons  []ebiten.StandardGamepadButton

	// Wrapped text, kept until what it wraps changes.
	about, msg       []string
	aboutFor, msgFor string
}

// The fixed rows around the actions: the device first, then the actions,
// then these.
const (
	rowDevice = 0
	firstAct  = 1
)

// New returns the controls screen of d's router, saving to d's store.
func New(d *scenes.Director) *Screen {
	s := &Screen{d: d, router: d.Router(), store: d.Store(), backdrop: scenes.NewBackdrop()}
	s.menu.X, s.menu.Y, s.menu.Width, s.menu.MaxHeight = 140, 172, 560, 480 // the ▲ of a scrolled list clears the subtitle
	s.refresh()
	return s
}

// Name implements scenes.Scene.
func (s *Screen) Name() string { return "controls" }

// Cursor implements scenes.Cursored.
func (s *Screen) Cursor() int { return s.menu.Cursor }

// Message returns the line shown under the menu: a conflict, a save error,
// or what to do.
func (s *Screen) Message() string { return s.message }

// Waiting returns the action waiting for a new input (0 if none).
func (s *Screen) Waiting() rulesets.Button { return s.waiting }

// actionsOf lists what device kind binds: a full keyboard zone the menu
// and table actions, a four-key zone Slam's gestures, the menu keys the
// menu actions, the gamepad all.
func actionsOf(kind int) []rulesets.Button {
	var out []rulesets.Button
	for _, b := range input.AllButtons {
		switch {
		case kind == padKind,
			kind == input.MenuKeys && b&input.MenuActions != 0,
			kind < input.NumFullZones && b&input.Nav != 0,
			kind >= input.NumFullZones && kind < input.MenuKeys && b&rulesets.Gestures != 0:
			out = append(out, b)
		}
	}
	return out
}

func (s *Screen) kindName() string {
	if s.kind == padKind {
		return "Gamepads"
	}
	return input.ZoneName(s.kind)
}

// refresh rebuilds the menu from the controls in use.
func (s *Screen) refresh() {
	c := s.router.Controls()
	s.actions = actionsOf(s.kind)
	s.menu.Items = append(s.menu.Items[:0], scenes.MenuItem{Label: "Device", Value: s.kindName()})
	for _, b := range s.actions {
		bound := ""
		if s.kind == padKind {
			bound = input.PadCap(c.PadButton(b))
		} else {
			bound = input.KeyCap(c.Key(s.kind, b))
		}
		if b == s.waiting {
			bound = "press…"
		}
		s.menu.Items = append(s.menu.Items, scenes.MenuItem{Label: input.ActionName(b) + ":  " + bound})
	}
	s.menu.Items = append(s.menu.Items, scenes.MenuItem{Label: "Reset to defaults"}, scenes.MenuItem{Label: "Back"})
}

func (s *Screen) rowReset() int { return firstAct + len(s.actions) }
func (s *Screen) rowBack() int  { return s.rowReset() + 1 }

// Update implements scenes.Scene.
func (s *Screen) Update(ctx *scenes.Context) error {
	s.backdrop.Update(ctx.ReducedMotion())
	if s.waiting != 0 {
		s.capture(ctx)
		return nil
	}
	ev := s.menu.Update(ctx)
	switch ev.Action {
	case scenes.MenuDecrease, scenes.MenuIncrease:
		if ev.Index == rowDevice {
			step := 1
			if ev.Action == scenes.MenuDecrease {
				step = -1
			}
			s.kind = (s.kind + step + padKind + 1) % (padKind + 1)
			s.message = ""
			s.refresh()
		}
	case scenes.MenuActivate:
		s.activate(ctx, ev.Index)
	case scenes.MenuBack:
		ctx.Pop(scenes.Backward)
	}
	return nil
}

func (s *Screen) activate(ctx *scenes.Context, row int) {
	switch {
	case row == rowDevice:
		s.kind = (s.kind + 1) % (padKind + 1)
		s.message = ""
	case row >= firstAct && row < s.rowReset():
		s.waiting, s.armed = s.actions[row-firstAct], false
		what := "key"
		if s.kind == padKind {
			what = "gamepad button"
		}
		s.message, s.failed = "Press the "+what+" for "+input.ActionName(s.waiting)+" (Esc to cancel).", false
		ctx.Play(assets.Click)
	case row == s.rowReset():
		c := s.router.Controls()
		if s.kind == padKind {
			c.ResetPad()
		} else {
			c.Keys[s.kind] = input.DefaultControls().Keys[s.kind]
		}
		s.apply(c, s.kindName()+": default controls restored.")
	case row == s.rowBack():
		ctx.Pop(scenes.Backward)
	}
	s.refresh()
}

// capture waits for the new input of s.waiting. The press that chose the
// action is not taken for it: capture arms once every key and button is
// up. It reads the devices raw, since any key may become the new one; Esc
// cancels, whatever it is bound to.
func (s *Screen) capture(ctx *scenes.Context) {
	src := ctx.Source()
	s.keys = src.AppendPressedKeys(s.keys[:0])
	held := len(s.keys) > 0
	s.pads = src.AppendGamepadIDs(s.pads[:0])
	for _, id := range s.pads {
		s.buttons = src.AppendPressedGamepadButtons(id, s.buttons[:0])
		held = held || len(s.buttons) > 0
	}
	if !s.armed {
		s.armed = !held
		return
	}
	s.keys = src.AppendJustPressedKeys(s.keys[:0])
	for _, k := range s.keys {
		if k == ebiten.KeyEscape {
			s.waiting, s.message = 0, ""
			s.refresh()
			return
		}
	}
	c := s.router.Controls()
	var err error
	switch {
	case s.kind != padKind && len(s.keys) > 0:
		err = c.BindKey(s.kind, s.waiting, s.keys[0])
	case s.kind == padKind:
		pressed := false
		for _, id := range s.pads {
			if s.buttons = src.AppendJustPressedGamepadButtons(id, s.buttons[:0]); len(s.buttons) > 0 {
				err, pressed = c.BindPad(s.waiting, s.buttons[0]), true
				break
			}
		}
		if !pressed {
			return
		}
	default:
		return
	}
	action := s.waiting
	s.waiting = 0
	if err != nil {
		s.message, s.failed = err.Error(), true
		ctx.Play(assets.Click)
	} else {
		s.apply(c, input.ActionName(action)+" rebound.")
	}
	s.refresh()
}

// apply uses c from now on and saves it.
func (s *Screen) apply(c input.Controls, done string) {
	if err := s.router.SetControls(c); err != nil {
		s.message, s.failed = err.Error(), true
		return
	}
	s.message, s.failed = done, false
	if s.store == nil {
		return
	}
	if err := input.SaveControls(s.store, c); err != nil {
		s.message, s.failed = "The controls apply now but could not be saved: "+err.Error(), true
	}
}

// The subtitle's middle and size.
const subtitleY, subtitleSize = 124, 20

// Draw implements scenes.Scene.
func (s *Screen) Draw(c *scenes.Canvas) {
	pal := s.d.Palette()
	s.backdrop.Draw(c, pal)
	c.Text("Controls", 140, 80, scenes.TextStyle{Size: 52, Bold: true, Color: pal.Text, VAlign: text.AlignCenter})
	c.Text("Choose an action, then press its new key or button. Changes are saved at once.", 140, subtitleY,
		scenes.TextStyle{Size: subtitleSize, Color: pal.TextDim, VAlign: text.AlignCenter})
	s.menu.Draw(c, pal)
	x, y, w := 760.0, 150.0, 400.0
	scenes.Panel(c, pal, x, y, w, 240)
	c.Text(s.kindName(), x+24, y+24, scenes.TextStyle{Size: 28, Bold: true, Color: pal.Accent})
	body := scenes.TextStyle{Size: 20, Color: pal.Text}
	if about := s.aboutText(); about != s.aboutFor {
		s.about, s.aboutFor = scenes.WrapText(s.about[:0], about, body, w-48), about
	}
	c.Lines(s.about, x+24, y+72, 28, body)
	if s.message != "" {
		clr := pal.Accent
		if s.failed {
			clr = pal.Notice
		}
		st := scenes.TextStyle{Size: 22, Bold: true, Color: clr}
		if s.message != s.msgFor {
			s.msg, s.msgFor = scenes.WrapText(s.msg[:0], s.message, st, w-48), s.message
		}
		scenes.Panel(c, pal, x, y+260, w, 40+float64(len(s.msg))*30)
		c.Lines(s.msg, x+24, y+280, 30, st)
	}
}

// aboutText explains the device kind shown.
func (s *Screen) aboutText() string {
	switch {
	case s.kind == padKind:
		return "Every gamepad uses these buttons; the left stick also moves. A gesture may share a face button with a menu action, never with another gesture."
	case s.kind < input.NumFullZones:
		return "One player's share of the keyboard for menus and card tables; Menu pauses, to leave. A key belongs to one zone only."
	case s.kind == input.MenuKeys:
		return "Extra keys for menus only: no player sits at them, so they never join a game or act at a table."
	}
	return "Four keys for one Slam player, far from the other zones so that presses at the same moment all register."
}
