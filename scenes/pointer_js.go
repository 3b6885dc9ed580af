package scenes

import "syscall/js"

// coarsePointer reports the page's hint that the player's pointer is a
// finger: index.html sets jankenCoarsePointer from the media query
// "(pointer: coarse)" before the game starts, so that a phone's first
// screen already has touch-sized rows and touch wording.
func coarsePointer() bool { return js.Global().Get("jankenCoarsePointer").Truthy() }
