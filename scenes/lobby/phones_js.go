package lobby

import "github.com/jankenarcade/janken/scenes"

// The browser build serves no phones (a page cannot listen), so that it
// links neither the server nor the QR encoder: its games offer no
// Phones, and these are never reached.

type phoneRoom struct{ srv PhoneHost }

func (l *Lobby) openPhones() { l.say("Phones join the desktop game, not the browser's.") }

func (l *Lobby) closePhones() {}

func (l *Lobby) updatePhones() {}

func (l *Lobby) dropPhone(int) {}

func (l *Lobby) handOverPhones() PhoneHost { return nil }

func (l *Lobby) drawPhones(*scenes.Canvas, *scenes.Palette) {}

// PhoneURL returns "": phones join the desktop game.
func (l *Lobby) PhoneURL() string { return "" }
