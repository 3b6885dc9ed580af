package lobby

import (
	"fmt"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/privacy"
)

// Solo is a game entry's "Play vs computer": one menu choice that seats
// the player who made it, on the device they made it with, next to
// Config.Opponents AI players of the chosen difficulty, and starts the
// game (Config.Start) without the lobby.
//
// The menu that offers it calls Update on every tick, before its own
// menu's Update, so that Solo knows which device chose; Item is its menu
// entry, Step changes the difficulty and Start starts.
type Solo struct {
	d          *scenes.Director
	cfg        Config
	level      int             // index in cfg.Bots
	watch      *input.Router   // follows the devices; no seat is ever bound in it
	last       input.Device    // the keyboard zone or gamepad used last, or NoDevice
	chose      input.Device    // what pressed Confirm or clicked on this tick, or NoDevice
	item       scenes.MenuItem // the menu entry and the line about it, for the level chosen
	about      string
	touchAbout string // about without the arrow keys: see TouchAbout
}

// NewSolo returns the Play vs computer choice of the game cfg describes.
func NewSolo(d *scenes.Director, cfg Config) *Solo {
	s := &Solo{d: d, cfg: cfg, level: cfg.level(), watch: input.NewRouter(), last: input.NoDevice, chose: input.NoDevice}
	s.cfg.MaxPlayers = min(max(cfg.MaxPlayers, 1), rulesets.MaxSeats)
	s.cfg.MinPlayers = min(max(cfg.MinPlayers, 1), s.cfg.MaxPlayers)
	if s.cfg.Router == nil {
		s.cfg.Router = d.Router()
	}
	s.label()
	return s
}

// label words the menu entry and the line about it for the level
// chosen, once, not on every frame.
func (s *Solo) label() {
	s.item = scenes.MenuItem{Label: "Play vs computer", Disabled: true}
	s.about = "This game has no AI players."
	s.touchAbout = s.about
	if len(s.cfg.Bots) == 0 {
		return
	}
	s.item = scenes.MenuItem{Label: "Play vs computer", Value: fmt.Sprintf("%d × %s", s.Opponents(), s.Level())}
	players := "AI players"
	if s.Opponents() == 1 {
		players = "AI player"
	}
	against := fmt.Sprintf("You against %d %s (%s), at once · ", s.Opponents(), players, s.Level())
	s.about = against + "← → change their level"
	s.touchAbout = against + "tap the arrows to change their level"
}

// Item returns Solo's menu entry: "Play vs computer", and as its value
// the opponents: "3 × medium". It is disabled for a game without AI.
func (s *Solo) Item() scenes.MenuItem { return s.item }

// Opponents returns how many AI players Start seats.
func (s *Solo) Opponents() int {
	n := s.cfg.Opponents
	if n <= 0 {
		n = s.cfg.MinPlayers - 1
	}
	return min(max(n, s.cfg.MinPlayers-1, 1), s.cfg.MaxPlayers-1)
}

// Level returns the opponents' difficulty ("" for a game without AI).
func (s *Solo) Level() string {
	if len(s.cfg.Bots) == 0 {
		return ""
	}
	return s.cfg.Bots[s.level]
}

// About says what the choice does, for a menu to show under its entry:
// "You against 3 AI players (medium), at once · ← → change their level".
func (s *Solo) About() string { return s.about }

// TouchAbout is About for a device only touched, which has no arrow keys:
// "… at once · tap the arrows to change their level".
func (s *Solo) TouchAbout() string { return s.touchAbout }

// Step changes the difficulty by dir (-1 weaker, 1 stronger), wrapping
// round.
func (s *Solo) Step(dir int) {
	if n := len(s.cfg.Bots); n > 0 {
		s.level = ((s.level+dir)%n + n) % n
		s.label()
	}
}

