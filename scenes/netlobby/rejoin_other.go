//go:build !js

package netlobby

import "sync"

// The desktop keeps the rejoin note, and the replay draft, in memory: a
// program that restarts has lost the match's connection with everything
// else. Tests resume from them.
var notes struct {
	sync.Mutex
	data map[string]string
}

func keep(key, data string) bool {
	notes.Lock()
	defer notes.Unlock()
	if len(data) > notesRoom {
		return false
	}
	if notes.data == nil {
		notes.data = map[string]string{}
	}
	notes.data[key] = data
	return true
}

// notesRoom is the most a note may hold, as a browser's session storage
// holds a few megabytes.
const notesRoom = 4 << 20

func kept(key string) string {
	notes.Lock()
	defer notes.Unlock()
	return notes.data[key]
}

func forget(key string) {
	notes.Lock()
	defer notes.Unlock()
	delete(notes.data, key)
}
