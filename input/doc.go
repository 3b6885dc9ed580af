// Package input turns the couch's devices — keyboard zones, gamepads, the
// mouse and touch — into one rulesets.Frame per tick: for each seat, the
// actions that became pressed on that tick and those held.
//
// # Sources
//
// Everything the game reads from the devices goes through a Source: Ebiten
// in the running game, Script in tests, which replays synthetic events tick
// by tick (KeyDown, PadConnect, TouchDown, …) so that input is tested
// without a window.
//
// # Seats and devices
//
// A Router binds seats to devices (Bind) and, once per tick, polls a
// Source and builds that tick's frame (Poll). A Device is a keyboard zone, a
// gamepad by its current ID, the mouse, the touch screen, or one of Slam's
// touch areas (SlamTouchAreas, SetTouchAreas). Presses of unbound devices
// come out as Loose, in a fixed device order, for the lobby to seat them.
// Several seats may share a device (pass-and-play); Focus says which of
// them gets its presses. Pointers reports the mouse and touches for scenes
// that hit-test and drag cards.
//
// Nothing in a frame depends on the order a Source lists keys, pads or
// touches: presses combine with OR and devices are visited in a fixed
// order, so the same inputs polled in any order give the same frames.
//
// # Menus
//
// A MenuInput reads every device as one player, bound or not, through the
// same Controls as a Router: menus and the screens around a match answer
// to the keys and buttons the controls screen sets, as the seats do.
//
// # Hot-plug
//
// A new gamepad takes the lowest free ID, so IDs are never assumed stable:
// a pad's binding ends when it disconnects. A seat whose pad disconnects
// waits to be reclaimed and the router pauses — Poll returns no frame, so
// the match cannot advance — until any unbound device presses a button,
// which takes the seat ("press a button to reclaim Player N", Waiting).
//
// # Controls
//
// Controls is the one mapping of actions to inputs: keys per keyboard zone
// (two full-control zones for menus and tables, four zones of four keys
// for Slam, far apart), the menu keys (Space to confirm, in menus only),
// and standard-layout gamepad buttons. Menu is the pause key (Esc, Start),
// through which a player leaves; Rules shows the rules (F1, F2, the pad's
// View). BindKey and BindPad refuse clashing bindings with a
// *ConflictError naming the holder; KeyCap and PadCap give the labels for
// on-screen key caps. LoadControls and SaveControls keep them in
// ControlsFile through the settings store, atomically; a corrupt file is
// kept as ".bak" and the defaults load, with a one-line notice.
package input
