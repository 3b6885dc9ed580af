// Package scenes is the shell of Janken Arcade: the Director that runs the
// program as an ebiten.Game at a fixed 60 ticks a second, the scene stack
// and its transitions, a small scene graph with hit testing and dragging,
// the menu widgets, and the title, settings and credits screens.
//
// # Running
//
// main.go registers the games (package catalog) and calls Run:
//
//	err := scenes.Run(scenes.Options{
//		Games:   arcade.Entries(),
//		Version: version,
//	})
//
// # Registering a game
//
// Each table package offers an Entry, part of its catalog.Game. The
// title screen and the credits list a game only if its Open is set, so
// there are never dead entries:
//
//	func Entry() scenes.Entry {
//		return scenes.Entry{
//			Name: "ninjan", Title: "Ninjan",
//			Blurb:      "Pick a card with everyone at once; the highest resolve first …",
//			Credit:     "Ninjan by 6jizo, published by Helvetiq",
//			MinPlayers: 2, MaxPlayers: 5,
//			Open: func(d *scenes.Director) scenes.Scene { return newSetup(d) },
//		}
//	}
//
// # Writing a scene
//
// A Scene has a Name, an Update called once per tick with a *Context, and
// a Draw given a *Canvas. Layout is logical: the screen is always
// ScreenWidth×ScreenHeight (1280×720), fitted to the window and drawn
// sharp at the device's resolution. Update changes state; Draw only
// draws. Game time is ticks, never the clock.
//
//	type table struct {
//		d    *scenes.Director
//		root *scenes.Node   // scenes.NewRoot("ninjan")
//		pile *scenes.Node   // a child of root
//		hand []*scenes.Node // children of a hand node
//		drag scenes.Drag
//	}
//
//	func (t *table) Name() string { return "ninjan" }
//
//	func (t *table) Update(ctx *scenes.Context) error {
//		nav := ctx.Nav()
//		if nav.Rules {
//			ctx.Push(scenes.NewRules(t.d, "Ninjan", rulesSections...), scenes.FadeQuick)
//			return nil
//		}
//		t.drag.Update(t.root, nav)
//		if t.drag.Dropped && t.drag.Target == t.pile {
//			t.play(t.drag.Source.ID) // the card's index in the hand
//		}
//		return nil
//	}
//
//	func (t *table) Draw(c *scenes.Canvas) { t.root.Draw(c) }
//
// The stack: Context.Push covers the current scene (a setup screen opens
// the table), Pop returns, Replace swaps (the table gives way to its
// Results). Each takes a Transition counted in ticks (FadeQuick, Forward,
// Backward, or Cut); changes apply after the current Update, and the new
// scene receives no input until the transition ends. Scenes may implement
// Enterer and Leaver to hear when they become or stop being the top, and
// Overlay to be drawn over the scene below (as Rules is).
//
// A table's sprites come from Context.Atlas, called every Update with the
// game's deck: the director paints the deck and the sprites every table
// shares PaintBudget pieces a tick, holds a transition into the table
// faded out until they are whole, and keeps them, so that re-entering a
// table or a rematch paints nothing.
//
// # Nodes, hit testing and dragging
//
// A scene's graph starts at NewRoot, whose children are placed in screen
// coordinates. A Node has a position, pivot (NewNode puts it at the
// centre), scale, rotation, alpha, Z order, a box (W×H) and children; its
// Drawable (Box, Label) draws its box. Node.HitTest finds the
// front-most Interactive node under a point, in the order the nodes are
// drawn, turned and scaled cards included; Drag carries one from a press
// to the node it is released over. Animations count ticks, never the
// clock; CubicOut and CubicInOut ease them.
//
// # Input
//
// Context.Nav is this tick's menu input from every device, read through
// the one mapping the controls screen edits (Director.Router's controls):
// Up, Down, Left, Right, Confirm, Back, Menu (the pause key), Rules, with
// key repeat, and the pointer (position, hover, click, held for a drag).
// Tables that need per-seat input poll the same Router for frames, through
// Context.Source. Only typing text and the controls screen's capture of a
// new key read keys raw. Menu
// gives a ready list with keyboard, pad and pointer support; Panel,
// WrapText and Canvas.Lines lay out text; Results is the end-of-game
// screen pattern.
//
// # Settings and status
//
// Context.Settings and Context.Palette reflect the player's settings live
// (volume, fullscreen, colour-blind palette, reduced motion, UI scale).
// The Settings screen also opens Options.Controls, the key and button
// bindings screen, when main.go provides it.
// Director.Status summarises the state for tests; in the browser it is
// published every tick as JSON in globalThis.jankenStatus.
package scenes
