//go:build !js

package replayview

import "errors"

// canPick reports whether the Replays screen can ask for a file: on the
// desktop a replay is opened by dropping it on the window or naming it
// on the command line instead.
const canPick = false

// opened never carries a file outside the browser.
var opened chan pickedFile

// listen does nothing outside the browser: Ebitengine reports files
// dropped on the window.
func listen() {}

// pick is never called outside the browser.
func pick() error { return errors.New("no file picker here") }
