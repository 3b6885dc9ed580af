// Package input turns the couch's devices — keyboard zones, gamepads, mouse
// and touch — into one rulesets.Frame per tick: for each seat, the actions
// that became pressed on that tick and those held.
//
// Everything the game reads from the devices goes through a Source: Ebiten
// in the running game, Script in tests, which replays synthetic events tick
// by tick so that input is tested without a window.
package input
