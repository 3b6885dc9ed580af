//go:build !js

package netlobby

import "sync"

// The desktop keeps the rejoin note in memory: a program that restarts has
// lost the match's connection with everything else. Tests resume from it.
var note struct {
	sync.Mutex
	data []byte
}

func keepNote(data []byte) {
	note.Lock()
	defer note.Unlock()
	note.data = data
}

func keptNote() []byte {
	note.Lock()
	defer note.Unlock()
	return note.data
}

func forgetNote() { keepNote(nil) }
