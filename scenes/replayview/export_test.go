//go:build !js

package replayview

import "testing"

// Deliver hands the Replays screen the file name holding data, as the
// browser's file picker or a drop on the page does, for test t.
func Deliver(t *testing.T, name string, data []byte) {
	if opened == nil {
		opened = make(chan pickedFile, 1)
		t.Cleanup(func() { opened = nil })
	}
	opened <- pickedFile{name: name, data: data}
}
