// Package slamtable is the table of Slam: the flipped card big in the
// middle with the next card's back beside it, every seat's hand snapping
// into its gesture on the tick it pressed, mistakes and lock-outs shown at
// once, and a photo-finish strip that tells who was first by how many
// milliseconds. Up to eight players on four keyboard zones, gamepads and
// touch corners, with reflex bots in the empty seats.
//
// The table reads the couch through the lobby's input.Router, steps the
// rules (package rulesets/slam) once per tick with that tick's frame, and
// derives every animation from tick numbers the rules recorded, so what it
// shows never drifts from what the judge decided.
//
// Every match is recorded (package replay; a network machine records the
// ticks it settled, which hold no secret of the host's), and its results
// offer the replay: the same table as a Watcher, driven by the recorded
// frames under the replay viewer every game shares (package replayview),
// with the photo finishes to step through card by card.
package slamtable

import (
	"math/rand/v2"

	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"github.com/jankenarcade/janken/rulesets/slam"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/lobby"
	"github.com/jankenarcade/janken/scenes/netlobby"
)

// Entry registers Slam with the title menu.
func Entry() scenes.Entry {
	return scenes.Entry{
		Name:       "slam",
		Title:      "Slam",
		Blurb:      "A card flips: spot the two symbols of the same colour and throw the gesture that wins — or clap on a snap. Fastest hand takes the card.",
		Credit:     "Scissors Paper Stone by TREO Game Designers, published by Outset Media",
		MinPlayers: 2,
		MaxPlayers: 8,
		Open:       func(d *scenes.Director) scenes.Scene { return newSetup(d) },
	}
}

// BotLevels are the AI difficulties the lobby offers: adaptive (which
// matches the people at the table), then weakest first. The lobby
// preselects the middle one, medium.
var BotLevels = []string{"adaptive", "novice", "easy", "medium", "hard", "expert"}

// Rules returns the rules summary overlay, in the project's own words.
func Rules(d *scenes.Director) *scenes.Rules {
	return scenes.NewRules(d, "Slam",
		scenes.RulesSection{Heading: "A flip", Text: "A card turns over. Look at the back of the next card on the deck: one symbol in one colour. Find the symbol of that colour on the flipped card. Throw whichever of the two symbols wins (Rock beats Scissors, Scissors beats Paper, Paper beats Rock). If they are the same symbol, it is a snap: clap!",
			Figure: newFlipExample(d)},
		scenes.RulesSection{Heading: "The cards", Text: "Every card's front shows Rock, Paper and Scissors, each in a different colour: red, yellow or blue. Every card's back shows one symbol in one colour. Each colour also has its own pattern and mark, so you never need to tell colours apart by hue alone."},
		scenes.RulesSection{Heading: "Winning cards", Text: "The first correct action wins the card; the winner flips next. A wrong gesture, a clap without a snap, a gesture on a snap, two gestures at once, or any gesture before the card is up is a mistake: two of your won cards go back under the deck, and you sit out the rest of that card."},
		scenes.RulesSection{Heading: "Fair to the frame", Text: "Presses count on the very tick they happen. Two players on the same tick are a dead heat, settled by the game's shuffled luck. If nobody gets it within five seconds, the card goes under the deck. The strip at the bottom shows who was first, by how many milliseconds."},
		scenes.RulesSection{Heading: "The end", Text: "When one card is left in the deck, most cards wins. Tied players throw plain rock-paper-scissors with their gesture buttons until one wins."},
		scenes.RulesSection{Heading: "Last One Loses", Text: "Everyone must make the correct action; the last to do so takes the card, and anyone who makes a mistake takes it at once (several mistakes on one tick throw rock-paper-scissors for it; a false start takes the next card). Whoever has not acted after five seconds counts as last. Fewest cards wins."},
		scenes.RulesSection{Heading: "Controls", Text: "Keyboard zones: 1 2 3 4, 7 8 9 0, Z X C V and M , . / are Rock, Paper, Scissors and Clap. Gamepads: the four face buttons. Touch: the four cells in your corner. In Winner flips mode the flipper turns the card with any gesture. Esc, Start or the pause button on the table pauses, with these rules and a way out.",
			Touch: "Each player has a corner of the screen: its four cells are Rock, Paper, Scissors and Clap. In Winner flips mode the flipper turns the card with any gesture. The round pause button at the top pauses, with these rules and a way out."},
	)
}

// options are the choices of a Slam game, offered alike by the couch's
// setup and the network lobby (Network); optionsConfig reads a choice of
// each.
var options = []netlobby.Option{
	itemMode: {Label: "Mode", Values: []string{"Classic", "Last One Loses"}}, // by slam.Mode
	itemFlip: {Label: "Flip", Values: []string{"Automatic", "Winner flips"}},
}

// optionsConfig returns the rules config for players seats of chosen, a
// value index of each of options.
func optionsConfig(players int, chosen []int) slam.Config {
	cfg := slam.DefaultConfig(players)
	cfg.Mode, cfg.WinnerFlips = slam.Mode(chosen[itemMode]), chosen[itemFlip] == 1
	return cfg
}

