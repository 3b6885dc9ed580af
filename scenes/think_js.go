//go:build js

package scenes

import "time"

// A sleep parks the goroutine; with every goroutine parked, the Go
// runtime returns to the browser's event loop, which runs the next frame.
var thinkPause = func() { time.Sleep(time.Millisecond) }