// Update follows the devices: which one pressed Confirm or clicked on
// this tick, and which keyboard zone or gamepad was used last. It must be
// called on every tick of the menu that offers Solo, before Start.
func (s *Solo) Update(ctx *scenes.Context) {
	if c := s.cfg.Router.Controls(); c != s.watch.Controls() {
		_ = s.watch.SetControls(c) // valid: the shared router holds it
	}
	s.watch.Poll(ctx.Source(), ctx.Tick())
	s.chose = input.NoDevice
	used := input.NoDevice
	for _, p := range s.watch.Loose() { // keyboard zones and pads come first
		switch p.Device.Kind {
		case input.KeyZone, input.Pad:
			if p.Buttons.Has(rulesets.ButtonConfirm) && s.chose == input.NoDevice {
				s.chose = p.Device
			}
			if p.Buttons != 0 {
				used = p.Device
			}
		case input.Mouse, input.Touch:
			if s.chose == input.NoDevice {
				s.chose = p.Device
			}
		}
	}
	switch {
	case s.chose.Kind == input.KeyZone || s.chose.Kind == input.Pad:
		s.last = s.chose
	case used != input.NoDevice:
		s.last = used
	}
}

// Start seats the player who chose and the AI players, and calls
// Config.Start.
func (s *Solo) Start(ctx *scenes.Context) {
	if s.cfg.Start != nil && len(s.cfg.Bots) > 0 {
		s.cfg.Start(ctx, s.Seating(ctx.Source()))
	}
}

// Seating returns the seating Start starts with: seat 0 the player, on
// the device that chose if it can play the game, else on the keyboard zone
// or gamepad they used last, else on the keyboard (the zone of Enter; in
// Slam the first four-key zone); then the AI players. It binds the router
// to match, after polling src once so that the router knows every pad
// connected now.
func (s *Solo) Seating(src input.Source) Seating {
	r := s.cfg.Router
	for seat := range rulesets.MaxSeats {
		r.Unbind(seat)
	}
	if s.cfg.Gestures {
		r.SetTouchAreas(ScreenTouchAreas(s.d, s.cfg.MaxPlayers))
	} else {
		r.SetTouchAreas(nil)
	}
	r.Poll(src, 0)
	controls := r.Controls()
	dev := s.keyboard(&controls)
	for _, d := range [...]input.Device{s.chose, s.last} {
		if d = s.playable(&controls, d); d != input.NoDevice {
			dev = d
			break
		}
	}
	if r.Bind(0, dev) != nil { // a pad gone since it chose
		dev = s.keyboard(&controls)
		_ = r.Bind(0, dev) // a keyboard zone always exists
	}
	seats := []Seat{{Kind: Human, Device: dev}}
	for range s.Opponents() {
		seats = append(seats, Seat{Kind: Bot, Bot: s.Level()})
	}
	return Seating{Router: r, Seats: seats, Privacy: privacy.Peek}
}

// playable returns the device to play this game with for a player who
// used d: d itself, or in Slam for a touch the first touch corner; or
// NoDevice if d cannot play (a mouse, a zone without the game's buttons).
func (s *Solo) playable(c *input.Controls, d input.Device) input.Device {
	switch {
	case d.Kind == input.Touch && s.cfg.Gestures:
		return input.Device{Kind: input.TouchZone}
	case d.Kind == input.Touch, d.Kind == input.Pad:
		return d
	case d.Kind != input.KeyZone:
		return input.NoDevice
	case s.cfg.Gestures && c.ZoneButtons(d.Index)&rulesets.Gestures == rulesets.Gestures,
		!s.cfg.Gestures && c.ZoneButtons(d.Index).Has(rulesets.ButtonConfirm):
		return d
	}
	return input.NoDevice
}

// keyboard returns the keyboard zone a player who did not choose with one
// plays with: in Slam the first four-key zone, otherwise the zone of
// Enter (the title names Enter), else the first with Confirm.
func (s *Solo) keyboard(c *input.Controls) input.Device {
	first := -1
	for z := range input.NumKeyZones {
		zone := input.Device{Kind: input.KeyZone, Index: z}
		switch {
		case s.playable(c, zone) == input.NoDevice:
			continue
		case s.cfg.Gestures || c.Key(z, rulesets.ButtonConfirm) == ebiten.KeyEnter:
			return zone
		case first < 0:
			first = z
		}
	}
	return input.Device{Kind: input.KeyZone, Index: max(first, 0)}
}