// setup is the first screen of Slam: the mode and the flip, then Play vs
// computer (preselected) or the lobby.
type setup struct {
	d        *scenes.Director
	chosen   [itemSolo]int // a value index of each of options
	solo     *lobby.Solo
	menu     scenes.Menu
	backdrop *scenes.Backdrop
}

// The setup's menu: the options first, in their order.
const (
	itemMode = iota
	itemFlip
	itemSolo
	itemPlayers
	itemRules
	itemBack
)

func newSetup(d *scenes.Director) *setup {
	s := &setup{d: d, backdrop: scenes.NewBackdrop()}
	s.solo = lobby.NewSolo(d, s.lobbyConfig())
	// Room for the line under the menu; touch-sized, the list scrolls.
	s.menu.X, s.menu.Y, s.menu.Width, s.menu.Cursor, s.menu.MaxHeight = 390, 250, 500, itemSolo, 410
	s.refresh()
	return s
}

func (s *setup) refresh() {
	s.menu.Items = s.menu.Items[:0]
	for i, o := range options {
		s.menu.Items = append(s.menu.Items, scenes.MenuItem{Label: o.Label, Value: o.Values[s.chosen[i]]})
	}
	s.menu.Items = append(s.menu.Items, s.solo.Item(), scenes.MenuItem{Label: "Choose players"}, scenes.MenuItem{Label: "How to play"}, scenes.MenuItem{Label: "Back"})
}

// Name implements scenes.Scene.
func (s *setup) Name() string { return "slam-setup" }

// Cursor implements scenes.Cursored.
func (s *setup) Cursor() int { return s.menu.Cursor }

// Config returns the rules config the setup describes for players seats.
func (s *setup) config(players int) slam.Config { return optionsConfig(players, s.chosen[:]) }

// Update implements scenes.Scene.
func (s *setup) Update(ctx *scenes.Context) error {
	s.backdrop.Update(ctx.ReducedMotion())
	s.solo.Update(ctx)
	ev := s.menu.Update(ctx)
	switch {
	case ev.Action == scenes.MenuBack || (ev.Action == scenes.MenuActivate && ev.Index == itemBack):
		ctx.Pop(scenes.Backward)
	case ev.Index == itemSolo && ev.Action == scenes.MenuActivate:
		s.solo.Start(ctx)
	case ev.Index == itemSolo && ev.Action == scenes.MenuDecrease:
		s.solo.Step(-1)
	case ev.Index == itemSolo && ev.Action == scenes.MenuIncrease:
		s.solo.Step(1)
	case ev.Index < len(options) && ev.Action != scenes.MenuNone:
		n, step := len(options[ev.Index].Values), 1
		if ev.Action == scenes.MenuDecrease {
			step = n - 1
		}
		s.chosen[ev.Index] = (s.chosen[ev.Index] + step) % n
	case ev.Action == scenes.MenuActivate && ev.Index == itemRules:
		ctx.Push(Rules(s.d), scenes.FadeQuick)
	case ev.Action == scenes.MenuActivate && ev.Index == itemPlayers:
		ctx.Push(lobby.New(s.d, s.lobbyConfig()), scenes.Forward)
	}
	s.refresh()
	return nil
}

// lobbyConfig seats Slam's players, in the lobby or against the computer
// (one Easy bot: a first game is a duel the newcomer can win).
func (s *setup) lobbyConfig() lobby.Config {
	return lobby.Config{
		Title: "Slam", MinPlayers: 2, MaxPlayers: 8, Bots: BotLevels, Level: "easy", Opponents: 1, Gestures: true,
		Start: func(ctx *scenes.Context, seats lobby.Seating) {
			ctx.Replace(NewTable(s.d, seats, s.config(len(seats.Seats)), rand.Uint64()), scenes.FadeQuick)
		},
	}
}

// Draw implements scenes.Scene.
func (s *setup) Draw(c *scenes.Canvas) {
	pal := s.d.Palette()
	s.backdrop.Draw(c, pal)
	c.Text("Slam", scenes.ScreenWidth/2, 120, scenes.TextStyle{Size: 64, Bold: true, Color: pal.Text, Align: text.AlignCenter, VAlign: text.AlignCenter})
	c.Text("Spot the colour pair, throw the winner, clap on a snap.", scenes.ScreenWidth/2, 185,
		scenes.TextStyle{Size: 22, Color: pal.TextDim, Align: text.AlignCenter, VAlign: text.AlignCenter})
	s.menu.Draw(c, pal)
	if s.menu.Cursor == itemSolo {
		about := s.solo.About()
		if s.d.TouchOnly() {
			about = s.solo.TouchAbout()
		}
		c.Text(about, scenes.ScreenWidth/2, s.menu.Y+s.menu.Height()+40,
			scenes.TextStyle{Size: 20, Color: pal.TextDim, Align: text.AlignCenter, VAlign: text.AlignCenter})
	}
}
