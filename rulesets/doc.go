// Package rulesets holds what the four games of Janken Arcade share: the
// rock-paper-scissors symbols, a seeded and serialisable random generator, a
// stable state hash, the per-tick input frame, seeds derived from a match's
// secret (DeriveSeed), and the contract (Game, View, Bot, Ruleset) that
// every ruleset package below it implements. Package viewtest checks a
// ruleset's views against its states.
//
// Everything under rulesets/ is plain, deterministic Go: no Ebitengine
// import, no clock, no global random source, no floats in rules, and no
// dependence on map iteration order. The same seed and the same actions give
// the same state hash on every platform, WebAssembly included.
package rulesets
